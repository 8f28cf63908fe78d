"""The printed sheet's value table ranks GPUs for the job each build runs: its weights and KV cache
(report/purchase.ranked_workloads)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from configurator.cli import exports
from configurator.cli.main import main
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest, OwnedPart
from configurator.core.report.purchase import SheetMeta, ranked_key, ranked_workloads
from configurator.core.report.sheet import value_section
from configurator.core.solve.plan import plan
from configurator.storage import catalogs

WORK = Workload(kind="inference", precision="q4_k_m", context=32768, batch=1)


def _mina(**update: Any) -> BuildRequest:
    asked: dict[str, Any] = {
        "model_id": "llama-3.3-70b",
        "workload": WORK,
        "budget": 2500,
        "circuit": "120v15a",
        "room": "home-office",
        "owned": (OwnedPart(category="gpu", id="rtx-3090", quantity=1),),
        "top_k": 3,
        "kv_asked": False,  # the command line without --kv-precision
    }
    return BuildRequest(**(asked | update))


def marked(build: Build, meta: SheetMeta) -> list[str]:
    """The rows of `build`'s printed value table marked as its GPU."""
    return re.findall(r"<td[^>]*>([^<]*) ◀</td>", html.unescape(value_section(build, meta)))


def test_minas_value_table_counts_the_cards_her_q8_0_build_holds() -> None:
    """Mina's sheet (walk12, 2026-12-03): her build is 2 x RTX 3090 with the q8_0 KV cache the plan chose (no
    --kv-precision given), 14.2 tokens/s, but the value table below it was ranked at the fp16 cache and marked
    '3 x RTX 3090 ◀, 13.5 tokens/s' as her build's GPU. The table ranks at the cache the build runs. Round 47
    (land47): a used RTX 3090 is 1,550 USD (2026-10-09), her 3090 pair 2,787.88, over her 2,500, and within it no
    build reaches 13 tokens/s (her 3090 + a used RTX A5000 at q8_0, 2,457.88, reads 12.97; a mix has no value row), so
    she names the card under test (--gpu rtx-3090) and allows 2,800, as tests/qt/test_print_value_kv.py does."""
    catalog = catalogs.load(include_user=False).catalog
    request = _mina(min_decode_tps=13, budget=2800, gpu_ids=("rtx-3090",))
    builds = list(plan(request, catalog).builds)
    assert builds and {ranked_key(b) for b in builds} == {"q4_k_m/q8_0"}
    assert {kv: w.kv_precision for kv, w in ranked_workloads(request, builds).items()} == {"q4_k_m/q8_0": "q8_0"}


def test_each_builds_sheet_ranks_at_its_own_cache_when_the_plan_shows_both(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Mina without a speed target (walk21, 2026-12-04): the plan shows her 2 x RTX 3090 at the q8_0 cache beside
    f16 builds (2 x MI50, one 3090 with the weights in RAM). One ranking for the whole plan fell back to the
    request's f16 and her sheet marked '3 x RTX 3090 ◀'; `plan --pdf` now gives each build's sheet the table at its
    own cache, and each marks the cards the build holds. Round 47 (land47): at 1,550 USD a used 3090 (2026-10-09) her
    pair is 2,787.88, and within 2,500 the plan shows mixes beside her card (3090 + A5000, 3090 + P40: no value row),
    so she names the card (--gpu rtx-3090) and allows 2,800: her pair at q8_0 beside one 3090 with layers in RAM."""
    metas: list[SheetMeta] = []
    shown: list[list[Build]] = []

    def capture(path: Path, builds: list[Build], request: BuildRequest, meta: SheetMeta, page: str) -> int:
        metas.append(meta)
        shown.append(builds)
        return 0

    monkeypatch.setattr(exports, "_write_pdf", capture)  # the Qt child process is the sheet's layout, not this
    argv = ["plan", "--model", "llama-3.3-70b", "--workload", "inference", "--precision", "q4_k_m"]
    argv += ["--context", "32768", "--budget", "2800", "--own", "rtx-3090", "--gpu", "rtx-3090", "--circuit", "120v15a"]
    argv += ["--room", "home-office", "--top", "3", "--pdf", str(tmp_path / "mina.pdf")]
    assert main(argv) == 0
    (meta,), (builds,) = metas, shown
    assert {ranked_key(b) for b in builds} == {"q4_k_m/q8_0", "q4_k_m/fp16"}
    assert set(meta.value_rankings) == {"q4_k_m/q8_0", "q4_k_m/fp16"}
    two = next(b for b in builds if b.gpu_id == "rtx-3090" and b.gpu_count == 2)
    assert ranked_key(two) == "q4_k_m/q8_0"
    assert marked(two, meta) == ["2 x RTX 3090"]
    for build in builds:
        if build.estimate.workload.get("offload") in (None, "none"):  # the cards hold the job: the row counts them
            (row,) = marked(build, meta)
            assert row.startswith(f"{build.gpu_count} x "), (build.gpu_id, row)
    asked = SheetMeta(value_ranking=meta.value_rankings["q4_k_m/fp16"])  # the one f16 ranking the sheet printed before
    assert marked(two, asked) == ["3 x RTX 3090"]


def test_a_request_that_names_its_cache_ranks_at_it() -> None:
    """--kv-precision fp16: every build runs the cache asked, and the table ranks at it."""
    request = _mina(workload=WORK.model_copy(update={"kv_precision": "fp16"}), kv_asked=True)
    catalog = catalogs.load(include_user=False).catalog
    builds = list(plan(request, catalog).builds)
    assert builds and {ranked_key(b) for b in builds} == {"q4_k_m/fp16"}
    assert ranked_workloads(request, builds) == {"q4_k_m/fp16": request.workload}


def test_chens_fp8_serving_builds_mark_the_cards_they_hold() -> None:
    """Dr. Chen's Qwen2.5-32B for 20 students with vLLM (walk21, 2026-12-04), no precision given: the plan serves
    3 x RTX 4090 blower, 2 x L20 and 1 x A800 at FP8 (quantized by vLLM on load) beside bf16 builds. The sheet's
    table was ranked at bf16 and marked '5 x RTX 4090 24GB blower ◀, 10.2 tok/s' on the 3-card build's sheet; each
    sheet now ranks at the weights its build runs."""
    catalog = catalogs.load(include_user=False).catalog
    request = BuildRequest(
        model_id="qwen2.5-32b",
        workload=Workload(kind="inference", context=4096, batch=20, engine="vllm"),
        budget=300000,
        currency="CNY",
        region="china",
        circuit="230v16a",
        room="server-room",
        form="rack",
        gpu_ids=("rtx-4090-blower", "a800-80gb-pcie", "l20"),
    )
    builds = list(plan(request, catalog).builds)
    assert {ranked_key(b) for b in builds} == {"fp8/fp16", "bf16/fp16"}
    model = catalog.records["models"]["qwen2.5-32b"]
    from configurator.core.advise.landscape import value_rows

    workloads = ranked_workloads(request, builds)
    assert workloads["fp8/fp16"].precision == "fp8"
    meta = SheetMeta(value_rankings={k: value_rows(model, w, catalog, request) for k, w in workloads.items()})
    for build in builds:
        (row,) = marked(build, meta)
        assert row.startswith(f"{build.gpu_count} x "), (build.gpu_id, build.gpu_count, row)
    three = next(b for b in builds if b.gpu_id == "rtx-4090-blower" and b.gpu_count == 3)
    assert marked(three, SheetMeta(value_ranking=meta.value_rankings["bf16/fp16"])) == ["5 x RTX 4090 24GB blower"]


def test_a_training_job_ranks_at_its_own_workload() -> None:
    """A LoRA build's estimate names the cache the planner's default carries; the table ranks the request's job."""
    request = BuildRequest(
        model_id="qwen2.5-7b", workload=Workload(kind="finetune", method="lora", context=4096), budget=6000, top_k=2
    )
    catalog = catalogs.load(include_user=False).catalog
    builds = list(plan(request, catalog).builds)
    assert builds
    assert list(ranked_workloads(request, builds).values()) == [request.workload]
