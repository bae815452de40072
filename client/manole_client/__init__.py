"""Thin client for the manoled socket: stdlib and msgpack only."""

__version__ = "0.1.0"
