"""Why no cloud offer does the same work, said from a code (walk13: Sam's 70B pretraining sheet in Chinese read 'none of
30 cloud offers can do the same work: 3 cannot finish within the deadline, 27 cannot be rented as a cluster' three
times, in its buy-or-rent table, its break-even and its assumptions)."""

from __future__ import annotations

from collections import Counter

from configurator.core.common.reasons import Reason, english
from configurator.core.costs import tco
from configurator.core.report import words


def test_no_offer_matching_is_a_code_with_the_same_english_and_its_chinese() -> None:
    counts = Counter({"deadline": 3, "cluster": 27})
    search = tco._searched(None, "", 30, [], counts, None)
    assert search.reason == (
        "none of 30 cloud offers can do the same work: 3 cannot finish within the deadline, 27 cannot be rented as a "
        "cluster"
    )
    assert search.said is not None and english(search.said) == search.reason
    every = tco._searched(None, "", 6, [], Counter({k: 1 for k in tco._SHORT_OF}), None)
    assert every.reason == "none of 6 cloud offers can do the same work: " + ", ".join(
        english(Reason.of(f"rental.short-{k}", n=1)) for k in tco._SHORT_OF
    )
    no_rental = Reason.of("tco.no-rental", why=search.reason, why_said=search.said)
    none = Reason.of("tco.rental-none", why=search.reason, why_said=search.said)
    assert english(no_rental) == f"no break-even: no rental can do the same work ({search.reason})"
    assert english(none) == f"rental: none ({search.reason})"
    with words.language("zh_CN"):
        chinese = [words.say(no_rental), words.say(none), words.say(every.said)]  # type: ignore[arg-type]
    assert "30 个云端实例都做不了同样的工作：3 个不能在截止时间内完成，27 个不能作为集群租用" in chinese[0]
    assert chinese[1].startswith("租用：无（30 个云端实例")
    for text in chinese:
        assert "cloud offers" not in text and "cannot" not in text, text


def test_the_sheets_rental_row_says_why_none_matched_in_chinese() -> None:
    from configurator.core.common.reasons import as_json
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest
    from configurator.core.report.sheet import cost_section
    from configurator.core.solve.plan import plan
    from configurator.storage import catalogs

    catalog = catalogs.load(include_user=False).catalog
    build = plan(BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference"), top_k=1), catalog).builds[0]
    search = tco._searched(None, "", 30, [], Counter({"deadline": 3, "cluster": 27}), None)
    assert search.said is not None
    costs = {
        **build.cost_of_ownership,
        "rental": None,
        "monthly_rental_equivalent": None,
        "rental_reason": search.reason,
        "rental_reason_said": as_json(search.said),
    }
    unmatched = build.model_copy(update={"cost_of_ownership": costs})
    assert search.reason in cost_section(unmatched)
    with words.language("zh_CN"):
        chinese = cost_section(unmatched)
    assert "30 个云端实例都做不了同样的工作" in chinese and "cloud offers" not in chinese
