"""Downloading a model file from the Hugging Face hub (resumable, verified against the manifest)."""

from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Any

from ..errors import ModelError
from .manifest import UNVERIFIED, ensure_fallback, get_spec, verify_file

log = logging.getLogger(__name__)


def _drop_download_metadata(dest_dir: Path, filename: str) -> None:
    meta = dest_dir / ".cache" / "huggingface" / "download" / f"{filename}.metadata"
    meta.unlink(missing_ok=True)


def _reachable(endpoint: str, timeout: float = 5.0) -> bool:
    """Can we open a TCP connection to the endpoint? (Skipped when a proxy is configured.)"""
    if any(os.environ.get(v) for v in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY",
                                       "all_proxy")):
        return True
    from urllib.parse import urlparse

    url = urlparse(endpoint)
    if not url.hostname:
        return True
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        with socket.create_connection((url.hostname, port), timeout=timeout):
            return True
    except OSError:
        return False


def pull(model_id: str, dest_dir: Path, *, endpoint: str | None = None, token: str | bool | None = None,
         manifest: dict[str, Any] | None = None) -> Path:
    """Download ``model_id`` into ``dest_dir`` (resuming a partial download) and verify it.

    Raises :class:`ModelError` when the hub cannot be reached, the file is not
    there, or the checksum does not match (the bad file is deleted).
    """
    spec = get_spec(model_id, manifest)
    dest_dir = Path(dest_dir)
    if spec.source == "package":
        if spec.role == "embedding":
            from ..index.embed import bundled_model_path

            return bundled_model_path()
        return ensure_fallback(dest_dir)
    assert spec.repo and spec.file
    try:
        import requests
        from huggingface_hub import constants, hf_hub_download
        from huggingface_hub.errors import (
            EntryNotFoundError,
            HfHubHTTPError,
            LocalEntryNotFoundError,
            OfflineModeIsEnabled,
            RepositoryNotFoundError,
        )
    except ImportError as exc:  # pragma: no cover - a dependency
        raise ModelError("huggingface_hub is not installed: pip install huggingface-hub") from exc
    if constants.HF_HUB_OFFLINE:
        raise ModelError(f"cannot download {spec.id}: offline mode is on (HF_HUB_OFFLINE is set). "
                         f"Unset it, or copy {spec.file} into {dest_dir}.")
    where = endpoint or constants.ENDPOINT
    offline = ModelError(f"cannot download {spec.id}: the model hub at {where} is unreachable (offline?). "
                         f"Check the network and run `manoled models pull {spec.id}` again, or copy "
                         f"{spec.file} from https://huggingface.co/{spec.repo} into {dest_dir}.")
    if not _reachable(where):
        raise offline  # fail fast: the hub client would retry with backoff for ~25 s first
    dest_dir.mkdir(parents=True, exist_ok=True)
    try:
        local = Path(hf_hub_download(repo_id=spec.repo, filename=spec.file, revision=spec.revision,
                                     local_dir=dest_dir, endpoint=endpoint, token=token))
    except (LocalEntryNotFoundError, OfflineModeIsEnabled) as exc:
        raise offline from exc
    except (RepositoryNotFoundError, EntryNotFoundError) as exc:
        raise ModelError(f"cannot download {spec.id}: {spec.repo}/{spec.file} was not found at {where}") from exc
    except HfHubHTTPError as exc:
        raise ModelError(f"cannot download {spec.id} from {where}: {exc}") from exc
    except (requests.RequestException, OSError) as exc:
        raise ModelError(f"download of {spec.id} was interrupted ({exc.__class__.__name__}); "
                         f"run `manoled models pull {spec.id}` again to resume") from exc
    ok, verification = verify_file(spec, local)
    if not ok:
        local.unlink(missing_ok=True)
        _drop_download_metadata(dest_dir, spec.file)
        raise ModelError(f"downloaded {spec.id} is corrupt ({verification}); the file was deleted, "
                         f"run `manoled models pull {spec.id}` again")
    if verification == UNVERIFIED:
        log.warning("%s downloaded to %s but %s", spec.id, local, UNVERIFIED)
    return local
