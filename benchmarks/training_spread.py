"""Where the steady-state training rows miss: every steady-state row of a file scored at the shipped constants, split
by source, sequence length, active parameters, GPU count, measured MFU and recomputation (issue #29, steady37).

    python benchmarks/training_spread.py [holdout|reference]

A row's ratio is its measured GPU-hours over the estimate's (the steady-state scoring of tests/reference.py: restarts
and a whole run's losses taken off); beside each split's median, how many rows the shipped steady-state range
(ranges.STEADY_STATE_HOURS) holds and how many the range rule's answer on the stored folds would (RULE_ANSWER, printed
by `python benchmarks/accuracy.py --stored-cv --ranges training_gpu_hours`). Measured MFU is 6 x active matmul
parameters x tokens/s over the card's dense 16-bit peak (4 x for adapters): an outcome of the run, not an input the
estimate is given.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.estimate.params import count_params
from configurator.core.estimate.ranges import STEADY_STATE_HOURS
from tests.expert.runner import shipped_catalog
from tests.reference import kind_rows, source_group, training_gpu_hours

RULE_ANSWER = (0.899, 1.138)
"""The steady-state rule line on the stored folds of 2026-12-06 (tests/data/cv/training_gpu_hours.json)."""

Row = dict[str, Any]


def steady_rows(which: str) -> list[Row]:
    catalog = shipped_catalog()
    rows = kind_rows("training_gpu_hours", which)
    comparisons, _skipped = training_gpu_hours(catalog, rows)
    scored = iter(comparisons)
    out = []
    for row in rows:
        model, gpu = catalog.records["models"].get(row["model"]), catalog.records["gpus"].get(row["gpu"])
        if model is None or gpu is None:
            continue
        c = next(scored)
        if not row.get("steady_state"):
            continue
        n = count_params(model).matmul_active
        per_gpu = float(row["tokens"]) / (c.measured * 3600)
        full = row.get("workload", "pretrain") == "pretrain" or row.get("method", "full") == "full"
        peak = (gpu.bf16_tflops or gpu.fp16_tflops or 1.0) * 1e12
        out.append(
            {
                "source": source_group(row["source"]),
                "ratio": c.measured / c.estimated,
                "seq": int(row.get("sequence_length") or 4096),
                "params": n / 1e9,
                "gpus": int(row.get("gpus", 8)),
                "mfu": (6 if full else 4) * n * per_gpu / peak,
                "ckpt": int(bool(row.get("grad_checkpointing"))),
            }
        )
    return out


def inside(ratios: list[float], bounds: tuple[float, float]) -> int:
    return sum(bounds[0] <= r <= bounds[1] for r in ratios)


def split(rows: list[Row], name: str, key: Callable[[Row], float], bins: list[tuple[float, float, str]]) -> None:
    shipped = STEADY_STATE_HOURS
    print(f"  by {name}:")
    for low, high, label in bins:
        ratios = [r["ratio"] for r in rows if low <= key(r) < high]
        if ratios:
            print(
                f"    {label:>10}: {len(ratios):3d} rows, median {statistics.median(ratios):.3f} "
                f"({min(ratios):.2f}-{max(ratios):.2f}); inside shipped {inside(ratios, shipped)}, "
                f"rule's {inside(ratios, RULE_ANSWER)}"
            )


def main(which: str) -> None:
    rows = steady_rows(which)
    print(f"{which}: {len(rows)} steady-state rows; ratio = measured hours / estimated hours")
    print("  by source:")
    for source in sorted({r["source"] for r in rows}):
        ratios = [r["ratio"] for r in rows if r["source"] == source]
        print(f"    {source[:44]:44} {len(ratios):2d} rows, median {statistics.median(ratios):.3f}")
    big = 10.0**9
    split(
        rows,
        "sequence",
        lambda r: r["seq"],
        [(0, 2049, "<=2K"), (2049, 4097, "4K"), (4097, 8193, "8K"), (8193, 16385, "16K"), (16385, big, ">=32K")],
    )
    split(
        rows,
        "active params (B)",
        lambda r: r["params"],
        [(0, 3, "<3"), (3, 10, "3-10"), (10, 40, "10-40"), (40, big, ">=40")],
    )
    split(rows, "GPUs", lambda r: r["gpus"], [(1, 2, "1"), (2, 9, "2-8"), (9, 129, "16-128"), (129, big, ">128")])
    split(
        rows,
        "measured MFU",
        lambda r: r["mfu"],
        [(0, 0.3, "<30%"), (0.3, 0.4, "30-40%"), (0.4, 0.5, "40-50%"), (0.5, big, ">=50%")],
    )
    split(rows, "recomputation", lambda r: r["ckpt"], [(0, 1, "none"), (1, 2, "full")])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "holdout")
