"""Watching: filesystem events and scans become batches of changes for the indexer."""
