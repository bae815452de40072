"""Image passages that follow their captions: after a caption, or a switch of caption model, the images'
files are re-indexed so their passages hold the new caption."""

from __future__ import annotations

import logging
import threading
from typing import Any, Protocol

from ..catalog.store import Catalog

log = logging.getLogger(__name__)

_META_PRODUCER = "caption.producer"  # the producer whose captions the image passages hold


class Reindexer(Protocol):
    """What the caption worker needs from the indexer (:class:`manoled.index.pipeline.Indexer`)."""

    caption_producer: str | None

    def reindex_file(self, file_id: int) -> Any: ...


class CaptionPassages:
    """Re-indexes the image files whose caption changed (nothing when there is no indexer)."""

    def __init__(self, catalog: Catalog, indexer: Reindexer | None) -> None:
        self.catalog = catalog
        self.indexer = indexer

    def use_producer(self, prod: str) -> None:
        if self.indexer is not None and self.indexer.caption_producer != prod:
            # the vision model appeared (or changed) after the indexer was made
            log.info("indexer caption producer set to %s", prod)
            self.indexer.caption_producer = prod

    def resync(self, prod: str, stop: threading.Event) -> None:
        """After a model or prompt switch, re-derive the passages of images already cached for ``prod``.

        (Switching back to a model whose captions are all cached captions nothing,
        but the passages still hold the other model's captions.) Runs once per switch.
        """
        self.use_producer(prod)
        if self.catalog.get_meta(_META_PRODUCER) == prod:
            return
        if self.indexer is not None:
            ids = [r[0] for r in self.catalog.query(
                "SELECT f.id FROM files f JOIN content_cache c ON c.hash=f.hash AND c.producer=? "
                "WHERE f.kind='image' AND f.state='indexed' ORDER BY f.id", (prod,)
            )]
            if ids:
                log.info("caption model is now %s: re-indexing %d images with cached captions", prod, len(ids))
            for fid in ids:
                if stop.is_set():
                    return  # not recorded: the next start finishes the job
                self.reindex_ids([fid])
        self.catalog.set_meta(_META_PRODUCER, prod)

    def reindex(self, digest: str, prod: str) -> None:
        if self.indexer is None:
            return
        self.use_producer(prod)
        self.reindex_ids([r[0] for r in self.catalog.query(
            "SELECT id FROM files WHERE hash=? AND +kind='image' AND +state='indexed' ORDER BY id", (digest,)
        )])

    def reindex_ids(self, ids: list[int]) -> None:
        assert self.indexer is not None
        for fid in ids:
            try:
                self.indexer.reindex_file(fid)
            except Exception:  # noqa: BLE001 - the caption is cached; the next reindex picks it up
                log.exception("re-indexing file %d after its caption failed", fid)
