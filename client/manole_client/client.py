"""A small blocking client for the manoled socket (stdlib + msgpack)."""

from __future__ import annotations

import errno
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from . import protocol as p
from .paths import resolve_socket


class ClientError(Exception):
    """The conversation with the daemon failed."""


class DaemonNotRunning(ClientError):
    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"the manoled daemon is not running (no listener at {path}: {reason})")
        self.path = path
        self.reason = reason


class ServerError(ClientError):
    """The daemon answered an error frame."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


_NOT_RUNNING = {errno.ENOENT, errno.ECONNREFUSED, errno.ENOTDIR}


class Client:
    """One connection; requests get increasing ids."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, timeout: float | None = None, connect_timeout: float = 5.0
    ) -> None:
        self.path = resolve_socket(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(connect_timeout)
        try:
            self.sock.connect(str(self.path))
        except OSError as exc:
            self.sock.close()
            if exc.errno in _NOT_RUNNING:
                raise DaemonNotRunning(self.path, exc.strerror or str(exc)) from None
            raise ClientError(f"cannot connect to {self.path}: {exc.strerror or exc}") from None
        self.sock.settimeout(timeout)
        self._next_id = 0
        self._stash: list[dict[str, Any]] = []

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        self._next_id += 1
        rid = self._next_id
        try:
            p.write_frame(self.sock, p.request(rid, method, params))
        except OSError as exc:
            self._raise_refusal()
            raise ClientError(f"the daemon closed the connection: {exc.strerror or exc}") from None
        return rid

    def _raise_refusal(self) -> None:
        """After a failed send: raise the daemon's refusal frame (forbidden, busy...) if it sent one."""
        try:
            self.sock.settimeout(1.0)
            frame = p.read_frame(self.sock)
        except Exception:
            return
        if isinstance(frame, dict) and frame.get("id") is None and isinstance(frame.get("error"), dict):
            err = frame["error"]
            raise ServerError(str(err.get("code", "internal")), str(err.get("message", "")))

    def _read(self) -> dict[str, Any]:
        try:
            frame = p.read_frame(self.sock)
        except EOFError:
            raise ClientError("the daemon closed the connection") from None
        except p.FrameError as exc:
            raise ClientError(f"bad frame from the daemon: {exc.message}") from None
        except TimeoutError:
            raise ClientError("timed out waiting for the daemon") from None
        except OSError as exc:
            raise ClientError(f"connection to the daemon failed: {exc.strerror or exc}") from None
        if not isinstance(frame, dict):
            raise ClientError(f"unexpected frame from the daemon: {frame!r}")
        return frame

    def frames(self, rid: int) -> Iterator[dict[str, Any]]:
        """The frames answering ``rid``, ending with its terminal frame.

        Frames for other ids on this connection are kept for later; an error
        frame with a null id (the daemon refusing the connection) raises.
        """
        while True:
            frame = None
            for i, f in enumerate(self._stash):
                if f.get("id") == rid:
                    frame = self._stash.pop(i)
                    break
            if frame is None:
                frame = self._read()
            fid = frame.get("id")
            if fid is None and "error" in frame:
                err = frame["error"] if isinstance(frame["error"], dict) else {}
                if err.get("code") == "duplicate_id":
                    continue  # only the reused request was dropped; ids here are never reused anyway
                raise ServerError(str(err.get("code", "internal")), str(err.get("message", "")))
            if fid != rid:
                self._stash.append(frame)
                continue
            yield frame
            if p.is_terminal(frame):
                return

    def wait(self, rid: int, on_event: Callable[[str, Any], None] | None = None) -> Any:
        """Consume ``rid``'s frames; events go to ``on_event``; the result is returned."""
        for frame in self.frames(rid):
            if "event" in frame:
                if on_event is not None:
                    on_event(str(frame["event"]), frame.get("data"))
                continue
            if "error" in frame:
                err = frame["error"] if isinstance(frame["error"], dict) else {}
                raise ServerError(str(err.get("code", "internal")), str(err.get("message", "")))
            return frame.get("result")
        raise ClientError("no terminal frame")  # pragma: no cover - frames() always ends with one

    def call(
        self, method: str, params: dict[str, Any] | None = None, on_event: Callable[[str, Any], None] | None = None
    ) -> Any:
        return self.wait(self.send(method, params), on_event)

    def cancel(self, rid: int) -> int:
        """Ask the daemon to cancel ``rid``; returns the cancel request's id (not awaited)."""
        return self.send("cancel", {"id": rid})
