"""The window's "Run it" names what runs the job in the window's language (the Chinese window said "运行命令 (Unsloth,
your script on one GPU)", round 25), and a long title wraps rather than widen the window past 1366 px."""

from __future__ import annotations

import pytest

from configurator.core.common.reasons import Reason, as_json, english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command
from configurator.core.model.build import Build
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.builds import LaunchCommand

NOTES = (
    Reason.of("launch.nf4-base", precision="gptq-int4"),
    Reason.of("launch.embeddings-counted"),
    Reason.of("launch.own-config", model="qwen3-14b", method="qlora"),
)
LONGEST = Reason.of("launch.torchtune", distributed=True, nodes=2, offload=True, notes=NOTES)
"""The longest title the launch builders write (1,473 px unwrapped in English)."""


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "<b>Run it</b> (Unsloth, your script on one GPU)"),
        ("zh_CN", "<b>运行命令</b>（Unsloth，在一张 GPU 上运行你的脚本）"),
    ],
)
def test_run_it_names_the_launch_in_the_windows_language(qtbot, shipped_catalog, language: str, shown: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app([])
    i18n.install(app, language)
    try:
        model, gpu = shipped_catalog.get("models", "llama-3.1-8b"), shipped_catalog.get("gpus", "rtx-4090")
        result = estimate(model, Workload(kind="finetune", method="qlora", framework="unsloth"), gpu, 1)
        launch = launch_command(model, result, gpu=gpu)
        widget = LaunchCommand()
        qtbot.addWidget(widget)
        widget.show_build(Build.model_construct(launch=launch))
        assert widget.title.text() == shown and not widget.isHidden()
        # a project saved before titles had codes shows the English it saved
        widget.show_build(Build.model_construct(launch={k: v for k, v in launch.items() if k != "engine_said"}))
        assert "Unsloth, your script on one GPU" in widget.title.text()
        longest = LaunchCommand()  # a fresh one: a layout keeps its last minimum until it is asked again
        qtbot.addWidget(longest)
        said = {"engine": english(LONGEST), "engine_said": as_json(LONGEST), "command": "tune run"}
        longest.show_build(Build.model_construct(launch=said))
        assert longest.minimumSizeHint().width() < 1366 // 2, longest.minimumSizeHint()
    finally:
        i18n.install(app, "en")
