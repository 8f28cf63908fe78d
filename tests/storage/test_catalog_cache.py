"""The shipped catalog is validated once and read from the user cache afterwards (#34)."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

from configurator.storage import catalogs, paths


def test_second_load_reads_the_validated_cache_and_gives_the_same_records() -> None:
    first = catalogs.load(include_user=False)
    cache = catalogs.shipped_cache_path()
    assert cache.is_file()
    second = catalogs.load(include_user=False)
    assert second.problems == first.problems
    for kind, records in first.catalog.records.items():
        assert second.catalog.records[kind] == records
    assert second.catalog.exchange_rates == first.catalog.exchange_rates


def test_a_corrupt_or_foreign_cache_file_is_rebuilt_not_fatal() -> None:
    expected = catalogs.load(include_user=False).catalog
    cache = catalogs.shipped_cache_path()
    for garbage in (b"", b"\x00" * 100, cache.read_bytes()[:200], cache.read_bytes()[:32] + b"not a pickle"):
        cache.write_bytes(garbage)
        loaded = catalogs.load(include_user=False).catalog
        assert loaded.records["gpus"] == expected.records["gpus"]
    assert cache.stat().st_size > 1000  # written again


def test_the_cache_key_follows_the_files_contents(tmp_path: Path) -> None:
    files = []
    for file in paths.shipped_catalog_files():
        files.append(Path(shutil.copy(file, tmp_path / file.name)))
    key = catalogs._shipped_key(files)
    assert catalogs._shipped_key(files) == key
    gpus = tmp_path / "gpus.toml"
    gpus.write_text(gpus.read_text(encoding="utf-8").replace("24", "25", 1), encoding="utf-8")
    assert catalogs._shipped_key(files) != key


def test_the_overlay_is_still_validated_over_the_cached_layer() -> None:
    catalogs.load()  # the cache exists now
    overlay = paths.user_catalog_dir()
    overlay.mkdir(parents=True)
    (overlay / "mine.toml").write_text('[[gpus]]\nid = "rtx-3090"\nname = 3\n', encoding="utf-8")
    problems = catalogs.load().problems
    assert any("mine.toml" in str(problem) for problem in problems)


def test_each_version_keeps_its_own_cache_and_old_ones_are_bounded() -> None:
    """Two installs of different versions on one machine each keep their validated layer (one file had each rebuild
    the other's on every start: 2 s of every command); at most KEPT_CACHES others are kept."""
    catalogs.load(include_user=False)
    mine = catalogs.shipped_cache_path()
    others = [catalogs.shipped_cache_path(bytes([i]) * 32) for i in range(catalogs.KEPT_CACHES + 3)]
    for other in others:
        other.write_bytes(b"another version's layer")
    mine.unlink()
    catalogs.load(include_user=False)  # validates again and tidies up
    assert mine.is_file()
    left = [p for p in others if p.is_file()]
    assert len(left) == catalogs.KEPT_CACHES


def test_a_load_of_some_kinds_gives_those_kinds_records_as_a_full_load_does() -> None:
    """`estimate` asks for models and GPUs alone and unpickles only those from the cache (#34): the same records,
    the same exchange rates and problems as a full load's."""
    full = catalogs.load(include_user=False)
    some = catalogs.load(include_user=False, kinds={"models", "gpus"})
    assert some.problems == full.problems
    assert some.catalog.exchange_rates == full.catalog.exchange_rates
    for kind in ("models", "gpus"):
        assert some.catalog.records[kind] == full.catalog.records[kind] and some.catalog.records[kind]
    again = catalogs.load(include_user=False)  # the partial load left the kept layer whole
    assert {kind: len(r) for kind, r in again.catalog.records.items()} == {
        kind: len(r) for kind, r in full.catalog.records.items()
    }


def _overlay_record(kind: str, changes: dict[str, str]) -> str:
    """The first shipped record of `kind` as an overlay file's text, with `changes` made to it."""
    import tomlkit

    for file in paths.shipped_catalog_files():
        document = tomlkit.parse(file.read_text(encoding="utf-8"))
        if kind in document:
            record = document[kind][0]
            for key, value in changes.items():
                record[key] = value
            table = tomlkit.document()
            table[kind] = tomlkit.aot()
            table[kind].append(record)
            return tomlkit.dumps(table)
    raise AssertionError(kind)


def test_a_load_of_one_kind_still_reports_its_overlay_records_dangling_references() -> None:
    """`catalog list cloud` (which loads that kind alone) warns of an overlay offer naming an unknown GPU as a load of
    every kind does: the kinds a record refers to are loaded with it."""
    overlay = paths.user_catalog_dir()
    overlay.mkdir(parents=True)
    cases = {
        "cloud": {"id": "my-offer", "gpu": "no-such-gpu"},
        "chassis": {"id": "my-barebone", "integrated_board": "no-such-board"},
        "systems": {"id": "my-server", "gpu": "no-such-gpu", "cpu": "no-such-cpu"},
    }
    for kind, changes in cases.items():
        (overlay / f"mine-{kind}.toml").write_text(_overlay_record(kind, changes), encoding="utf-8")
    full = [str(p) for p in catalogs.load().problems]
    assert all(any(f"mine-{kind}.toml" in p for p in full) for kind in cases)
    for kind in cases:
        alone = [str(p) for p in catalogs.load(kinds={kind}).problems]
        assert alone == [p for p in full if f"mine-{kind}.toml" in p], kind


def test_a_cache_whose_records_do_not_unpickle_is_validated_again_not_fatal() -> None:
    """The file's key and layout are right but one kind's records are not (a disk error, a class another version
    named): the shipped layer is validated again and kept anew, the same records, never a traceback (#34)."""
    expected = catalogs.load(include_user=False).catalog
    cache = catalogs.shipped_cache_path()
    data = cache.read_bytes()
    key_length = len(catalogs._shipped_key(paths.shipped_catalog_files()))
    layout, state, by_kind, found_all = pickle.loads(data[key_length:])
    broken_records = (
        b"not a pickle",
        pickle.dumps(["records", "as", "a", "list"]),
        b"cconfigurator.core.catalog.models\nNoSuchRecord\n.",  # a record class this version does not have
    )
    for broken in broken_records:
        kinds = {**by_kind, "gpus": broken}
        cache.write_bytes(data[:key_length] + pickle.dumps((layout, state, kinds, found_all)))
        loaded = catalogs.load(include_user=False, kinds={"models", "gpus"}).catalog
        assert loaded.records["gpus"] == expected.records["gpus"]
        assert loaded.records["models"] == expected.records["models"]
        assert cache.read_bytes() == data  # written again, whole
