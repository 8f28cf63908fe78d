"""The time to fill a window at its own length: the estimate's prompt pass against published depth sweeps.

    python benchmarks/fill_depth.py [--shares 0.5,0.7,1.0,...]

Two sources of prompts timed at their own length (rows marked "fill36" in tests/data):
  XiongjieDai's README (May 2024, llama.cpp without FlashAttention): pp 512, pp 4096, pp 8192 from an empty cache on one
    NVIDIA card (holdout_decode_speed.toml, beside the pp 512 rows of reference_decode_speed.toml) and on the M1 Max,
    M2 Ultra and M3 Max (holdout_offload.toml, system_prefill);
  ggml-org/llama.cpp benches/dgx-spark.md (build 6918, 2025-11-02, FlashAttention on): pp2048 @ d0..d32768 on the DGX
    Spark (holdout_depth.toml, system_prefill with `depth`, scored as the marginal rate of two prompt passes; its d0
    rows, an empty cache, in holdout_offload.toml).

It prints, for each share of the matmul rate the prompt's attention could run at (Calibration.prompt_attention_share),
the depth-ratio error per source (log of (estimate at N / estimate at the family's shortest prompt) over the same ratio
measured: the slope with depth, free of the family's own base error), and the leave-one-source-out choice: the share
fitted on one source scored on the other. Then the fill time itself on the rows that fill 4,096 tokens or more from
empty: N / the rate of a prompt of N tokens (what FILL reads since round 36) against N / the rate of a typical
1,020-token prompt (what it read in round 35), both against N / the measured rate.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.estimate.estimator import CAL, Calibration, estimate, llamacpp_build
from configurator.core.estimate.traffic import TYPICAL_PROMPT_TOKENS
from configurator.core.estimate.unified import system_gpu
from configurator.core.estimate.workload import Workload
from tests.expert.runner import shipped_catalog
from tests.reference import depth_rate

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
MARK = "fill36"


def _rows(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open("rb") as f:
        return list(tomllib.load(f)["rows"])


def _source(row: dict[str, Any]) -> str:
    return "dgx-spark" if "dgx-spark" in row["source"] else "XiongjieDai"


def _gpu(catalog: Any, row: dict[str, Any]) -> Any:
    if "system" in row:
        return system_gpu(catalog.get("systems", row["system"]), wired_fraction=1.0)
    return catalog.get("gpus", row["gpu"])


def _cal(row: dict[str, Any], share: float) -> Calibration:
    cal = llamacpp_build(row["llamacpp_date"], "cuda", None, CAL) if "llamacpp_date" in row else CAL
    return replace(cal, prompt_attention_share=share, llamacpp_ubatch=row.get("ubatch", cal.llamacpp_ubatch))


def _rate(catalog: Any, row: dict[str, Any], share: float, prompt: int | None = None) -> float:
    """The estimate's prefill rate for the row: a prompt of `prompt` tokens (the row's own by default) from empty, or
    the marginal rate after the row's `depth`."""
    tokens = int(prompt or row.get("prompt") or row["context"])
    w = Workload(kind="inference", precision=row["precision"], engine="llama.cpp", context=tokens, prompt=tokens)
    model, gpu, cal = catalog.get("models", row["model"]), _gpu(catalog, row), _cal(row, share)
    if row.get("depth") and prompt is None:
        return depth_rate(model, w, gpu, tokens, int(row["depth"]), cal)
    rate = estimate(model, w, gpu, int(row.get("gpus", 1)), cal=cal).prefill_tokens_per_s
    assert rate
    return rate


def families() -> list[list[dict[str, Any]]]:
    """Each machine, model and precision's rows, shortest prompt (or shallowest depth) first: the XiongjieDai NVIDIA
    families take their pp 512 row from reference_decode_speed.toml."""
    held = _rows("holdout_offload.toml") + _rows("holdout_depth.toml") + _rows("holdout_decode_speed.toml")
    marked = [r for r in held if MARK in r.get("notes", "")]
    base = {
        (r["gpu"], r["model"], r["precision"]): r
        for r in _rows("reference_decode_speed.toml")
        if "XiongjieDai" in r["source"]
        and r.get("gpus") == 1
        and r.get("context") == 512
        and "measured_prefill_tokens_per_s" in r
    }
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for r in marked:
        key = (r.get("system") or r["gpu"], r["model"], r["precision"])
        groups.setdefault(key, []).append(r)
    out = []
    for key, rs in groups.items():
        if key in base:
            rs = [base[key], *rs]
        out.append(sorted(rs, key=lambda r: (int(r.get("depth", 0)), int(r.get("prompt") or r["context"]))))
    return out


def ratio_errors(catalog: Any, share: float) -> dict[str, list[float]]:
    """Per source, log((estimate at N / at the family's first) / (measured at N / at its first))."""
    out: dict[str, list[float]] = {}
    for rows in families():
        first = rows[0]
        e0, m0 = _rate(catalog, first, share), float(first["measured_prefill_tokens_per_s"])
        for r in rows[1:]:
            e, m = _rate(catalog, r, share), float(r["measured_prefill_tokens_per_s"])
            out.setdefault(_source(r), []).append(math.log((e / e0) / (m / m0)))
    return out


def _said(errors: list[float]) -> str:
    return f"median |log error| {statistics.median(abs(x) for x in errors):.3f}, mean {statistics.mean(errors):+.3f}"


def fill_times(catalog: Any) -> None:
    """The fill time of N >= 4,096 tokens from empty: at its own length (round 36) and at the typical prompt's rate
    (round 35), each against N / the measured rate."""
    now, before = [], []
    for rows in families():
        for r in rows:
            tokens = int(r.get("prompt") or r["context"])
            if r.get("depth") or tokens < 4096:
                continue
            measured = tokens / float(r["measured_prefill_tokens_per_s"])
            own = tokens / _rate(catalog, r, CAL.prompt_attention_share)
            typical = tokens / _rate(catalog, r, CAL.prompt_attention_share, prompt=TYPICAL_PROMPT_TOKENS)
            now.append(own / measured - 1)
            before.append(typical / measured - 1)
            print(
                f"  {r.get('system') or r['gpu']:32} {r['model']:12} {r['precision']:7} {tokens:>6,}: measured "
                f"{measured:7.1f} s, own length {own:7.1f} s ({own / measured - 1:+.0%}), typical rate "
                f"{typical:7.1f} s ({typical / measured - 1:+.0%})"
            )

    def summary(errs: list[float]) -> str:
        ranked = sorted(abs(e) for e in errs)
        p90 = ranked[min(len(ranked) - 1, math.ceil(0.9 * len(ranked)) - 1)]
        return f"median {statistics.median(errs):+.1%} (|e| {statistics.median(ranked):.1%}, p90 {p90:.1%})"

    print(f"fill time, {len(now)} rows: own length {summary(now)}; typical rate {summary(before)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shares", default="0.4,0.5,0.6,0.7,0.85,1.0,1.2,1.5")
    args = parser.parse_args(argv)
    catalog = shipped_catalog()
    shares = [float(s) for s in args.shares.split(",")]
    table = {s: ratio_errors(catalog, s) for s in shares}
    for s, errs in table.items():
        print(f"share {s:4.2f}: " + "; ".join(f"{src} {_said(e)}" for src, e in sorted(errs.items())))
    sources = sorted(next(iter(table.values())))
    for held in sources:
        (fit,) = [src for src in sources if src != held]
        best = min(shares, key=lambda s: statistics.median(abs(x) for x in table[s][fit]))
        print(
            f"fitted on {fit}: share {best:.2f}; {held} held out: {_said(table[best][held])} "
            f"(at the shipped {CAL.prompt_attention_share:.2f}: {_said(table[CAL.prompt_attention_share][held])})"
        )
    fill_times(catalog)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
