"""A build's next steps up (core solve.next_step: one more card, the next rung of the seed's upgrade route) in the
window: the Estimates and Buy-or-rent tabs say them from their codes in the window's language, "Plan this machine"
plans the step's whole machine; the first token's prompt and a training job's verdict read as the core computes them."""

from __future__ import annotations

import argparse

from PySide6.QtCore import QUrl

from configurator.core.common.reasons import english, from_json
from configurator.core.model.args import add_plan_options, build_request, workload_from_args
from configurator.core.model.request import BuildRequest
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.costs import job_headline

MINA = [
    "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m", "--context", "32768",
    "--budget", "2500", "--currency", "USD", "--circuit", "120v15a", "--room", "home-office", "--own", "rtx-3090",
]  # fmt: skip
"""Mina's journey (docs/user-journeys.md): her own 3090 and the 2,500 USD she asks with."""

MINA_SECOND_3090 = [
    "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m", "--context", "32768",
    "--budget", "2800", "--currency", "USD", "--circuit", "120v15a", "--room", "home-office", "--own", "rtx-3090",
    "--gpu", "rtx-3090",
]  # fmt: skip
"""Mina's journey with a second 3090 bought, the 4090 the route's next rung. Since round 47 (land47's mixes at q8_0
KV) her 2,500 USD plan buys a used RTX A5000 beside her 3090 (2,457.88 USD, 13.0 tok/s, the A5000 at a 2025-09
estimate of 1,300), and a build of mixed cards has no next step (solve.next_step leaves mixes out); so the steps are
asked of the build that still has them: a second 3090 (--gpu rtx-3090), 2 x 3090 at q8_0 KV 2,787.88 USD (the used
3090 at 1,550, 2026-10-09), 14.2 tok/s, asked at 2,800."""


def _request(argv: list[str]) -> BuildRequest:
    parser = argparse.ArgumentParser()
    add_plan_options(parser)
    args = parser.parse_args(argv)
    return build_request(args, args.model, workload_from_args(args))


def _solve(qtbot, window, request: BuildRequest):  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        window.session.set_request(request)
    return blocker.args[0]


def test_estimates_and_buy_or_rent_say_the_next_steps_and_plan_one(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    result = _solve(qtbot, window, _request(MINA_SECOND_3090))
    build = window.session.selected_build
    assert build is result.builds[0] and build.gpu_id == "rtx-3090" and build.gpu_count == 2
    kinds = [step["kind"] for step in build.next_steps]
    assert kinds == ["add", "swap"], kinds
    said = [english(from_json(step["said"])) for step in build.next_steps]  # as `llm-rig plan` prints them
    estimates = window.detail.estimates.toPlainText()
    costs = window.detail.buy_or_rent.text.toPlainText()
    for line in said:
        assert line in estimates and line in costs
    assert "Next step up" in estimates and window.detail.estimates.toHtml().count('href="step:') == 2
    # the add step says what upgrade.one-more said, with the card's price: "Other upgrades" does not repeat it
    grow = estimates.split("Other upgrades", 1)[-1]
    assert "Room to grow" not in estimates  # the heading is no label's claim (walk19)
    assert "one more NVIDIA GeForce RTX 3090" not in grow
    # the buy-or-rent figures come first, the steps above the assumptions
    assert costs.index("Break-even") < costs.index("Next step up") < costs.index("Assumptions")
    swap = build.next_steps[1]
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        window.detail.estimates.anchorClicked.emit(QUrl("step:1"))
    asked = window.session.request
    assert asked.gpu_ids == (swap["gpu"],) and asked.max_gpus == swap["gpus"] and asked.exact_gpus
    assert requirements_show(window, swap["gpu"])
    planned = blocker.args[0]
    assert planned.builds and all(b.gpu_id == swap["gpu"] and b.gpu_count == swap["gpus"] for b in planned.builds)


def requirements_show(window, gpu_id: str) -> bool:  # type: ignore[no-untyped-def]
    """The panel shows the step's request: its card under Only GPUs, its count, exactly."""
    panel = window.requirements
    return gpu_id in panel.only_gpus.text() and panel.exact_gpus.isChecked()


def test_first_token_names_the_prompt_the_estimate_times(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _solve(qtbot, window, _request(MINA))
    text = window.detail.estimates.toPlainText()
    # no --prompt: the first token is timed for a typical 1,020-token prompt (the median of Azure's 2023 conversation
    # trace; the estimate's own step says so), not 32k; written 1,020 as the Prompt field says it (walk15)
    assert "after a 1,020-token prompt" in text and "32,768-token prompt" not in text


def test_a_training_jobs_verdict_is_the_cores_in_english(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    request = _request(
        ["--model", "llama-3.1-70b", "--workload", "finetune", "--method", "qlora", "--budget", "8000",
         "--currency", "USD", "--tokens", "20000000", "--gpus", "4"]
    )  # fmt: skip
    result = _solve(qtbot, window, request)
    # the "cheapest" trains several times slower than the fastest within budget (advice11's case: 2 x P40 12.5x slower
    # than #3): said under its label, not only in a tooltip. Since label41 a cheapest on unvalidated software (two Arc
    # A770, SUP-11) is set aside, so the 35,000 CNY two-card request's cheapest (2 x 4060 Ti) is within 3x and says no
    # "slower"; with four cards and 8,000 USD the cheapest pair (2080 Ti 22GB or 4060 Ti) is 3.6-4.4x slower than 4 x A5000
    # (cheap42: the 4060 Ti pair, 4.5x slower, is #2 behind the Arc pair its label sets aside)
    cheapest = next(b for b in result.builds if any(c.code == "claim.cheapest" for c in b.claims))
    window.header.show_build(cheapest, request)
    slower = cheapest.slower
    assert slower is not None and english(slower) in window.header.text()
    # once: the warning line, not the Why line too (walk18), however wide the window leaves that line uncut
    window.header.resize(5000, window.header.height())
    window.header.show_build(cheapest, request)
    assert window.header.text().count(english(slower)) == 1
    costs = window.detail.buy_or_rent.costs
    assert costs is not None and costs.job is not None and costs.job.rental_cost is not None
    assert job_headline(costs.job, costs.purchase, costs.currency) == costs.job.headline
    assert costs.job.headline in window.detail.buy_or_rent.text.toPlainText()


def test_next_steps_and_the_job_read_chinese(qtbot, shipped_catalog, messages) -> None:  # type: ignore[no-untyped-def]
    from configurator.qt.main_window import MainWindow
    from configurator.qt.session import Session

    app = make_app([])
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        window = MainWindow(Session(catalog=shipped_catalog))
        qtbot.addWidget(window)
        window.show()
        _solve(qtbot, window, _request(MINA_SECOND_3090))
        estimates = window.detail.estimates.toPlainText()
        assert "下一步升级" in estimates and "规划这台机器" in estimates
        assert "再加一张" in estimates and "换成" in estimates
        assert (
            "add one more" not in estimates and "Next step up" not in estimates and "Plan this machine" not in estimates
        )
        assert "1020 token 提示词后" in estimates
        costs = window.detail.buy_or_rent.text.toPlainText()
        assert "再加一张" in costs
        job = _solve(
            qtbot,
            window,
            _request(
                ["--model", "llama-3.1-70b", "--workload", "finetune", "--method", "qlora", "--budget", "35000",
                 "--currency", "CNY", "--region", "china", "--tokens", "20000000"]
            ),
        )  # fmt: skip
        assert job.builds
        text = window.detail.buy_or_rent.text.toPlainText()
        assert "一次性任务" in text and "one-off job" not in text
        window.session.dirty = False
        window.session.cancel()
        window.session.wait_idle()
    finally:
        i18n.install(app, "en")


def test_a_click_on_the_highlighted_match_chooses_it(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Typing "llama 3.3" highlights Llama 3.3 70B; a click on it (the current item already) chose nothing, and the
    window went on solving the model before under a list that showed the new one selected (the xdotool walk)."""
    from PySide6.QtCore import Qt

    picker = window.requirements.picker
    before = window.session.request.model_id
    picker.search.clear()
    qtbot.keyClicks(picker.search, "llama 3.3")
    item = picker.tree.currentItem()
    assert item.data(0, Qt.ItemDataRole.UserRole) == "llama-3.3-70b" != before
    assert window.session.request.model_id == before  # highlighted, not chosen
    rect = picker.tree.visualItemRect(item)
    with qtbot.waitSignal(window.session.request_changed, timeout=10_000):
        qtbot.mouseClick(picker.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.request.model_id == "llama-3.3-70b"


def test_the_last_users_wait_stands_beside_the_first_token(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Qwen2.5 32B for 20 users at 2,000 USD: 2 x 2080 Ti 22GB is "fastest within budget but first token after
    130 s", and its Estimates tab said "First token 6.55 s" only; the last of the 20 users' wait is PROMPT's figure."""
    result = _solve(
        qtbot,
        window,
        # 4k prompts stated: at the typical 1,020-token prompt no build within 2,000 USD keeps the last user waiting
        _request(["--model", "qwen2.5-32b", "--workload", "inference", "--precision", "q4_k_m", "--batch", "20",
                  "--prompt", "4096", "--budget", "2000", "--currency", "USD"]),
    )  # fmt: skip
    waits = [(b, c.num("wait_s")) for b in result.builds for c in b.claims if c.fields.get("wait_s") is not None]
    assert waits, [b.label for b in result.builds]
    build, wait = waits[0]
    window.session.select(result.builds.index(build))
    text = window.detail.estimates.toPlainText()
    assert f"first token after {wait:.0f} s" in build.label
    assert "Last of 20 users" in text and f"{wait:,.0f} s when all send a 4,096-token prompt at once" in text


def test_the_vram_chart_counts_the_cards_as_the_slot_map_does(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Mina's two 3090s were "GPU 0" and "GPU 1" on the VRAM tab and "GPU 1" and "GPU 2" on the slot map. Round 49
    (ownkv49): her plan's cheapest is now an Arc Pro B60 Dual without her card (the q8_0 search without it), so the
    build on her 3090 and a second card is selected by what it is, not by its place."""
    result = _solve(qtbot, window, _request(MINA))
    mine = next(b for b in result.builds if any(p.owned for p in b.parts if p.category == "gpu") and b.gpu_count == 2)
    window.session.select(result.builds.index(mine))
    axis = window.detail.vram_chart.plot.getAxis("bottom")
    drawn = [text for level in (axis._tickLevels or []) for _value, text in level if text]
    mapped = sorted({text.split(":")[0] for _slot, text in window.detail.slot_map.rows if text.startswith("GPU ")})
    assert drawn == ["GPU 1", "GPU 2"] == mapped


def test_the_country_dialog_says_its_chinese_once_in_a_chinese_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The first-run dialog carries a Chinese line for a window not yet in Chinese; in a Chinese window it said the
    same thing twice (the Xvfb walk under LANG=zh_CN)."""
    from PySide6.QtWidgets import QLabel

    from configurator.qt.dialogs import CountryDialog

    app = make_app([])
    try:
        for language, lines in (("en", 2), ("zh_CN", 1)):
            i18n.install(app, language)
            dialog = CountryDialog()
            qtbot.addWidget(dialog)
            intro = dialog.findChildren(QLabel)[0].text()
            assert intro.count("\n") + 1 == lines and dialog.windowTitle().count("机器在哪里使用") == 1
    finally:
        i18n.install(app, "en")
