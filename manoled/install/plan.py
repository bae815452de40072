"""A plan of files to write and commands to run, shown by ``--dry-run`` and carried out by :func:`execute`."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

EXIT_OK, EXIT_ERROR, EXIT_NOT_RUNNING = 0, 1, 3


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]
    check: bool = True  # a failure stops the plan


@dataclass
class Plan:
    platform: str  # "linux" | "darwin"
    action: str
    dirs: list[Path] = field(default_factory=list)
    files: dict[Path, bytes] = field(default_factory=dict)
    remove: list[Path] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)
    pre_commands: list[Command] = field(default_factory=list)  # before files are written/removed
    log_hint: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    returncode: int
    stdout: str = ""
    stderr: str = ""


Runner = Callable[[Sequence[str]], Result]


def subprocess_runner(argv: Sequence[str]) -> Result:
    try:
        cp = subprocess.run(list(argv), capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        return Result(127, "", f"{argv[0]}: command not found")
    except subprocess.TimeoutExpired:
        return Result(124, "", f"{' '.join(argv)}: timed out")
    return Result(cp.returncode, cp.stdout, cp.stderr)


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def describe(plan: Plan, out: TextIO) -> None:
    """What ``plan`` would do, for --dry-run."""
    for cmd in plan.pre_commands:
        out.write(f"would run: {' '.join(cmd.argv)}\n")
    for d in plan.dirs:
        out.write(f"would create directory: {d}\n")
    for path, data in plan.files.items():
        out.write(f"would write {path}:\n")
        for line in data.decode().splitlines():
            out.write(f"    {line}\n")
    for path in plan.remove:
        out.write(f"would remove: {path}{'' if path.exists() else ' (not there)'}\n")
    for cmd in plan.commands:
        out.write(f"would run: {' '.join(cmd.argv)}\n")
    for note in plan.notes:
        out.write(f"note: {note}\n")


def _run_commands(cmds: Sequence[Command], runner: Runner, out: TextIO, err: TextIO) -> bool:
    for cmd in cmds:
        res = runner(cmd.argv)
        if res.returncode != 0:
            msg = (res.stderr or res.stdout).strip()
            if cmd.check:
                err.write(f"manoled: `{' '.join(cmd.argv)}` failed ({res.returncode}): {msg}\n")
                return False
    return True


def execute(plan: Plan, runner: Runner, out: TextIO, err: TextIO) -> int:
    if not _run_commands(plan.pre_commands, runner, out, err):
        return EXIT_ERROR
    for d in plan.dirs:
        d.mkdir(parents=True, exist_ok=True)
    for path, data in plan.files.items():
        _write_atomic(path, data)
        out.write(f"wrote {path}\n")
    for path in plan.remove:
        if path.exists():
            path.unlink()
            out.write(f"removed {path}\n")
    if not _run_commands(plan.commands, runner, out, err):
        if plan.platform == "linux":
            err.write("manoled: is a systemd user manager running for you? (`systemctl --user status`; "
                      "over ssh try `loginctl enable-linger $USER`)\n")
        return EXIT_ERROR
    for note in plan.notes:
        out.write(f"note: {note}\n")
    return EXIT_OK
