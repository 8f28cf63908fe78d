"""Passive cards (MI50, P40, P100, V100 and A100 PCIe) on an open frame each need a shroud and blower: the build pays
for one per card it holds, and the frame is priced as a frame. The frame record had carried eight shroud kits in its
own price (280 USD), so two MI50 paid for six kits they did not use and every passive build stood 150-200 USD too
dear beside the cards it competes with."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model import noise
from configurator.core.model.noise import build_dba, build_noise
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
from configurator.core.rules import compat
from configurator.core.rules.base import instance
from configurator.core.rules.cooling import PassiveCards
from configurator.core.solve.next_step import _fit_needs
from configurator.core.solve.plan import plan
from configurator.storage import catalogs


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LLM_RIG_HOME", str(tmp_path_factory.mktemp("shroud-home")))
        return catalogs.load(include_user=False).catalog


def _build(catalog, gpu: str):  # type: ignore[no-untyped-def]
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=4000,
        gpu_ids=(gpu,),
        top_k=1,
    )
    builds = plan(request, catalog).builds
    assert builds
    return builds[0]


def test_two_mi50_on_the_frame_pay_for_two_shrouds_not_eight(catalog) -> None:  # type: ignore[no-untyped-def]
    build = _build(catalog, "mi50-32gb")
    frame = next(p for p in build.parts if p.category == "chassis")
    frame_record = catalog.records["chassis"][frame.id]
    kit_id = frame_record.per_gpu_accessory
    assert kit_id is not None
    kits = [p for p in build.parts if p.id == kit_id]
    assert len(kits) == 1 and kits[0].quantity == build.gpu_count == 2
    kit = catalog.records["accessories"][kit_id]
    assert kits[0].unit_price == kit.prices[-1].amount
    # the frame's own price is a frame's (the plain 8-GPU frame record's), not a frame with eight kits
    plain = catalog.records["chassis"]["open-frame-8gpu-mining"]
    assert frame.unit_price == plain.prices[-1].amount
    assert build.total_price == pytest.approx(sum(p.subtotal for p in build.parts))
    assert any(r.code == "part.per-gpu-kit" for r in kits[0].said)


def test_one_more_passive_card_needs_one_more_shroud(catalog) -> None:  # type: ignore[no-untyped-def]
    """'Add one more: needs nothing else' would be false: the third card needs its own shroud and blower."""
    build = _build(catalog, "mi50-32gb")
    one_more = next(u for u in build.upgrades_said if u.code == "upgrade.one-more")
    need = next(n for n in one_more.nested("needs") if n.code == "need.per-gpu-kit")
    assert need.fields["currency"] == "USD" and need.num("cost") > 0
    assert "one more Shroud and blower fan" in words.say(need)
    with words.language("zh_CN"):
        assert "再配一套" in words.say(need)
    # a step up to passive cards the frame is not for (COOL-2: dearer than compat.SHROUD_MAX_CARD_USD) needs a server;
    # a used V100 PCIe, the kind of card the frame is for, needs no other chassis
    mi50, gpus = catalog.records["gpus"]["mi50-32gb"], catalog.records["gpus"]
    assert [n.code for n in _fit_needs(build, catalog, mi50, gpus["a100-40gb-pcie"], 2, 5000.0)] == ["need.ducted"]
    assert "need.ducted" not in [n.code for n in _fit_needs(build, catalog, mi50, gpus["v100-32gb-pcie"], 2, 1000.0)]


def test_the_frames_noise_grows_with_the_cards_it_holds(catalog) -> None:  # type: ignore[no-untyped-def]
    """The shroud frame had been heard as one 73 dBA server fan wall (Dell's R940 figure) whether it held one card or
    eight. Its blowers are its cards' shroud kits: each is heard (model.noise.SHROUD_BLOWER, a measured blower card's
    level, marked an estimate), so twice the cards are 3 dB louder (10 log10 2), and the frame adds no fans of its own."""
    build = _build(catalog, "mi50-32gb")
    heard = build_noise(build)
    shrouds = [s for s in heard.sources if s.what.code == "noise.shroud"]
    assert len(shrouds) == 1 and shrouds[0].count == build.gpu_count == 2
    assert shrouds[0].figure is noise.SHROUD_BLOWER and shrouds[0].figure.estimate is not None
    assert not any(s.what.code in ("noise.chassis", "noise.open-frame") for s in heard.sources)
    assert (build_dba(build) or 99.0) < 73.0  # two blowers, a PSU and a CPU cooler: no server fan wall
    # the same machine with four cards under four shrouds: the blowers' share is 3 dB louder
    kit_id = catalog.records["chassis"]["open-frame-8gpu-blower-shrouds"].per_gpu_accessory
    four = [p.model_copy(update={"quantity": 4}) if p.id == kit_id else p for p in build.parts]
    louder = next(s for s in noise.parts_noise(four).sources if s.what.code == "noise.shroud")
    two = noise.level([(shrouds[0].figure.at_distance, shrouds[0].count)]) or 0.0
    assert (noise.level([(louder.figure.at_distance, louder.count)]) or 0.0) - two == pytest.approx(3.01, abs=0.01)
    assert (noise.parts_noise(four).dba or 0.0) > (heard.dba or 0.0) + 2.0
    with words.language("zh_CN"):
        assert "导风罩" in words.say(shrouds[0].what)


def test_a_shroud_frame_in_a_home_office_is_still_too_loud_for_it(catalog) -> None:  # type: ignore[no-untyped-def]
    """Heard per card, two MI50 on the frame are no 73 dBA server; but blowers at full speed with no case panel, around
    the clock, are what ariezlabs (2025) calls 'a rather loud solution' for a living room, and the expert suite's
    home-office case (llama70b-q4-home-2500-used) signs no open frame of shrouded cards as 'cheapest': NOISE-1 still
    warns, from the frame's noise class, whatever its dBA."""
    request = BuildRequest(
        model_id="llama-3.3-70b",
        workload=Workload(kind="inference", precision="q4_k_m"),
        budget=4000,
        gpu_ids=("mi50-32gb",),
        room="home-office",
        top_k=2,
    )
    # since round 34 (top34) --top K shows the full plan's first K: its #1 is one MI50 with layers in RAM, "cheapest
    # below reading speed", and the two on the frame are #2, "cheapest"
    build = next(b for b in plan(request, catalog).builds if b.gpu_count == 2)
    assert build.label.startswith("cheapest") and any(p.id == "blower-shroud-kit-passive" for p in build.parts)
    assert (build_dba(build) or 99.0) < 73.0
    loud = [c for c in build.checks if c.rule == "NOISE-1"]
    assert loud and loud[0].status == "warn", [(c.rule, c.status) for c in build.checks]


def test_the_frame_is_for_cheap_used_passive_cards_and_dearer_ones_go_in_a_server(catalog) -> None:  # type: ignore[no-untyped-def]
    """A 25 USD 3D-printed duct is how hobbyists cool a 150-260 USD MI50 or P40, not how a lab cools 90,000 CNY of A800
    (Dr. Chen's three had gone on the frame): COOL-2 refuses passive cards dearer than compat.SHROUD_MAX_CARD_USD on
    it, whatever their heat, and says so in English and Chinese; in a server chassis the same card passes."""
    rule = instance(PassiveCards)
    frame = catalog.records["chassis"]["open-frame-8gpu-blower-shrouds"]
    server = catalog.records["chassis"]["supermicro-sys-4029gp-trt"]
    a800 = catalog.records["gpus"]["a800-80gb-pcie"]
    mi50 = catalog.records["gpus"]["mi50-32gb"]
    a800_usd = catalog.convert(90000.0, "CNY", "USD")
    assert a800.tdp_w <= compat.SHROUD_MAX_TDP_W  # the kits' heat alone had let it on the frame
    dear = rule.check(frame, a800, a800_usd)
    assert (dear.status, dear.code) == ("fail", "dear") and dear.fields["limit_usd"] == compat.SHROUD_MAX_CARD_USD
    assert "server chassis" in dear.message and f"{round(a800_usd):,}" in dear.message
    with words.language("zh_CN"):
        assert "服务器机箱" in words.check_text(dear)
    assert rule.check(server, a800, a800_usd).status == "pass"
    assert rule.check(frame, mi50, 150.0).status == "pass"
    assert rule.check(frame, mi50, None).status == "pass"  # an owned card the catalog has no price for
    # every card the catalog's hobbyist sources run on the frame is under the ceiling, every card only labs buy above
    for gpu_id in ("tesla-p40", "tesla-p100-16gb-pcie", "mi50-32gb", "v100-32gb-pcie", "mi100"):
        usd = min(catalog.convert(p.amount, p.currency, "USD") for p in catalog.records["gpus"][gpu_id].prices)
        assert usd <= compat.SHROUD_MAX_CARD_USD, gpu_id
    for gpu_id in ("a800-80gb-pcie", "mi210", "l20", "a100-40gb-pcie", "a40"):
        usd = min(catalog.convert(p.amount, p.currency, "USD") for p in catalog.records["gpus"][gpu_id].prices)
        assert usd > compat.SHROUD_MAX_CARD_USD, gpu_id
