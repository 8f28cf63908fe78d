"""The count fields of Budget and site say their noun as a count is said (walk42): Mina's "Circuits" field read
"1 circuit(s)" at 1366 x 768 (shots/j1_06_scroll.png) beside "1 user" and "8 GPUs", and "Max GPUs" at one read
"1 GPUs". Each now takes the singular at one and the plural above it, as "Concurrent users" did; Chinese has one form."""

from __future__ import annotations

from configurator.qt import i18n


def test_circuits_and_max_gpus_say_one_and_many(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    assert panel.circuits.text() == "1 circuit"
    panel.circuits.setValue(2)
    assert panel.circuits.text() == "2 circuits"
    panel.circuits.setValue(1)
    assert panel.circuits.text() == "1 circuit"
    assert panel.max_gpus.text() == "8 GPUs"
    panel.max_gpus.setValue(1)
    assert panel.max_gpus.text() == "1 GPU"
    panel.max_gpus.setValue(4)
    assert panel.max_gpus.text() == "4 GPUs"


def test_the_chinese_window_says_them_in_chinese(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        panel = window.requirements
        assert panel.circuits.text() == "1 路电路"
        panel.circuits.setValue(2)
        assert panel.circuits.text() == "2 路电路"
        panel.max_gpus.setValue(1)
        assert panel.max_gpus.text() == "1 张 GPU"
        window.session.dirty = False
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
