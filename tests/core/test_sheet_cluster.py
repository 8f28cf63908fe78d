"""The build sheet's cluster-size table (issue #16): the time/cost curve of a cluster plan, the chosen size marked."""

from __future__ import annotations

import re

from configurator.core.catalog.loader import Catalog
from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.core.report.purchase import SheetMeta
from configurator.core.report.sheet import build_sheet_html, cluster_section
from configurator.core.solve.plan import plan


def test_cluster_sheet_lists_sizes_with_the_chosen_one_marked(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=2e12, context=4096),
        deadline_hours=2160,
        circuit="230v16a",
    )
    build = plan(request, catalog).builds[0]
    curve = build.node_curve
    assert curve is not None
    html = build_sheet_html(build, request, SheetMeta(project_name="t", created="2026-01-01"))
    section = cluster_section(build)
    assert section in html and "Cluster size: time and cost" in section
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", section.split("<tbody>")[1])
    marked = [r for r in rows if "◀" in r]
    assert len(marked) == 1 and f"{build.nodes} ◀" in marked[0] and f"{build.total_price:,.0f}" in marked[0]
    assert len(rows) < len(curve.points)  # a small table, not every size the search knows
    here = curve.point(build.nodes)
    assert here is not None and f"{(here.wall_hours or 0) / 24:,.1f}" in marked[0]
    smaller = [r for r in rows if "(late)" in r]
    assert smaller and all(
        rows.index(r) < rows.index(marked[0]) for r in smaller
    )  # only smaller sizes miss the deadline
    assert "deadline 2,160 h" in section
    # in Chinese (#31: the table's headers, "(late)", its notes and "Total for N nodes" were English on a zh_CN sheet)
    from configurator.core.report.sheet import parts_section
    from configurator.core.report.words import language

    with language("zh_CN"):
        chinese, parts = cluster_section(build), parts_section(build)
    assert "节点数" in chinese and "（超期）" in chinese and "截止时间 2,160 小时 = 90 天" in chinese
    assert not re.search(r"Nodes|Wall time|Scaling|Bought|rented|\(late\)|other cluster sizes", chinese), chinese
    assert f"{build.nodes} 个节点合计" in parts and "Total for" not in parts
    from configurator.core.report.utilisation import utilisation_rows

    with language("zh_CN"):
        mfu = utilisation_rows(build)
    assert mfu[0][0] == "模型算力利用率（MFU，按实际耗时计）" and " 的 " in mfu[0][1] and " of " not in mfu[0][1], mfu


def test_single_machine_sheet_has_no_cluster_table(catalog: Catalog) -> None:
    request = BuildRequest(
        model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"), budget=2000
    )
    build = plan(request, catalog).builds[0]
    assert cluster_section(build) == ""


def test_cluster_parts_list_a_nodes_parts_then_the_shared_fabric(catalog: Catalog) -> None:
    """The sheet listed the switches above "Total per node", so a reader added them to each node."""
    from html import escape

    from configurator.core.report.sheet import parts_section

    request = BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=2e12, context=4096),
        deadline_hours=720,
        circuit="230v16a",
    )
    build = plan(request, catalog).builds[0]
    assert build.nodes > 1
    section = parts_section(build)
    before, after = section.split("</table>", 1)[0].split("Total per node", 1)
    for part in build.parts:
        name = escape(part.name)
        same = [p for p in build.parts if p.name == part.name]
        assert before.count(name) == sum(p.scope == "node" for p in same), part.name
        assert after.count(name) == sum(p.scope == "cluster" for p in same), part.name
    assert any(p.scope == "cluster" for p in build.parts)


def test_a_clusters_power_table_names_the_site_feeds_not_the_users_outlet(catalog: Catalog) -> None:
    """It read "Circuit limit 3,717,064 W continuous on 1 x 230 V 16 A": one outlet feeding 384 servers."""
    from configurator.core.model.request import circuit_limit_w
    from configurator.core.report.sheet import power_section

    request = BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=2e12, context=4096),
        deadline_hours=720,
        circuit="230v16a",
    )
    build = plan(request, catalog).builds[0]
    assert build.nodes > 1
    section = power_section(build, request)
    assert "Circuit limit" not in section and "Site feeds for all nodes (the SITE-POWER check)" in section
    assert f"the 1 x 230 V 16 A described holds {circuit_limit_w('230v16a'):,.0f} W</td>" in section
    # the value cell (which does not wrap) holds the number only: a sentence there squeezed the figure column
    assert f'<td class="num">{build.power.circuit_limit_w:,.0f} W continuous</td>' in section
    for value in re.findall(r'<td class="num">([^<]*)</td>', section):
        assert len(value) <= 45, value
    from configurator.core.report.words import language

    with language("zh_CN"):  # #31: the site feeds and "All N nodes" rows were English on a Chinese sheet
        chinese = power_section(build, request)
    assert "所有节点的场地供电" in chinese and f"全部 {build.nodes} 个节点" in chinese
    assert not re.search(r"Site feeds|described holds|All \d+ nodes|W at the wall", chinese)
    single = BuildRequest(model_id="llama-3.1-8b", workload=Workload(kind="inference", precision="q4_k_m"))
    machine = plan(single, catalog).builds[0]
    # one machine's row says what CIR-1 compared (power33b): its draw against the continuous limit, the circuit named
    # in the figure's cell (a value cell does not wrap)
    compared = f"{machine.power.wall_w:,.0f} W against {machine.power.circuit_limit_w:,.0f} W continuous (80 %)"
    assert f'Circuit limit on 1 x 120 V 15 A (US outlet)</td><td class="num">{compared}</td>' in power_section(
        machine, single
    )
    assert len(compared) <= 45


def test_a_clusters_bays_name_the_gpu_not_its_catalog_id(catalog: Catalog) -> None:
    """The printed bays read 'GPU 1: a100-80gb-sxm'; they name the card as the rest of the sheet does."""
    from configurator.core.report.fit import short_gpu_name
    from configurator.core.report.sheet import slot_map_svg

    request = BuildRequest(
        model_id="llama-3.1-70b",
        workload=Workload(kind="pretrain", tokens=2e12, context=4096),
        deadline_hours=720,
        circuit="230v16a",
    )
    build = plan(request, catalog).builds[0]
    svg = slot_map_svg(build)
    name = short_gpu_name(catalog.records["gpus"][build.gpu_id].name)
    assert f"GPU 1: {name}" in svg and f"GPU 1: {build.gpu_id}<" not in svg
