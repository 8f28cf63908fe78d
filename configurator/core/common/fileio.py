"""Atomic file writes (a temp file in the same folder, then os.replace) and bounded reads of regular files only."""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


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
    import tempfile  # here: a command that writes nothing never imports it (or shutil, random under it: #34)

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


# --------------------------------------------------------------------------- bounded reading

MiB = 1024 * 1024
LIMITS: dict[str, int] = {
    "config.json": 8 * MiB,  # the largest HF config.json are tens of kilobytes
    "catalog": 8 * MiB,  # the largest shipped catalog file is 128 KB
    "exchange rates": 1 * MiB,
    "project": 16 * MiB,  # a project is a few kilobytes; 1,000 requests stay far below this
    "autosave": 16 * MiB,
    "quote": 16 * MiB,  # 100,000 lines of 160 bytes
    "preferences": 1 * MiB,
    "cache": 64 * MiB,  # the parse cache of every catalog, rebuilt when refused
    "safetensors header": 100_000_000,  # the format's own limit (safetensors refuses larger headers)
    "gguf header": 1024 * MiB,  # the whole metadata and tensor table of a GGUF: a 256k-token vocabulary is ~10 MB
    "payload": 64 * MiB,
}
"""How many bytes a reader of each kind reads at most (a file larger than this is refused, never read)."""


def _human(size: int) -> str:
    return f"{size / MiB:,.1f} MiB" if size >= MiB else f"{size:,} bytes"


def check_regular(path: str | os.PathLike[str], kind: str = "file") -> os.stat_result:
    """stat (following links) and refuse anything but a regular file, naming the path and why.

    Never opens the path: a FIFO would block the open itself, a device would stream without end.
    """
    from configurator.core.common.errors import FileRefusedError

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileRefusedError(f"{path}: no such file") from None
    except (OSError, ValueError) as exc:  # permission, a loop of links, a NUL in the name
        raise FileRefusedError(f"{path}: cannot read the {kind}: {getattr(exc, 'strerror', None) or exc}") from None
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return info
    what = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "not a regular file"
    )
    linked = " (through a link)" if os.path.islink(path) else ""
    raise FileRefusedError(f"{path}: is {what}{linked}, not a {kind} file: not read")


def open_regular(path: str | os.PathLike[str], kind: str = "file", limit: int | None = None) -> BinaryIO:
    """A binary handle on a regular file of at most `limit` bytes (LIMITS[kind] by default).

    stat before open; open with O_NONBLOCK, so a file swapped for a FIFO after the stat does not
    block; fstat the handle, so what was opened is what was checked.
    """
    from configurator.core.common.errors import FileRefusedError

    bound = LIMITS.get(kind) if limit is None else limit
    info = check_regular(path, kind)
    if bound is not None and info.st_size > bound:
        raise FileRefusedError(
            f"{path}: {_human(info.st_size)} is too large for a {kind} file (at most {_human(bound)}): not read"
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefusedError(f"{path}: cannot read the {kind}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefusedError(f"{path}: changed into something that is not a regular file while opened: not read")
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_bounded(path: str | os.PathLike[str], kind: str = "file", limit: int | None = None) -> bytes:
    """The whole of a regular file, refused when larger than its kind's bound (never more is read)."""
    from configurator.core.common.errors import FileRefusedError

    bound = LIMITS.get(kind) if limit is None else limit
    with open_regular(path, kind, bound) as handle:
        data = handle.read() if bound is None else handle.read(bound + 1)
    if bound is not None and len(data) > bound:  # it grew between the stat and the read
        raise FileRefusedError(f"{path}: more than {_human(bound)}, too large for a {kind} file: not read")
    return data


def set_aside(path: str | os.PathLike[str], suffix: str = "broken") -> Path | None:
    """Rename a file that cannot be read to `NAME.SUFFIX-<time>` (a link itself, never its target), so the
    app starts without it and the user can still look at it; None when it could not be moved."""
    source = Path(path)
    target = source.with_name(f"{source.name}.{suffix}-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = source.with_name(f"{source.name}.{suffix}-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
    try:
        os.rename(source, target)
    except OSError:
        return None
    return target


def read_text_bounded(
    path: str | os.PathLike[str], kind: str = "file", encoding: str = "utf-8", limit: int | None = None
) -> str:
    """read_bounded, decoded (UnicodeDecodeError as ever for text that is not `encoding`)."""
    return read_bounded(path, kind, limit).decode(encoding)


_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")


def toml_error(exc: ValueError, text: str) -> tuple[int, int, str]:
    """The line, column (both from 1) and message of a tomllib.TOMLDecodeError in `text`: the exception's own
    `lineno`, `colno` and `msg` (Python 3.14); before 3.14 tomllib keeps none, only the position it appends to its
    message, "(at line L, column C)" or "(at end of document)" (the document's last line), which is read here."""
    lineno, colno, msg = getattr(exc, "lineno", None), getattr(exc, "colno", None), getattr(exc, "msg", None)
    if isinstance(lineno, int) and isinstance(colno, int) and isinstance(msg, str):
        return lineno, colno, msg
    said = str(exc)
    at = _TOML_AT.search(said)
    if at is None:
        return 1, 1, said
    if at.group(1) is None:  # the end of the document
        last = text.rsplit("\n", 1)[-1]
        return text.count("\n") + 1, len(last) + 1, said[: at.start()]
    return int(at.group(1)), int(at.group(2)), said[: at.start()]
