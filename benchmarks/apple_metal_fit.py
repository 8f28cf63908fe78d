"""The Apple Metal decode constants (estimate/unified.py: the kernel shares and the fixed cost per layer), fitted and
cross-validated on the Apple decode rows of tests/data/fit_offload.toml, and scored on the Apple rows of
tests/data/holdout_offload.toml (apple34, issue #29).

    python benchmarks/apple_metal_fit.py [fit|show|loso]

fit:  for each per-layer cost on a 10 us grid, the quantized kernel share at which the quantized fit rows' measured /
      estimated have a geometric mean of 1, and its log-rms; then the F16 share the same way at the best cost.
show: every Apple decode row, fitted and held out, at the shipped constants.
loso: each source's rows scored with the constants the other sources' rows give (leave-one-source-out). A fold whose
      rows measure only two chips (XiongjieDai's M2 Ultra and M3 Max) pins the cost and the share exactly; its share
      runs into the bus (no chip streams above its peak, unified_bw_efficiency's min), which the fold reports as is.

The constants are module values (not a Calibration), so this script sets them on the module and clears the estimate
memo between trials; it never writes a file.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.common import memo
from configurator.core.estimate import unified
from configurator.storage import catalogs
from tests.reference import offload_prediction, offload_rows, source_group

CATALOG = catalogs.load(include_user=False).catalog
Row = dict[str, Any]
Scored = list[tuple[Row, float, float]]


def apple_rows(prefix: str) -> list[Row]:
    """The decode rows on an Apple system of tests/data/<prefix>_offload.toml."""
    out = []
    for row in offload_rows(prefix):
        if row["mode"] != "system":
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


def show(scored: Scored) -> None:
    for row, est, measured in scored:
        print(
            f"  {row['system'][:34]:34} {row['model']:14} {row['precision']:7} measured {measured:7.2f} "
            f"estimated {est:7.2f} {100 * (measured / est - 1):+6.1f} %  {row['source'].rsplit('/', 1)[-1]}"
        )
    errors = sorted(abs(e / m - 1) for _r, e, m in scored)
    n = len(errors)
    print(f"  {n} rows: median {100 * errors[n // 2]:.1f} %, p90 {100 * errors[min(n - 1, int(0.9 * n))]:.1f} %")


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "show"
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
