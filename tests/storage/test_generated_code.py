"""Dataclasses' and typing's generated code, compiled once and read back from the user cache (#34): the classes made
from the kept code are the classes compiling anew makes, and a damaged file costs a compile, never a start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from configurator.storage import generated_code

# the app's classes as a user of them sees them: signatures, docs, repr, equality, hashing, frozenness, annotations
PROBE = r"""
import dataclasses, inspect, sys, typing
if sys.argv[1] == "cached":
    from configurator.storage import generated_code
    generated_code.install("probe")
from configurator.core.common import shapes
from configurator.core.estimate.estimator import Calibration, CAL
from configurator.core.solve.candidates import Candidates, Priced
from configurator.core.solve.slots import SlotUse

@dataclasses.dataclass(frozen=True, order=True)
class Point:
    x: int
    y: "list[str]" = dataclasses.field(default_factory=list)

for cls in (Calibration, Candidates, Priced, SlotUse, Point):
    print(cls.__name__, inspect.signature(cls), cls.__doc__[:200])
    print({name: repr(getattr(cls, name, None).__annotations__) for name in ("__init__",)})
p, q = Point(1, ["a"]), Point(1, ["a"])
print(repr(p), p == q, p < Point(2), hash(Point(3, ())) == hash(Point(3, ())))
try:
    p.x = 2
except dataclasses.FrozenInstanceError as error:
    print("frozen", error)
print(repr(CAL)[:300], CAL == dataclasses.replace(CAL))
print(typing.get_type_hints(shapes.BuildJson).keys(), shapes.BuildJson.__annotations__)
"""


def _probe(mode: str, home: Path) -> str:
    env = {**os.environ, "LLM_RIG_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, mode], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    return done.stdout


def test_classes_made_from_kept_code_are_the_classes_compiled_anew(tmp_path: Path) -> None:
    compiled = _probe("plain", tmp_path)
    first = _probe("cached", tmp_path)  # compiles, keeps the codes at exit
    files = list((tmp_path / "cache").glob("generated-code-*.marshal"))
    assert len(files) == 1 and files[0].stat().st_size > 10_000
    second = _probe("cached", tmp_path)  # reads them back
    assert first == compiled
    assert second == compiled


def test_a_damaged_file_is_compiled_again_not_fatal(tmp_path: Path) -> None:
    compiled = _probe("plain", tmp_path)
    _probe("cached", tmp_path)
    (kept,) = (tmp_path / "cache").glob("generated-code-*.marshal")
    whole = kept.read_bytes()
    for damage in (b"", b"\x00" * 64, whole[:100], b"\xe3garbage", b"{\x00\x00\x00\x000"):
        kept.write_bytes(damage)
        assert _probe("cached", tmp_path) == compiled
    assert kept.stat().st_size > 10_000  # written again


def test_only_this_interpreters_codes_of_the_right_shape_are_read(tmp_path: Path) -> None:
    path = tmp_path / "codes.marshal"
    code = compile("x = 1", "<string>", "exec")
    import marshal

    path.write_bytes(marshal.dumps({("exec", "x = 1"): code, ("exec", "y"): "not code", "bad key": code, (1, 2): code}))
    assert generated_code._read(path) == {("exec", "x = 1"): code}
    assert generated_code._read(tmp_path / "missing.marshal") == {}
    tag = generated_code.cache_path("plan").name
    assert (
        sys.implementation.cache_tag in tag and "-plan-" in tag
    )  # a code object is read back only by the interpreter that wrote it
