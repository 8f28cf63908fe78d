"""The window's title and its model list in Chinese: no English word left in either (walk20)."""

from __future__ import annotations

from configurator.qt import i18n


def _items(tree):  # type: ignore[no-untyped-def]
    for i in range(tree.topLevelItemCount()):
        family = tree.topLevelItem(i)
        for j in range(family.childCount()):
            yield family.child(j)


def test_the_title_and_the_model_list_read_chinese(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    """The Chinese window was titled "Untitled — LLM Rig Configurator" and listed Llama 4 Maverick as
    "400.0B (17.0B active)", its name elided to "Llama 4 Maveri..." with no tooltip that gave it whole."""
    from configurator.qt.app import make_app
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        assert window.windowTitle().startswith("未命名"), window.windowTitle()
        items = {item.data(0, 256): item for item in _items(window.requirements.picker.tree)}
        maverick = shipped_catalog.records["models"]["llama-4-maverick"]
        assert maverick.moe
        item = items["llama-4-maverick"]
        assert item.text(1) == f"{maverick.params_total_b:.1f}B（激活 {maverick.params_active_b:.1f}B）"
        assert "active" not in item.text(1)
        assert item.toolTip(0).startswith(f"{maverick.name}（llama-4-maverick）：{maverick.num_layers} 层")
        dense = items["llama-3.3-70b"]
        assert dense.text(1) == "70.0B"
        window.session.dirty = False
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again


def test_the_english_model_list_names_the_model_whole_in_its_tooltip(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    tree = window.requirements.picker.tree
    item = next(i for i in _items(tree) if i.data(0, 256) == "llama-3.3-70b")
    assert item.toolTip(0).startswith("Llama 3.3 70B Instruct (llama-3.3-70b): 80 layers")
    assert window.windowTitle().startswith("Untitled")
