"""A build whose prompts are its weakness says so: the first token's wait for a typical prompt, and why (round 47)."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu
from configurator.core.common.reasons import Reason, Value
from configurator.core.support.facts import has_matrix_units

ATTENTION_LIMIT_S = 10.0
"""A first token later than this is a weakness the build's explanation states: Jakob Nielsen's response-time limits
(nngroup.com/articles/response-times-3-important-limits/, 1993, re-read 2014): "10 seconds is about the limit for
keeping the user's attention focused on the dialogue". Round 47's walk: a Tesla P40 build for Llama 3.3 70B waited
14.6 s for a 1,020-token prompt, said only as a figure under its headline."""

HALF_AT_1_64 = (6.1,)
"""Compute capabilities whose native FP16 runs at 1/64 of FP32: the CUDA C++ Programming Guide's arithmetic-instruction
throughput table gives 16-bit floating-point add/multiply/multiply-add at 2 results per clock per SM on 6.1 (GP102,
GP104: Tesla P40, GTX 1080 Ti) against 128 FP32; 6.0 (GP100, the Tesla P100) runs it at twice FP32. llama.cpp
therefore runs a prompt's matmuls on such a card at its FP32 rate (dp4a for the quantized ones), without tensor cores."""


def slow_prefill_warning(gpu: Gpu, prompt: int, seconds: float, rate: float) -> Reason | None:
    """`warn.slow-prefill` when a `prompt`-token prompt waits over ATTENTION_LIMIT_S for its first token on `gpu`
    (`rate` the prefill's tokens/s); its fields say why when the card has no tensor/matrix units (and, on a 6.1 card,
    that its FP16 runs at 1/64), the text rendered from them in each language."""
    if seconds <= ATTENTION_LIMIT_S or rate <= 0:
        return None
    fields: dict[str, Value] = {
        "card": gpu.name,
        "prompt": prompt,
        "seconds": seconds,
        "rate": rate,
        "limit": ATTENTION_LIMIT_S,
    }
    if not has_matrix_units(gpu):
        fields["tflops"] = gpu.fp32_tflops
        fields["half_1_64"] = gpu.compute_capability in HALF_AT_1_64
    return Reason.of("warn.slow-prefill", **fields)
