"""A build whose prompts are its weakness says the wait and why (round 47: estimate.slow_prefill).

Round 47's walk: Llama 3.3 70B at Q4_K_M on Tesla P40s (the cheapest used 24 GB card) showed its first token only as a
figure under the headline ("first token 11.2 s after a 1,020-token prompt"); nothing said that prompts are the card's
weakness or why. The P40 has no tensor cores and its native FP16 runs at 1/64 of FP32 (CUDA C++ Programming Guide,
arithmetic-instruction throughput: 2 half results per clock per SM on compute capability 6.1 against 128 FP32), so
llama.cpp reads a prompt at the FP32 rate. Published measurement the estimate is held to: llama.cpp on one Tesla P40,
LLaMA 7B Q4_0 pp512 912 tokens/s (ggml-org/llama.cpp PR #4766, 2024-01, the catalog's P40 note): scaled by the
active parameters to a 70B (6.74 / 70.6 of the work a token) that is ~87 tokens/s, 11.7 s for 1,020 tokens: past the
10 s a user's attention holds (Nielsen's response-time limits), as the warning says.
"""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.common.reasons import english
from configurator.core.estimate.estimator import estimate
from configurator.core.estimate.slow_prefill import ATTENTION_LIMIT_S
from configurator.core.estimate.workload import Workload
from configurator.core.report import words

CODE = "warn.slow-prefill"
P40_PP512_7B = 912.0  # ggml-org/llama.cpp PR #4766: Tesla P40, LLaMA 7B Q4_0, pp512 (the catalog's tesla-p40 note)
LLAMA_7B_B, LLAMA_70B_B = 6.74, 70.6  # parameters, billions (LLaMA 7B; Llama 3.3 70B)


def _q4(catalog: Catalog, gpu_id: str, cards: int) -> object:
    model, gpu = catalog.records["models"]["llama-3.3-70b"], catalog.records["gpus"][gpu_id]
    return estimate(model, Workload(kind="inference", precision="q4_k_m", engine="llama.cpp"), gpu, cards)  # type: ignore[arg-type]


def test_two_p40s_say_their_slow_prompt_and_its_cause_in_both_languages(catalog: Catalog) -> None:
    result = _q4(catalog, "tesla-p40", 2)
    [warning] = [w for w in result.warnings if w.code == CODE]  # type: ignore[attr-defined]
    fields = warning.fields
    assert fields["prompt"] == 1020 and fields["half_1_64"] is True and fields["tflops"] == pytest.approx(11.76)
    # the wait said is the estimate's own, and the estimate agrees with the published P40 prefill scaled to a 70B
    assert fields["seconds"] == pytest.approx(result.time_to_first_token_s)  # type: ignore[attr-defined]
    measured = P40_PP512_7B * LLAMA_7B_B / LLAMA_70B_B
    assert 0.75 * measured <= float(fields["rate"]) <= 1.25 * measured  # type: ignore[arg-type]
    assert float(fields["seconds"]) > ATTENTION_LIMIT_S  # type: ignore[arg-type]
    text = english(warning)
    assert text.startswith("prompts are slow on the NVIDIA Tesla P40: a 1,020-token prompt waits ") and "1/64" in text
    with words.language("zh_CN"):
        chinese = words.say(warning)
    assert chinese.startswith("NVIDIA Tesla P40 上的提示处理很慢") and "1/64" in chinese and "张量核心" in chinese
    # the Chinese prefill rate in the Chinese unit, as every other Chinese speed (merge47 had said "token/s" here)
    assert f"（预填充 {float(fields['rate']):,.0f} token/秒）" in chinese and "/s" not in chinese, chinese  # type: ignore[arg-type]


def test_a_p100_is_not_said_to_run_fp16_at_a_64th_and_3090s_are_not_warned(catalog: Catalog) -> None:
    p100 = [w for w in _q4(catalog, "tesla-p100-16gb-pcie", 3).warnings if w.code == CODE]  # type: ignore[attr-defined]
    for warning in p100:  # GP100 (6.0) runs FP16 at twice FP32: no tensor cores, but no 1/64 either
        assert warning.fields["half_1_64"] is False and "1/64" not in english(warning)
    assert [w for w in _q4(catalog, "rtx-3090", 2).warnings if w.code == CODE] == []  # type: ignore[attr-defined]
