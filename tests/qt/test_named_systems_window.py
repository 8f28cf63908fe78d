"""Only GPUs takes ready-made system ids (issue #31): a Mac Studio named beside a 3090 is compared with its builds."""

from __future__ import annotations

MAC = "mac-studio-m2-ultra-76c-192gb"


def test_only_gpus_takes_a_mac_studio_beside_a_3090_and_labels_each_build(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

    panel = window.requirements
    window.session.set_request(
        BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"))
    )
    qtbot.waitUntil(lambda: panel.current_request().model_id == "llama-3.3-70b", timeout=10_000)
    with qtbot.waitSignal(window.session.solve_finished, timeout=120_000) as blocker:
        panel.only_gpus.setText(f"rtx-3090, {MAC}")
        panel.only_gpus.editingFinished.emit()
    assert panel.error.isHidden(), panel.error.text()
    request = window.session.request
    assert (request.gpu_ids, request.system_ids) == (("rtx-3090",), (MAC,))
    result = blocker.args[0]
    shown = {
        next(p.id for p in b.parts if p.category in ("gpu", "system")): b.label
        for b in result.builds
        if b.label.startswith("cheapest with")
    }
    assert shown[MAC].startswith("cheapest with Apple Mac Studio (2023)")
    assert shown["rtx-3090"].startswith("cheapest with NVIDIA GeForce RTX 3090")
    rows = [window.builds.item(r, 1).text() for r in range(window.builds.rowCount())]
    assert any(text.startswith("cheapest with Apple Mac Studio") for text in rows)
    # a request loaded from a project shows both in the one field
    panel.load_request(request)
    assert panel.only_gpus.text() == f"rtx-3090, {MAC}"
    window.session.dirty = False


def test_an_id_of_neither_kind_is_refused_at_the_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.requirements
    panel.only_gpus.setText("rtx-3090, mac-studo")
    panel.only_gpus.editingFinished.emit()
    assert not panel.error.isHidden()
    assert "unknown GPU or system id(s) mac-studo" in panel.error.text()
    assert [id(w) for w in panel._marked] == [id(panel.only_gpus)]
    panel.only_gpus.setText("")
    panel.only_gpus.editingFinished.emit()
    window.session.dirty = False
