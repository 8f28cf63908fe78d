"""The JSON shapes of core/common/shapes.py hold what their producers write: a key a producer adds or drops fails here, not in
a script reading `plan --json` (issue #33: no dict[str, Any] in results)."""

from __future__ import annotations

import json

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, System
from configurator.core.common.shapes import ParallelismJson, SiteJson, WorkloadJson
from configurator.core.estimate.workload import Workload
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.solve.cluster import cluster_build


def test_an_estimates_workload_has_one_key_per_workload_field() -> None:
    fields = set(Workload.model_fields) - {"draft_record"}  # the draft's record is excluded from the JSON
    assert set(WorkloadJson.__annotations__) == fields
    for kind in ("inference", "finetune", "pretrain"):
        said = Workload(kind=kind).resolved(131072).to_json()
        assert set(said) == fields
        assert said["context"] > 0 and said["precision"]  # resolved: WorkloadJson types both as set


def test_a_cluster_build_keeps_its_layout_and_site_whole_through_json(catalog: Catalog) -> None:
    """A build crosses to the printing process as JSON (cli.exports, qt.printing): the typed fields come back with
    every key and number the planner wrote, not reshaped by pydantic to the TypedDict's keys and types."""
    request = BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11, context=2048))
    model, system = catalog.records["models"]["llama-3.2-1b"], catalog.records["systems"]["nvidia-dgx-h100"]
    assert isinstance(model, ModelArch) and isinstance(system, System)
    workload = request.workload.resolved(model.max_context)
    build = cluster_build(1, None, None, system, 2, request, catalog, model, workload, None)
    assert build is not None and build.parallelism is not None and build.site is not None
    assert set(build.parallelism) - set(ParallelismJson.__annotations__) == set()
    assert set(build.site) == set(SiteJson.__annotations__)
    again = Build.model_validate_json(build.model_dump_json())
    assert again.parallelism == json.loads(json.dumps(build.parallelism))
    assert again.site == build.site and again.estimate.workload == build.estimate.workload
    assert json.loads(build.model_dump_json())["parallelism"] == json.loads(json.dumps(build.parallelism))
    # a key a producer adds before its shape names it still reaches the sheet (a TypedDict field would drop it)
    added = build.model_copy(update={"site": {**build.site, "added": 1}})
    assert Build.model_validate_json(added.model_dump_json()).site == {**build.site, "added": 1}
