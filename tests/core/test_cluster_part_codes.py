"""A cluster's server and network lines say why they are there as codes (part.*), so a Chinese sheet reads Chinese, and
cluster_build offers its build as the kind and why it is given as codes (issue #33: no sentence parsed back)."""

from __future__ import annotations

import re

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch, System
from configurator.core.common.reasons import Reason, english
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.phrases import part_why
from configurator.core.report.words import language
from configurator.core.solve.cluster import cluster_build


def test_a_clusters_lines_and_label_are_codes_read_in_either_language(catalog: Catalog) -> None:
    request = BuildRequest(model_id="llama-3.2-1b", workload=Workload(kind="pretrain", tokens=1e11, context=2048))
    model, system = catalog.records["models"]["llama-3.2-1b"], catalog.records["systems"]["nvidia-dgx-h100"]
    assert isinstance(model, ModelArch) and isinstance(system, System)
    kind, why = Reason.of("kind.cluster"), Reason.of("why.no-box")
    build = cluster_build(1, kind, why, system, 4, request, catalog, model, request.workload.resolved(2048), None)
    assert build is not None and build.nodes == 4
    assert build.kinds == (kind,) and build.label == english(kind) and build.offered == (why,)
    network = [p for p in build.parts if p.category == "network"]
    assert {p.scope for p in network} == {"node", "cluster"}  # ports and optics per node, switches once
    for part in build.parts:
        assert part.said and all(r.code.startswith("part.") for r in part.said), part
        assert part.why == "; ".join(english(r) for r in part.said)
        with language("zh_CN"):
            chinese = part_why(part)
        # the sheet's Chinese, rendered from the code (names such as the GPU and InfiniBand stay as they are)
        assert chinese != part.why and re.search(r"[\u4e00-\u9fff]", chinese), chinese
