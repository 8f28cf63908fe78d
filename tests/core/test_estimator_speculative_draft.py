"""`--speculative draft` (issue #29): a draft model of the target's tokenizer drafts k tokens, the target verifies them;
the gain from the sourced acceptance and the draft's own decode step, with a range that includes net losses."""

from __future__ import annotations

import pytest

from configurator.core.common.errors import RequestError
from configurator.core.common.shapes import EstimateJson
from configurator.core.estimate.estimator import estimate, llamacpp_build
from configurator.core.estimate.speculative import DRAFT_ACCEPTANCE, DRAFT_ACCEPTANCE_LOW, tokens_per_step
from configurator.core.estimate.speculative_draft import default_draft, with_draft
from configurator.core.estimate.workload import Workload
from configurator.core.launch.commands import launch_command


def _estimate(catalog, model: str, gpu: str, build: str = "2024-11", backend: str = "cuda", **kw: object):  # type: ignore[no-untyped-def]
    target = catalog.get("models", model)
    workload = with_draft(
        Workload(kind="inference", engine="llama.cpp", **kw),  # type: ignore[arg-type]
        target,
        catalog.records["models"],
    )
    return estimate(target, workload, catalog.get("gpus", gpu), 1, cal=llamacpp_build(build, backend))


def test_llama_31_8b_with_a_32_1b_draft_on_an_rtx_3060(catalog) -> None:  # type: ignore[no-untyped-def]
    # ggml-org/llama.cpp issue #5877 (oxfighterjet, 2024-11-19): RTX 3060 12GB, Llama 3.1 8B Instruct Q8_0, plain 32.49
    # t/s; with Llama 3.2 1B Instruct Q8_0 drafting 5 tokens (llama-speculative) 55.473 t/s, 1.71x
    common = {"precision": "q8_0", "context": 1024}
    plain = _estimate(catalog, "llama-3.1-8b", "rtx-3060-12gb", **common)
    spec = _estimate(catalog, "llama-3.1-8b", "rtx-3060-12gb", speculative="draft", draft_tokens=5, **common)
    assert plain.decode_tokens_per_s == pytest.approx(32.49, rel=0.10)
    assert spec.workload["draft_model"] == "llama-3.2-1b"  # the default draft: the same tokenizer, a fifth of the size
    assert spec.decode_tokens_per_s == pytest.approx(55.473, rel=0.30)
    low, high = spec.to_json()["ranges"]["speed.decode_tokens_per_s"]
    assert low <= 55.473 <= high
    # the range includes a net loss: at the low acceptance (PR #2926's counters) speculation is slower than plain
    assert low < plain.decode_tokens_per_s
    # the draft's weights and KV cache sit on the GPU
    assert spec.per_gpu_bytes - plain.per_gpu_bytes > 1.2 * 2**30


def test_acceptance_from_the_sources_counters() -> None:
    # issue #5877: n_predict 673, n_accept 526 -> 147 verified steps, 4.58 tokens a step at 5 drafts
    assert tokens_per_step(5, DRAFT_ACCEPTANCE) == pytest.approx(673 / (673 - 526), rel=0.01)
    # PR #2926 (70B F16 + 7B Q8_0, CPU): n_predict 129, n_accept 47 -> 1.57 tokens a step at 1.61 drafts a step
    assert 1 + DRAFT_ACCEPTANCE_LOW + 0.61 * DRAFT_ACCEPTANCE_LOW**2 == pytest.approx(129 / (129 - 47), rel=0.01)


def test_a_draft_too_slow_for_its_target_is_a_net_loss_at_long_drafts(catalog) -> None:  # type: ignore[no-untyped-def]
    # ggml-org/llama.cpp issue #25908 (build b10068, Vulkan, RDNA4): Qwen3-4B + Qwen3-0.6B "even at 0.9 acceptance spec
    # is slower than plain decode" with long drafts: a 0.6B draft is a sixth of a 4B target, not a tenth
    common = {"precision": "q4_k_m", "context": 2048, "speculative": "draft", "draft_model": "qwen3-0.6b"}
    short = _estimate(catalog, "qwen3-4b", "rx-9070-xt", "2026-07", "vulkan", draft_tokens=3, **common)
    long = _estimate(catalog, "qwen3-4b", "rx-9070-xt", "2026-07", "vulkan", draft_tokens=8, **common)
    plain = _estimate(catalog, "qwen3-4b", "rx-9070-xt", "2026-07", "vulkan", precision="q4_k_m", context=2048)
    assert long.decode_tokens_per_s is not None and short.decode_tokens_per_s is not None
    assert long.decode_tokens_per_s < short.decode_tokens_per_s
    assert long.decode_tokens_per_s < 1.2 * plain.decode_tokens_per_s  # little gain left at the central acceptance
    assert long.to_json()["ranges"]["speed.decode_tokens_per_s"][0] < 0.5 * plain.decode_tokens_per_s


def test_default_drafts_share_the_tokenizer(catalog) -> None:  # type: ignore[no-untyped-def]
    models = catalog.records["models"]
    assert default_draft(models["llama-3.1-70b"], models).id == "llama-3.1-8b"
    assert default_draft(models["qwen2.5-32b"], models).id in ("qwen2.5-3b", "qwen2.5-1.5b")
    assert default_draft(models["llama-3.2-1b"], models) is None


def test_a_named_draft_of_another_tokenizer_is_refused(catalog) -> None:  # type: ignore[no-untyped-def]
    models = catalog.records["models"]
    w = Workload(kind="inference", speculative="draft", draft_model="llama-3.2-1b")
    with pytest.raises(RequestError, match="--draft-model llama-3.2-1b: its vocabulary"):
        with_draft(w, models["qwen3-4b"], models)
    with pytest.raises(RequestError, match="--draft-model: unknown model"):
        with_draft(w.model_copy(update={"draft_model": "nope"}), models["qwen3-4b"], models)
    with pytest.raises(RequestError, match="--speculative draft"):
        with_draft(Workload(kind="inference", draft_model="qwen3-0.6b"), models["qwen3-4b"], models)


def test_without_a_draft_the_speed_is_plain_and_said(catalog) -> None:  # type: ignore[no-untyped-def]
    result = _estimate(catalog, "llama-3.2-1b", "rtx-3060-12gb", precision="q8_0", speculative="draft")
    plain = _estimate(catalog, "llama-3.2-1b", "rtx-3060-12gb", precision="q8_0")
    assert result.decode_tokens_per_s == plain.decode_tokens_per_s
    assert any(w.code == "warn.draft-missing" for w in result.warnings)


def test_launch_commands_name_the_draft(catalog) -> None:  # type: ignore[no-untyped-def]
    target = catalog.get("models", "llama-3.1-8b")
    result = _estimate(catalog, "llama-3.1-8b", "rtx-3060-12gb", precision="q8_0", speculative="draft", draft_tokens=4)
    command = launch_command(target, result)["command"]
    assert "-md Llama-3.2-1B-Q8_0.gguf" in command and "--spec-draft-n-max 4" in command
    w = with_draft(
        Workload(kind="inference", engine="vllm", precision="bf16", speculative="draft"),
        target,
        catalog.records["models"],
    )
    vllm = estimate(target, w, catalog.get("gpus", "h100-sxm"), 1)
    assert '"num_speculative_tokens": 3' in launch_command(target, vllm)["command"]


def test_cli_refuses_a_draft_of_another_tokenizer_with_exit_2() -> None:
    from tests.helpers import run_cli

    args = ("estimate", "--workload", "inference", "--model", "qwen3-4b", "--precision", "q4_k_m", "--gpu", "rtx-3090")
    run = run_cli(*args, "--speculative", "draft", "--draft-model", "llama-3.2-1b", "--json")
    assert run.code == 2
    assert "--draft-model llama-3.2-1b" in run.err and "Traceback" not in run.err
    ok = run_cli(*args, "--speculative", "draft", "--json")
    assert ok.code == 0, ok.err
    # the contract: a public JSON may gain documented keys (round 47 added "warnings" and "warning_codes"), never lose
    # or rename one; documented = core/common/shapes.EstimateJson, the shape tests/core/test_estimate_json.py holds
    said, documented = set(ok.json()), EstimateJson.__required_keys__ | EstimateJson.__optional_keys__
    assert {"memory", "speed", "time", "assumptions", "ranges", "assumption_codes"} <= said, said
    assert EstimateJson.__required_keys__ <= said <= documented, (sorted(said), sorted(documented))


def test_a_workload_with_its_draft_stays_hashable(catalog) -> None:  # type: ignore[no-untyped-def]
    # the planner memoises estimates on the workload (core/common/memo.py): the draft travels as its record's JSON
    models = catalog.records["models"]
    a = with_draft(Workload(kind="inference", speculative="draft"), models["llama-3.1-8b"], models)
    b = with_draft(Workload(kind="inference", speculative="draft"), models["llama-3.1-8b"], models)
    assert hash(a) == hash(b) and a == b
    assert a.draft_arch is not None and a.draft_arch.id == "llama-3.2-1b"
    assert "draft_record" not in a.model_dump() and a.model_dump()["draft_model"] == "llama-3.2-1b"
