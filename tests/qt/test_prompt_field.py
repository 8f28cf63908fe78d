"""The Prompt field: the tokens one user sends, the window's --prompt (Workload.prompt), typed, solved and saved."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt

from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest

REQUEST = BuildRequest(
    model_id="llama-3.1-8b", workload=Workload(kind="inference", context=32768), budget=3000, currency="USD"
)
"""One user chatting with Llama 3.1 8B in a 32k context, no prompt stated."""


def _first_token(window) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """(seconds, prompt tokens) of the Estimates tab's "First token 2.65 s after a 1,020-token prompt"."""
    found = re.search(r"([\d.,]+) s after a ([\d,]+)-token prompt", window.detail.estimates.toPlainText())
    assert found, window.detail.estimates.toPlainText()
    return float(found.group(1).replace(",", "")), int(found.group(2).replace(",", ""))


def _type(qtbot, spin, text: str) -> None:  # type: ignore[no-untyped-def]
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


def test_a_typed_prompt_re_solves_and_the_wait_follows_it(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Left at 0 the field reads "typical (1,020 tokens)", the figure the wait is timed for (the median request of
    Azure's 2023 conversation trace); typing 8192 sends --prompt 8192, re-solves, and the Estimates tab's first token
    waits for 8,192 tokens, longer. The project keeps it: saved and reopened, the field and the request hold 8192."""
    panel = window.requirements
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(REQUEST)
    assert panel.prompt.value() == 0 and panel.prompt.text() == f"typical ({TYPICAL_PROMPT_TOKENS:,} tokens)"
    typical_s, typical_prompt = _first_token(window)
    assert typical_prompt == TYPICAL_PROMPT_TOKENS == 1020

    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        _type(qtbot, panel.prompt, "8192")
    assert window.session.request.workload.prompt == 8192
    stated_s, stated_prompt = _first_token(window)
    assert stated_prompt == 8192 and stated_s > typical_s * 4

    target = tmp_path / "prompt.llmrig"
    assert window._save_to(target)
    window.session.set_request(REQUEST, solve=False)
    assert panel.prompt.value() == 0
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window._open_path(target)
    assert panel.prompt.value() == 8192 and window.session.request.workload.prompt == 8192


def test_a_prompt_longer_than_the_context_is_marked_and_never_solved(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The context counts the prompt and the reply: a 40,000-token prompt in a 32k context is refused at the field
    (Workload's workload.prompt-over-context), and the request the solver has keeps no prompt."""
    panel = window.requirements
    window.session.set_request(REQUEST, solve=False)
    _type(qtbot, panel.prompt, "40000")
    assert panel.error.isVisible() and "longer than the context" in panel.error.text()
    assert window.session.request.workload.prompt is None
    _type(qtbot, panel.prompt, "0")
    assert not panel.error.isVisible() and panel.prompt.text().startswith("typical")


def _label_of(panel, field) -> str:  # type: ignore[no-untyped-def]
    """The label the requirements form shows beside `field`."""
    from PySide6.QtWidgets import QFormLayout

    labels = [f.labelForField(field) for f in panel.findChildren(QFormLayout) if f.labelForField(field) is not None]
    assert labels
    return str(labels[0].text())


def test_the_typical_prompt_assumption_names_the_prompt_field_not_the_cli_flag(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """window16's walk: the Estimates tab said "no --prompt given ... (give --prompt for your own)"; the window has a
    Prompt field, not flags."""
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(REQUEST)
    text = window.detail.estimates.toPlainText()
    assert "--prompt" not in text, text
    label = _label_of(window.requirements, window.requirements.prompt)
    assert label == "Prompt" and f"set the {label} field for your own" in text
    assert "typical 1,020-token prompt" in text
    # the builds' labels too: "llama.cpp's usual GGUF: no --precision given" named a flag in the table and header
    labels = [window.builds.item(r, 1).text() for r in range(window.builds.rowCount())]
    assert any("Weights left on auto" in label for label in labels), labels
    assert not any("--" in label for label in labels), labels


def test_the_typical_prompt_assumption_in_chinese_names_the_prompt_field(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt import i18n
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        window.show()
        with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
            window.session.set_request(REQUEST)
        text = window.detail.estimates.toPlainText()
        label = _label_of(window.requirements, window.requirements.prompt)
        assert "--prompt" not in text and f"“{label}”一栏" in text and label == "提示词", text
        window.session.dirty = False
        window.session.cancel()
        window.session.wait_idle()
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
