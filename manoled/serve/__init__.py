"""Serving: the Unix-socket server, the API it calls (Service), the ask queue, the socket file, sd_notify."""
