"""Price packs travel: exported under one LLM_RIG_HOME, reviewed and merged under another with the same prices;
a malformed pack is refused with file, line and field; the user's own files are updated in place, never lost."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from configurator.core.common.errors import CatalogError
from configurator.storage import catalogs, overlay, paths, price_pack
from tests.helpers import run_cli
from tests.storage.test_user_overlay import OVERRIDE


def _added_psu() -> str:
    """A part the user added: a shipped PSU under a new id, with a price of their own."""
    shipped = catalogs.load(include_user=False, kinds={"psus"}).catalog.kind("psus")[0]
    mine = shipped.model_copy(update={"id": "lab-psu-850", "name": "Lab stock 850 W PSU"})
    return overlay.record_text("psus", mine)


def _user_file(home: Path, name: str, text: str) -> Path:
    folder = home / "data" / "catalog"
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


def test_a_pack_exported_under_one_home_imports_under_another_with_the_same_prices(tmp_path: Path) -> None:
    a, b, pack = tmp_path / "a", tmp_path / "b", tmp_path / "lab-prices.toml"
    _user_file(a, "mine.toml", OVERRIDE + "\n" + _added_psu())

    run = run_cli(
        "catalog", "export-prices", str(pack), "--author", "Lab purchasing", "--json", env={"LLM_RIG_HOME": str(a)}
    )
    assert run.code == 0, run.err
    assert run.json() == {"file": str(pack), "author": "Lab purchasing", "prices": 1, "parts": 1}
    text = pack.read_text(encoding="utf-8")
    assert 'author = "Lab purchasing"' in text and f"date = {datetime.date.today().isoformat()}" in text

    dry = run_cli("catalog", "import-prices", str(pack), "--json", env={"LLM_RIG_HOME": str(b)})
    assert dry.code == 0, dry.err
    review = dry.json()
    assert review["applied"] is False and review["counts"] == {"add-part": 1, "add-price": 1}
    added = next(c for c in review["changes"] if c["action"] == "add-price")
    assert (added["id"], added["price"]["amount"], added["price"]["condition"]) == ("rtx-3090", 555.0, "used")
    assert not (b / "data" / "catalog").exists(), "a dry run writes nothing"

    applied = run_cli("catalog", "import-prices", str(pack), "--apply", env={"LLM_RIG_HOME": str(b)})
    assert applied.code == 0, applied.err
    assert "applied: 1 add-part, 1 add-price" in applied.out

    for home in (a, b):
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("LLM_RIG_HOME", str(home))
            loaded = catalogs.load()
        assert not loaded.problems, (home, loaded.problems)
        gpu = loaded.catalog.get("gpus", "rtx-3090")
        assert gpu.price("USD", "used").amount == 555.0  # type: ignore[union-attr]
        psu = loaded.catalog.get("psus", "lab-psu-850")
        assert psu.name == "Lab stock 850 W PSU"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LLM_RIG_HOME", str(a))
        prices_a = catalogs.load().catalog.get("psus", "lab-psu-850").prices
    assert psu.prices == prices_a

    again = run_cli("catalog", "import-prices", str(pack), "--json", env={"LLM_RIG_HOME": str(b)})
    assert again.json()["counts"] == {"unchanged": 2}, "importing twice changes nothing"


def test_apply_updates_the_users_own_file_in_place_and_keeps_its_other_records(
    isolated_home: Path, tmp_path: Path
) -> None:
    mine = _user_file(isolated_home, "mine.toml", "# my notes\n" + OVERRIDE + "\n" + _added_psu())
    pack = tmp_path / "pack.toml"
    pack.write_text(
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "purchasing"\n\n'
        '[[price]]\nkind = "gpus"\nid = "rtx-3090"\namount = 610.0\ncurrency = "USD"\ncondition = "used"\n'
        'date = 2026-11-20\nsource = "https://www.ebay.com/"\nnote = "lab quote"\n',
        encoding="utf-8",
    )
    loaded = catalogs.load()
    review = price_pack.review(price_pack.read_pack(pack), loaded.catalog)
    assert [c.action for c in review.changes] == ["add-price"]
    assert review.changes[0].previous is not None and review.changes[0].previous.amount == 555.0
    written = price_pack.apply(review, loaded.catalog)
    assert written == [str(mine)], "the record lives in the user's file: updated there, not duplicated elsewhere"
    text = mine.read_text(encoding="utf-8")
    assert text.startswith("# my notes") and 'id = "lab-psu-850"' in text
    after = catalogs.load()
    assert not after.problems
    gpu = after.catalog.get("gpus", "rtx-3090")
    assert {p.amount for p in gpu.prices} == {555.0, 610.0}


BAD_PACKS = [
    (
        "missing amount",
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n\n[[price]]\nkind = "gpus"\nid = "rtx-3090"\n'
        'currency = "USD"\ndate = 2026-11-01\nsource = "https://x.example"\n',
        6,
        "price[rtx-3090].amount",
    ),
    (
        "future date",
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n\n[[price]]\nkind = "gpus"\nid = "rtx-3090"\n'
        'amount = 5.0\ncurrency = "USD"\ndate = 2999-01-01\nsource = "https://x.example"\n',
        11,
        "price[rtx-3090].date",
    ),
    (
        "bad kind",
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n\n[[price]]\nkind = "gpu"\nid = "rtx-3090"\n',
        7,
        "price[0].kind",
    ),
    ("no author", "[pack]\nformat = 1\ndate = 2026-11-30\n", 1, "pack.author"),
    (
        "bad currency",
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n[[price]]\nkind = "gpus"\nid = "rtx-3090"\n'
        'amount = 5.0\ncurrency = "GBP"\ndate = 2026-01-01\nsource = "https://x.example"\n',
        9,
        "price[rtx-3090].currency",
    ),
    ("syntax", '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x\n', 4, "toml"),
]


@pytest.mark.parametrize(("label", "text", "line", "field"), BAD_PACKS, ids=[b[0] for b in BAD_PACKS])
def test_a_malformed_pack_is_refused_with_file_line_and_field(
    tmp_path: Path, label: str, text: str, line: int, field: str
) -> None:
    pack = tmp_path / "bad.toml"
    pack.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        price_pack.read_pack(pack, today=datetime.date(2026, 12, 2))
    assert any(p.line == line and p.field == field and p.file == str(pack) for p in caught.value.problems), (
        caught.value.problems
    )


def test_the_cli_refuses_a_malformed_pack_with_exit_2_and_writes_nothing(isolated_home: Path, tmp_path: Path) -> None:
    pack = tmp_path / "bad.toml"
    pack.write_text(BAD_PACKS[0][1], encoding="utf-8")
    run = run_cli("catalog", "import-prices", str(pack), "--apply")
    assert run.code == 2
    assert f"{pack}:6: price[rtx-3090].amount: required field missing" in run.err
    assert "Traceback" not in run.err
    assert not paths.user_catalog_dir().exists()


def test_a_part_that_refers_to_a_missing_record_is_skipped_not_written(isolated_home: Path, tmp_path: Path) -> None:
    shipped = catalogs.load(include_user=False, kinds={"systems", "gpus", "cpus"}).catalog
    dgx = shipped.get("systems", "nvidia-dgx-h100")
    lab = dgx.model_copy(update={"id": "lab-dgx", "gpu": "gpu-nobody-has"})
    pack = tmp_path / "pack.toml"
    pack.write_text(
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n\n' + overlay.record_text("systems", lab),
        encoding="utf-8",
    )
    review = price_pack.review(price_pack.read_pack(pack), catalogs.load().catalog)
    assert [(c.action, c.id) for c in review.changes] == [("skipped", "lab-dgx")]
    assert "gpus 'gpu-nobody-has'" in review.changes[0].reason
    assert price_pack.apply(review, catalogs.load().catalog) == []


def test_an_unreadable_user_file_stops_the_import_before_any_file_changes(isolated_home: Path, tmp_path: Path) -> None:
    broken = _user_file(isolated_home, "app-gpus.toml", "[[gpus]\nid = \n")
    pack = tmp_path / "pack.toml"
    # the added part (written to app-psus.toml) comes first; the price goes to the broken app-gpus.toml
    pack.write_text(
        '[pack]\nformat = 1\ndate = 2026-11-30\nauthor = "x"\n\n' + _added_psu() + '\n[[price]]\nkind = "gpus"\n'
        'id = "rtx-3090"\namount = 640.0\ncurrency = "USD"\ncondition = "used"\ndate = 2026-11-20\n'
        'source = "https://x.example"\n',
        encoding="utf-8",
    )
    loaded = catalogs.load()
    review = price_pack.review(price_pack.read_pack(pack), loaded.catalog)
    assert [c.action for c in review.changes] == ["add-part", "add-price"]
    with pytest.raises(CatalogError, match="cannot add to this file"):
        price_pack.apply(review, loaded.catalog)
    assert broken.read_text(encoding="utf-8") == "[[gpus]\nid = \n"
    assert not (paths.user_catalog_dir() / "app-psus.toml").exists(), "nothing is written when one file cannot be"
