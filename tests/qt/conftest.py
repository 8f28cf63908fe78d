"""Qt test fixtures: a main window on the shipped catalog, never a real modal dialog."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.qt import messages as qt_messages
from configurator.qt.app import make_app
from configurator.qt.main_window import MainWindow
from configurator.qt.session import Session


@pytest.fixture(scope="session")
def shipped_catalog():  # type: ignore[no-untyped-def]
    """The session's shipped catalog (tests/conftest.py `catalog`); a window works on a copy of its record tables."""
    from tests.expert import runner

    return runner.shipped_catalog()


@pytest.fixture(autouse=True)
def _never_block_on_a_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window closed by pytest-qt's teardown with unsaved changes (a test that failed half-way) answers its
    "Save them first?" question with Discard instead of opening a modal that no one can click: a failing test
    fails, it never hangs the suite. Tests that look at questions use `messages`, which replaces this."""

    def question(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Record message boxes instead of showing them; questions answer 'Discard'/'No'."""
    shown: list[tuple[str, str]] = []

    def warning(_parent, title, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    def question(_parent, title, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        shown.append((title, text))
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(qt_messages, "warn", warning)
    monkeypatch.setattr(qt_messages, "ask", question)
    return shown


@pytest.fixture
def window(qtbot, shipped_catalog, messages):  # type: ignore[no-untyped-def]
    make_app([])
    session = Session(
        catalog=shipped_catalog.__class__(
            records={k: dict(v) for k, v in shipped_catalog.records.items()},
            exchange_rates=dict(shipped_catalog.exchange_rates),
        )
    )
    win = MainWindow(session)
    qtbot.addWidget(win)
    win.show()
    yield win
    session.dirty = False
    session.cancel()
    session.wait_idle()
