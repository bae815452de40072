"""The catalog: the SQLite store that is the source of truth, and every table it holds."""
