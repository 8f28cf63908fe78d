"""The Buy or rent tab of a fine-tune with no token count speaks the window's language (walk13: the Chinese window's
'每百万训练 token' row read 'no token count, so by throughput: rented 10.10 CNY per million training tokens ...',
/work/wt/walk13-shots/chen_zh_CN_1366_Buyorrent.png)."""

from __future__ import annotations

import html

from configurator.core.costs.tco import cost_of_ownership_for
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.solve.plan import plan
from configurator.qt import i18n
from configurator.qt.app import make_app
from configurator.qt.costs import costs_html
from configurator.storage import catalogs


def test_the_per_million_tokens_row_is_chinese_in_the_chinese_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    app = make_app([])
    catalog = catalogs.load(include_user=False).catalog
    workload = Workload(kind="finetune", method="lora", context=4096)
    request = BuildRequest(
        model_id="qwen2.5-7b", workload=workload, currency="CNY", region="china", circuit="230v16a", top_k=1
    )
    build = plan(request, catalog).builds[0]
    model = catalog.records["models"]["qwen2.5-7b"]
    costs = cost_of_ownership_for(build, catalog, model, workload, "china")  # type: ignore[arg-type]
    assert costs.throughput is not None
    assert html.escape(costs.throughput.headline) in costs_html(costs)  # English: the sentence as it was
    try:
        assert i18n.install(app, "zh_CN") == "zh_CN"
        chinese = costs_html(costs)
    finally:
        assert i18n.install(app, "en") == "en"  # later tests see English again
    assert "每百万训练 token" in chinese and "按吞吐量比较" in chinese
    assert "no token count" not in chinese and "per million training tokens" not in chinese
