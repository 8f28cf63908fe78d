"""The window in Simplified Chinese (#31): the translation file is kept current with the code, every
message is translated, the compiled .qm matches it, and the window built under zh_CN reads Chinese."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import PySide6
import pytest

from configurator.qt import i18n

REPO = Path(__file__).resolve().parents[2]
TS = REPO / "resources" / "translations" / "llm_rig_zh_CN.ts"
QM = REPO / "resources" / "translations" / "llm_rig_zh_CN.qm"
TOOLS = Path(PySide6.__file__).parent


def _tool(name: str) -> str:
    found = shutil.which(f"pyside6-{name}") or str(TOOLS / name)
    return found


def _messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    return {
        (ctx.findtext("name") or "", m.findtext("source") or ""): m.find("translation")  # type: ignore[misc]
        for ctx in root.iter("context")
        for m in ctx.iter("message")
    }


def test_the_translation_file_holds_every_message_of_the_code(tmp_path: Path) -> None:
    """pyside6-lupdate over configurator/qt finds nothing the shipped .ts lacks (run it after adding a string)."""
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in (REPO / "configurator" / "qt").glob("*.py"))
    subprocess.run([_tool("lupdate"), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    missing = set(_messages(fresh)) - set(_messages(TS))
    assert not missing, f"run pyside6-lupdate and translate: {sorted(missing)[:10]}"


def test_every_message_is_translated_and_the_qm_is_built_from_it(tmp_path: Path) -> None:
    messages = _messages(TS)
    unfinished = [
        source
        for (_ctx, source), tr in messages.items()
        if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete") or not (tr.text or "").strip()
    ]
    assert len(unfinished) <= 0.05 * len(messages), unfinished[:20]
    built = tmp_path / "check.qm"
    subprocess.run([_tool("lrelease"), str(TS), "-qm", str(built)], check=True, capture_output=True)
    assert built.read_bytes() == QM.read_bytes(), "run pyside6-lrelease on the .ts"


def test_the_window_built_under_zh_cn_reads_chinese(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        menus = [action.text() for action in window.menuBar().actions()]
        assert menus[:2] == ["文件(&F)", "配置(&B)"], menus
        tabs = [window.detail.tabText(i) for i in range(window.detail.count())]
        assert "配件" in tabs and "显存" in tabs and "估算" in tabs
        assert window.requirements.tabs.tabText(0) == "推理"
        header = [window.builds.horizontalHeaderItem(i).text() for i in range(window.builds.columnCount())]
        assert "价格" in header
        window.session.dirty = False
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again


@pytest.mark.parametrize(
    ("locale", "expected"), [("zh_CN", "zh_CN"), ("zh_TW", "zh_CN"), ("en_US", "en"), ("de_DE", "en")]
)
def test_system_follows_the_locale(monkeypatch: pytest.MonkeyPatch, locale: str, expected: str) -> None:
    from PySide6.QtCore import QLocale

    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale(locale)))
    assert i18n.resolve("system") == expected
    assert i18n.resolve("en") == "en" and i18n.resolve("zh_CN") == "zh_CN"


@pytest.mark.parametrize(("language", "heading"), [("en", "a short guide"), ("zh_CN", "简明指南")])
def test_f1_opens_the_user_guide_in_the_windows_language(qtbot, window, language: str, heading: str) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.app import make_app
    from configurator.qt.dialogs import GuideDialog

    app = make_app([])
    try:
        i18n.install(app, language)
        assert window.guide_action.shortcut().toString() == "F1"
        dialog = GuideDialog(window)
        qtbot.addWidget(dialog)
        text = dialog.browser.toPlainText()
        assert heading in text and "Ctrl+D" in text
    finally:
        i18n.install(app, "en")
