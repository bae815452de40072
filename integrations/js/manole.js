#!/usr/bin/env node
// A minimal manoled client in JavaScript (Node >= 18), written from docs/protocol.md alone.
//
//   npm install                      # once, in this folder: pulls @msgpack/msgpack
//   node manole.js hello
//   node manole.js status
//   node manole.js search "lease agreement" -k 3
//   node manole.js ask "where is my passport?"
//   node manole.js --json ask "..."  # one JSON object instead of streamed text
//   node manole.js frame hello       # hex of the request frame (compare tests/golden/)
//   node manole.js decode FILE.bin   # the frames in a file, one JSON line each
//   node manole.js conformance docs/protocol-vectors.json [--home DIR]
//                                    # replay the doc's examples against a daemon (section 11)
//
// Options: --socket PATH (else $MANOLE_SOCKET, $MANOLE_HOME/run/manoled.sock, the platform
// default), --json. Exit codes: 0 ok, 2 usage, 3 daemon not running, 4 error answer.
// As a library: const { ManoleClient } = require("./manole.js").
"use strict";

const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { encode, decode } = require("@msgpack/msgpack");

const MAX_FRAME = 64 * 1024 * 1024; // frames from the daemon can be large (a graph)

class ManoleError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// Where the socket is (docs/protocol.md, section 1).
function defaultSocket(env = process.env) {
  if (env.MANOLE_SOCKET) return env.MANOLE_SOCKET;
  if (env.MANOLE_HOME) return path.join(path.resolve(env.MANOLE_HOME), "run", "manoled.sock");
  const uid = process.getuid ? process.getuid() : 0;
  if (process.platform === "darwin") {
    return path.join(env.TMPDIR || os.tmpdir(), `manole-${uid}`, "manoled.sock");
  }
  if (env.XDG_RUNTIME_DIR) return path.join(env.XDG_RUNTIME_DIR, "manole", "manoled.sock");
  return path.join("/tmp", `manole-${uid}`, "manoled.sock");
}

// One frame: uint32 big-endian length, then that many bytes of msgpack.
function encodeFrame(obj) {
  const body = encode(obj);
  const frame = Buffer.alloc(4 + body.length);
  frame.writeUInt32BE(body.length, 0);
  Buffer.from(body.buffer, body.byteOffset, body.length).copy(frame, 4);
  return frame;
}

// Cut the complete frames off the front of buf: {frames: [bodies], rest}.
function splitFrames(buf) {
  const frames = [];
  while (buf.length >= 4) {
    const len = buf.readUInt32BE(0);
    if (len > MAX_FRAME) throw new ManoleError("frame_too_large", `frame of ${len} bytes`);
    if (buf.length < 4 + len) break;
    frames.push(buf.subarray(4, 4 + len));
    buf = buf.subarray(4 + len);
  }
  return { frames, rest: buf };
}

function requestFrame(id, method, params) {
  // key order has no meaning, but this one matches the byte-by-byte example
  return encodeFrame({ v: 1, id, method, params: params || {} });
}

class ManoleClient {
  constructor(socketPath = defaultSocket()) {
    this.socketPath = socketPath;
    this.nextId = 0;
    this.pending = new Map(); // id -> {resolve, reject, onEvent}
    this.buf = Buffer.alloc(0);
    this.sock = null;
    this.closedError = null;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const sock = net.createConnection(this.socketPath);
      sock.once("connect", () => {
        this.sock = sock;
        resolve(this);
      });
      sock.once("error", (err) => {
        if (!this.sock) {
          const down = err.code === "ENOENT" || err.code === "ECONNREFUSED";
          reject(new ManoleError(down ? "not_running" : "connect",
            down ? `manoled is not running (no socket at ${this.socketPath})` : err.message));
        } else {
          this._fail(new ManoleError("connection", err.message));
        }
      });
      sock.on("data", (chunk) => this._onData(chunk));
      sock.on("close", () => this._fail(new ManoleError("connection", "the daemon closed the connection")));
    });
  }

  close() {
    if (this.sock) this.sock.destroy(); // every answer we wanted has arrived
  }

  // Send one request; resolves with its result, rejects with a ManoleError.
  // onEvent(event, data) gets the events (queued, step, token, ...) before that.
  request(method, params, onEvent) {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.closedError) return reject(this.closedError);
      this.pending.set(id, { resolve, reject, onEvent });
      this.sock.write(requestFrame(id, method, params));
    });
  }

  cancel(id) {
    return this.request("cancel", { id });
  }

  _onData(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let bodies;
    try {
      ({ frames: bodies, rest: this.buf } = splitFrames(this.buf));
    } catch (err) {
      this._fail(err);
      this.sock.destroy();
      return;
    }
    for (const body of bodies) {
      let msg;
      try {
        msg = decode(body);
      } catch (err) {
        this._fail(new ManoleError("bad_frame", `undecodable frame: ${err.message}`));
        this.sock.destroy();
        return;
      }
      this._dispatch(msg);
    }
  }

  _dispatch(msg) {
    if (msg === null || typeof msg !== "object") return;
    const waiter = msg.id === null || msg.id === undefined ? undefined : this.pending.get(msg.id);
    if (msg.error && !waiter) {
      // duplicate_id (id nil) drops only the new request, and we never reuse an id in flight
      if (msg.error.code === "duplicate_id") return;
      // any other error about no request of ours is fatal: busy, evicted, shutdown, bad_frame...
      this._fail(new ManoleError(msg.error.code || "internal", msg.error.message || ""));
      return;
    }
    if (!waiter) return;
    if ("event" in msg) {
      if (waiter.onEvent) waiter.onEvent(msg.event, msg.data || {});
      return; // events we do not understand are skipped by the callback
    }
    this.pending.delete(msg.id);
    if (msg.error) waiter.reject(new ManoleError(msg.error.code || "internal", msg.error.message || ""));
    else waiter.resolve(msg.result);
  }

  _fail(err) {
    if (!this.closedError) this.closedError = err;
    for (const [id, w] of this.pending) {
      this.pending.delete(id);
      w.reject(err);
    }
  }
}

// -- conformance: replay docs/protocol-vectors.json (rules in docs/protocol.md, section 11) --------

function isNum(v) {
  return typeof v === "number" || typeof v === "bigint";
}

// Why `actual` does not have the shape of the example `expected` (null when it does).
function mismatch(expected, actual, exact, path = "$") {
  const key = path.split(".").pop();
  const isContainer = expected !== null && typeof expected === "object";
  if ((exact.has(key) || path === "$.id") && !isContainer) {
    return expected === actual || (isNum(expected) && isNum(actual) && Number(expected) === Number(actual))
      ? null : `${path}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`;
  }
  if (expected === null) return null;
  if (typeof expected === "boolean") return actual === expected ? null : `${path}: ${actual} != ${expected}`;
  if (isNum(expected)) return isNum(actual) ? null : `${path}: a number expected, got ${JSON.stringify(actual)}`;
  if (typeof expected === "string") return typeof actual === "string" ? null : `${path}: a string expected`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: a list expected`;
    if (!expected.length) return null;
    if (!actual.length) return `${path}: a non-empty list expected`;
    for (let i = 0; i < actual.length; i++) {
      const whys = expected.map((e) => mismatch(e, actual[i], exact, `${path}[${i}]`));
      if (whys.every((w) => w)) return whys[0];
    }
    return null;
  }
  if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return `${path}: a map expected`;
  for (const [k, v] of Object.entries(expected)) {
    if (!(k in actual)) return `${path}: missing key '${k}'`;
    const why = mismatch(v, actual[k], exact, `${path}.${k}`);
    if (why) return why;
  }
  return null;
}

function localize(value, home, vhome) {
  if (typeof value === "string") return value === vhome || value.startsWith(vhome + "/") ? home + value.slice(vhome.length) : value;
  if (Array.isArray(value)) return value.map((v) => localize(v, home, vhome));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, home, vhome)]));
  }
  return value;
}

// Replay one exchange on a fresh connection; resolves with null or the reason it failed.
function replayExchange(socketPath, ex, vectors, home, timeoutMs = 30000) {
  const exact = new Set(vectors.exact_keys);
  return new Promise((resolve) => {
    const sock = net.createConnection(socketPath);
    const frames = [];
    const pos = new Map();
    let buf = Buffer.alloc(0);
    let eof = false;
    let step = 0;
    let done = false;
    let wake = () => {};
    const finish = (why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(why);
    };
    const timer = setTimeout(() => finish(`timed out at step ${step}: ${JSON.stringify(ex.steps[step])}`), timeoutMs);
    sock.on("data", (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      const { frames: bodies, rest } = splitFrames(buf);
      buf = rest;
      for (const b of bodies) frames.push(decode(b));
      wake();
    });
    sock.on("close", () => { eof = true; wake(); });
    sock.on("error", (err) => finish(`socket error: ${err.message}`));
    const run = () => {
      while (step < ex.steps.length) {
        const s = ex.steps[step];
        if (s.send) {
          // the client's own encoder, with /home/u mapped to this machine's home
          sock.write(encodeFrame(localize(s.send, home, vectors.home)));
        } else if (s.hex !== undefined) {
          sock.write(Buffer.from(s.hex, "hex")); // raw bytes (a broken frame)
        } else if (s.expect_closed) {
          if (!eof) return;
        } else {
          const expected = localize(s.expect, home, vectors.home);
          const rid = expected.id;
          const mine = frames.filter((f) => f.id === rid || (isNum(f.id) && isNum(rid) && Number(f.id) === Number(rid)));
          let found = false;
          for (let i = pos.get(rid) || 0; i < mine.length; i++) {
            const why = mismatch(expected, mine[i], exact);
            if (!why) { pos.set(rid, i + 1); found = true; break; }
            if (("result" in mine[i] || "error" in mine[i]) && ("result" in expected || "error" in expected)) {
              return finish(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(mine[i], jsonBig)}: ${why}`);
            }
          }
          if (!found) {
            if (eof) return finish(`connection closed before ${JSON.stringify(expected)}`);
            return;
          }
        }
        step++;
      }
      finish(null);
    };
    wake = run;
    sock.once("connect", run);
  });
}

function jsonBig(_k, v) {
  return typeof v === "bigint" ? Number(v) : v;
}

async function conformance(file, socketPath, home) {
  const vectors = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
  let failed = 0;
  for (const ex of vectors.exchanges) {
    const why = await replayExchange(socketPath, ex, vectors, home);
    if (why) failed++;
    process.stdout.write(JSON.stringify({ name: ex.name, ok: !why, why }) + "\n");
  }
  return failed ? 4 : 0;
}

// -- the command line ---------------------------------------------------------------------

function usage() {
  process.stderr.write(
    "usage: manole.js [--socket PATH] [--json] hello | status | search QUERY [-k N] | ask TEXT | " +
      "folders | frame [--id N] METHOD [JSON_PARAMS] | decode FILE | conformance VECTORS.json [--home DIR]\n",
  );
  return 2;
}

function parseArgs(argv) {
  const opts = { socket: undefined, json: false, k: 5, id: 1, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--socket") opts.socket = argv[++i];
    else if (a === "--json") opts.json = true;
    else if (a === "-k") opts.k = Number.parseInt(argv[++i], 10);
    else if (a === "--id") opts.id = Number.parseInt(argv[++i], 10);
    else if (a === "--home") opts.home = argv[++i];
    else opts.rest.push(a);
  }
  return opts;
}

async function main(argv) {
  const opts = parseArgs(argv);
  const [cmd, ...words] = opts.rest;
  if (!cmd) return usage();
  if (cmd === "frame") {
    const params = words.length > 1 ? JSON.parse(words.slice(1).join(" ")) : {};
    process.stdout.write(requestFrame(opts.id, words[0] || "hello", params).toString("hex") + "\n");
    return 0;
  }
  if (cmd === "decode") {
    if (words.length !== 1) return usage();
    let buf = require("node:fs").readFileSync(words[0]);
    while (buf.length >= 4) {
      const len = buf.readUInt32BE(0);
      process.stdout.write(JSON.stringify(decode(buf.subarray(4, 4 + len))) + "\n");
      buf = buf.subarray(4 + len);
    }
    return 0;
  }
  if (cmd === "conformance") {
    if (words.length !== 1) return usage();
    return conformance(words[0], opts.socket || defaultSocket(), opts.home || "/home/u");
  }
  if (!["hello", "status", "folders", "search", "ask"].includes(cmd)) return usage();
  if ((cmd === "search" || cmd === "ask") && !words.length) return usage();
  const client = new ManoleClient(opts.socket || defaultSocket());
  try {
    await client.connect();
    let result;
    if (cmd === "hello") {
      result = await client.request("hello", { client: "manole-js/0.1" });
    } else if (cmd === "status") {
      result = await client.request("status");
    } else if (cmd === "folders") {
      result = await client.request("folders.list");
    } else if (cmd === "search") {
      if (!words.length || !(opts.k >= 1)) return usage();
      result = await client.request("search", { query: words.join(" "), k: opts.k });
      if (!opts.json) {
        (result.hits || []).forEach((h, i) => {
          const page = h.page === null || h.page === undefined ? "" : ` p.${h.page}`;
          process.stdout.write(`${i + 1}. ${Number(h.score).toFixed(3)}  ${h.path}${page}\n`);
        });
        return 0;
      }
    } else if (cmd === "ask") {
      if (!words.length) return usage();
      let streamed = false;
      result = await client.request("ask", { text: words.join(" "), stream: true }, (event, data) => {
        if (event === "token" && !opts.json && data.text) {
          process.stdout.write(data.text);
          streamed = true;
        } else if (event === "queued" && !opts.json) {
          process.stderr.write(`(waiting for the model: ${data.position} ahead)\n`);
        }
      });
      if (!opts.json) {
        if (!streamed && result.answer) process.stdout.write(String(result.answer));
        process.stdout.write("\n");
        for (const s of result.sources || []) process.stdout.write(`  - ${s.path}\n`);
        return 0;
      }
    } else {
      return usage();
    }
    process.stdout.write(JSON.stringify(result) + "\n");
    return 0;
  } catch (err) {
    if (err instanceof ManoleError) {
      process.stderr.write(`manole.js: ${err.code}: ${err.message}\n`);
      return err.code === "not_running" ? 3 : 4;
    }
    throw err;
  } finally {
    client.close();
  }
}

module.exports = { ManoleClient, ManoleError, defaultSocket, encodeFrame, requestFrame, splitFrames, mismatch };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code; // not process.exit(): let stdout drain
    },
    (err) => {
      process.stderr.write(`manole.js: ${err.stack || err}\n`);
      process.exitCode = 1;
    },
  );
}
