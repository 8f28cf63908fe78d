"""The inputs an invalid request marks red come from its error's code and fields (#33), never from its words: a
message that mentions the deadline, QLoRA, GGUF and the engine marks only the fields the code names."""

from __future__ import annotations

from configurator.core.common.errors import InvalidInputError


def test_contradicting_engine_and_precision_mark_both_fields(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    panel.tabs.setCurrentIndex(0)
    panel.ram_offload.setChecked(False)
    panel.engine.setCurrentIndex(panel.engine.findData("vllm"))
    panel.precision.setCurrentIndex(panel.precision.findData("q4_k_m"))  # a GGUF type vLLM does not load
    assert not panel.error.isHidden() and "GGUF" in panel.error.text()
    assert set(map(id, panel._marked)) == {id(panel.engine), id(panel.precision)}
    panel.engine.setCurrentIndex(panel.engine.findData(None))
    assert panel.error.isHidden() and not panel._marked
    window.session.dirty = False


def test_an_unknown_gpu_id_marks_only_gpus(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    panel.only_gpus.setText("no-such-card")
    panel.only_gpus.editingFinished.emit()
    assert [id(w) for w in panel._marked] == [id(panel.only_gpus)]
    panel.only_gpus.setText("")
    panel.only_gpus.editingFinished.emit()
    window.session.dirty = False


def test_the_words_of_an_error_mark_nothing(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Reworded, or naming every other input, the message still marks only what its fields name."""
    panel = window.requirements
    panel.tabs.setCurrentIndex(2)  # pretraining: the deadline's tab
    words = "only gpus: the deadline, qlora, a gguf precision, the engine llama.cpp, the context and the budget"
    assert panel._fields_for(InvalidInputError("request.deadline-for-inference", ("deadline_hours",), words), ()) == [
        panel.deadline_days
    ]
    assert panel._fields_for(InvalidInputError("any.code", (), words), ()) == [panel.tabs]  # nothing named: the tabs
    assert panel._fields_for(None, ("budget",)) == [panel.budget]  # pydantic located it: its field
    window.session.dirty = False
