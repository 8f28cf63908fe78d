"""Passive cards (MI50, P40, P100, V100 and A100 PCIe) on an open frame each need a shroud and blower: the build pays
for one per card it holds, and the frame is priced as a frame. The frame record had carried eight shroud kits in its
own price (280 USD), so two MI50 paid for six kits they did not use and every passive build stood 150-200 USD too
dear beside the cards it competes with."""

from __future__ import annotations

import pytest

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report import words
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
