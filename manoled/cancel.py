"""A cancel flag that can also wake code which is not polling it.

:class:`CancelEvent` is a :class:`threading.Event` whose ``set()`` runs hooks
on the setting thread. The server creates one per request; the text model
hooks it to a flag that llama.cpp reads between graph nodes without Python
(:mod:`manoled.agent.llm`), so a cancel stops a decode in progress at once.
Code that only knows ``threading.Event`` keeps working with it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class CancelEvent(threading.Event):
    def __init__(self) -> None:
        super().__init__()
        self._hooks: list[Callable[[], None]] = []
        self._hooks_lock = threading.Lock()

    def set(self) -> None:
        super().set()
        with self._hooks_lock:
            hooks = list(self._hooks)
        for hook in hooks:
            try:
                hook()
            except Exception:  # a hook must not stop the others, nor the canceller
                log.warning("a cancel hook failed", exc_info=True)

    def on_set(self, hook: Callable[[], None]) -> Callable[[], None]:
        """Run ``hook`` when the event is set (now, if it already is); returns a function that unhooks it."""
        with self._hooks_lock:
            self._hooks.append(hook)
        if self.is_set():
            hook()

        def remove() -> None:
            with self._hooks_lock:
                if hook in self._hooks:
                    self._hooks.remove(hook)

        return remove
