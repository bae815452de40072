"""Tiny stdlib-only helpers for systemd socket activation and readiness.

``listen_fds()`` returns the sockets systemd passed (``LISTEN_FDS`` starting at
fd 3, only when ``LISTEN_PID`` is this process). ``notify(state)`` sends a
state string such as ``"READY=1"`` to ``$NOTIFY_SOCKET`` (a path, or an
abstract socket written with a leading ``@``). Both are no-ops outside systemd.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, MutableMapping

log = logging.getLogger(__name__)

SD_LISTEN_FDS_START = 3


def listen_fds(unset_environment: bool = True, env: MutableMapping[str, str] | None = None) -> list[socket.socket]:
    """The sockets passed by systemd socket activation, or ``[]``.

    With ``unset_environment`` the ``LISTEN_*`` variables are removed so that
    child processes do not pick the sockets up again.
    """
    env = os.environ if env is None else env
    try:
        pid = int(env.get("LISTEN_PID", ""))
        count = int(env.get("LISTEN_FDS", ""))
    except ValueError:
        return []
    finally:
        if unset_environment:
            for key in ("LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"):
                env.pop(key, None)
    if pid != os.getpid() or count <= 0:
        return []
    socks = []
    for fd in range(SD_LISTEN_FDS_START, SD_LISTEN_FDS_START + count):
        try:
            os.set_inheritable(fd, False)
            socks.append(socket.socket(fileno=fd))
        except OSError as exc:
            log.warning("LISTEN_FDS: fd %d is not a usable socket: %s", fd, exc)
    return socks


def notify(state: str, env: MutableMapping[str, str] | None = None) -> bool:
    """Send ``state`` (e.g. ``"READY=1"``, ``"STOPPING=1"``) to the service manager.

    Returns ``False`` when ``NOTIFY_SOCKET`` is unset or unusable.
    """
    env = os.environ if env is None else env
    addr = env.get("NOTIFY_SOCKET", "")
    if not addr or addr[0] not in "/@":
        return False
    if addr[0] == "@":
        addr = "\0" + addr[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
            s.connect(addr)
            s.sendall(state.encode("utf-8"))
        return True
    except OSError as exc:
        log.warning("sd_notify to %r failed: %s", env.get("NOTIFY_SOCKET"), exc)
        return False


def start_notifier(stop: threading.Event, status_line: Callable[[], str]) -> threading.Thread | None:
    """STATUS= lines (``status_line()``) and WATCHDOG=1 pings for systemd, when it asked for them."""
    if not os.environ.get("NOTIFY_SOCKET"):
        return None
    usec = os.environ.get("WATCHDOG_USEC")
    if os.environ.get("WATCHDOG_PID") not in (None, "", str(os.getpid())):
        usec = None  # the watchdog is meant for another process
    interval = max(0.5, int(usec) / 2e6) if usec and usec.isdigit() else 10.0

    def run() -> None:
        while not stop.wait(interval):
            try:
                notify(("WATCHDOG=1\n" if usec else "") + "STATUS=" + status_line())
            except Exception:  # noqa: BLE001 - a status hiccup must not kill the pinger
                log.debug("notify failed", exc_info=True)

    t = threading.Thread(target=run, name="manoled-notify", daemon=True)
    t.start()
    return t

