"""Indexing: a changed file becomes passages with vectors (kinds, extraction, chunks, embeddings, the vector index)."""
