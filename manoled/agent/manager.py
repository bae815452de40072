"""Which text model answers: chosen from the config and the manifest, loaded on the first question,
unloaded when idle, and described for ``status``."""

from __future__ import annotations

import threading
from typing import Any

from ..config import Config
from ..errors import ModelError
from ..paths import Paths
from .llm import LlamaChat


class ModelManager:
    """Loads each model once and tells the status which model is answering."""

    def __init__(self, paths: Paths, config: Config, *, debug: bool | None = None) -> None:
        self.paths = paths
        self.config = config
        self.debug = config.debug if debug is None else debug
        self._lock = threading.Lock()
        self._text: LlamaChat | None = None
        self._choice: Any = None
        self._error: str | None = None

    def resolve(self) -> None:
        """Pick the text model (for ``status``) without loading it: it loads on the first question."""
        from ..models.manifest import resolve_text_model

        with self._lock:
            if self._choice is None:
                try:
                    self._choice = resolve_text_model(self.paths, self.config)
                except ModelError as exc:
                    self._error = exc.message

    def text(self) -> LlamaChat:
        """The text model (configured, default, or the loud fallback); raises ModelError if none."""
        from ..models.manifest import resolve_text_model

        with self._lock:
            if self._text is None:
                try:
                    choice = resolve_text_model(self.paths, self.config)
                    llm = LlamaChat(choice.path, choice.model_id, context_size=self.config.agent.context_size,
                                    threads=self.config.agent.threads, chat_format=choice.chat_format,
                                    debug=self.debug)
                    llm.tier = choice.tier
                    llm.load()
                except ModelError as exc:
                    self._error = exc.message
                    raise
                self._choice, self._text, self._error = choice, llm, None
            return self._text

    def status(self) -> dict[str, Any]:
        """For the daemon's status: which text model answers, and whether it is the fallback."""
        choice = self._choice
        return {
            "text_model": choice.model_id if choice else None,
            "text_model_path": str(choice.path) if choice else None,
            "fallback": bool(choice and choice.fallback),
            "fallback_reason": choice.reason if choice else "",
            "loaded": self._text is not None and self._text.loaded,
            "supports_tools": bool(self._text and self._text.supports_tools),
            "memory_bytes": self._text.memory_bytes if self._text is not None and self._text.loaded else 0,
            "error": self._error,
        }

    def unload_if_idle(self, idle_s: float) -> bool:
        """Free the text model's weights after ``idle_s`` unused; it loads again on the next question."""
        text = self._text
        return text is not None and text.unload_if_idle(idle_s)

    def close(self) -> None:
        with self._lock:
            if self._text is not None:
                self._text.close()
                self._text = None
