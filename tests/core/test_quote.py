"""Vendor quotes: read, matched to catalog ids, written as dated prices; prices older than six months flagged."""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl
import pytest

from configurator.core.catalog.quote import priced_records, read_quote, review
from configurator.core.common.errors import CatalogError
from configurator.core.model.build import BuildPart
from configurator.core.report import prices


def test_a_csv_quote_is_matched_by_id_and_by_name(catalog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    quote = tmp_path / "quote.csv"
    quote.write_text(
        'Part,Price,Date,Vendor,Condition\nrtx-3090,"$699.00",2026-03-02,Acme,used\n'
        "NVIDIA GeForce RTX 4090,1899,2026-03-02,Acme,new\nflux capacitor,5,2026-03-02,Acme,new\n",
        encoding="utf-8",
    )
    lines = review(catalog, read_quote(quote))
    assert [(line.row, line.amount, line.condition) for line in lines] == [
        (2, 699.0, "used"),
        (3, 1899.0, "new"),
        (4, 5.0, "new"),
    ]
    assert lines[0].chosen.id == "rtx-3090" and lines[0].chosen.score == 1.0
    assert lines[1].chosen is not None and lines[1].chosen.id == "rtx-4090"
    assert lines[2].chosen is None  # nothing in the catalog is a flux capacitor: the review starts it skipped
    records = priced_records(catalog, lines, "vendor quote quote.csv")
    gpu = next(r for r in records["gpus"] if r.id == "rtx-3090")
    price = gpu.prices[0]
    assert (price.amount, price.condition, price.date, price.note) == (
        699.0,
        "used",
        datetime.date(2026, 3, 2),
        "quoted by Acme",
    )


def test_an_xlsx_quote_reads_dates_and_numbers_from_cells(catalog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["part", "price", "date", "vendor", "currency"])
    sheet.append(["rtx-3090", 5200, datetime.datetime(2026, 2, 1), "Shenzhen Co", "CNY"])
    book.save(tmp_path / "quote.xlsx")
    (line,) = read_quote(tmp_path / "quote.xlsx")
    assert (line.amount, line.currency, line.date) == (5200.0, "CNY", datetime.date(2026, 2, 1))


def test_bad_lines_are_named_by_line_and_column(tmp_path: Path) -> None:
    quote = tmp_path / "bad.csv"
    quote.write_text(
        "part,price,date,vendor\nrtx-3090,free,2026-01-01,Acme\nrtx-3090,100,last week,Acme\n", encoding="utf-8"
    )
    with pytest.raises(CatalogError) as caught:
        read_quote(quote)
    found = [(p.line, p.field) for p in caught.value.problems]
    assert found == [(2, "price"), (3, "date")]
    (tmp_path / "nohead.csv").write_text("item,cost\nx,1\n", encoding="utf-8")
    with pytest.raises(CatalogError, match="no 'part' column"):
        read_quote(tmp_path / "nohead.csv")


def test_a_price_older_than_six_months_is_stale() -> None:
    today = datetime.date(2026, 3, 1)

    def part(seen: datetime.date | None, owned: int = 0) -> BuildPart:
        return BuildPart(
            category="gpu", id="x", name="X", quantity=1, owned=owned, unit_price=100.0, spec={}, price_date=seen
        )

    assert prices.is_stale(part(datetime.date(2025, 6, 1)), today)
    assert not prices.is_stale(part(datetime.date(2025, 12, 1)), today)
    assert not prices.is_stale(part(datetime.date(2025, 6, 1), owned=1), today)  # an owned part pays no price
    assert not prices.is_stale(part(None), today)
    assert prices.stale_text(part(datetime.date(2025, 6, 1)), today) == "price from 2025-06-01, 9 months old"
