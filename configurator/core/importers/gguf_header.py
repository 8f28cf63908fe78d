"""A GGUF header (metadata and tensor table) read with every count checked against the bytes the file has left.

The format: github.com/ggml-org/ggml docs/gguf.md (magic, version, tensor count, key count, key/values,
tensor infos, then the data section at `general.alignment`). The third-party reader maps the whole file
and trusts its counts (an array of 2^63 elements spins); this one reads the header in chunks, refuses a
count the remaining bytes cannot hold before allocating anything, and never reads the tensor data.
"""

from __future__ import annotations

import os
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from configurator.core.common.errors import ModelImportError
from configurator.core.common.fileio import LIMITS, open_regular

MAX_TENSORS = 1_000_000
MAX_KEYS = 100_000
"""Header counts far above any real file (a 671B DeepSeek GGUF has ~1,100 tensors, ~60 keys)."""
MAX_DIMS = 4  # GGML_MAX_DIMS (ggml.h)
MAX_KEY_BYTES = 65_535
KEPT_ARRAY = 65_536
"""Arrays longer than this (a vocabulary's tokens, scores, merges) are counted, not kept."""
HEADER_CAP = LIMITS["gguf header"]
SPLIT_NAME = re.compile(r"^(?P<prefix>.+)-(?P<no>\d{5})-of-(?P<count>\d{5})\.gguf$", re.IGNORECASE)
"""llama.cpp gguf-split's names: `<prefix>-00001-of-00005.gguf` (examples/gguf-split, split_path)."""

_SCALAR = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
_STRING, _ARRAY = 8, 9


@dataclass(frozen=True)
class LongArray:
    """An array too long to keep: its element count (len() works as on a list)."""

    count: int

    def __len__(self) -> int:
        return self.count


@dataclass
class GgufHeader:
    path: Path
    version: int
    fields: dict[str, Any] = field(default_factory=dict)
    tensors: dict[str, int] = field(default_factory=dict)  # name -> bytes in the data section
    file_size: int = 0

    @property
    def tensor_bytes(self) -> int:
        return sum(self.tensors.values())


def _quant_sizes() -> dict[int, tuple[int, int]]:
    """ggml type -> (weights per block, bytes per block), from the gguf package's table of ggml-common.h."""
    from gguf.constants import GGML_QUANT_SIZES

    return {int(k): (int(v[0]), int(v[1])) for k, v in GGML_QUANT_SIZES.items()}


class _Cursor:
    """Reads forward through a file in chunks; every read is checked against the bytes the file has left."""

    CHUNK = 1 << 20

    def __init__(self, handle: BinaryIO, size: int, path: Path):
        self.handle, self.size, self.path = handle, size, path
        self.buffer = b""
        self.at = 0  # offset in the buffer
        self.pos = 0  # offset in the file

    def left(self) -> int:
        return self.size - self.pos

    def need(self, n: int, what: str) -> None:
        if n < 0 or n > self.left():
            raise ModelImportError(
                f"{self.path}: GGUF {what} needs {n:,} bytes at offset {self.pos:,}, but the file "
                f"has {self.left():,} left (a corrupt or truncated header)"
            )
        if self.pos + n > HEADER_CAP:
            raise ModelImportError(
                f"{self.path}: GGUF header runs past {HEADER_CAP // (1 << 20):,} MiB "
                f"(at {what}); no real model's header is that large"
            )

    def take(self, n: int, what: str) -> bytes:
        self.need(n, what)
        if len(self.buffer) - self.at < n:
            rest = self.buffer[self.at :]
            more = self.handle.read(max(n - len(rest), self.CHUNK))
            self.buffer, self.at = rest + more, 0
            if len(self.buffer) < n:
                raise ModelImportError(f"{self.path}: GGUF file ended inside its header (at {what})")
        data = self.buffer[self.at : self.at + n]
        self.at += n
        self.pos += n
        return data

    def skip(self, n: int, what: str) -> None:
        self.need(n, what)
        buffered = len(self.buffer) - self.at
        if n <= buffered:
            self.at += n
        else:
            self.handle.seek(self.pos + n)
            self.buffer, self.at = b"", 0
        self.pos += n

    def unpack(self, fmt: str, what: str) -> Any:
        return struct.unpack("<" + fmt, self.take(struct.calcsize("<" + fmt), what))[0]

    def string(self, what: str, limit: int | None = None) -> str:
        length = self.unpack("Q", what)
        if limit is not None and length > limit:
            raise ModelImportError(f"{self.path}: GGUF {what} is {length:,} bytes long (at most {limit:,})")
        return self.take(length, what).decode("utf-8", errors="replace")


def _value(cur: _Cursor, kind: int, key: str) -> Any:
    if kind in _SCALAR:
        return cur.unpack(_SCALAR[kind], f"value of {key!r}")
    if kind == _STRING:
        return cur.string(f"string value of {key!r}")
    if kind != _ARRAY:
        raise ModelImportError(f"{cur.path}: GGUF key {key!r} has unknown value type {kind}")
    item = cur.unpack("I", f"array type of {key!r}")
    count = cur.unpack("Q", f"array length of {key!r}")
    if item in _SCALAR:
        width = struct.calcsize("<" + _SCALAR[item])
        if count > cur.left() // width:  # checked before anything is allocated: 2^63 elements fail here
            raise ModelImportError(
                f"{cur.path}: GGUF key {key!r} claims {count:,} array elements of {width} byte(s) each, "
                f"but the file has {cur.left():,} bytes left"
            )
        if count > KEPT_ARRAY:
            cur.skip(count * width, f"array {key!r}")
            return LongArray(count)
        return list(struct.unpack(f"<{count}{_SCALAR[item]}", cur.take(count * width, f"array {key!r}")))
    if item == _STRING:
        if count > cur.left() // 8:  # every string has at least its 8-byte length
            raise ModelImportError(
                f"{cur.path}: GGUF key {key!r} claims {count:,} strings, but the file has {cur.left():,} bytes left"
            )
        if count > KEPT_ARRAY:
            for _ in range(count):
                cur.skip(cur.unpack("Q", f"string length in {key!r}"), f"string in {key!r}")
            return LongArray(count)
        return [cur.string(f"string in {key!r}") for _ in range(count)]
    raise ModelImportError(f"{cur.path}: GGUF key {key!r} is an array of type {item}, which no model uses")


def read_header(path: Path) -> GgufHeader:
    """Metadata and tensor sizes of one GGUF file; ModelImportError names the file and what is wrong."""
    with open_regular(path, "GGUF", limit=None) as handle:
        size = os.fstat(handle.fileno()).st_size
        cur = _Cursor(handle, size, path)
        if size < 4 or cur.take(4, "magic") != b"GGUF":
            raise ModelImportError(f"{path}: not a GGUF file (bad magic)")
        if size < 24:
            raise ModelImportError(f"{path}: not a GGUF file (header too short)")
        version = cur.unpack("I", "version")
        if version not in (2, 3):
            raise ModelImportError(f"{path}: GGUF version {version} is not supported (2 or 3)")
        n_tensors, n_keys = cur.unpack("Q", "tensor count"), cur.unpack("Q", "key count")
        if n_tensors > MAX_TENSORS:
            raise ModelImportError(f"{path}: GGUF header lists {n_tensors} tensors (at most {MAX_TENSORS:,})")
        if n_keys > MAX_KEYS:
            raise ModelImportError(f"{path}: GGUF header lists {n_keys} metadata keys (at most {MAX_KEYS:,})")
        header = GgufHeader(path, version, file_size=size)
        for _ in range(n_keys):
            key = cur.string("key", limit=MAX_KEY_BYTES)
            kind = cur.unpack("I", f"value type of {key!r}")
            header.fields[key] = _value(cur, kind, key)
        alignment = header.fields.get("general.alignment", 32)
        if (
            not isinstance(alignment, int)
            or isinstance(alignment, bool)
            or alignment <= 0
            or alignment & (alignment - 1)
        ):
            raise ModelImportError(f"{path}: general.alignment must be a power of two, got {str(alignment)[:40]}")
        sizes = _quant_sizes()
        placed: list[tuple[int, int, str]] = []
        for _ in range(n_tensors):
            name = cur.string("tensor name", limit=MAX_KEY_BYTES)
            n_dims = cur.unpack("I", f"dimensions of {name!r}")
            if not 1 <= n_dims <= MAX_DIMS:
                raise ModelImportError(f"{path}: tensor {name!r} has {n_dims} dimensions (1 to {MAX_DIMS})")
            dims = [cur.unpack("Q", f"shape of {name!r}") for _ in range(n_dims)]
            ggml_type = cur.unpack("I", f"type of {name!r}")
            offset = cur.unpack("Q", f"offset of {name!r}")
            if ggml_type not in sizes:
                raise ModelImportError(f"{path}: tensor {name!r} has unknown ggml type {ggml_type}")
            block, block_bytes = sizes[ggml_type]
            elements = 1
            for d in dims:
                elements *= d
            if elements > size * max(1, block) or dims[0] % block:
                raise ModelImportError(
                    f"{path}: tensor {name!r} of shape {dims} cannot be stored in this file "
                    f"({'rows not whole blocks' if dims[0] % block else 'more weights than bytes'})"
                )
            if name in header.tensors:
                raise ModelImportError(f"{path}: tensor {name!r} is listed twice")
            header.tensors[name] = elements // block * block_bytes
            placed.append((offset, header.tensors[name], name))
        data_start = -(-cur.pos // alignment) * alignment
    data_size = size - data_start
    for offset, nbytes, name in placed:
        if offset % alignment or offset + nbytes > data_size:
            raise ModelImportError(
                f"{path}: tensor {name!r} at data offset {offset:,} ({nbytes:,} bytes) lies "
                f"{'off the alignment' if offset % alignment else 'past the end of the file'}"
            )
    return header


def split_parts(path: Path, header: GgufHeader) -> list[Path]:
    """Every part of a split GGUF (`-00001-of-00005.gguf`), in order; [path] for a whole file.

    ModelImportError names the parts that are missing: sizing one part as the model would be wrong.
    """
    match = SPLIT_NAME.match(path.name)
    declared = header.fields.get("split.count")
    if match is None:
        if isinstance(declared, int) and not isinstance(declared, bool) and declared > 1:
            number = header.fields.get("split.no", 0)
            which = f"part {number + 1}" if isinstance(number, int) and not isinstance(number, bool) else "a part"
            raise ModelImportError(
                f"{path}: {which} of a GGUF split into {declared} "
                "files, but its name does not say which (keep gguf-split's names, "
                "NAME-00001-of-0000N.gguf, with every part in one folder)"
            )
        return [path]
    count = int(match.group("count"))
    if count < 1 or not 1 <= int(match.group("no")) <= count:
        raise ModelImportError(f"{path}: a split part numbered {match.group('no')} of {match.group('count')}")
    if isinstance(declared, int) and not isinstance(declared, bool) and declared not in (0, count):
        raise ModelImportError(f"{path}: the name says {count} parts, the header's split.count says {declared}")
    width = len(match.group("no"))
    parts = [
        path.with_name(f"{match.group('prefix')}-{i:0{width}d}-of-{match.group('count')}.gguf")
        for i in range(1, count + 1)
    ]
    missing = [p.name for p in parts if not p.exists()]
    if missing:
        shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        raise ModelImportError(
            f"{path}: part of a GGUF split into {count} files; missing beside it: {shown} "
            "(the model is sized from all its parts)"
        )
    return parts
