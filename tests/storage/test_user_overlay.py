"""The user's catalog folder adds and overrides records; a broken file never loses data."""

from __future__ import annotations

from pathlib import Path

from configurator.storage import catalogs, paths
from tests.helpers import run_cli

OVERRIDE = """
[[gpus]]
id = "rtx-3090"
name = "NVIDIA GeForce RTX 3090 (my price)"
source = "https://www.nvidia.com/en-us/geforce/graphics-cards/30-series/rtx-3090-3090ti/"
vendor = "nvidia"
architecture = "Ampere"
market = "consumer"
release_year = 2020
vram_gb = 24
memory_type = "GDDR6X"
memory_bandwidth_gbps = 936
fp32_tflops = 35.6
fp16_tflops = 71
tdp_w = 350
form_factor = "pcie"
slot_width = 3
length_mm = 313
cooler = "open-air"
pcie_gen = 4
p2p = false
prices = [{ amount = 555.0, currency = "USD", condition = "used", date = 2026-11-01, source = "my local shop" }]
"""


def test_user_overlay_lives_under_the_home_override(isolated_home: Path) -> None:
    assert paths.user_catalog_dir().is_relative_to(isolated_home)
    assert not paths.user_catalog_dir().is_relative_to(paths.catalogs_dir())


def test_overlay_overrides_a_shipped_record_by_id() -> None:
    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(OVERRIDE, encoding="utf-8")
    result = catalogs.load()
    assert not result.problems
    gpu = result.catalog.get("gpus", "rtx-3090")
    assert gpu.name.endswith("(my price)")
    assert gpu.price("USD", "used").amount == 555.0
    assert len(result.catalog.gpus) == len(catalogs.load(include_user=False).catalog.gpus)


def test_overlay_adds_a_new_record() -> None:
    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(OVERRIDE.replace('id = "rtx-3090"', 'id = "my-custom-3090"'), encoding="utf-8")
    result = catalogs.load()
    assert "my-custom-3090" in result.catalog.records["gpus"]
    assert "rtx-3090" in result.catalog.records["gpus"]


def test_broken_user_file_is_reported_and_others_still_load() -> None:
    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True)
    good = folder / "good.toml"
    bad = folder / "bad.toml"
    good.write_text(OVERRIDE.replace('id = "rtx-3090"', 'id = "my-custom-3090"'), encoding="utf-8")
    broken_text = "[[gpus]]\nid = 'x'\nname = \n"
    bad.write_text(broken_text, encoding="utf-8")
    result = catalogs.load()
    assert "my-custom-3090" in result.catalog.records["gpus"]
    assert any(p.file == str(bad) and p.line == 3 for p in result.problems)
    assert bad.read_text(encoding="utf-8") == broken_text  # never modified


def test_cli_list_warns_about_a_broken_user_file_but_succeeds() -> None:
    folder = paths.user_catalog_dir()
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text("[[gpus]\n", encoding="utf-8")
    run = run_cli("catalog", "list", "gpus", "--json")
    assert run.code == 0
    assert "bad.toml:1: toml: syntax error" in run.err
    assert len(run.json()) >= 40
