"""Generated methods compiled once and kept between runs, as Python keeps a module's bytecode (#34).

A dataclass writes each method it adds (__init__, __repr__, __eq__, __hash__, a frozen class's __setattr__ and
__delattr__) as source text and compiles it with exec (dataclasses._create_fn), and typing compiles every string
annotation of a TypedDict or NamedTuple (ForwardRef). Python caches a module's bytecode, never these: a journey plan
creates 131 dataclasses (78 of the app's, the rest pydantic's and annotated_types') and 1,090 forward references
(core.common.shapes' JSON shapes), and compiling them again on every start was 8 % of its instructions (callgrind,
benchmarks/instructions.py: 3,398 M -> 3,124 M; ~5 % of the 70B top-5's), the output byte for byte the same.

`install` puts a caching `exec` in the dataclasses module's namespace and a caching `compile` in typing's: the source
text is the key and the code object compiled from it the value, compiled exactly as the builtin would (no future
flags inherited: the two modules have none), so the methods and annotations made from a cached code object are the
ones compiling anew makes. The codes are kept in one marshal file per interpreter (its bytecode magic number: a code
object is only read back by the interpreter that wrote it) in the user's cache folder, written at exit when a run
compiled something new; one file per command, so that each reads back only the codes it uses (an `estimate` reads
~100 where a plan reads ~1,700: the plan's file had made the estimate 16 % more instructions, not fewer).
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import sys
import types
import typing
from pathlib import Path
from typing import Any

from configurator.storage import paths
from configurator.storage.atomic import write_bytes

KEPT = 20_000
"""Codes kept at most: a file grown past it (classes edited over many versions) is written again with this run's own."""
MAX_BYTES = 32 * 1024 * 1024
"""A larger file is not read (a journey plan's codes are under 1 MB)."""

_codes: dict[tuple[str, str], types.CodeType] = {}
_used: set[tuple[str, str]] = set()
_compiled: list[tuple[str, str]] = []  # compiled in this run: the file is written again at exit
_path: list[Path] = []  # the file this process reads and writes (install's)


def cache_path(command: str) -> Path:
    """The file of this interpreter's codes for `command` (the command line's first word)."""
    tag = f"{sys.implementation.cache_tag or sys.implementation.name}-{importlib.util.MAGIC_NUMBER.hex()}"
    name = "".join(c for c in command.lower() if c.isalnum() or c == "-")[:32] or "other"
    return paths.cache_dir() / f"generated-code-{name}-{tag}.marshal"


def installed() -> bool:
    return getattr(dataclasses, "exec", None) is _exec


def install(command: str) -> None:
    """Compile dataclasses' and typing's generated source once per interpreter, machine and command (the module's
    note)."""
    if installed():
        return
    _path.append(cache_path(command))
    _codes.update(_read(_path[0]))
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    typing.compile = _compile  # type: ignore[attr-defined]
    atexit.register(_write)


def _read(path: Path) -> dict[tuple[str, str], types.CodeType]:
    """The codes kept in `path`; none when it is missing, too large, unreadable or not such a table."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        # read whole, then unmarshalled from memory: marshal.load on the file object reads it piece by piece, a
        # method call per string and code field (a plan's ~900 codes: 200 M instructions; from bytes: 17 M)
        found = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {
        key: code
        for key, code in found.items()
        if isinstance(key, tuple)
        and len(key) == 2
        and all(type(k) is str for k in key)
        and isinstance(code, types.CodeType)
    }


def _code(source: str, mode: str) -> types.CodeType:
    key = (mode, source)
    code = _codes.get(key)
    if code is None:
        code = _codes[key] = builtins.compile(source, "<string>", mode, dont_inherit=True)
        _compiled.append(key)
    _used.add(key)
    return code


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None) -> None:
    """dataclasses' exec: the method's source compiled once."""
    builtins.exec(_code(source, "exec") if type(source) is str else source, globals, locals)


def _compile(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
    """typing's compile (a ForwardRef's annotation, '<string>' in 'eval' mode): compiled once; any other call as
    the builtin's."""
    if args or kwargs or type(source) is not str or filename != "<string>":
        return builtins.compile(source, filename, mode, *args, **kwargs)
    return _code(source, mode)


def _write() -> None:
    """This run's codes into the file when it compiled any (all kept, unless past KEPT: then those it used)."""
    if not _compiled or not _path:
        return
    kept = _codes if len(_codes) <= KEPT else {key: _codes[key] for key in _used}
    try:
        path = _path[0]
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, marshal.dumps(kept))
    except (OSError, ValueError):
        pass  # a read-only cache folder: the next run compiles them again, nothing else
    _compiled.clear()
