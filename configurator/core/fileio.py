"""Atomic file writes: a temp file in the same folder, then os.replace (shared by every writer)."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


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
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
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
