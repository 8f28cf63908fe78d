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
    # on an open frame: since base39 a used HP Z440 with an RTX 2080 Ti 22GB (690 USD) is the cheapest in VRAM on
    # supported software under the default form and condition, so no MI50 build holds a claim there (rightly); the
    # builds from parts on a frame keep the MI50 (906 USD) and its supported rival, the 2080 Ti 22GB, as before
    request = BuildRequest(
        model_id="qwen3-32b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=1200,
        top_k=3,
        form="open-frame",
    )
    builds = plan(request, catalog).builds
    mi50 = next(b for b in builds if b.gpu_id == "mi50-32gb")
    english = phrases.why(mi50)
    assert "the cheapest whose cards hold it is NVIDIA GeForce RTX 2080 Ti 22GB (Chinese-market" in english, english
    with words.language("zh_CN"):
        chinese = phrases.why(mi50)
    assert "Chinese-market" not in chinese
    assert "最便宜的是 NVIDIA GeForce RTX 2080 Ti 22GB（国内魔改版，加显存）" in chinese
