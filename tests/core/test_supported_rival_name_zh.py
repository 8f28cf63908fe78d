"""A card past its support names the supported rival by its catalog name; in Chinese the name's catalog note reads in
Chinese, as the table and the sheets give it (words.part_names): the window's Why shown line had read "……最便宜的是
NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market memory-modified)" for Qwen3 32B Q4_K_M at 1,200 USD (ui32b, round
32), the build table beside it "RTX 2080 Ti 22GB（魔改版）"."""

from __future__ import annotations

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import phrases, words
from configurator.core.solve.plan import plan


def test_the_supported_rival_is_named_in_chinese(catalog) -> None:  # type: ignore[no-untyped-def]
    # Round 48: at the 2026 used prices (round 45: an MI50 32GB 400 USD, 2026-03-06; a Tesla P100 16GB 72 USD,
    # 2026-07-31) the MI50 no longer holds a claim at 1,200 USD, on an open frame or not: its frame build is 1,156 USD
    # beside a P100 at 809 and a P40 at 1,016. The cheapest is the P100 (809 USD, some layers in RAM, past CUDA
    # support), and on supported software its claim names the used HP Z440 with the RTX 2080 Ti 22GB (930 USD, 21.6
    # tokens/s, #2): the same supported rival by the same catalog name, under the default form
    request = BuildRequest(
        model_id="qwen3-32b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1200,
        top_k=3,
    )
    builds = plan(request, catalog).builds
    past_support = next(b for b in builds if b.gpu_id == "tesla-p100-16gb-pcie")
    english = phrases.why(past_support)
    assert "on supported software the cheapest is NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market" in english, english
    with words.language("zh_CN"):
        chinese = phrases.why(past_support)
    assert "Chinese-market" not in chinese
    assert "最便宜的是 NVIDIA GeForce RTX 2080 Ti 22GB（国内魔改版，加显存）" in chinese
