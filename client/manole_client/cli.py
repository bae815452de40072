"""``manole-client``: talk to a running manoled over its Unix socket.

Exit codes: 0 ok, 2 usage, 3 the daemon is not running, 4 the daemon answered
an error (or the connection failed), 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from . import __version__, render
from .client import Client, ClientError, DaemonNotRunning, ServerError
from .paths import state_dir

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_NOT_RUNNING = 3
EXIT_SERVER = 4
EXIT_INTERRUPTED = 130

START_HINT = "Start it with `manoled run` (or `systemctl --user start manoled`)."


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=None, default=str))


def _err(msg: str) -> None:
    print(f"manole-client: {msg}", file=sys.stderr)


def _connect(args: argparse.Namespace) -> Client:
    return Client(args.socket, timeout=args.timeout)


# -- ask / chat -------------------------------------------------------------


class _AskPrinter:
    def __init__(self, verbose: bool, json_mode: bool) -> None:
        self.verbose = verbose
        self.json_mode = json_mode
        self.steps: list[Any] = []
        self.printed = False
        self.at_line_start = True
        self.streamed = ""

    def __call__(self, event: str, data: Any) -> None:
        if event == "token":
            text = data.get("text", "") if isinstance(data, dict) else ""
            self.streamed += text
            if not self.json_mode and text:
                sys.stdout.write(text)
                sys.stdout.flush()
                self.printed = True
                self.at_line_start = text.endswith("\n")
        elif event == "step":
            self.steps.append(data)
            if self.verbose and not self.json_mode:
                self._side(render.step(data))
        elif event == "queued":
            pos = data.get("position") if isinstance(data, dict) else None
            if not self.json_mode and (self.verbose or sys.stderr.isatty()):
                self._side(f"(waiting for the model: {pos} ask(s) ahead)")

    def _side(self, line: str) -> None:
        if not self.at_line_start:
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.at_line_start = True
        print(line, file=sys.stderr, flush=True)


_CANCEL_WAIT_S = 5.0  # how long a cancelled ask waits for the daemon's last frame


def _ask_once(client: Client, text: str, session: str | None, verbose: bool, json_mode: bool) -> int:
    printer = _AskPrinter(verbose, json_mode)
    rid = client.send("ask", {"text": text, "session": session, "stream": True})
    try:
        result = client.wait(rid, printer)
    except KeyboardInterrupt:
        with contextlib.suppress(ClientError, KeyboardInterrupt, OSError, ValueError):
            client.cancel(rid)
            client.sock.settimeout(_CANCEL_WAIT_S)  # a frame cut short by Ctrl-C may never end: never hang on it
            client.wait(rid)
        if not printer.at_line_start:
            sys.stdout.write("\n")
        _err("cancelled")
        return EXIT_INTERRUPTED
    if json_mode:
        out = dict(result) if isinstance(result, dict) else {"answer": result}
        out.setdefault("steps", printer.steps)
        _print_json(out)
        return EXIT_OK
    answer = result.get("answer") if isinstance(result, dict) else result
    if printer.printed and answer and str(answer).strip() != printer.streamed.strip():
        # tokens are provisional: the daemon's answer guard replaced what the model streamed
        printer._side("(the model's answer did not hold up against your files; from the tool results:)")
        printer.printed = False
    if not printer.printed and answer:
        sys.stdout.write(str(answer))
        printer.at_line_start = str(answer).endswith("\n")
    if not printer.at_line_start:
        sys.stdout.write("\n")
    src = render.sources(result.get("sources") if isinstance(result, dict) else None)
    if src:
        print()
        print("\n".join(src))
    if verbose and isinstance(result, dict) and isinstance(result.get("timings"), dict):
        t = result["timings"]
        print("timings: " + ", ".join(f"{k} {v}" for k, v in t.items()), file=sys.stderr)
    sys.stdout.flush()
    return EXIT_OK


def cmd_ask(args: argparse.Namespace) -> int:
    text = " ".join(args.text).strip()
    if not text:
        _err("ask needs a question")
        return EXIT_USAGE
    with _connect(args) as c:
        return _ask_once(c, text, args.session, args.verbose, args.json)


def _history_file() -> str | None:
    try:
        d = state_dir()
        d.mkdir(parents=True, exist_ok=True)
        return str(d / "chat_history")
    except OSError:
        return None


def cmd_chat(args: argparse.Namespace) -> int:
    session = args.session or f"chat-{os.getpid()}"
    readline = None
    hist = None
    if sys.stdin.isatty():
        try:
            import readline as _readline

            readline = _readline
            hist = _history_file()
            if hist and os.path.exists(hist):
                readline.read_history_file(hist)
        except (ImportError, OSError):
            readline = None
    interactive = sys.stdin.isatty()
    if interactive:
        print(f"manole chat (session {session}). /new starts a new session, /quit or Ctrl-D leaves.")
    try:
        with _connect(args) as c:
            while True:
                try:
                    line = input("you> " if interactive else "")
                except EOFError:
                    if interactive:
                        print()
                    return EXIT_OK
                except KeyboardInterrupt:
                    print()
                    continue
                line = line.strip()
                if not line:
                    continue
                if line in ("/quit", "/exit", "/q"):
                    return EXIT_OK
                if line == "/new":
                    session = f"chat-{os.getpid()}-{int(time.time())}"
                    print(f"(new session {session})")
                    continue
                if line in ("/help", "/?"):
                    print("/new  start a new session   /quit  leave")
                    continue
                code = _ask_once(c, line, session, args.verbose, False)
                if code not in (EXIT_OK, EXIT_INTERRUPTED):
                    return code
                print()
    finally:
        if readline is not None and hist:
            with contextlib.suppress(OSError):
                readline.set_history_length(1000)
                readline.write_history_file(hist)


# -- the rest -------------------------------------------------------------


def cmd_status(args: argparse.Namespace) -> int:
    with _connect(args) as c:
        if not args.watch:
            st = c.call("status")
            _print_json(st) if args.json else print(render.status(st))
            return EXIT_OK
        n = 0
        tty = sys.stdout.isatty()
        try:
            while True:
                st = c.call("status")
                if args.json:
                    _print_json(st)
                else:
                    if tty:
                        sys.stdout.write("\x1b[H\x1b[2J")
                    print(render.status(st))
                    if not tty:
                        print()
                sys.stdout.flush()
                n += 1
                if args.count and n >= args.count:
                    return EXIT_OK
                time.sleep(args.watch)
        except KeyboardInterrupt:
            return EXIT_OK


def _print_result(args: argparse.Namespace, res: Any, text: Callable[[Any], str]) -> None:
    if args.json:
        _print_json(res)
    else:
        print(text(res))


def cmd_search(args: argparse.Namespace) -> int:
    query = " ".join(args.query).strip()
    if not query:
        _err("search needs a query")
        return EXIT_USAGE
    with _connect(args) as c:
        params: dict[str, Any] = {"query": query, "k": args.k}
        if args.passages:
            params["passages"] = True
        res = c.call("search", params)
    _print_result(args, res, render.hits)
    return EXIT_OK


def cmd_folders(args: argparse.Namespace) -> int:
    if args.action in ("add", "remove") and not args.path:
        _err(f"folders {args.action} needs a PATH")
        return EXIT_USAGE
    with _connect(args) as c:
        if args.action == "list":
            res = c.call("folders.list")
        else:
            res = c.call(f"folders.{args.action}", {"path": os.path.abspath(os.path.expanduser(args.path))})
    _print_result(args, res, render.folders)
    return EXIT_OK


def cmd_reindex(args: argparse.Namespace) -> int:
    params = {"path": os.path.abspath(os.path.expanduser(args.path))} if args.path else {}
    with _connect(args) as c:
        res = c.call("reindex", params)
    if args.json:
        _print_json(res)
    elif isinstance(res, dict) and "scheduled" in res:
        print(f"reindex scheduled: {res['scheduled']} file(s)")
    else:
        print(f"reindex: {render.short(res)}")
    return EXIT_OK


def _simple(method: str, message: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        with _connect(args) as c:
            res = c.call(method)
        _print_result(args, res, lambda _res: message)
        return EXIT_OK

    return run


def cmd_graph(args: argparse.Namespace) -> int:
    from . import graph_render

    params: dict[str, Any] = {}
    if args.around:
        params["around"] = os.path.abspath(os.path.expanduser(args.around))
    if args.depth is not None:
        params["depth"] = args.depth
    for key in ("root", "folder"):
        if getattr(args, key):
            params[key] = os.path.abspath(os.path.expanduser(getattr(args, key)))
    if args.types:
        params["edge_types"] = [t.strip() for t in args.types.split(",") if t.strip()]
    if args.min_weight:
        params["min_weight"] = args.min_weight
    with _connect(args) as c:
        data = c.call("graph", params)
    text = graph_render.render(data, args.format)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text if text.endswith("\n") else text + "\n")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        print(text)
    return EXIT_OK


# -- argument parsing -----------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--socket", default=argparse.SUPPRESS, help="the daemon's socket (default: $MANOLE_SOCKET, ...)"
    )
    common.add_argument(
        "--timeout", type=float, default=argparse.SUPPRESS, help="seconds to wait for an answer (default: forever)"
    )
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")

    parser = argparse.ArgumentParser(
        prog="manole-client",
        description="Talk to the manoled daemon.",
        epilog="Exit codes: 0 ok, 2 usage, 3 daemon not running, 4 daemon error.",
    )
    parser.add_argument("--version", action="version", version=f"manole-client {__version__}")
    parser.add_argument("--socket", default=None, help="the daemon's socket")
    parser.add_argument("--timeout", type=float, default=None, help="seconds to wait for an answer")
    parser.add_argument("--json", action="store_true", default=False, help="print one JSON object")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("ask", parents=[common], help="ask a question about your files")
    p.add_argument("text", nargs="+", help="the question")
    p.add_argument("-v", "--verbose", action="store_true", help="show the agent's steps")
    p.add_argument("--session", default=None, help="a conversation name (keeps context between asks)")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("chat", parents=[common], help="interactive chat")
    p.add_argument("-v", "--verbose", action="store_true", help="show the agent's steps")
    p.add_argument("--session", default=None, help="a conversation name")
    p.set_defaults(func=cmd_chat)

    p = sub.add_parser("status", parents=[common], help="indexing progress, models, failures")
    p.add_argument(
        "--watch", nargs="?", type=float, const=2.0, default=None, metavar="SECONDS", help="refresh every SECONDS (2)"
    )
    p.add_argument("--count", type=int, default=0, help="with --watch: stop after N refreshes")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("search", parents=[common], help="passage search, best passage per file (no model)")
    p.add_argument("query", nargs="+")
    p.add_argument("-k", type=int, default=5, help="number of hits (5)")
    p.add_argument("--passages", action="store_true", help="raw passages: several may come from one file")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("folders", parents=[common], help="list, add or remove watched folders")
    p.add_argument("action", choices=["list", "add", "remove"])
    p.add_argument("path", nargs="?")
    p.set_defaults(func=cmd_folders)

    p = sub.add_parser("reindex", parents=[common], help="re-index everything, or one file or folder")
    p.add_argument("path", nargs="?")
    p.set_defaults(func=cmd_reindex)

    p = sub.add_parser("pause", parents=[common], help="pause background indexing")
    p.set_defaults(func=_simple("pause", "indexing paused"))
    p = sub.add_parser("resume", parents=[common], help="resume background indexing")
    p.set_defaults(func=_simple("resume", "indexing resumed"))

    p = sub.add_parser("graph", parents=[common], help="the file similarity graph")
    p.add_argument("--format", choices=["json", "dot", "html"], default="json")
    p.add_argument("--around", metavar="FILE", help="only the neighbourhood of FILE")
    p.add_argument("--depth", type=int, help="hops around FILE (default 1)")
    p.add_argument("--root", metavar="DIR", help="only files of this watched folder")
    p.add_argument("--folder", metavar="DIR", help="only files under this folder")
    p.add_argument("--types", metavar="LIST", help="edge types, e.g. similarity,reference,structure")
    p.add_argument("--min-weight", type=float, default=0.0, help="drop weaker similarity/reference edges")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.set_defaults(func=cmd_graph)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on usage errors
    # Ctrl-C cancels an ask, even when the shell or a service manager started us with SIGINT ignored (Python then
    # leaves it ignored, and the ask could not be stopped)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return int(args.func(args))
    except DaemonNotRunning as exc:
        _err(str(exc))
        print(START_HINT, file=sys.stderr)
        return EXIT_NOT_RUNNING
    except ServerError as exc:
        _err(f"the daemon answered an error ({exc.code}): {exc.message}")
        return EXIT_SERVER
    except ClientError as exc:
        _err(str(exc))
        return EXIT_SERVER
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # stdout closed early (e.g. piped into `head`)
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
