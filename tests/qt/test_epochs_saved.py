"""A saved fine-tuning request reopens with the dataset and epochs typed, not the total split by the field's default."""

from __future__ import annotations

from pathlib import Path

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.storage import projects
from configurator.storage.projects import Project

LORA = BuildRequest(
    model_id="qwen2.5-7b",
    workload=Workload(kind="finetune", method="lora", context=4096),
    currency="CNY",
    region="china",
    circuit="230v16a",
    budget=300000,
)


def test_the_dataset_and_epochs_come_back_as_typed(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Dr. Chen typed a 100 M-token dataset for 1 epoch (walk21, 2026-12-04) and saved; reopened after a restart the
    fields read 33.3 M tokens x 3.0 epochs (the request kept only the 100 M total, split by the field's default).
    The request now carries the epochs and the fields come back as he typed them."""
    panel = window.requirements
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.set_request(LORA, solve=False)
        window.session.solve_now()
    panel.epochs.setValue(1.0)
    panel.dataset_mtokens.setValue(100.0)
    typed = panel.current_request()
    assert typed.workload.tokens == 1e8 and typed.workload.epochs == 1.0
    path = tmp_path / "chen.llmrig"
    projects.save(Project(name="chen", requests=(typed,)), path)
    panel.epochs.setValue(3.0)  # a fresh window: the field's default
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.open_project(path)
    assert panel.epochs.value() == 1.0
    assert panel.dataset_mtokens.value() == 100.0
    assert panel.current_request().workload.tokens == 1e8


def test_a_request_without_epochs_keeps_its_tokens(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """A project saved before epochs were kept (or the command line's --tokens): the total is kept, split by the
    field's epochs as before."""
    panel = window.requirements
    old = LORA.model_copy(update={"workload": LORA.workload.model_copy(update={"tokens": 3e8})})
    panel.epochs.setValue(3.0)
    panel.load_request(old)
    assert panel.dataset_mtokens.value() == 100.0
    assert panel.current_request().workload.tokens == 3e8
    window.session.dirty = False
