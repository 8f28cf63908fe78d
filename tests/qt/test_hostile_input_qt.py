"""The window under hostile input (issue #15): dialogs in plain text, projects opened all-or-nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from configurator.core.common.errors import RequestError
from configurator.core.model.request import BuildRequest
from configurator.qt import messages as qt_messages

MARKUP = "<a href='https://evil.example'>click</a><img src=x>"


def test_message_boxes_show_markup_as_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    box = qt_messages._box(None, QMessageBox.Icon.Warning, "t", MARKUP, QMessageBox.StandardButton.Ok)
    qtbot.addWidget(box)
    assert box.textFormat() == Qt.TextFormat.PlainText
    assert not box.textInteractionFlags() & Qt.TextInteractionFlag.LinksAccessibleByMouse
    assert box.text() == MARKUP


@pytest.mark.parametrize(
    "change",
    [
        {"active": -5},
        {"schema_version": "1"},
        {"schema_version": True},
        {"schema_version": -1},
        {"requests": [{"model_id": "llama-3.1-8b", "budget": float("inf")}]},
        {"requests": [{"model_id": MARKUP}]},
        {"notes": "[" * 5000},
    ],
)
def test_a_bad_project_keeps_the_current_one(qtbot, window, messages, tmp_path: Path, change: dict) -> None:  # type: ignore[no-untyped-def,type-arg]
    path = tmp_path / "bad.llmrig"
    data = {"schema_version": 1, "requests": [{"model_id": "qwen2.5-7b"}], **change}
    text = json.dumps(data) if "notes" not in change else '{"schema_version": 1, "requests": ' + "[" * 5000
    path.write_text(text)
    window.session.set_request(BuildRequest(model_id="llama-3.1-8b", budget=1234), solve=False)
    before, before_path = window.session.project, window.session.path
    window._open_path(path)
    assert messages and "bad.llmrig" in messages[-1][1] and "unchanged" in messages[-1][1]
    assert window.session.project == before and window.session.path == before_path
    assert window.session.request.budget == 1234  # every later action still works on it
    assert path.read_text() == text


def test_app_actions_have_an_error_boundary(qtbot, window, messages) -> None:  # type: ignore[no-untyped-def]
    import sys

    from configurator.qt.app import install_error_boundary

    saved = sys.excepthook
    try:
        install_error_boundary(window)
        try:
            raise RequestError(MARKUP)
        except RequestError as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
        try:
            raise ZeroDivisionError("a bug")
        except ZeroDivisionError as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
    finally:
        sys.excepthook = saved
    assert messages[-2] == ("Could not do that", MARKUP)
    assert messages[-1][0] == "Internal error" and "ZeroDivisionError" in messages[-1][1]


def test_export_of_hostile_part_names_is_inert(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import csv
    import io

    import openpyxl

    with qtbot.waitSignal(window.session.solve_finished, timeout=60_000) as blocker:
        window.session.set_request(BuildRequest(model_id="llama-3.1-8b", budget=3000))
    build = next(b for b in blocker.args[0].builds if len(b.parts) >= 2)  # a machine of several parts (not a mini PC)
    parts = tuple(
        p.model_copy(update={"name": '=HYPERLINK("http://x","a")\x07' if i == 0 else "+cmd|' /C calc'!A0"})
        for i, p in enumerate(build.parts)
    )
    hostile = build.model_copy(update={"parts": parts})
    assert window.export_to(tmp_path / "out.xlsx", [hostile])
    assert window.export_to(tmp_path / "out.csv", [hostile])
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx").worksheets[0]
    names = [sheet.cell(row, 2).value for row in range(2, 2 + len(parts))]
    assert names[0] == '\'=HYPERLINK("http://x","a")' and names[1].startswith("'+cmd")
    rows = list(csv.reader(io.StringIO((tmp_path / "out.csv").read_text())))
    assert rows[0][2] == "Description" and rows[1][2].startswith("'=") and "\x07" not in rows[1][2]
