"""Per part kind: priced records and how many have a newest price on or after a date (issue #30's freshness target).

    python benchmarks/price_freshness.py [--since 2026-06-01] [--catalogs DIR] [--currency USD]

`--currency` counts, per part, only the prices a buyer paying in that currency is quoted from (catalog.dates.quoted_from:
their own currency's where the part has one for a condition); without it any currency counts.

`--catalogs` reads another folder of catalog files (e.g. `git archive main catalogs | tar -x -C /tmp/before`),
so the numbers before and after a change come from the same script.
"""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path

from configurator.core.catalog.dates import catalog_date, freshness
from configurator.core.catalog.loader import load_catalog
from configurator.storage import catalogs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--since", type=datetime.date.fromisoformat, default=datetime.date(2026, 6, 1))
    parser.add_argument("--catalogs", type=Path, help="a folder of catalog TOML files (default: the shipped ones)")
    parser.add_argument("--currency", choices=("USD", "EUR", "CNY"), help="the buyer's currency (default: any)")
    args = parser.parse_args()
    if args.catalogs:
        catalog = load_catalog([sorted(args.catalogs.glob("*.toml"))]).catalog
    else:
        catalog = catalogs.load(include_user=False).catalog
    print(f"{'kind':12} {'records':>7} {'priced':>6} {'fresh':>5} {'share':>6}")
    rows = freshness(catalog, args.since, currency=args.currency)
    for row in rows:
        print(f"{row.kind:12} {row.records:7} {row.priced:6} {row.fresh:5} {row.share:6.0%}")
    priced, fresh = sum(r.priced for r in rows), sum(r.fresh for r in rows)
    print(f"{'all':12} {sum(r.records for r in rows):7} {priced:6} {fresh:5} {fresh / priced:6.0%}")
    print(f"catalog {catalog_date(catalog, currency=args.currency).text()}")


if __name__ == "__main__":
    main()
