"""Atomic file writes: a temp file in the same folder, then os.replace (shared by every writer)."""

from __future__ import annotations

import errno
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


_TMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[^.]+\.tmp$")
OWN_TMP_GRACE_S = 600
"""A temp file of this very process is only stale once older than this (a write in progress)."""


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs now (a crashed writer's files may be cleaned up)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would send CTRL_C there
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's live process
    return True


def clean_stale_temps(folder: str | os.PathLike[str], name: str | None = None) -> int:
    """Remove temp files that a killed writer left in `folder` (of `name` only, when given).

    A temp file carries its writer's process id: it is stale when that process is gone, or
    when it is this process's own and older than OWN_TMP_GRACE_S. Returns how many went.
    """
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        match = _TMP.match(entry.name)
        if not match or (name is not None and match.group("name") != name):
            continue
        pid = int(match.group("pid"))
        try:
            if pid == os.getpid() and now - entry.stat().st_mtime < OWN_TMP_GRACE_S:
                continue
            if pid != os.getpid() and pid_alive(pid):
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


def atomic_write_with(path: str | os.PathLike[str], write: Callable[[str], None]) -> None:
    """Call `write(temp_path)`, then move the finished file over `path`.

    The old file stays intact if anything fails; the new file gets the old file's mode (or
    the usual umask mode), not mkstemp's private 0600. FileNotFoundError when the folder
    does not exist.
    """
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, "the folder to save into does not exist", str(folder))
    clean_stale_temps(folder, target.name)  # a kill -9 during an earlier save left one behind
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        write(tmp)
        mode = target.stat().st_mode & 0o777 if target.exists() else _default_mode()
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` only once `data` is completely on disk; never leave a partial file."""

    def write(tmp: str) -> None:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    atomic_write_with(path, write)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
