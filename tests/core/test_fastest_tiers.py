"""'Fastest' where no --precision was given: the fastest of all at llama.cpp's usual GGUF says its format, the fastest at
the release's quality keeps a claim of its own, and the claim goes to the cheapest build within 3 % of the top speed
(solve.ranking._fastest_claim, _as_fast_for_less; solve.solver._as_fast_for_less). Checked on Llama 3.1 8B, whose
published speeds put one RTX 5090 at Q4 (~190-210 tok/s, smeltcore.com's Llama 3.1 8B on RTX 5090 recipe, read
2026-12-04) ahead of any BF16 build a buyer would sign for (one A100 40GB at ~75 with vLLM, johnmusgrave.com's vLLM
sweep, read 2026-12-04)."""

from __future__ import annotations

from typing import Any

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common import memo
from configurator.core.common.reasons import CLAIMS, Reason, english, from_json, render
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.solve.plan import plan
from configurator.core.solve.ranking import quantized, released_precision


def _fastest(build: dict[str, Any]) -> Reason | None:
    return next((r for r in map(from_json, build["claims"]) if r.code.startswith("claim.fastest")), None)


def _at_q4(build: dict[str, Any]) -> bool:
    return any(k["code"] == "kind.usual-gguf" for k in build["kinds"])


@pytest.fixture(scope="module")
def no_precision(catalog: Catalog) -> dict[str, Any]:
    memo.clear()
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"))
    return plan(request, catalog).to_json()


def test_the_fastest_of_all_is_one_card_at_q4_and_says_so(no_precision: dict[str, Any]) -> None:
    held = [(b, c) for b in no_precision["builds"] if (c := _fastest(b)) is not None]
    top = max(no_precision["builds"], key=lambda b: b["estimate"]["speed"]["decode_tokens_per_s"])
    overall = [(b, c) for b, c in held if c.fields.get("released") is None or c.fields.get("quantized") is not None]
    assert len(overall) == 1
    build, claim = overall[0]
    assert build is top and _at_q4(build)
    assert claim.fields["quantized"] == "Q4_K_M" and claim.fields["released"] == "BF16"
    assert build["total_price"] < 8000 and sum(p["quantity"] for p in build["parts"] if p["category"] == "gpu") == 1
    assert build["label"].startswith("fastest at Q4_K_M")


def test_the_fastest_at_release_quality_keeps_its_claim(no_precision: dict[str, Any]) -> None:
    released = [
        (b, c)
        for b in no_precision["builds"]
        if (c := _fastest(b)) is not None and c.fields.get("quantized") is None and c.fields.get("released")
    ]
    assert len(released) == 1
    build, claim = released[0]
    assert not _at_q4(build) and claim.fields["released"] == "BF16"
    rivals = [b for b in no_precision["builds"] if not _at_q4(b)]
    assert build["estimate"]["speed"]["decode_tokens_per_s"] == max(
        b["estimate"]["speed"]["decode_tokens_per_s"] for b in rivals
    )
    # since review34 the same machine's Q8_0 run (scored as the release, ranking.RELEASE_QUALITY_BITS) is kept beside
    # its Q4_K_M run, not dropped as its twin: one RTX 5090 at Q8_0 (134.4 tok/s) holds the claim, and its label says
    # the weights it runs
    assert build["label"].startswith("fastest at release quality")
    if any(k["code"] == "kind.release-on-cards" for k in build["kinds"]):
        assert "at Q8_0" in build["label"] and "Q8_0.gguf" in build["launch"]["command"]


def test_the_claim_goes_to_the_cheaper_card_within_3_percent(catalog: Catalog) -> None:
    """At Q4_K_M the RTX PRO 6000 Blackwell decodes 0.2 % faster than the RTX 5090 (the same 1,792 GB/s) for twice its
    price: the speed search finds both, and the 5090 holds "fastest", its why naming the dearer card and its gain.
    The gain was 0.2 % before prefill31 moved llama.cpp's prompt cost, 0.3 % (0.27 %) from then to round 46; hybrid47
    (round 47) counts decode's attention FLOPs at the decode depth, not the whole window, so the PRO 6000's extra SMs
    (188 against 170; FP32 125 against 104.8 TFLOPS) buy less of a mostly bandwidth-bound step: 0.24 %, the 5090 at 203.1 tokens/s either way
    (published ~190-210, smeltcore's recipe above). Well under the 3 % the estimate can tell: the claim is unmoved."""
    memo.clear()
    request = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    result = plan(request, catalog).to_json()
    (build,) = [b for b in result["builds"] if _fastest(b) is not None]
    claim = _fastest(build)
    assert claim is not None
    assert [p["id"] for p in build["parts"] if p["category"] == "gpu"] == ["rtx-5090"]
    assert claim.fields["dearer"] > 5000 and 0 < claim.fields["gain"] < 0.03
    assert "0.2 % faster" in english(claim)


def test_quantized_is_below_eight_bits_of_the_release() -> None:
    """Q4_K_M of a BF16 or FP8 release is a quality step; Q8_0 and vLLM's FP8 of BF16 weights are not."""
    bf16 = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"))
    fp8 = BuildRequest(
        model_id="minimax-m2", workload=Workload(kind="inference", precision="fp8"), precision_released=True
    )
    named = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="bf16"))
    assert released_precision(bf16) == "bf16" and released_precision(fp8) == "fp8"
    assert released_precision(named) is None  # a precision named: every build runs it

    class _Estimate:
        def __init__(self, precision: str) -> None:
            self.workload = {"precision": precision}

    class _Build:
        def __init__(self, precision: str) -> None:
            self.estimate = _Estimate(precision)

    def q(precision: str, request: BuildRequest) -> bool:
        return quantized(_Build(precision), request)  # type: ignore[arg-type]

    assert q("q4_k_m", bf16) and q("q4_k_m", fp8)
    assert not q("q8_0", bf16) and not q("fp8", bf16) and not q("bf16", bf16) and not q("fp8", fp8)
    assert not q("q4_k_m", named)


def test_the_words_in_english_and_chinese() -> None:
    speed = Reason.of("speed.user", tps=203.2)
    fast = Reason.of("claim.fastest", speed=speed, quantized="Q4_K_M", released="BF16", dearer=6205.0, currency="USD")
    fast = Reason.of(fast.code, **{**fast.fields, "gain": 0.0024})
    kept = Reason.of("claim.fastest-within-budget", speed=speed, released="FP8")
    assert render(fast, CLAIMS) == "fastest at Q4_K_M"
    assert render(kept, CLAIMS) == "fastest within budget at release quality"
    assert "with the weights at Q4_K_M, below the release's BF16" in english(fast)
    assert "one 6,205 USD dearer is 0.2 % faster" in english(fast)
    assert "at the release's quality (its FP8 weights" in english(kept)
    assert render(fast, words.ZH_CLAIMS) == "最快（Q4_K_M）"
    assert render(kept, words.ZH_CLAIMS) == "预算内最快（原版质量）"
    with words.language("zh_CN"):
        said = words.say(fast), words.say(kept)
    assert "低于原版 BF16" in said[0] and "只快 0.2%" in said[0]
    assert "保持原版质量" in said[1] and "FP8" in said[1]
