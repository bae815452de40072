"""Rendering the user-service files: the systemd units and the launchd plist.

:func:`render_service` and :func:`render_socket` write ``manoled.service`` and
``manoled.socket`` from a :class:`UnitSettings`; :func:`render_plist` writes
the LaunchAgent plist. Pure functions, no I/O: :mod:`manoled.install.userservice` works
out the settings for a user and installs the results. The copies in
``systemd/`` and ``launchd/`` at the top of the repository are these
renderings with the defaults and template values below (a test keeps them in
sync).
"""

from __future__ import annotations

import plistlib
from collections.abc import Mapping
from dataclasses import dataclass

from manole_client.paths import APP, SOCKET_NAME

LABEL = "com.manole.manoled"
SERVICE_UNIT = "manoled.service"
SOCKET_UNIT = "manoled.socket"
WATCHDOG_SEC = 60

# What the shipped copies in systemd/ and launchd/ are rendered with.
DEFAULT_EXEC = "%h/.local/bin/manoled"
TEMPLATE_MANOLED = "@MANOLED@"
TEMPLATE_HOME = "@HOME@"


def unit_quote(value: str) -> str:
    """A value for a systemd unit file: ``%`` escaped, quoted when it has blanks or quotes."""
    value = value.replace("%", "%%")
    return quote_if_needed(value)


def quote_if_needed(value: str) -> str:
    if value and not any(c.isspace() or c in "\"'\\" for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class UnitSettings:
    """Everything the two unit files depend on. Values are already in unit syntax
    (specifiers such as ``%h``/``%t`` kept, literal ``%`` escaped, quoted where needed)."""

    exec_start: str = DEFAULT_EXEC
    listen_stream: str = "%t/manole/" + SOCKET_NAME
    read_write_paths: tuple[str, ...] = ("-%h/.config/manole", "-%h/.local/share/manole", "%t/manole")
    environment: tuple[str, ...] = ()  # already quoted "KEY=value" assignments
    private_tmp: bool = True


def render_service(s: UnitSettings) -> str:
    env_lines = "".join(f"Environment={e}\n" for e in s.environment)
    private_tmp = "PrivateTmp=yes\n" if s.private_tmp else "# PrivateTmp=no: the daemon's files are under /tmp\n"
    return f"""\
# manoled.service: the Manole file-assistant daemon, as a systemd user service.
# Written by `manoled service install` (docs/integrations.md); edit with `systemctl --user edit manoled`.
[Unit]
Description=Manole file assistant daemon
# Socket activation: manoled.socket holds the socket, the first client call starts us.
Requires={SOCKET_UNIT}
After={SOCKET_UNIT}
# Restart back-off: at most 5 starts in 10 minutes, 10 s apart; then systemd gives up
# until `systemctl --user reset-failed manoled`.
StartLimitIntervalSec=600
StartLimitBurst=5

[Service]
Type=notify
NotifyAccess=main
ExecStart={s.exec_start} run
ExecReload=/bin/kill -HUP $MAINPID
Environment=PYTHONUNBUFFERED=1
{env_lines}\
# READY=1 comes once the socket is served; catching up a large index first can take a while.
TimeoutStartSec=300
TimeoutStopSec=60
# The daemon pings WATCHDOG=1 every WatchdogSec/2 from its status loop ($WATCHDOG_USEC).
WatchdogSec={WATCHDOG_SEC}
Restart=on-failure
RestartSec=10
# 2 = usage error (e.g. a configured folder is gone): restarting would not help.
RestartPreventExitStatus=2
# Logs: stderr to the journal (journalctl --user -u manoled).
StandardOutput=journal
StandardError=journal
SyslogIdentifier=manoled
UMask=0077
# Priority: no Nice=/IOSchedulingClass= here on purpose. The daemon lowers only its
# indexing threads (nice + idle I/O class), so answers stay fast.

# Hardening that still lets the daemon read the user's files: the system and the home
# are read-only, writable are only manoled's own config, data and runtime directories.
ProtectSystem=strict
ProtectHome=read-only
ReadWritePaths={" ".join(s.read_write_paths)}
{private_tmp}\
NoNewPrivileges=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectHostname=yes
ProtectClock=yes
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
SystemCallArchitectures=native
# Local only: models are read from disk, nothing goes over the network.
RestrictAddressFamilies=AF_UNIX
# Not MemoryDenyWriteExecute=yes: PyTorch's oneDNN and llama.cpp generate code at run time.

[Install]
WantedBy=default.target
"""


def render_socket(s: UnitSettings) -> str:
    return f"""\
# manoled.socket: the socket of the Manole daemon; the first client call starts manoled.service.
# Written by `manoled service install` (docs/integrations.md).
[Unit]
Description=Manole file assistant socket

[Socket]
ListenStream={s.listen_stream}
SocketMode=0600
DirectoryMode=0700
RemoveOnStop=yes

[Install]
WantedBy=sockets.target
"""


def render_plist(manoled: str, home: str, environment: Mapping[str, str] | None = None) -> bytes:
    """The LaunchAgent plist (XML) for ``manoled`` (an absolute path) and the user's ``home``."""
    log = f"{home}/Library/Logs/{APP}/manoled.log"
    env = {"PYTHONUNBUFFERED": "1", **dict(environment or {})}
    plist = {
        "Label": LABEL,
        "ProgramArguments": [manoled, "run"],
        "EnvironmentVariables": env,
        "RunAtLoad": True,
        # restart after a crash (a non-zero exit), not after a clean stop
        "KeepAlive": {"SuccessfulExit": False},
        "ThrottleInterval": 10,
        "ProcessType": "Background",
        "LowPriorityIO": True,
        "StandardOutPath": log,
        "StandardErrorPath": log,
        "WorkingDirectory": home,
    }
    return plistlib.dumps(plist, fmt=plistlib.FMT_XML, sort_keys=False)
