"""Building the indexing components from paths and config (shared by the CLI and the daemon).

This is the only place that knows how catalog, embedder, index and indexer fit
together; it holds no long-lived state of its own.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass

from . import config as config_mod
from .catalog.store import Catalog
from .config import Config
from .index.embed import Embedder, make_embedder
from .index.pipeline import Indexer
from .index.vectors import VectorIndex
from .paths import Paths

QUIET_LOGGERS = (
    "leann", "leann_backend_ivf", "leann_backend_hnsw", "faiss", "sentence_transformers",
    "transformers", "huggingface_hub", "urllib3", "filelock", "httpx", "watchdog", "PIL",
)


def setup_logging(debug: bool = False) -> None:
    """Readable stderr: our INFO lines; third-party chatter only with --debug."""
    level = logging.DEBUG if debug else logging.INFO
    logging.basicConfig(
        level=logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s" if debug else "manoled: %(message)s",
        force=True,
    )
    logging.getLogger("manoled").setLevel(level)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.DEBUG if debug else logging.ERROR)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    if not debug:
        import warnings

        warnings.filterwarnings("ignore", module="leann")
        warnings.filterwarnings("ignore", category=FutureWarning)


def load_config(paths: Paths) -> Config:
    return config_mod.load(paths.config_file)


@dataclass
class Core:
    paths: Paths
    config: Config
    catalog: Catalog
    embedder: Embedder
    index: VectorIndex
    indexer: Indexer

    def close(self) -> None:
        try:
            self.indexer.close()
        finally:
            self.catalog.close()


def open_core(paths: Paths, config: Config, embedder: Embedder | None = None,
              caption_producer: str | None = None) -> Core:
    paths.ensure()
    catalog = Catalog(paths.catalog)
    ic = config.index
    embedder = embedder or make_embedder(ic.embedding_backend, ic.embedding_model, ic.embed_batch_size,
                                         int8=ic.embedding_int8, threads=ic.embed_threads)
    index = VectorIndex(paths.index_dir, embedder.dimensions, embedder.model_id, quantize_above=ic.quantize_above,
                        rescore=catalog.vectors_by_ids)
    hooks = []
    try:  # entity extraction for the file graph, when that module is present
        from .index.entities import store_entities

        hooks.append(store_entities)
    except ImportError:
        pass
    indexer = Indexer(catalog, index, embedder, config, caption_producer=caption_producer, hooks=hooks)
    return Core(paths, config, catalog, embedder, index, indexer)
