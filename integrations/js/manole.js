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
    while (this.buf.length >= 4) {
      const len = this.buf.readUInt32BE(0);
      if (len > MAX_FRAME) {
        this._fail(new ManoleError("frame_too_large", `frame of ${len} bytes`));
        this.sock.destroy();
        return;
      }
      if (this.buf.length < 4 + len) return;
      const body = this.buf.subarray(4, 4 + len);
      this.buf = this.buf.subarray(4 + len);
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
      // an error about no request of ours (id nil): busy, forbidden, bad_frame...
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

// -- the command line ---------------------------------------------------------------------

function usage() {
  process.stderr.write(
    "usage: manole.js [--socket PATH] [--json] hello | status | search QUERY [-k N] | ask TEXT | " +
      "folders | frame [--id N] METHOD [JSON_PARAMS] | decode FILE\n",
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

module.exports = { ManoleClient, ManoleError, defaultSocket, encodeFrame, requestFrame };

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
