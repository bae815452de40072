"""Errors raised by manoled components.

Every error shares one root and carries a stable ``code`` string, which the
socket protocol sends to clients unchanged::

    ManoledError (code "internal")
    ├── ConfigError          "config"        invalid config file or key
    ├── CatalogError         "catalog"       the SQLite catalog cannot be used
    ├── ExtractError         "extract"       a file's text could not be extracted
    ├── IndexError_          "index"         the vector index failed
    ├── ModelError           "model"         a model is missing, corrupt or failed
    ├── PathError            "path"          a path escapes the watched roots
    ├── ProtocolError        "protocol"      a malformed frame or request
    ├── InvalidParams        "invalid_params" a request parameter has the wrong type or value
    ├── NotFound             "not_found"     an unknown method, file or request id
    ├── Busy                 "busy"          another instance or too many clients
    └── Cancelled            "cancelled"     the request was cancelled

Errors are plain data: they log nothing on construction.
"""

from __future__ import annotations


class ManoledError(Exception):
    code = "internal"

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class ConfigError(ManoledError):
    code = "config"


class CatalogError(ManoledError):
    code = "catalog"


class ExtractError(ManoledError):
    code = "extract"


class IndexError_(ManoledError):  # noqa: N801 - avoid shadowing the builtin
    code = "index"


class ModelError(ManoledError):
    code = "model"


class PathError(ManoledError):
    code = "path"


class ProtocolError(ManoledError):
    code = "protocol"


class InvalidParams(ManoledError):
    code = "invalid_params"


class NotFound(ManoledError):
    code = "not_found"


class Busy(ManoledError):
    code = "busy"


class Cancelled(ManoledError):
    code = "cancelled"
