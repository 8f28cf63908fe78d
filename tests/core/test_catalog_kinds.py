"""The catalog's kinds are named once (core/catalog/kinds.py, round 39): the record registry, the command line's
`catalog list`, the catalog's date and a vendor's quote read the same tuple (three copies had each had "bases" added
by hand in round 38)."""

from __future__ import annotations

import random

import pytest

from configurator.core.catalog import quote
from configurator.core.catalog.kinds import CATALOG_KINDS, PART_KINDS
from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import KINDS


def test_every_kind_the_catalog_holds_is_named_once() -> None:
    assert tuple(KINDS) == CATALOG_KINDS  # each kind's record model, in the same order
    assert set(CATALOG_KINDS) - set(PART_KINDS) == {"models", "cloud"}  # not bought as parts
    assert len(set(CATALOG_KINDS)) == len(CATALOG_KINDS)


@pytest.mark.parametrize("kind", CATALOG_KINDS)
def test_catalog_list_takes_every_kind(kind: str) -> None:
    from configurator.cli.main import build_parser

    argv = ["catalog", "list", kind]
    assert build_parser(argv).parse_args(argv).kind == kind


def test_catalog_list_refuses_a_kind_the_catalog_has_not(capsys: pytest.CaptureFixture[str]) -> None:
    from configurator.cli.main import build_parser

    argv = ["catalog", "list", "parts"]
    with pytest.raises(SystemExit) as stopped:
        build_parser(argv).parse_args(argv)
    assert stopped.value.code == 2 and "bases" in capsys.readouterr().err  # the kinds it takes are listed


def test_a_quotes_matches_do_not_depend_on_the_order_of_the_kinds(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """quote.match ranks by score, then kind name, then id: the kinds' order (round 38's quote had its own, with
    accessories before systems and bases) decides no tie, so one tuple serves every reader."""
    rng = random.Random(39)
    texts = ["RTX 3090", "Mac mini", "32GB DDR5", "1000W PSU", "riser cable", "HP Z440", "EPYC", "GPU server"]
    for kind in PART_KINDS:
        for record in catalog.kind(kind)[:6]:
            words = record.name.split()
            texts += [record.name, record.id, " ".join(words[:2]), " ".join(rng.sample(words, max(1, len(words) // 2)))]
    matched = [quote.match(catalog, text) for text in texts]
    assert sum(1 for m in matched if m) > len(texts) // 2  # most texts name a record: the ties are real
    for seed in range(2):
        shuffled = list(PART_KINDS)
        random.Random(seed).shuffle(shuffled)
        monkeypatch.setattr(quote, "PART_KINDS", tuple(shuffled))
        assert [quote.match(catalog, text) for text in texts] == matched
