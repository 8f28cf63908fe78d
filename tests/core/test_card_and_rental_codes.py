"""A build's cards (card.*) and why a rental was or was not matched (rental.*) are codes with typed fields (#33): the
builds table, the comparison, the map, the sheet's summary and a cluster's size curve render them in the reader's
language, and no sentence of theirs is parsed back through report.phrases' patterns."""

from __future__ import annotations

import re

from configurator.core.common.reasons import EN, Reason, english
from configurator.core.costs.tco import RentalSearch, _searched
from configurator.core.report import words
from configurator.core.report.fit import cards_said, short_gpu_said

MODIFIED = "NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)"


def test_a_modified_card_is_named_by_its_fields_in_either_language() -> None:
    said = short_gpu_said(MODIFIED)
    assert said.code == "card.name" and said.fields == {"name": "RTX 4090 48GB", "modified": True, "note": ""}
    two = cards_said(2, said)
    assert english(two) == "2 x RTX 4090 48GB (modified)"  # what the builds table showed before the codes
    with words.language("zh_CN"):
        assert words.say(two) == "2 x RTX 4090 48GB（魔改版）"


def test_a_clusters_cards_say_their_nodes_in_chinese() -> None:
    h100 = cards_said(8, Reason.of("card.name", name="H100 SXM5 80GB", modified=False, note=""))
    cards = Reason.of("card.gpus", nodes=2, cards=(h100,))
    assert english(cards) == "2 nodes x 8 x H100 SXM5 80GB"
    with words.language("zh_CN"):
        assert words.say(cards) == "2 个节点 x 8 x H100 SXM5 80GB"  # the pattern-rendered line stayed English


def test_no_rental_is_a_code_whose_english_is_the_reason_and_whose_chinese_has_no_english_words() -> None:
    counts = {"gpu": 0, "fit": 2, "speed": 1, "deadline": 0, "price": 0, "cluster": 0}
    search = _searched(None, None, 3, [("a", ""), ("b", ""), ("c", "")], counts, None)
    assert isinstance(search, RentalSearch) and search.said is not None
    assert search.said.code == "rental.none"
    assert (
        search.reason
        == "none of 3 cloud offers can do the same work: 2 cannot hold the job, 1 are slower than the build"
    )
    assert [r.code for r in search.said.nested("short")] == ["rental.short-fit", "rental.short-speed"]
    with words.language("zh_CN"):
        chinese = words.say(search.said)
    assert re.search(r"[\u4e00-\u9fff]", chinese) and not re.search(r"[a-z]{3,}", chinese), chinese


def test_every_rental_and_card_code_has_chinese_words() -> None:
    codes = [c for c in EN if c.startswith(("rental.", "card."))]
    assert len(codes) >= 17
    assert not [c for c in codes if c not in words.ZH_REASONS]


def test_the_price_months_are_a_code_in_either_language() -> None:
    import datetime

    from configurator.core.catalog.dates import CatalogDate

    said = CatalogDate(datetime.date(2025, 6, 3), datetime.date(2026, 11, 2), 282, 237).said()
    assert said.code == "dates.prices" and said.fields["older"] == 237
    assert (
        english(said)
        == "prices from 2025-06 to 2026-11; 237 of 282 priced parts have only prices older than six months"
    )
    with words.language("zh_CN"):
        assert words.say(said) == "价格 2025-06 至 2026-11；282 个有价格的配件中 237 个只有六个多月前的价格"
