"""The Apple Metal decode constants (estimate/unified.py: the kernel shares and the fixed cost per layer), fitted and
cross-validated on the Apple decode rows of tests/data/fit_offload.toml, and scored on the Apple rows of
tests/data/holdout_offload.toml (apple34, issue #29).

    python benchmarks/apple_metal_fit.py [fit|show|loso|prefill-fit|prefill-show|prefill-loso]

fit:  for each per-layer cost on a 10 us grid, the quantized kernel share at which the quantized fit rows' measured /
      estimated have a geometric mean of 1, and its log-rms; then the F16 share the same way at the best cost.
show: every Apple decode row, fitted and held out, at the shipped constants.
loso: each source's rows scored with the constants the other sources' rows give (leave-one-source-out). A fold whose
      rows measure only two chips (XiongjieDai's M2 Ultra and M3 Max) pins the cost and the share exactly; its share
      runs into the bus (no chip streams above its peak, unified_bw_efficiency's min), which the fold reports as is.

prefill-fit:  the prompt constants (unified.APPLE_PREFILL_SHARE, APPLE_PREFILL_WEIGHT_FACTOR's block and K-quant
      factors, APPLE_NEURAL_ACCELERATOR_GAIN) on the Apple pp512 rows of fit_offload.toml (mode system_prefill): least
      squares on log(measured / estimated) over the chips without Neural Accelerators (the share and the two factors,
      with an offset per source other than #4167's: the estimate is proportional to each), then the gain on the M5 rows
      and Metal's expert half-rate rows (unified.APPLE_PREFILL_EXPERT_ROWS_HALF) on the MoE rows (metal37).
prefill-show: every Apple prompt row, fitted and held out, at the shipped constants.
prefill-loso: each source's prompt rows scored with the constants the other sources' rows give; a fold that leaves
      no row of a weight kind takes the other kind's factor, one without an M5 row Apple's 4x claim, one without an MoE
      row the CUDA-fitted expert figure (the line says).

The constants are module values (not a Calibration), so this script sets them on the module and clears the estimate
memo between trials; it never writes a file.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.common import memo
from configurator.core.estimate import unified
from configurator.core.estimate.estimator import CAL
from configurator.storage import catalogs
from tests.reference import offload_prediction, offload_rows, source_group

CATALOG = catalogs.load(include_user=False).catalog
Row = dict[str, Any]
Scored = list[tuple[Row, float, float]]


def apple_rows(prefix: str, mode: str = "system") -> list[Row]:
    """The decode rows (or `mode`'s: "system_prefill") on an Apple system of tests/data/<prefix>_offload.toml."""
    out = []
    for row in offload_rows(prefix):
        if row["mode"] != mode:
            continue
        if "apple" in CATALOG.get("systems", row["system"]).vendor.lower():  # type: ignore[union-attr]
            out.append(row)
    return out


def score(rows: list[Row], quant: float, f16: float, layer_s: float) -> Scored:
    """(row, estimated, measured) at these constants."""
    unified.APPLE_KERNEL_SHARE_QUANT, unified.APPLE_KERNEL_SHARE_F16 = quant, f16
    unified.APPLE_METAL_LAYER_S = layer_s
    memo.clear()
    return [(row, *offload_prediction(CATALOG, row)) for row in rows]


def _share_at(rows: list[Row], layer_s: float, f16: bool) -> float:
    """The share at which `rows` read a geometric mean of 1 (bisection; the estimate rises with the share)."""
    low, high = 0.5, 1.6
    for _ in range(20):
        mid = (low + high) / 2
        scored = score(rows, 1.0, mid, layer_s) if f16 else score(rows, mid, 1.0, layer_s)
        if sum(math.log(m / e) for _r, e, m in scored) > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def fit(rows: list[Row], quiet: bool = False) -> tuple[float, float, float]:
    """(quantized share, F16 share, per-layer seconds) fitted on `rows`."""
    quantized = [r for r in rows if r["precision"] != "fp16"]
    sixteen = [r for r in rows if r["precision"] == "fp16"]
    best: tuple[float, float, float] | None = None
    for us in range(40, 300, 10):
        share = _share_at(quantized, us * 1e-6, f16=False)
        scored = score(quantized, share, 1.0, us * 1e-6)
        rms = math.sqrt(sum(math.log(m / e) ** 2 for _r, e, m in scored) / len(scored))
        if not quiet:
            print(f"  {us:4d} us a layer: quantized share {share:.3f}, log-rms {rms:.4f}")
        if best is None or rms < best[0]:
            best = (rms, us * 1e-6, share)
    assert best is not None
    _rms, layer_s, share = best
    f16 = _share_at(sixteen, layer_s, f16=True) if sixteen else unified.APPLE_KERNEL_SHARE_F16
    return share, f16, layer_s


PrefillConstants = tuple[float, float, float, float, float]
"""(share, block factor, K-quant factor, Neural Accelerator gain, expert rows at half the dense rate)"""


def prefill_score(rows: list[Row], constants: PrefillConstants) -> Scored:
    """(row, estimated, measured) of prompt rows at these constants."""
    share, block, kquant, gain, rows_half = constants
    unified.APPLE_PREFILL_SHARE = share
    unified.APPLE_PREFILL_WEIGHT_FACTOR = {"16-bit": 1.0, "block": block, "k-quant": kquant}
    unified.APPLE_NEURAL_ACCELERATOR_GAIN = gain
    unified.APPLE_PREFILL_EXPERT_ROWS_HALF = rows_half
    memo.clear()
    return [(row, *offload_prediction(CATALOG, row)) for row in rows]


def _moe(row: Row) -> bool:
    return CATALOG.get("models", row["model"]).moe is not None  # type: ignore[union-attr]


def _accelerated(row: Row) -> bool:
    chip = CATALOG.get("systems", row["system"]).unified.chip  # type: ignore[union-attr]
    generation = unified.apple_generation(chip)
    return generation is not None and generation >= unified.APPLE_NEURAL_ACCELERATOR_FROM


REFERENCE_SOURCE = "github:ggml-org/llama.cpp"
"""The source whose level the share is read at: #4167 spans every M generation and builds up to 2026 (the M5 Max's
of June 2026), where XiongjieDai's rows are one build of May 2024; the others each carry an offset of their own."""
CUDA_ROWS_HALF = CAL.prefill_expert_rows_half
"""The experts' half-rate rows fitted on CUDA rows (estimator.Calibration): what a fold without an Apple MoE row takes."""
APPLE_AI_COMPUTE_CLAIM = 4.0
"""Apple's "over 4x the peak GPU compute for AI" of the M5 over the M4 (press release, 2025-10-15): the gain a fold
without an M5 row takes, a claim rather than a measurement."""


def prefill_fit(rows: list[Row]) -> tuple[PrefillConstants, str]:
    """The prompt constants fitted on `rows`, and what a fold lacked rows for. The estimate of a dense row is
    proportional to the share and to each factor (a prompt pass at 512 tokens is all matmul at the Metal rate), so one
    least-squares solve in logs at unit constants gives them: log(measured / estimated) = log share + log factor(weights)
    + an offset per source other than REFERENCE_SOURCE (a build's level is the source's, not the chip's: XiongjieDai's
    M1 Max reads 14-22 % below #4167's and normiebench's), so a factor comes from rows of one source and build (F16
    beside Q4_K_M on the same chip). Then the M5 gain on the M5 rows, and the experts' half-rate rows on the MoE rows,
    each read at its source's offset (bisection: the estimate rises with the rows' efficiency). Rows without a weight
    kind: the block and K-quant factors stand in for each other; without an M5 row the gain is Apple's claim
    (APPLE_AI_COMPUTE_CLAIM); without an MoE row the experts take the CUDA-fitted Calibration figure."""
    dense = [r for r in rows if not _accelerated(r) and not _moe(r)]
    held: dict[str, set[str]] = {}
    for r in dense:
        held.setdefault(source_group(r["source"]), set()).add(unified.metal_weight_class(r["precision"]))
    # a factor is read only where one source holds its kind beside another (else it and that source's offset are one)
    kinds = [k for k in ("block", "k-quant") if any(k in c and len(c) > 1 for c in held.values())]
    dense = [r for r in dense if unified.metal_weight_class(r["precision"]) in ("16-bit", *kinds)]
    scored = prefill_score(dense, (1.0, 1.0, 1.0, 1.0, CUDA_ROWS_HALF))
    classes = [unified.metal_weight_class(r["precision"]) for r, _e, _m in scored]
    groups = [source_group(r["source"]) for r, _e, _m in scored]
    reference = (
        REFERENCE_SOURCE
        if REFERENCE_SOURCE in groups
        else max(sorted(set(groups)), key=lambda g: (len(held[g]), groups.count(g)))
    )
    others = sorted({g for g in groups if g != reference})
    x = np.array(
        [
            [1.0] + [1.0 if c == k else 0.0 for k in kinds] + [1.0 if g == o else 0.0 for o in others]
            for c, g in zip(classes, groups, strict=True)
        ]
    )
    y = np.array([math.log(m / e) for _r, e, m in scored])
    solved = np.linalg.lstsq(x, y, rcond=None)[0]
    factor = dict(zip(kinds, np.exp(solved[1 : 1 + len(kinds)]), strict=True))
    offset = dict(zip(others, solved[1 + len(kinds) :], strict=True))
    lacked = [k for k in ("block", "k-quant") if k not in factor]
    block = float(factor.get("block", factor.get("k-quant", 1.0)))
    kquant = float(factor.get("k-quant", block))
    share = float(math.exp(solved[0]))

    def level(row: Row) -> float:
        """A row's source offset; a source the dense fit did not hold (an MoE row's only) reads at the reference."""
        return offset.get(source_group(row["source"]), 0.0)

    fast = [r for r in rows if _accelerated(r) and not _moe(r)]
    gain = APPLE_AI_COMPUTE_CLAIM
    if fast:
        at = prefill_score(fast, (share, block, kquant, 1.0, CUDA_ROWS_HALF))
        gain = math.exp(sum(math.log(m / e) - level(r) for r, e, m in at) / len(at))
    else:
        lacked.append("M5 gain: Apple's claim")
    moe = [r for r in rows if _moe(r)]
    rows_half = CUDA_ROWS_HALF
    if moe:
        low, high = 1.0, 512.0
        for _ in range(30):
            mid = math.sqrt(low * high)
            at = prefill_score(moe, (share, block, kquant, gain, mid))
            if sum(math.log(m / e) - level(r) for r, e, m in at) > 0:  # read slow: fewer rows to half the rate
                high = mid
            else:
                low = mid
        rows_half = math.sqrt(low * high)
    else:
        lacked.append("experts: the CUDA figure")
    return (share, block, kquant, gain, rows_half), ", ".join(lacked)


def show(scored: Scored) -> None:
    for row, est, measured in scored:
        print(
            f"  {row['system'][:34]:34} {row['model']:14} {row['precision']:7} measured {measured:7.2f} "
            f"estimated {est:7.2f} {100 * (measured / est - 1):+6.1f} %  {row['source'].rsplit('/', 1)[-1]}"
        )
    errors = sorted(abs(e / m - 1) for _r, e, m in scored)
    n = len(errors)
    print(f"  {n} rows: median {100 * errors[n // 2]:.1f} %, p90 {100 * errors[min(n - 1, int(0.9 * n))]:.1f} %")


def prefill_main(what: str) -> None:
    shipped: PrefillConstants = (
        unified.APPLE_PREFILL_SHARE,
        unified.APPLE_PREFILL_WEIGHT_FACTOR["block"],
        unified.APPLE_PREFILL_WEIGHT_FACTOR["k-quant"],
        unified.APPLE_NEURAL_ACCELERATOR_GAIN,
        unified.APPLE_PREFILL_EXPERT_ROWS_HALF,
    )
    rows = apple_rows("fit", "system_prefill")
    if what == "prefill-fit":
        (share, block, kquant, gain, rows_half), _kept = prefill_fit(rows)
        print(
            f"fitted on {len(rows)} rows: share {share:.3f} of the ALU rate (F16), block x{block:.3f}, "
            f"K-quant x{kquant:.3f}, Neural Accelerators x{gain:.2f}, experts at half rate from {rows_half:.1f} rows"
        )
    elif what == "prefill-loso":
        left_out: Scored = []
        for group in sorted({source_group(r["source"]) for r in rows}):
            out = [r for r in rows if source_group(r["source"]) == group]
            constants, kept = prefill_fit([r for r in rows if r not in out])
            share, block, kquant, gain, rows_half = constants
            print(
                f"{group} left out: share {share:.3f}, block x{block:.3f}, K-quant x{kquant:.3f}, gain x{gain:.2f}, "
                f"experts' half-rate rows {rows_half:.1f} "
                f"from the others{f' (no row left to fit, stood in: {kept})' if kept else ''}"
            )
            scored = prefill_score(out, constants)
            show(scored)
            left_out += scored
        print("every source left out")
        show(left_out)
    else:
        for prefix in ("fit", "holdout"):
            print(prefix)
            show(prefill_score(apple_rows(prefix, "system_prefill"), shipped))
    prefill_score([], shipped)  # the module as it was


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "show"
    if what.startswith("prefill"):
        prefill_main(what)
        return
    shipped = (unified.APPLE_KERNEL_SHARE_QUANT, unified.APPLE_KERNEL_SHARE_F16, unified.APPLE_METAL_LAYER_S)
    if what == "fit":
        quant, f16, layer_s = fit(apple_rows("fit"))
        print(f"fitted: {layer_s * 1e6:.0f} us a layer, quantized share {quant:.3f}, F16 share {f16:.3f}")
    elif what == "loso":
        rows = apple_rows("fit")
        left_out: Scored = []
        for group in sorted({source_group(r["source"]) for r in rows}):
            out = [r for r in rows if source_group(r["source"]) == group]
            quant, f16, layer_s = fit([r for r in rows if r not in out], quiet=True)
            print(f"{group} left out: {layer_s * 1e6:.0f} us, shares {quant:.3f} / {f16:.3f} from the others")
            scored = score(out, quant, f16, layer_s)
            show(scored)
            left_out += scored
        print("every source left out")
        show(left_out)
    else:
        for prefix in ("fit", "holdout"):
            print(prefix)
            show(score(apple_rows(prefix), *shipped))
    score([], *shipped)  # the module as it was


if __name__ == "__main__":
    main(sys.argv[1:])
