"""The prompt constants of the unified-memory families other than Apple (estimate/unified.UNIFIED_PREFILL_FAMILIES: a
factor on llama.cpp's prompt rate and the expert kernels' half-rate rows), fitted on each family's prompt rows of
tests/data/fit_offload.toml and scored on its rows of tests/data/holdout_offload.toml (metal37, issue #29).

    python benchmarks/unified_prefill_fit.py

For each family: the factor is the geometric mean of measured / estimated over its dense fitted rows at factor 1; the
rows by bisection over its MoE fitted rows at that factor (the estimate rises with the rows' efficiency). Then every
fitted and held-out row of the family at the fitted constants, beside the shipped ones. The constants are module values:
the script sets them and clears the estimate memo between trials; it never writes a file.

The BF16 prompt on a family's Vulkan driver without bf16 (unified.UNIFIED_VULKAN_BF16, unified38) is fitted the same
way on the family's BF16 rows alone: the share of the fp32 vector rate on the dense ones, the expert rows on the MoE ones.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.common import memo
from configurator.core.estimate import unified
from configurator.storage import catalogs
from tests.reference import offload_prediction, offload_rows

CATALOG = catalogs.load(include_user=False).catalog
Row = dict[str, Any]


def family_rows(prefix: str, family: str) -> list[Row]:
    """The prompt rows of tests/data/<prefix>_offload.toml on a system whose chip is in `family`."""
    out = []
    for row in offload_rows(prefix):
        if row["mode"] != "system_prefill":
            continue
        chip = CATALOG.get("systems", row["system"]).unified.chip  # type: ignore[union-attr]
        if chip.startswith(family):
            out.append(row)
    return out


def _moe(row: Row) -> bool:
    return CATALOG.get("models", row["model"]).moe is not None  # type: ignore[union-attr]


def _quantized(row: Row) -> bool:
    return row["precision"] not in ("fp16", "bf16", "fp32")


def score(rows: list[Row], family: str, factor: float, rows_half: float) -> list[tuple[Row, float, float]]:
    unified.UNIFIED_PREFILL_FAMILIES[family] = (factor, rows_half)
    memo.clear()
    return [(row, *offload_prediction(CATALOG, row)) for row in rows]


def score_bf16(rows: list[Row], family: str, share: float, rows_half: float) -> list[tuple[Row, float, float]]:
    unified.UNIFIED_VULKAN_BF16[family] = (share, rows_half)
    memo.clear()
    return [(row, *offload_prediction(CATALOG, row)) for row in rows]


Scorer = Callable[[list[Row], str, float, float], list[tuple[Row, float, float]]]


def fit(rows: list[Row], family: str, scorer: Scorer = score) -> tuple[float, float]:
    dense = [r for r in rows if not _moe(r)]
    moe = [r for r in rows if _moe(r)]
    at = scorer(dense, family, 1.0, 114.0)
    factor = math.exp(sum(math.log(m / e) for _r, e, m in at) / len(at)) if at else 1.0
    low, high = 1.0, 512.0
    for _ in range(30):
        mid = math.sqrt(low * high)
        if sum(math.log(m / e) for _r, e, m in scorer(moe, family, factor, mid)) > 0:
            high = mid
        else:
            low = mid
    return factor, (math.sqrt(low * high) if moe else 114.0)


def show(scored: list[tuple[Row, float, float]]) -> None:
    for row, est, measured in scored:
        print(
            f"  {row['system'][:34]:34} {row['model']:16} {row['precision']:7} measured {measured:8.1f} "
            f"estimated {est:8.1f} {100 * (est / measured - 1):+6.1f} %"
        )
    quantized = [s for s in scored if _quantized(s[0])]
    for what, kept in (("all", scored), ("quantized (what the constants apply to)", quantized)):
        errors = sorted(abs(e / m - 1) for _r, e, m in kept)
        n = len(errors)
        if n:
            p90 = errors[min(n - 1, int(0.9 * n))]
            print(f"  {what}, {n} rows: median {100 * errors[n // 2]:.1f} %, p90 {100 * p90:.1f} %")


def main_bf16() -> None:
    for family, shipped in list(unified.UNIFIED_VULKAN_BF16.items()):
        fitted_rows = [r for r in family_rows("fit", family) if r["precision"] == "bf16"]
        held = [r for r in family_rows("holdout", family) if r["precision"] == "bf16"]
        share, rows_half = fit(fitted_rows, family, score_bf16)
        print(
            f"{family} BF16 on Vulkan: fitted share {share:.3f} of fp32, experts at half rate from {rows_half:.1f} rows"
        )
        for name, constants in (("before (the discrete-card rate)", None), ("shipped", shipped)):
            if constants is None:
                del unified.UNIFIED_VULKAN_BF16[family]
                memo.clear()
                fitted, kept = (
                    score(fitted_rows, family, *unified.UNIFIED_PREFILL_FAMILIES[family]),
                    score(held, family, *unified.UNIFIED_PREFILL_FAMILIES[family]),
                )
            else:
                fitted, kept = score_bf16(fitted_rows, family, *constants), score_bf16(held, family, *constants)
            print(f" {name}: fitted BF16 rows")
            show(fitted)
            print(f" {name}: held-out BF16 rows")
            show(kept)
        score_bf16([], family, *shipped)  # the module as it was


def main() -> None:
    for family, shipped in list(unified.UNIFIED_PREFILL_FAMILIES.items()):
        fitted_rows, held = family_rows("fit", family), family_rows("holdout", family)
        factor, rows_half = fit(fitted_rows, family)
        print(
            f"{family}: fitted factor x{factor:.3f}, experts at half rate from {rows_half:.1f} rows (shipped {shipped})"
        )
        for name, constants in (("before (factor 1, the CUDA rows)", (1.0, 114.0)), ("shipped", shipped)):
            print(f" {name}: fitted rows")
            show(score(fitted_rows, family, *constants))
            print(f" {name}: held-out rows")
            show(score(held, family, *constants))
        score([], family, *shipped)  # the module as it was


if __name__ == "__main__":
    main()
    main_bf16()
