"""The one rule for the precisions a request without --precision is solved at (solve/usual.py, round 38)."""

from __future__ import annotations

from configurator.core.common.reasons import english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve import relax
from configurator.core.solve.plan import USUAL_GGUF, USUAL_GGUF_USERS, USUAL_SERVED, quality_cost
from configurator.core.solve.usual import USUAL


def test_the_plan_reads_its_usual_formats_from_the_one_rule() -> None:
    """plan's names are the rule's fields, not copies that could drift apart."""
    assert (USUAL_GGUF, USUAL_GGUF_USERS, USUAL_SERVED) == (USUAL.gguf, USUAL.gguf_users, USUAL.served[0].precision)


def test_a_server_for_several_users_is_solved_at_fp8_and_at_a_4bit_checkpoint_unless_gpus_are_named() -> None:
    """An open request compares FP8 (the release's quality) with AWQ int4 (the bytes a Mac's Q4_K_M reads); a
    side-by-side of named GPUs stays at FP8, as the usual GGUF is not run for named GPUs."""
    assert [(s.precision, s.engine) for s in USUAL.served_for(named=False)] == [("fp8", "vllm"), ("awq-int4", "vllm")]
    assert [s.precision for s in USUAL.served_for(named=True)] == ["fp8"]
    assert USUAL.served_applies(5) and not USUAL.served_applies(4)
    assert USUAL.release_on_cards(4) and not USUAL.release_on_cards(16)


def test_the_cards_run_the_usual_gguf_at_any_number_of_users() -> None:
    """Qwen3-30B-A3B for 16 users: the plan runs Q4_K_M on cards too, so no way out says "use q4_k_m" of it; a
    precision named (or GPUs named) runs nothing at it."""
    sixteen = BuildRequest(model_id="qwen3-30b-a3b", workload=Workload(kind="inference", batch=16), budget=1500)
    assert relax.q4_already(sixteen)
    named = sixteen.model_copy(update={"workload": Workload(kind="inference", batch=16, precision="fp8")})
    assert not relax.q4_already(named)


def test_four_bits_say_what_they_cost_and_eight_say_nothing() -> None:
    """Q4_K_M: +4.83 % perplexity on Llama 3 70B (dranger003's table, llama.cpp PR #6745, as ranking.
    RELEASE_QUALITY_BITS quotes it); AWQ int4 (round 39): +2.71 % on Llama 2 70B, WikiText-2 at 2,048 tokens, FP16
    3.32 against AWQ W4A16 g128 3.41 (mit-han-lab/lmquant, projects/llm/README.md at 9d9b4b1, read 2026-12-06: the
    AWQ authors' table, the AWQ paper's Llama-2 figures); FP8 scores as the release: nothing."""
    (q4,) = quality_cost("q4_k_m")
    assert q4.code == "why.quality-cost" and q4.fields["ppl_pct"] == 4.83 and "6745" in str(q4.fields["source"])
    assert q4.fields["precision"] == "Q4_K_M"
    (awq,) = quality_cost("awq-int4")
    assert awq.code == "why.quality-cost" and awq.fields["precision"] == "AWQ int4"
    assert awq.fields["ppl_pct"] == round(100 * (3.41 / 3.32 - 1), 2) and awq.fields["model"] == "Llama 2 70B"
    assert "lmquant" in str(awq.fields["source"])
    assert english(awq) == (
        "4-bit weights: about +2.7 % perplexity over 16-bit ones (Llama 2 70B at AWQ int4: MIT Han Lab's AWQ W4A16 "
        "table, mit-han-lab/lmquant)"
    )
    assert quality_cost("fp8") == () and quality_cost("q8_0") == ()
