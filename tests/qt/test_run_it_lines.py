"""The run-it box never wraps inside a command (round-32 note, item 7: at 1366 x 768 the Instinct MI50's box broke
"cmake --build" over two lines, which reads as two commands): each whole command is a line, scrolled sideways when it
is wider than the box, and what Copy takes still runs in a shell."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtWidgets import QPlainTextEdit

from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.qt.app import make_app
from configurator.qt.builds import LaunchCommand


def test_the_gfx906_build_steps_are_whole_lines_at_1366(qtbot, shipped_catalog) -> None:  # type: ignore[no-untyped-def]
    make_app([])
    model = shipped_catalog.records["models"]["qwen3-32b"]
    gpu = shipped_catalog.records["gpus"]["mi50-32gb"]
    result = estimate(model, Workload(kind="inference", precision="q4_k_m", context=4096), gpu, 1)
    launch = launch_command(model, result, gpu=gpu)
    assert "cmake --build" in launch["build"]  # the source build's second command
    box = LaunchCommand()
    qtbot.addWidget(box)
    box.resize(915, 120)  # the Parts page's width in a 1366 x 768 window
    box.show_build(SimpleNamespace(launch=launch))  # type: ignore[arg-type]
    box.show()
    qtbot.waitExposed(box)
    lines = box.command.toPlainText().split("\n")
    assert lines[1] == "cmake --build build --config Release", lines
    assert lines[0].endswith(" && \\") and lines[-1] == launch["command"]
    assert box.command.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap
    document = box.command.document()
    for i in range(document.blockCount()):
        assert document.findBlockByNumber(i).layout().lineCount() == 1, lines[i]
    assert box.command.horizontalScrollBar().maximum() > 0  # the configure line is wider than the box: it scrolls
    assert box.command.maximumHeight() >= 3 * box.command.fontMetrics().lineSpacing()
