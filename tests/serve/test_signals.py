"""The signal relay: a signal is acted on by a thread of its own, never inside the main thread's handler."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from waiting import wait_until

from manoled.serve.signals import SignalRelay


def test_a_signal_landing_while_the_main_thread_holds_a_lock_is_handled_once_it_lets_go():
    # manoled's SIGTERM sets an Event; the main thread waits on that Event, so it may hold the Event's
    # lock at the very moment the signal lands. A handler run there, in the main thread, waits for ever.
    lock = threading.Lock()
    seen: list[tuple[int, bool, bool]] = []
    handled = threading.Event()

    def handle(signum: int) -> None:
        got = lock.acquire(timeout=10)  # in the main thread this would time out: the main thread holds it
        if got:
            lock.release()
        seen.append((signum, got, threading.current_thread() is threading.main_thread()))
        handled.set()

    before = signal.getsignal(signal.SIGUSR1)
    relay = SignalRelay([signal.SIGUSR1])
    relay.install(handle)
    try:
        with lock:
            os.kill(os.getpid(), signal.SIGUSR1)
            for _ in range(1000):  # bytecodes for the interpreter to run a Python-level handler between
                pass
        assert handled.wait(30)
    finally:
        relay.close()
    assert seen == [(signal.SIGUSR1, True, False)]
    assert signal.getsignal(signal.SIGUSR1) is before


def test_signals_it_was_not_asked_for_are_left_alone_and_close_is_safe_twice():
    calls: list[int] = []
    before = signal.getsignal(signal.SIGUSR2)
    relay = SignalRelay([signal.SIGUSR1])
    relay.close()  # never installed: nothing to undo
    relay.install(calls.append)
    try:
        assert signal.getsignal(signal.SIGUSR2) is before
    finally:
        relay.close()
        relay.close()
    assert calls == []


WAITER = textwrap.dedent("""
    import signal, sys, threading
    from manoled.serve.signals import SignalRelay
    stop = threading.Event()
    if sys.argv[1] == "relay":
        SignalRelay([signal.SIGTERM]).install(lambda signum: stop.set())
    else:
        signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    up = threading.Event()
    threading.Thread(target=lambda: (up.set(), threading.Event().wait(120)), daemon=True).start()
    up.wait()
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM])  # the kernel gives SIGTERM to the other thread
    print("waiting", flush=True)
    stop.wait()  # what manoled's main thread does until it is told to stop
    print("stopped", flush=True)
""")


FUTEX = {"x86_64": 202, "aarch64": 98}.get(os.uname().machine)  # the syscall a blocked lock waits in
needs_proc = pytest.mark.skipif(FUTEX is None or not Path("/proc/self/task").exists(),
                                reason="needs Linux /proc and a known futex syscall number")


def blocked(pid: int) -> bool:
    """Whether the process's main thread sits in a futex wait (``stop.wait()``), not between two bytecodes."""
    try:
        return Path(f"/proc/{pid}/task/{pid}/syscall").read_text().split()[0] == str(FUTEX)
    except (OSError, IndexError):
        return False


def stops_on_sigterm(mode: str) -> bool:
    proc = subprocess.Popen([sys.executable, "-c", WAITER, mode], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "waiting"
        wait_until(lambda: blocked(proc.pid), 20, message="the main thread blocked in stop.wait()")
        proc.send_signal(signal.SIGTERM)
        return proc.communicate(timeout=5)[0].strip() == "stopped" and proc.returncode == 0
    except subprocess.TimeoutExpired:
        return False
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


@needs_proc
def test_sigterm_taken_by_another_thread_still_wakes_a_main_thread_blocked_in_wait():
    # a process-wide signal may be delivered to any thread; CPython then runs the Python handler only when the
    # main thread next runs bytecode, and a main thread blocked in Event.wait() never does (manoled's CI hang:
    # the main thread's stack was stop.wait(), and no handler had run). The relay's pipe wakes it from any thread.
    assert stops_on_sigterm("relay")


@needs_proc
def test_the_plain_handler_is_the_hang_the_relay_mends():
    assert not stops_on_sigterm("plain")  # if this passes one day, CPython fixed it and the relay is belt and braces
