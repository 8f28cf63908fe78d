"""Print every reference row with the estimate and its error, and the median per kind.

    python benchmarks/accuracy.py [inference_memory|finetune_memory|decode_speed|training_gpu_hours]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.storage import catalogs  # noqa: E402
from tests.reference import ALL, TARGETS, median_abs_error  # noqa: E402


def main(argv: list[str]) -> int:
    catalog = catalogs.load(include_user=False).catalog
    kinds = argv or list(ALL)
    for kind in kinds:
        comparisons, skipped = ALL[kind](catalog)
        print(f"== {kind}: {len(comparisons)} rows compared, {len(skipped)} skipped")
        for c in sorted(comparisons, key=lambda c: c.error):
            print(f"  {c.error:+7.1%}  est {c.estimated:12.4g}  meas {c.measured:12.4g}  {c.label}")
        for s in skipped:
            print(f"  skipped: {s.label}: {s.reason}")
        if comparisons:
            print(f"  median |error| {median_abs_error(comparisons):.1%} (target <= {TARGETS[kind]:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
