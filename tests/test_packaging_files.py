"""The packaging inputs are complete and consistent (fast: nothing is built, Qt is not loaded)."""

from __future__ import annotations

import configparser
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGING = REPO / "packaging"
RESOURCES = REPO / "resources"
DESKTOP_ID = "io.github.llmrig.Configurator"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def test_spec_bundles_catalogs_and_resources_where_paths_finds_them() -> None:
    spec = (PACKAGING / "llm-rig.spec").read_text(encoding="utf-8")
    assert '"catalogs"' in spec and '"configurator/catalogs"' in spec
    assert '"resources"' in spec and '"configurator/resources"' in spec
    assert "entry.py" in spec
    entry = (PACKAGING / "entry.py").read_text(encoding="utf-8")
    assert "from configurator.launcher import main" in entry


def test_build_and_smoke_scripts_are_executable() -> None:
    for name in ("build", "smoke"):
        path = PACKAGING / name
        assert path.is_file()
        assert path.stat().st_mode & 0o111, f"packaging/{name} is not executable"


def test_metainfo_parses_and_names_the_app() -> None:
    root = ET.parse(RESOURCES / f"{DESKTOP_ID}.metainfo.xml").getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == DESKTOP_ID
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "MIT"
    assert root.find("launchable").text == f"{DESKTOP_ID}.desktop"
    assert [b.text for b in root.iter("binary")] == ["llm-rig"]
    assert len(root.find("description").findall("p")) >= 2
    images = [image.text for image in root.iter("image")]
    assert images and all(url.startswith("https://") for url in images)
    names = {url.rsplit("/", 1)[-1] for url in images}
    assert {"small-parts.png", "large-vram.png", "large-slot-map.png"} <= names


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(RESOURCES / f"{DESKTOP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_launches_llm_rig_with_the_hicolor_icon() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "llm-rig"
    assert entry["Icon"] == DESKTOP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("size", ICON_SIZES)
def test_hicolor_icon_exists_at_its_size(size: int) -> None:
    path = RESOURCES / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{DESKTOP_ID}.png"
    assert path.is_file(), f"missing {path.relative_to(REPO)}; run packaging/render_icons.py"
    assert _png_size(path) == (size, size)


def test_svg_icon_the_app_loads_is_still_there() -> None:
    svg = RESOURCES / "icons" / "llm-rig-configurator.svg"
    assert ET.parse(svg).getroot().tag.endswith("svg")


def test_every_package_folder_is_installed() -> None:
    """`pip install .` (the README's first command) had left out configurator/core/rules, added this round: the
    installed app and the bundle failed with "No module named 'configurator.core.rules'" on the first plan."""
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "configurator").rglob("__init__.py")}
    assert folders <= listed, sorted(folders - listed)
