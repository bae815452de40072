"""``manoled``: the daemon and its one-shot commands.

    manoled [--home DIR] [--debug] index PATH...     index folders in the foreground (resumable)
    manoled search "query" [-k N] [--passages]       the best passage of each of the top N files
    manoled stats                                    counts by kind and state, and failures
    manoled rebuild                                  rebuild the vector index from the catalog
    manoled run [FOLDER...]                          the always-on daemon
    manoled models list|pull [ID]                    model files
    manoled service install|uninstall|status         the user service
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import threading
import time
from pathlib import Path

from . import __version__
from .errors import ManoledError
from .paths import Paths, resolve

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def _fmt_eta(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(seconds)
    return f"{seconds // 60:02d}:{seconds % 60:02d}" if seconds < 3600 else f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f}"


class ProgressBar:
    """Work done (by estimated embedding work), files, bytes, passages, passages/s and ETA on stderr.

    Called after every commit, and by ``ticking`` every ``every_s`` seconds in between, so the
    line moves while a long step embeds; one line per update when not a terminal.
    """

    def __init__(self, stream=sys.stderr, every_s: float = 1.0) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.every_s = every_s
        self.last = 0.0
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def ticking(self, snapshot):
        """Redraw from ``snapshot()`` every ``every_s`` seconds until the block ends."""
        done = threading.Event()

        def tick() -> None:
            while not done.wait(self.every_s):
                self(snapshot())

        t = threading.Thread(target=tick, name="progress", daemon=True)
        t.start()
        try:
            yield self
        finally:
            done.set()
            t.join()

    def __call__(self, p) -> None:
        with self._lock:
            now = time.monotonic()
            if not p.total or (now - self.last < self.every_s * 0.9 and p.done < p.total):
                return
            self.last = now
            self._draw(p)

    def _draw(self, p) -> None:
        width = 28
        frac = min(1.0, max(0.0, getattr(p, "fraction", p.done / p.total if p.total else 1.0)))
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        passages = max(getattr(p, "embedded", 0), p.passages)
        line = (f"[{bar}] {p.done}/{p.total} files, {_mb(p.bytes_done)}/{_mb(p.bytes_total)} MB, "
                f"{passages} passages, {p.passages_per_s:.1f} passages/s, ETA {_fmt_eta(p.eta_s)}")
        if self.tty:
            self.stream.write("\r" + line + "\033[K")
            if p.done >= p.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def _core(paths: Paths, args):
    from .app import load_config, open_core

    cfg = load_config(paths)
    return open_core(paths, cfg)


def cmd_index(paths: Paths, args) -> int:
    folders = [Path(p).expanduser().resolve() for p in args.paths]
    for f in folders:
        if not f.is_dir():
            print(f"manoled: not a folder: {f}", file=sys.stderr)
            return EXIT_USAGE
    core = _core(paths, args)
    try:
        print(f"indexing {', '.join(map(str, folders))} into {paths.data_dir}", file=sys.stderr)
        core.embedder.embed(["load the model before the clock starts"])  # the rate and ETA measure indexing
        bar = ProgressBar()
        try:
            with bar.ticking(core.indexer.progress.snapshot):
                stats = core.indexer.index_paths(folders, progress=bar)
        except KeyboardInterrupt:
            print("\ninterrupted: run the same command again to continue", file=sys.stderr)
            return 130
        print(
            f"done in {stats.seconds:.1f}s: {stats.indexed} indexed, {stats.unchanged} unchanged, "
            f"{stats.deleted} removed, {stats.moved} moved, {stats.skipped} skipped, {stats.failed} failed, "
            f"{stats.passages} passages",
            file=sys.stderr,
        )
        if stats.failed or stats.skipped:
            print("see `manoled stats` for the reasons", file=sys.stderr)
    finally:
        core.close()
    return EXIT_OK


def cmd_search(paths: Paths, args) -> int:
    core = _core(paths, args)
    try:
        core.indexer.sync_index()
        hits = core.indexer.search(args.query, k=args.k, per_file=not args.passages)
    finally:
        core.close()
    if args.json:
        import json

        print(json.dumps([h.__dict__ for h in hits], indent=2, default=str))
        return EXIT_OK
    if not hits:
        print("no results")
    for i, h in enumerate(hits, 1):
        page = f" p.{h.page}" if h.page is not None else ""
        snippet = " ".join(h.text.split())[:160]
        print(f"{i:2d}. {h.score:.3f}  {h.path}{page}\n    {snippet}")
    return EXIT_OK


def cmd_stats(paths: Paths, args) -> int:
    from .catalog.store import Catalog

    if not paths.catalog.exists():
        print(f"no catalog yet at {paths.catalog}: run `manoled index FOLDER` first")
        return EXIT_OK
    cat = Catalog(paths.catalog)
    try:
        counts = cat.counts()
        roots = cat.roots()
        failures = cat.failures(limit=args.limit)
        passages = cat.passage_count()
    finally:
        cat.close()
    if args.json:
        import json

        print(json.dumps({
            "roots": [{"path": str(r.path), "online": r.online} for r in roots],
            "counts": counts, "passages": passages,
            "failures": [{"path": str(f.path), "state": f.state, "reason": f.reason} for f in failures],
        }, indent=2))
        return EXIT_OK
    print("roots:")
    for r in roots:
        print(f"  {r.path}{'' if r.online else '  (offline)'}")
    states = ("indexed", "pending", "skipped", "failed")
    print(f"\n{'kind':8s}" + "".join(f"{s:>10s}" for s in states))
    for kind in sorted(counts):
        print(f"{kind:8s}" + "".join(f"{counts[kind].get(s, 0):>10d}" for s in states))
    print(f"\npassages: {passages}")
    if failures:
        print("\nskipped and failed:")
        for f in failures:
            print(f"  {f.state:7s} {f.path}: {f.reason}")
    return EXIT_OK


def cmd_rebuild(paths: Paths, args) -> int:
    core = _core(paths, args)
    try:
        t = time.monotonic()
        n = core.indexer.rebuild_index()
        print(f"rebuilt the vector index from {n} stored passages in {time.monotonic() - t:.1f}s "
              f"({core.embedder.calls} embedding calls)")
    finally:
        core.close()
    return EXIT_OK


def cmd_run(paths: Paths, args) -> int:
    from .daemon import run

    code = run(paths, [Path(p) for p in args.folders], debug=args.debug)
    # Everything is saved and closed by now (catalog, index, socket, parser worker). The interpreter's
    # own teardown (atexit handlers, freeing the models) took 5-8 s, longer than a service manager
    # should wait after SIGTERM, and has nothing left to save: end the process here.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def cmd_models(paths: Paths, args) -> int:
    from . import cli_models
    from .app import load_config

    cfg = load_config(paths)
    if args.models_cmd == "pull":
        return cli_models.cmd_models_pull(paths, cfg, args.ids)
    return cli_models.cmd_models_list(paths, cfg, args.ids)


def cmd_service(paths: Paths, args) -> int:
    from .install import userservice as service

    return service.main(paths, args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="manoled", description="Manole: a private, always-fresh index of your files.")
    parser.add_argument("--version", action="version", version=f"manoled {__version__}")
    parser.add_argument("--home", help="put config, data and socket under DIR (same as MANOLE_HOME)")
    parser.add_argument("--debug", action="store_true", help="verbose logs, including LEANN and llama.cpp")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("index", help="index folders in the foreground")
    p.add_argument("paths", nargs="+")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("search", help="search the index")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=5)
    p.add_argument("--passages", action="store_true", help="raw passages (several may come from one file)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("stats", help="counts by kind and state, and failures")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("rebuild", help="rebuild the vector index from the catalog (no re-embedding)")
    p.set_defaults(func=cmd_rebuild)

    p = sub.add_parser("run", help="run the daemon in the foreground")
    p.add_argument("folders", nargs="*")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("models", help="list or download model files")
    p.add_argument("models_cmd", choices=["list", "pull"])
    p.add_argument("ids", nargs="*")
    p.set_defaults(func=cmd_models)

    p = sub.add_parser("service", help="install the user service (systemd or launchd)")
    p.add_argument("service_cmd", choices=["install", "uninstall", "status"])
    p.add_argument("--dry-run", action="store_true")
    p.set_defaults(func=cmd_service)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from .app import setup_logging

    setup_logging(args.debug or bool(os.environ.get("MANOLE_DEBUG")))
    os.umask(0o077)  # everything manoled writes (catalog, index, models, config) is its user's alone
    for stream in (sys.stdout, sys.stderr):  # file names are bytes: print undecodable ones as they are
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="surrogateescape")
    paths = resolve(args.home)
    try:
        return args.func(paths, args)
    except ManoledError as exc:
        print(f"manoled: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
