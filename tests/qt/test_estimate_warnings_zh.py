"""The window says an estimate's warnings (round 47's warn.slow-prefill) in Chinese under zh_CN, with Chinese units:
merge47's Chinese template wrote the prefill rate as "token/s" where every other Chinese speed says "token/秒"
(round 48). The build is two Tesla P40 with Llama 3.3 70B at Q4_K_M, the case tests/core/test_slow_prefill.py holds
to the published P40 prefill (ggml-org/llama.cpp PR #4766)."""

from __future__ import annotations

import html
import re

import pytest

from configurator.core.solve.plan import plan
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.builds import BuildHeader, estimate_html
from tests.expert.runner import _argv, build_parser, build_request, workload_from_args

ASKED = "--model llama-3.3-70b --workload inference --precision q4_k_m --budget 2000 --condition used --gpu tesla-p40"
ENGLISH_UNIT = re.compile(r"\btok(en)?s?/s\b")


@pytest.fixture(scope="module")
def solved(shipped_catalog):  # type: ignore[no-untyped-def]
    ns = build_parser().parse_args(_argv(ASKED))
    model = shipped_catalog.records["models"][ns.model]
    request = build_request(ns, model.id, workload_from_args(ns))
    return request, plan(request, shipped_catalog, model=model).builds


@pytest.mark.parametrize(
    ("language", "said", "unit"),
    [
        ("en", "prompts are slow on the NVIDIA Tesla P40", "tokens/s of prefill"),
        ("zh_CN", "上的提示处理很慢", "token/秒"),
    ],
)
def test_the_p40s_slow_prompt_is_said_in_the_windows_language(  # type: ignore[no-untyped-def]
    qtbot, solved, language: str, said: str, unit: str
) -> None:
    request, builds = solved
    build = next(b for b in builds if any(w.code == "warn.slow-prefill" for w in b.estimate.warnings))
    app = make_app([])
    i18n.install(app, language)
    try:
        header = BuildHeader()
        qtbot.addWidget(header)
        header.show_build(build, request)
        tab = html.unescape(estimate_html(build))
        for text in (header.text(), tab):
            assert said in text and unit in text, text
        if language == "zh_CN":
            assert "估算警告" in tab
            for text in (header.text(), tab):
                warned = text[text.index(said) - 40 :]
                assert not ENGLISH_UNIT.search(warned), warned
    finally:
        i18n.install(app, "en")
