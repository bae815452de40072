"""``manoled run``: wires catalog, indexer, watcher, captioner, agent and server together.

This is the only module that knows every component; none of them imports it.

Start-up order: lock → config → core (catalog, embedder, index) → index
catch-up → server (READY=1 once it serves) → watcher (reconciles every root in
the background) → captioner → text model (loaded in the background, so the
socket answers ``status`` at once). Shutdown runs in reverse: the watcher
finishes its current batch, the captioner stops between images, the server
closes the socket, the index is saved and the catalog closed.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import __version__
from . import config as config_mod
from .app import Core, open_core, setup_logging
from .config import Config
from .errors import Busy, ManoledError, NotFound, PathError
from .lock import InstanceLock
from .memory import mb, rss_bytes, settle
from .paths import Paths
from .serve import sdnotify as systemd
from .serve.server import Server
from .serve.service import Service
from .serve.signals import SignalRelay

log = logging.getLogger("manoled.daemon")


HIT_METADATA = ("extension", "kind", "size", "mtime", "root")


def seconds(timings: dict[str, Any]) -> dict[str, Any]:
    """The agent's timings in seconds, as the protocol sends them: ``x_ms`` becomes ``x_s``.

    The agent's own ``total_ms`` becomes ``run_s`` (the server's ``total_s`` also counts the queue).
    """
    out: dict[str, Any] = {}
    for key, value in timings.items():
        if key.endswith("_ms") and isinstance(value, (int, float)) and not isinstance(value, bool):
            name = "run" if key == "total_ms" else key[:-3]
            out[f"{name}_s"] = round(value / 1000, 4)
        else:
            out[key] = value
    return out


class Daemon(Service):
    """The real :class:`Service`: every socket method, over the live components."""

    def __init__(self, paths: Paths, config: Config, core: Core, *, llm_factory=None) -> None:
        self.paths = paths
        self.config = config
        self.core = core
        self.question_busy = threading.Event()
        from .watch.live import LiveIndex

        self.live = LiveIndex(core.indexer, core.catalog, config)
        self.captions = self._make_captioner()
        self.models = None
        self._llm_factory = llm_factory
        self._agent = None
        self._agent_lock = threading.Lock()
        self._agent_error: str | None = None
        self._stop_unloader = threading.Event()
        self._unloader: threading.Thread | None = None

    # -- components --------------------------------------------------------
    def _make_captioner(self):
        if not self.config.caption.enabled:
            return None
        from .vision.worker import CaptionWorker

        worker = CaptionWorker(self.core.catalog, self.core.indexer, self.config,
                               models_dir=self.paths.models_dir, busy=self.question_busy)

        def kick_on_image(catalog, file_id, texts) -> None:
            if texts and texts[0].startswith("Image file:"):
                worker.kick()

        self.core.indexer.hooks.append(kick_on_image)
        return worker

    def agent(self):
        """The agent, with its text model loaded once (the fallback model if the default is missing)."""
        with self._agent_lock:
            if self._agent is None:
                from .agent.context import ToolContext
                from .agent.loop import Agent

                if self._llm_factory is not None:
                    llm = self._llm_factory()
                else:
                    from .agent.manager import ModelManager

                    self.models = self.models or ModelManager(self.paths, self.config)
                    try:
                        llm = self.models.text()
                    except ManoledError as exc:
                        self._agent_error = exc.message
                        raise
                ctx = ToolContext(self.core.catalog, search=self.core.indexer.search)
                self._agent = Agent(llm, ctx, self.config, embed=self.core.embedder.embed)
                self._agent.planner.warm()  # embed the labelled examples now, not in the first ask
                self._agent_error = None
            return self._agent

    def start(self) -> None:
        self.live.start()
        if self.captions is not None:
            self.captions.start()
        idle = self.config.agent.idle_unload_s
        if idle > 0:
            self._stop_unloader.clear()
            self._unloader = threading.Thread(target=self._unload_when_idle, args=(idle,),
                                              name="manoled-unload", daemon=True)
            self._unloader.start()

    def settle_after_catch_up(self) -> None:
        """Once the start-up reconciliation of every root is done: :func:`manoled.memory.settle`."""
        if self.live.wait_idle(None) and not self.live.stop_event.is_set():
            n = settle()
            log.debug("caught up: %d objects frozen out of the garbage collector's way", n)

    def preload(self) -> None:
        """Name the text model for ``status``; its weights load on the first question, not now."""
        if self._llm_factory is not None:
            return
        from .agent.manager import ModelManager

        with self._agent_lock:
            self.models = self.models or ModelManager(self.paths, self.config)
        self.models.resolve()
        status = self.models.status()
        if status.get("error"):
            log.error("no text model: %s", status["error"])

    def _unload_when_idle(self, idle: float) -> None:
        """Free the text model after ``agent.idle_unload_s`` without a question (the captioner has its own)."""
        while not self._stop_unloader.wait(max(0.05, min(30.0, idle / 4))):
            if self.models is not None and not self.question_busy.is_set():
                try:
                    self.models.unload_if_idle(idle)
                except Exception:  # noqa: BLE001 - an unload hiccup must not stop the daemon
                    log.exception("unloading the text model failed")

    def stop(self) -> None:
        self.core.indexer.interrupt()  # the file being extracted must not hold shutdown up
        self._stop_unloader.set()
        if self._unloader is not None:
            self._unloader.join(5)
        self.live.stop()
        if self.captions is not None:
            self.captions.stop()
        if self.models is not None:
            # a text model still loading holds the lock; shutdown must not wait for it (the process ends)
            if self._agent_lock.acquire(timeout=0.5):
                try:
                    self.models.close()
                finally:
                    self._agent_lock.release()
            else:
                log.info("the text model is still loading; not waiting for it")

    def reload(self, config: Config) -> None:
        """SIGHUP: new config, roots included."""
        old = {str(p) for p in self.config.root_paths()}
        new = {str(p) for p in config.root_paths()}
        if config.watch.ignore != self.config.watch.ignore:
            self.config.watch.ignore = config.watch.ignore
            self.core.indexer.reset_ignore_rules()
            self.live.rescan()  # newly ignored files leave the index, newly allowed ones enter it
        self.config.roots = config.roots
        for p in sorted(new - old):
            self.live.add_root(p)
        for p in sorted(old - new):
            self.live.remove_root(p)
        log.info("config reloaded: %d roots", len(new))

    # -- Service -----------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        return {"daemon": "manoled", "version": __version__}

    def status(self) -> dict[str, Any]:
        live = self.live.status()
        paused = live.get("state") == "paused"
        indexing = self._indexing_status(live)
        indexing["state"] = "paused" if paused else ("indexing" if indexing["queue"] or live.get("busy") else "idle")
        if live.get("errors"):
            indexing["message"] = f"{live['errors']} error(s); see the daemon log"
        modes = {str(r.get("path")): r.get("mode") for r in live.get("roots", []) if isinstance(r, dict)}
        cat = self.core.catalog
        raw = self.captions.status() if self.captions is not None else {}
        out: dict[str, Any] = {
            "version": __version__,
            "paused": paused,
            "roots": [{"path": str(r.path), "online": r.online, "watch": modes.get(str(r.path), "offline")}
                      for r in cat.roots()],
            "indexing": indexing,
            "captioning": self._caption_status(raw),
            "counts": cat.counts(),
            "passages": cat.passage_count(),
            "failures": [{"path": str(f.path), "state": f.state, "reason": f.reason} for f in cat.failures(10)],
        }
        text: dict[str, Any] = {"name": None, "loaded": False, "memory_mb": 0.0}
        if self.models is not None:
            ms = self.models.status()
            text = {"name": ms.get("text_model"), "loaded": bool(ms.get("loaded")),
                    "memory_mb": mb(ms.get("memory_bytes")),
                    "fallback": bool(ms.get("fallback")),
                    "message": ms.get("fallback_reason") or ms.get("error") or ""}
        elif self._agent is not None:
            text = {"name": self._agent.llm.model_id, "loaded": True}
        if self._agent_error:
            text["message"] = self._agent_error
        text["state"] = "answering" if self.question_busy.is_set() else "idle"
        out["models"] = {
            "text": text,
            "embedding": {"name": self.core.embedder.model_id, "loaded": True,
                          "backend": self.core.embedder.backend,
                          "memory_mb": mb(self.core.embedder.memory_bytes)},
            "vision": {"name": raw.get("model_id"), "loaded": bool(raw.get("model_loaded"))},
        }
        out["memory"] = {"rss_mb": mb(rss_bytes())}
        return out

    def status_line(self) -> str:
        """One line for systemd's STATUS=."""
        st = self.status()
        return f"serving; {st['indexing']['queue']} queued; {st['passages']} passages"

    def _indexing_status(self, live: dict[str, Any]) -> dict[str, Any]:
        """Files done/total, counting the files in progress (not only the scheduler's queue), in passages and bytes."""
        p = self.core.indexer.progress.snapshot()
        waiting = int(live.get("queue_depth", 0) or 0)  # not yet handed to the indexer
        pending = waiting + max(0, p.total - p.done)
        eta = p.eta_s if pending else 0.0
        return {"done": p.done, "total": p.done + pending, "queue": pending, "rate": round(p.rate, 2),
                "eta_s": None if eta is None else round(eta, 1), "passages": p.passages,
                "passages_embedded": p.embedded,
                "passages_per_s": round(p.passages_per_s, 2), "bytes_done": p.bytes_done,
                "bytes_total": p.bytes_total, "current": p.current}

    def _caption_status(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The worker's status (``raw``, read once per status call) in the protocol's shape."""
        if self.captions is None:
            return {"state": "disabled", "message": "captioning off: caption.enabled = false in the config"}
        out = {k: raw.get(k) for k in ("done", "total", "rate", "eta_s", "state", "message")}
        if raw.get("failures"):
            out["message"] = (f"{out['message']}; " if out.get("message") else "") + f"{raw['failures']} failed"
        return out

    def ask(self, text: str, session: str | None, cancel: threading.Event) -> Iterator[dict[str, Any]]:
        from .agent.llm import cancel_scope

        agent = self.agent()
        self.question_busy.set()
        finals: list[dict[str, Any]] = []
        try:
            # the model itself watches ``cancel``: a cancel, a disconnect or SIGTERM stops it mid-prompt
            # or mid-token (rewrite, tool-choice and answer calls alike), not at the next step
            with cancel_scope(agent.llm, cancel):
                yield from self._ask_events(agent.run(text, session=session, cancel=cancel), cancel, finals)
        finally:
            self.question_busy.clear()
        if not finals:
            return {"answer": "", "sources": [], "timings": {}, "session": session, "cancelled": True}
        final = finals[0]
        sources = [{"path": s, "file_name": Path(s).name} for s in final.get("sources", [])]
        return {"answer": final["answer"], "sources": sources, "timings": seconds(final.get("timings") or {}),
                "session": final.get("session") or session, "answered_by": final.get("answered_by"),
                "intent": final.get("intent"), "path": final.get("path"), "route": final.get("route"),
                "model": final.get("model"), "steps": final.get("steps")}

    @staticmethod
    def _ask_events(steps: Iterator[Any], cancel: threading.Event, final_out: list[dict[str, Any]]
                    ) -> Iterator[dict[str, Any]]:
        """The agent's step records as protocol events (``type`` becomes ``kind``); the final one goes to ``final_out``."""
        for step in steps:
            event = step.to_event()
            if event["event"] == "final":
                final_out.append(event["data"])
                continue
            if event["event"] == "step":
                data = dict(event["data"])
                data["kind"] = data.pop("type", "step")
                event = {"event": "step", "data": data}
            yield event
            if cancel.is_set():
                break

    def search(self, query: str, k: int, passages: bool = False) -> dict[str, Any]:
        hits = self.core.indexer.search(query, k=max(1, min(int(k), 100)), per_file=not passages)
        return {"hits": [{"passage_id": h.passage_id, "score": h.score, "text": h.text, "path": h.path,
                          "file_name": h.file_name, "page": h.page,
                          "metadata": {k: h.metadata[k] for k in HIT_METADATA if k in h.metadata}}
                         for h in hits]}

    def folders_list(self) -> dict[str, Any]:
        return {"folders": [{"path": str(r.path), "online": r.online,
                             "files": len(self.core.catalog.files(root_id=r.id))} for r in self.core.catalog.roots()]}

    def folders_add(self, path: str) -> dict[str, Any]:
        p = Path(path).expanduser()
        if not p.is_absolute():
            raise PathError(f"give an absolute path, not {path!r}")
        p = p.resolve()
        if not p.is_dir():
            raise PathError(f"not a folder: {p}")
        added = str(p) not in {str(r.path) for r in self.core.catalog.roots()}
        if added:
            self.live.add_root(p)
            self._remember_roots()
        return {**self.folders_list(), "added": added}

    def folders_remove(self, path: str) -> dict[str, Any]:
        p = Path(path).expanduser().resolve()
        if str(p) not in {str(r.path) for r in self.core.catalog.roots()}:
            raise NotFound(f"not a watched folder: {p}")
        self.live.remove_root(p)
        self._remember_roots()
        return {**self.folders_list(), "removed": True}

    def _remember_roots(self) -> None:
        self.config.roots = [str(r.path) for r in self.core.catalog.roots()]
        cfg = config_mod.load(self.paths.config_file)
        cfg.roots = self.config.roots
        config_mod.save(cfg, self.paths.config_file)

    def reindex(self, path: str | None) -> dict[str, Any]:
        """Re-process files (extracted text comes from the content cache) and retry failures, then reconcile."""
        cat = self.core.catalog
        if path:
            p = Path(path).expanduser().resolve()
            root = cat.root_for(p)
            if root is None:
                raise PathError(f"{p} is not inside a watched folder")
            rel = p.relative_to(root.path).as_posix()
            n = cat.mark_pending(root.id, None if rel == "." else rel)
            self.live.rescan(p if p.is_dir() else p.parent)  # the watcher reconciles folders, not single files
        else:
            n = cat.mark_pending()
            self.live.rescan()
        return {"scheduled": n, "path": path}

    def pause(self) -> dict[str, Any]:
        self.live.pause()
        if self.captions is not None:
            self.captions.pause()
        return {"paused": True}

    def resume(self) -> dict[str, Any]:
        self.live.resume()
        if self.captions is not None:
            self.captions.resume()
        return {"paused": False}

    def graph(self, params: dict[str, Any]) -> dict[str, Any]:
        from .graph import view

        return view.serve(self.core.catalog, self.config, params)


def run(paths: Paths, folders: list[Path], debug: bool = False, llm_factory=None,
        stop: threading.Event | None = None, started: threading.Event | None = None) -> int:
    """The foreground daemon; returns an exit code."""
    setup_logging(debug)
    paths.ensure()
    lock = InstanceLock(paths.lock_file)
    try:
        lock.acquire()
    except Busy as exc:
        log.error("%s", exc.message)
        return 1
    try:
        cfg = config_mod.load(paths.config_file)
        if debug:
            cfg.debug = True
        added = [str(Path(f).expanduser().resolve()) for f in folders]
        for f in added:
            if not Path(f).is_dir():
                log.error("not a folder: %s", f)
                return 2
        if added and any(f not in cfg.roots for f in added):
            cfg.roots = list(dict.fromkeys(cfg.roots + added))
            config_mod.save(cfg, paths.config_file)  # remembered for the next start
        core = open_core(paths, cfg)
        daemon = Daemon(paths, cfg, core, llm_factory=llm_factory)
        relay = SignalRelay((signal.SIGTERM, signal.SIGINT, signal.SIGHUP))
        try:
            for r in cfg.root_paths():
                core.catalog.add_root(r)
            core.indexer.sync_index()
            settle()  # the index caught up: what lives now lives for the whole run
            socks = systemd.listen_fds()
            ready = threading.Event()

            def on_ready() -> None:
                ready.set()
                systemd.notify("READY=1\nSTATUS=serving")

            server = (Server(daemon, cfg.server, sock=socks[0], on_ready=on_ready) if socks
                      else Server(daemon, cfg.server, paths.socket, on_ready=on_ready))
            stop = stop or threading.Event()

            def on_signal(signum: int) -> None:  # from the relay thread: no lock of the main thread is held
                if signum == signal.SIGHUP:
                    try:
                        daemon.reload(config_mod.load(paths.config_file))
                    except ManoledError as exc:
                        log.error("config not reloaded: %s", exc.message)
                    return
                log.info("stopping (%s)", signal.Signals(signum).name)
                systemd.notify("STOPPING=1")
                stop.set()  # the main thread stops the server, the watcher and the captioner in order

            if threading.current_thread() is threading.main_thread():
                relay.install(on_signal)
            server.start()
            log.info("serving on %s", "the socket passed by systemd" if socks else paths.socket)
            daemon.start()
            threading.Thread(target=daemon.preload, name="manoled-model-load", daemon=True).start()
            threading.Thread(target=daemon.settle_after_catch_up, name="manoled-settle", daemon=True).start()
            systemd.start_notifier(stop, daemon.status_line)
            if started is not None:
                started.set()
            stop.wait()
            server.stop()
        finally:
            daemon.stop()
            core.close()
            relay.close()
        log.info("stopped")
        busy = [t.name for t in threading.enumerate() if not t.daemon and t is not threading.current_thread()]
        if busy:
            log.debug("threads still running at exit: %s", ", ".join(busy))
        return 0
    except ManoledError as exc:
        log.error("%s", exc.message)
        return 1
    finally:
        lock.release()
