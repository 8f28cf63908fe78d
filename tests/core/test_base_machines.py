"""A used office PC or workstation as the base of a GPU build (round 38): BASE-1 seats a card by the machine's x16
slots, the width below them, the case's length, the PSU's own GPU plugs and its watts; the 'base-machine' source
offers base + card builds under it; the 800 USD used gpt-oss-20b plan (the round-37 note) shows one."""

from __future__ import annotations

import pytest

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import BaseMachine, Gpu
from configurator.core.common import memo
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.rules import base_fit, instance
from configurator.core.solve.plan import plan
from configurator.core.solve.sources import SOURCES

FIT, CHECKS = instance(base_fit.BaseFit), instance(base_fit.BaseBuyerChecks)


def _base(catalog: Catalog, base_id: str) -> BaseMachine:
    record = catalog.records["bases"][base_id]
    assert isinstance(record, BaseMachine)
    return record


def _gpu(catalog: Catalog, gpu_id: str) -> Gpu:
    record = catalog.records["gpus"][gpu_id]
    assert isinstance(record, Gpu)
    return record


def test_the_community_z440_with_two_rtx_3060_passes(catalog: Catalog) -> None:
    """Digital Spaceport's $750 build: an HP Z440 with two RTX 3060 12GB (2 x 170 W + 200 W of host on 700 W)."""
    z440, card = _base(catalog, "hp-z440-700w"), _gpu(catalog, "rtx-3060-12gb")
    found = FIT.allowed(z440, card, 2)
    assert found.status == "pass", found.message
    assert found.fields["slots"] == (2, 5) and found.fields["adapters"] == 0
    assert found.fields["load_w"] == 200 + 2 * 170


@pytest.mark.parametrize(
    ("base_id", "gpu_id", "count", "why"),
    [
        ("lenovo-p520-690w", "rtx-3060-ti", 2, "watts"),  # 200 + 2 x 200 W = 600 W on 690 W (80 %: 552 W)
        ("dell-t5810-685w", "arc-a770-16gb", 1, "rebar"),  # Arc wants Resizable BAR; a Xeon E5 v3 firmware has none
        ("lenovo-p520-690w", "arc-a770-16gb", 1, "rebar"),  # nor a Xeon W-2100's (Intel: 10th-gen platforms on)
        ("hp-z440-700w", "rtx-3090", 1, "length"),  # 313 mm in a 312 mm full-length slot
        ("hp-z440-700w", "tesla-p40", 1, "passive"),  # no ducted airflow in an office tower (R4)
        ("dell-t5810-685w", "rtx-2080-ti", 1, "plugs"),  # two 8-pin inputs; one 6+2-pin and one 6-pin plug
        ("lenovo-p520-690w", "rtx-3090", 2, "slots"),  # 3-slot cards in x16 slots 2 and 4
    ],
)
def test_cards_the_machine_cannot_take_are_refused_with_the_first_reason(
    catalog: Catalog, base_id: str, gpu_id: str, count: int, why: str
) -> None:
    found = FIT.allowed(_base(catalog, base_id), _gpu(catalog, gpu_id), count)
    assert (found.status, found.code, found.fields["why"]) == ("fail", "no-fit", why), found.message


def test_an_8_pin_input_from_two_6_pin_plugs_needs_an_adapter_the_buyer_is_told_of(catalog: Catalog) -> None:
    six_pins_only = _base(catalog, "dell-t5810-685w").model_copy(update={"gpu_plugs_8": 0, "gpu_plugs_6": 2})
    card = _gpu(catalog, "rtx-3060-12gb")  # one 8-pin input
    found = FIT.allowed(six_pins_only, card, 1)
    assert found.status == "pass" and found.fields["adapters"] == 1
    listing = CHECKS.listing(six_pins_only, card, 1)
    assert listing.status == "warn" and "adapter" in listing.fields["checks"]  # type: ignore[operator]
    assert "dual-6-pin-to-8-pin adapter" in listing.message
    # with a native 6+2-pin plug there is no adapter to buy and none is listed
    native = CHECKS.listing(_base(catalog, "dell-t5810-685w"), card, 0)
    assert "adapter" not in native.fields["checks"]  # type: ignore[operator]


def test_the_listing_checks_are_said_in_chinese(catalog: Catalog) -> None:
    from configurator.core.report import words

    z440, card = _base(catalog, "hp-z440-700w"), _gpu(catalog, "rtx-3080-ti")
    with words.language("zh_CN"):
        text = words.check_text(CHECKS.listing(z440, card, 0))
    assert text.startswith("购买 HP Z440") and "PCIe 插头" in text and "机箱" not in text[:5]


def test_the_source_is_registered() -> None:
    assert "base-machine" in {entry.name for entry in SOURCES}


def test_an_arc_card_fits_a_base_whose_firmware_offers_resizable_bar(catalog: Catalog) -> None:
    """The Resizable BAR refusal reads the record: the same machine with the option seats the A770 (8-pin + 6-pin
    on the T5810's one 6+2-pin and one 6-pin plug, 200 + 225 W of 685 W)."""
    t5810, card = _base(catalog, "dell-t5810-685w"), _gpu(catalog, "arc-a770-16gb")
    assert FIT.allowed(t5810, card, 1).fields["why"] == "rebar"
    found = FIT.allowed(t5810.model_copy(update={"resizable_bar": True}), card, 1)
    assert found.status == "pass", found.message


@pytest.mark.parametrize(
    ("condition", "offered"),
    [("used", True), ("any", True), ("new", False)],
)
def test_a_base_is_offered_wherever_used_parts_are_allowed(condition: str, offered: bool) -> None:
    """Round 39: a base machine is sold used only, so it answers `--condition used` and the default "any" (where the
    used cards already compete), never `--condition new`."""
    from types import SimpleNamespace

    from configurator.core.solve import bases

    request = BuildRequest(model_id="qwen3-32b", workload=Workload(kind="inference"), budget=3000, condition=condition)  # type: ignore[arg-type]
    ctx = SimpleNamespace(request=request, workload=SimpleNamespace(kind="inference"), should_stop=lambda: False)
    assert bases._offers(ctx) is offered  # type: ignore[arg-type]


@pytest.mark.slow  # a whole plan
def test_800_usd_used_gpt_oss_20b_shows_a_card_in_a_used_workstation(catalog: Catalog) -> None:
    """The round-37 note: at 800 USD used, a 399 USD mini PC (15.3 tokens/s) and a 697 USD CPU-only box were all the
    plan showed; a used workstation with a card in its x16 slot decodes the ~12 GiB model from VRAM."""
    memo.clear()
    request = BuildRequest(
        model_id="gpt-oss-20b", workload=Workload(kind="inference"), budget=800, condition="used", top_k=5
    )  # type: ignore[arg-type]
    result = plan(request, catalog)
    on_base = [b for b in result.builds if any(p.category == "base" for p in b.parts)]
    assert on_base, [(b.label, b.total_price) for b in result.builds]
    for build in on_base:
        assert build.total_price <= 800 and build.gpu_count >= 1 and not build.fails
        assert (build.estimate.decode_tokens_per_s or 0) > 4 * 15.3
        rules = {c.rule: c.status for c in build.checks}
        assert rules["BASE-1"] == "pass" and rules["BASE-2"] == "warn"
    fastest = next(b for b in result.builds if "fastest" in b.label)
    assert fastest in on_base
    assert all(
        (b.estimate.decode_tokens_per_s or 0) <= (fastest.estimate.decode_tokens_per_s or 0) for b in result.builds
    )


def test_a_base_price_derived_from_a_community_build_is_said_to_be_an_estimate(catalog: Catalog) -> None:
    """Round 39: every base's price is derived (no dated listing found), and the build that buys it says so beside its
    old date: the text's '[warn] prices: ...: price an estimate: <the catalog's reason>', `--json`'s `price_estimates`.
    A card priced as seen says nothing of the kind."""
    from configurator.core.common.reasons import Reason, english
    from configurator.core.report import prices, words
    from configurator.core.solve.pricing import bought_line, quote

    z440, card = _base(catalog, "hp-z440-700w"), _gpu(catalog, "rtx-3090")
    said = Reason.of("part.base-card", gpu=card.name, base=z440.name)
    bq, gq = quote(z440, catalog, "USD", "any"), quote(card, catalog, "USD", "any")
    assert bq is not None and gq is not None
    base_line, card_line = bought_line("base", z440, bq, said, 1), bought_line("gpu", card, gq, said, 1)
    estimate = prices.estimate_said(base_line)
    assert estimate is not None and estimate.fields["reason"] == z440.prices[0].estimate_reason
    assert english(estimate).startswith("price an estimate: no dated listing")
    with words.language("zh_CN"):
        assert words.say(estimate).startswith("价格为估计值：")
    assert prices.estimate_said(card_line) is None


def test_a_base_reads_the_weights_it_keeps_in_ram_at_its_own_ram_bandwidth(catalog: Catalog) -> None:
    """Qwen3-30B-A3B at Q4_K_M for 4 users with the experts in RAM (round 44, wsta44): a card's estimate reads RAM at
    a DDR5 desktop's 89.6 GB/s (Workload.ram_bandwidth_gbps), and an HP Z440 with an RTX 2070 had been the cheapest way
    to 20 tokens/s each at 470 USD (24.3). On the Z440's own four DDR4-2133 channels (68.3 GB/s peak, at the
    workstation share: bases._on_own_ram, the offload model a build from parts is timed with on its own host) it decodes
    below 20; a base whose RAM bandwidth is not known keeps no weights in it."""
    from configurator.core.estimate.host import FAMILY_OF_PLATFORM, RAM_EFFICIENCY
    from configurator.core.solve import bases
    from configurator.core.solve.plan import _context

    request = BuildRequest(
        model_id="qwen3-30b-a3b", workload=Workload(kind="inference", precision="q4_k_m", batch=4, offload="cpu")
    )
    model = catalog.records["models"]["qwen3-30b-a3b"]
    ctx = _context(request, catalog, model, None, lambda: False)  # type: ignore[arg-type]
    z440, card = _base(catalog, "hp-z440-700w"), _gpu(catalog, "rtx-2070")
    assert z440.memory_bandwidth_gbps == pytest.approx(4 * 2133 * 8 / 1000, abs=0.05)
    desktop = bases._estimate(ctx, card, 1)
    assert desktop is not None and (desktop.decode_tokens_per_s or 0) > 20  # the 24.3 the way had named
    own = bases._on_own_ram(ctx, z440, card, 1, desktop)
    assert own is not None and own.offloaded_bytes > 0
    share = RAM_EFFICIENCY[FAMILY_OF_PLATFORM["workstation"]]
    assert own.host_bandwidth_gbps == pytest.approx(z440.memory_bandwidth_gbps * share)
    assert (own.decode_tokens_per_s or 0) < 20 < (desktop.decode_tokens_per_s or 0)
    assert bases._on_own_ram(ctx, z440.model_copy(update={"memory_bandwidth_gbps": None}), card, 1, desktop) is None
    # a job all on the card is the card's estimate, whatever the base's RAM
    on_card = _context(request.model_copy(update={"workload": Workload(kind="inference", precision="q4_k_m")}),
                       catalog, model, None, lambda: False)  # fmt: skip
    big = _gpu(catalog, "rtx-3090")
    alone = bases._estimate(on_card, big, 1)
    assert alone is not None and bases._on_own_ram(on_card, z440, big, 1, alone) is alone
