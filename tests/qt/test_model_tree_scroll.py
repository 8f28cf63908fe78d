"""After a restart (a project reopened or recovered) the model list shows the project's model selected and in view,
wherever the list sits and at 1366 x 768 as at 1600 x 1000 (walk19: the list stood on the Qwen family instead)."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt.app import make_app
from configurator.storage import projects
from configurator.storage.projects import Project

MODELS = ("mixtral-8x7b", "llama-3.3-70b", "deepseek-r1", "gemma-3-27b", "qwen2.5-32b", "llama-3.1-8b")


def _in_view(picker, model_id: str) -> bool:  # type: ignore[no-untyped-def]
    item = picker.tree.currentItem()
    assert item is not None and item.data(0, 0x0100) == model_id, "the project's model is not the selected one"
    assert item.isSelected()
    rect = picker.tree.visualItemRect(item)
    view = picker.tree.viewport().rect()
    return rect.isValid() and view.contains(rect.topLeft()) and view.contains(rect.bottomLeft())


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
@pytest.mark.parametrize("model_id", MODELS)
def test_a_reopened_projects_model_is_selected_and_in_view(  # type: ignore[no-untyped-def]
    qtbot, shipped_catalog, messages, tmp_path: Path, model_id: str, size: tuple[int, int]
) -> None:
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    make_app([])
    if model_id not in shipped_catalog.records["models"]:
        pytest.skip(f"{model_id} not in the shipped catalog")
    path = tmp_path / "lab.llmrig"
    request = BuildRequest(model_id=model_id, workload=Workload(kind="inference", precision="q4_k_m"))
    projects.save(Project(name="lab", requests=(request,)), path)
    window = MainWindow(Session(catalog=shipped_catalog))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.open_project(path)  # File > Open recent after the restart
    qtbot.wait(50)  # the layout settles (a queued resize), as a person sees it
    picker = window.requirements.picker
    assert _in_view(picker, model_id)
    window.session.dirty = False
    window.session.cancel()
    window.session.wait_idle()


@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
@pytest.mark.parametrize("model_id", MODELS)
def test_at_start_the_model_is_selected_and_in_view(  # type: ignore[no-untyped-def]
    qtbot, shipped_catalog, messages, model_id: str, size: tuple[int, int]
) -> None:
    """The window made with its project's request already set (a start that restores the last work): the model is
    chosen before the list is on screen, where Qt scrolls nothing; it must still be in view once shown."""
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    make_app([])
    session = Session(catalog=shipped_catalog)
    session.project = Project(
        name="lab", requests=(BuildRequest(model_id=model_id, workload=Workload(kind="inference")),)
    )
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    picker = window.requirements.picker
    assert _in_view(picker, model_id)
    window.session.dirty = False


@pytest.mark.slow
def test_a_project_with_the_model_already_selected_brings_it_back_into_view(  # type: ignore[no-untyped-def]
    qtbot, shipped_catalog, messages, tmp_path: Path
) -> None:
    """The list scrolled away to the Qwen families (a wheel over it), then a project of the model already selected
    opened (or recovered after a restart): the selection did not change, so Qt scrolled nothing and the list stayed
    on Qwen with the project's model out of sight."""
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    make_app([])
    window = MainWindow(Session(catalog=shipped_catalog))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    picker = window.requirements.picker
    model_id = window.session.request.model_id
    qtbot.wait(50)  # shown and laid out
    bar = picker.tree.verticalScrollBar()
    bar.setValue(bar.maximum())  # the Qwen families at the bottom of the list
    qtbot.wait(20)
    assert not _in_view(picker, model_id)
    path = tmp_path / "same.llmrig"
    projects.save(Project(name="same", requests=(window.session.request,)), path)
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000):
        window.session.open_project(path)
    qtbot.wait(50)
    assert _in_view(picker, model_id)
    window.session.dirty = False
    window.session.cancel()
    window.session.wait_idle()
