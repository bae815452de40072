"""The signal relay: a signal is acted on by a thread of its own, never inside the main thread's handler."""

from __future__ import annotations

import os
import signal
import threading

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
