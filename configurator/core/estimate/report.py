"""Plain-text rendering of an estimate, for the command line and logs."""

from __future__ import annotations

from configurator.core.catalog.models import Gpu, ModelArch
from configurator.core.estimate.result import BREAKDOWN_KEYS, EstimateResult
from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS

GIB = 1024**3


def _gib(value: float) -> str:
    return f"{value / GIB:8.2f} GiB"


def _hardware(gpus: int, gpu: Gpu | None) -> str:
    """'2 x RTX 3090'; a card of two GPUs is counted in cards and GPUs ('1 x ... (2 GPUs)')."""
    if gpu is None:
        return f"{gpus} x (no GPU given)"
    if gpu.gpus_per_card > 1:
        return f"{gpus // gpu.gpus_per_card} x {gpu.name} ({gpus} GPUs)"
    return f"{gpus} x {gpu.name}"


def format_estimate(result: EstimateResult, model: ModelArch, gpu: Gpu | None, explain: bool = False) -> str:
    w = result.workload
    lines = [
        f"{model.name}: {result.params_total / 1e9:.2f} B parameters"
        + (f" ({result.params_active / 1e9:.2f} B active)" if result.params_active != result.params_total else ""),
        f"workload: {w['kind']}, {w['precision']}"
        + (
            f", KV {w['kv_precision']}, engine {w['engine']}"
            if w["kind"] == "inference"
            else f", {w['method'] if w['kind'] == 'finetune' else 'full'}, {w['optimizer']}, {w.get('framework')}"
        )
        + f", context {w['context']}, batch {w['batch']}",
        f"hardware: {_hardware(result.gpus, gpu)}" + (f", split by {result.split}" if result.gpus > 1 else ""),
        "",
        "memory on the most loaded GPU:",
    ]
    peak = result.peak_gpu.breakdown
    for key in BREAKDOWN_KEYS:
        value = getattr(peak, key)
        if value:
            lines.append(f"  {key.replace('_', ' '):18} {_gib(value)}")
    lines.append(f"  {'total':18} {_gib(peak.total)}")
    if result.gpus > 1:
        lines.append(f"  all {result.gpus} GPUs together  {_gib(result.total_bytes)}")
    if result.host_ram_bytes:
        lines.append(f"  system RAM needed  {_gib(result.host_ram_bytes)}")
    if result.fits is not None:
        usable = result.peak_gpu.usable_bytes or 0
        verdict = "fits" if result.fits else "DOES NOT FIT"
        lines.append(
            f"  {verdict} in {usable / GIB:.1f} GiB usable per GPU (headroom {(usable - peak.total) / GIB:+.1f} GiB)"
        )
    if result.decode_tokens_per_s is not None:
        lines += ["", "speed:", f"  decode          {result.decode_tokens_per_s:8.1f} tokens/s per sequence"]
        if w["batch"] > 1 and result.aggregate_tokens_per_s:
            lines.append(f"  all sequences   {result.aggregate_tokens_per_s:8.1f} tokens/s")
        if result.prefill_tokens_per_s:
            lines.append(f"  prefill         {result.prefill_tokens_per_s:8.0f} tokens/s")
        if result.time_to_first_token_s:
            # the prompt the wait is timed for (estimator.waited_prompt_tokens), not the whole context
            waited = min(int(w.get("prompt") or TYPICAL_PROMPT_TOKENS), int(w["context"]))
            lines.append(f"  first token     {result.time_to_first_token_s:8.2f} s after a {waited}-token prompt")
    if result.training_flops is not None:
        lines += ["", "time:", f"  compute         {result.training_flops:.3g} FLOP"]
        if result.gpu_hours is not None:
            lines.append(f"  GPU-hours       {result.gpu_hours:,.0f}")
            lines.append(
                f"  wall clock      {result.wall_hours:,.1f} h ({(result.wall_hours or 0) / 24:,.1f} days) on {result.gpus} GPU(s)"
            )
        steady = result.steady_tokens_per_s
        if steady is not None:
            # the rate a throughput benchmark measures, with its own 80 % range (ranges.py, issue #29)
            low, high = result.to_json()["ranges"]["time.steady_tokens_per_s"]
            lines.append(f"  steady state    {steady:,.0f} tokens/s while stepping (80 % range {low:,.0f}-{high:,.0f})")
        if result.mfu is not None and result.peak_tflops:
            lines.append(
                f"  MFU             {result.mfu:.0%} of {result.gpus} x {result.peak_tflops:,.0f} TFLOPS dense bf16 "
                "over the wall time"
            )
    for warning in result.warnings:
        lines.append(f"warning: {warning}")
    if explain:
        lines += ["", "how this was computed:"]
        lines += [f"  [{s.topic}] {s.text}" for s in result.steps]
    lines += ["", "assumptions:"] + [f"  - {a}" for a in result.assumptions]
    return "\n".join(lines)
