"""Charts of a build: VRAM headroom per GPU, cost by category, the power budget, and time and cost against nodes."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from configurator.core.costs.tco import CostCurves, CostOfOwnership
from configurator.core.estimate.result import BREAKDOWN_KEYS
from configurator.core.model.build import Build, NodeCurve, NodePoint
from configurator.core.report.sheet import card_of_each_gpu
from configurator.core.rules import watts as pw
from configurator.core.solve.power import PSU_TARGET_LOAD
from configurator.qt import i18n

GIB = 1024**3
COMPONENT_COLORS = {
    "weights": "#3b6ea8",
    "kv_cache": "#e39b2d",
    "activations": "#8a5cb8",
    "gradients": "#c8553d",
    "optimizer_states": "#6a994e",
    "runtime_overhead": "#7f7f7f",
    "free": "#d9e2ec",
}
CATEGORY_COLORS = ["#3b6ea8", "#e39b2d", "#6a994e", "#c8553d", "#8a5cb8", "#2a9d8f", "#7f7f7f", "#b5838d", "#264653"]


LEGEND = {
    "weights": QT_TRANSLATE_NOOP("charts", "weights"),
    "kv_cache": QT_TRANSLATE_NOOP("charts", "kv cache"),
    "activations": QT_TRANSLATE_NOOP("charts", "activations"),
    "gradients": QT_TRANSLATE_NOOP("charts", "gradients"),
    "optimizer_states": QT_TRANSLATE_NOOP("charts", "optimizer states"),
    "runtime_overhead": QT_TRANSLATE_NOOP("charts", "runtime overhead"),
    "free": QT_TRANSLATE_NOOP("charts", "free"),
}


def _label(key: str) -> str:
    """A memory component's name in the window's language (the data keep the key)."""
    return QCoreApplication.translate("charts", str(LEGEND[key])) if key in LEGEND else key.replace("_", " ")


class PlainAxis(pg.AxisItem):
    """Tick labels as a buyer writes numbers: 2,500,000 and 5M, never pyqtgraph's 2.5e+06."""

    def tickStrings(self, values, scale, spacing):  # type: ignore[no-untyped-def]
        if spacing * scale < 1:
            return super().tickStrings(values, scale, spacing)
        return [_short_money(v * scale) if abs(v * scale) >= 1e6 else f"{v * scale:,.0f}" for v in values]


class _Chart(QWidget):
    """A titled pyqtgraph plot with its legend in a column of its own, so it never covers data;
    `series` keeps the plotted numbers and `bars` the drawn items, for tests."""

    def __init__(self, title: str, left: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.canvas = pg.GraphicsLayoutWidget()
        self.canvas.setBackground(None)
        self.plot = self.canvas.addPlot(
            row=0,
            col=0,
            title=title,
            axisItems={"left": PlainAxis("left"), "bottom": PlainAxis("bottom")},
            enableMenu=False,  # MENU (below)
        )
        # MENU: pyqtgraph makes a view's context menu when the view is made unless told not to, and
        # setMenuEnabled(False) then destroys it; a garbage collection that ran inside that QMenu's destructor and
        # deleted another Qt object deadlocked on Qt's mutex (py-spy on a stalled CI run, 2026-12-04: QMenu::~QMenu ->
        # gc_collect_main -> QObject::~QObject -> QBasicMutex::lockInternal). The charts never make the menu.
        self.title = title
        self.plot.setLabel("left", left)
        self.plot.showGrid(y=True, alpha=0.25)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.legend = pg.LegendItem()
        # the legend at the top of its own column; the empty row below takes the spare height
        side = self._side = self.canvas.addLayout(row=0, col=self.LEGEND_COLUMN)
        side.addItem(self.legend, row=0, col=0)
        side.addLabel("", row=1, col=0)
        side.layout.setRowStretchFactor(1, 1)
        side.setMaximumWidth(250)
        self.canvas.ci.layout.setColumnStretchFactor(0, 4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.canvas)
        self.series: dict[str, list[float]] = {}
        self.bars: list[pg.BarGraphItem] = []
        self._ticked: set[str] = set()  # axes _ticks labelled for the build shown

    LEGEND_COLUMN = 1

    def clear(self) -> None:
        self.plot.clear()
        self.legend.clear()
        self.series = {}
        self.bars = []
        # the category labels go with the bars: when nothing fits, the Cost tab still named the last build's
        # "memory 470", "storage 175"... beside an empty plot
        for axis in self._ticked:
            self.plot.getAxis(axis).setTicks([[]])
        self._ticked = set()

    def _add_bar(self, bar: pg.BarGraphItem, name: str | None = None, plot: pg.PlotItem | None = None) -> None:
        (plot or self.plot).addItem(bar)
        self.bars.append(bar)
        if name:
            self.legend.addItem(bar, name)

    def _legend_line(self, pen: object, name: str) -> None:
        """A legend entry for a horizontal line: an empty curve in the plot, so the plot owns it
        (a curve outside any scene crashes the interpreter at exit)."""
        self.legend.addItem(self.plot.plot([], [], pen=pen), name)

    def _ticks(self, labels: list[str], axis: str = "bottom") -> None:
        self.plot.getAxis(axis).setTicks([[(i, text) for i, text in enumerate(labels)]])
        self._ticked.add(axis)


def _installed_ram_gb(build: Build) -> float | None:
    """The system RAM a build has (GB): its memory kit's modules, or a used workstation base's own RAM (base39: a base
    build has no memory part, and its RAM panel had been left empty); None for a machine with neither."""
    ram = next((p for p in build.parts if p.category == "memory"), None)
    if ram is not None:
        return float(ram.spec["modules"] * ram.spec["module_gb"] * ram.quantity)
    base = next((p for p in build.parts if p.category == "base"), None)
    if base is not None and base.spec.get("memory_gb"):
        return float(base.spec["memory_gb"])
    return None


class VramHeadroomChart(_Chart):
    """Stacked bars per GPU (weights, KV cache, ... , free) against capacity; system RAM beside
    them on its own scale, since hundreds of GiB of RAM would squash the GPU bars to slivers."""

    LEGEND_COLUMN = 2
    NUMBERED_FROM = 4
    """More cards than this are labelled by number alone ("1" … "8"), the axis titled GPU."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(QCoreApplication.translate("charts", "Memory per GPU"), "GiB", parent)
        self.ram_plot = self.canvas.addPlot(row=0, col=1, title=self.tr("System RAM"), enableMenu=False)
        self.ram_plot.setMouseEnabled(x=False, y=False)
        self.ram_plot.hideButtons()
        self.ram_plot.showGrid(y=True, alpha=0.25)
        self.ram_plot.setMaximumWidth(150)
        self.ram_plot.getAxis("bottom").setTicks([[(0, "")]])
        self.capacity_line: pg.PlotDataItem | None = None  # each GPU's capacity, across its bar (_capacity)

    def clear(self) -> None:
        super().clear()
        self.capacity_line = None
        self.ram_plot.clear()
        self.ram_plot.getAxis("bottom").setTicks([[(0, "")]])  # not the last build's "60 GiB"
        self.plot.showLabel("bottom", False)  # nor the last build's axis title (NUMBERED_FROM)

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        est = build.estimate
        gpus = list(est.per_gpu)
        # counted from 1, as the slot map and the printed sheet count the cards ("GPU 0" here stood beside "GPU 1");
        # past NUMBERED_FROM cards the ticks are the numbers under an axis titled GPU: eight "GPU n" labels ran
        # together ("GPUGPUGPU…") in the printed sheet of Sam's 8 x A100 (walk20)
        numbered = len(gpus) > self.NUMBERED_FROM
        labels = [f"{g.index + 1}" if numbered else f"GPU {g.index + 1}" for g in gpus]
        # a card of two GPUs (Arc Pro B60 Dual): each GPU names the card it sits on, as the sheet's memory table does
        # ("1 (card 1)", "2 (card 1)"; round 48), where the slot map draws one card
        cards = card_of_each_gpu(build)
        if len(cards) == len(gpus):
            on_card = QCoreApplication.translate("charts", "{0} (card {1})")
            labels = [on_card.format(label, cards[g.index]) for label, g in zip(labels, gpus, strict=True)]
        if numbered:
            self.plot.setLabel("bottom", "GPU")
        bottoms = [0.0] * len(gpus)
        for key in (*BREAKDOWN_KEYS, "free"):
            if key == "free":
                values = [max(0.0, ((g.usable_bytes or g.capacity_bytes or 0) - g.total) / GIB) for g in gpus]
            else:
                values = [getattr(g.breakdown, key) / GIB for g in gpus]
            if not any(values):
                continue
            self.series[key] = values
            bar = pg.BarGraphItem(
                x=list(range(len(gpus))),
                height=values,
                y0=list(bottoms),
                width=0.6,
                brush=QColor(COMPONENT_COLORS[key]),
                pen=pg.mkPen("#ffffff", width=0.5),
                name=_label(key),
            )
            self._add_bar(bar, _label(key))
            bottoms = [b + v for b, v in zip(bottoms, values)]
        capacity = [(g.capacity_bytes or 0) / GIB for g in gpus]
        self.series["capacity"] = capacity
        self._capacity(capacity)
        installed = _installed_ram_gb(build)
        self.ram_plot.setVisible(installed is not None)
        if installed is not None:
            # system RAM: what the job keeps there against what is installed (GiB), on its own axis
            total = installed * 1e9 / GIB
            used = est.host_ram_bytes / GIB
            self.series["system_ram_gb"] = [installed]
            self.series["system_ram_used_gib"] = [used]
            for height, y0, color, name in (
                (used, 0.0, "#2a9d8f", QCoreApplication.translate("charts", "used in system RAM")),
                (max(0.0, total - used), used, "#cfe8e5", QCoreApplication.translate("charts", "system RAM free")),
            ):
                bar = pg.BarGraphItem(
                    x=[0],
                    height=[height],
                    y0=[y0],
                    width=0.6,
                    brush=QColor(color),
                    pen=pg.mkPen("#ffffff", width=0.5),
                    name=name,
                )
                self._add_bar(bar, name, self.ram_plot)
            self.ram_plot.getAxis("bottom").setTicks([[(0, f"{total:.0f} GiB")]])
            self.ram_plot.setYRange(0, total * 1.1)
            self.ram_plot.setXRange(-0.6, 0.6)
        self._ticks(labels)
        stacks = [sum(v[i] for k, v in self.series.items() if k in COMPONENT_COLORS) for i in range(len(gpus))]
        self.plot.setYRange(0, max(capacity + stacks) * 1.1)

    def _capacity(self, capacity: list[float]) -> None:
        """Each GPU's capacity as a dashed line across its own bar, so a mix of a 24 GB and a 16 GB card shows each
        against its own memory (one line at the first card's had stood over both, round 49); the legend names the
        one figure, or each card's in order ("capacity 24 / 16 GiB")."""
        if not capacity or not any(capacity):
            return
        pen = pg.mkPen("#c8553d", width=2, style=pg.QtCore.Qt.PenStyle.DashLine)
        xs = [x for i in range(len(capacity)) for x in (i - 0.42, i + 0.42)]
        ys = [c for c in capacity for _ in (0, 1)]
        self.capacity_line = self.plot.plot(xs, ys, pen=pen, connect="pairs")
        shown = [f"{c:.0f}" for c in capacity]
        name = (
            QCoreApplication.translate("charts", "capacity {0:.0f} GiB").format(capacity[0])
            if len(set(shown)) == 1
            else QCoreApplication.translate("charts", "capacity {0} GiB").format(" / ".join(shown))
        )
        self._legend_line(pen, name)


class CostBreakdownChart(_Chart):
    """What the money buys: one horizontal bar per category, so the names never overlap."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(QCoreApplication.translate("charts", "Cost by category"), "", parent)
        self.plot.showGrid(x=True, y=False, alpha=0.25)
        self.plot.getAxis("left").setWidth(150)  # room for "motherboard  3,081" whatever the chart's size
        self._side.setMaximumWidth(0)  # the labels name the bars: no legend column

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        totals: dict[str, float] = {}
        for part in build.parts:
            totals[part.category] = totals.get(part.category, 0.0) + build.part_cost(part)
        categories = sorted(totals, key=lambda c: totals[c])  # the biggest at the top
        self.series = {"categories": categories, "amounts": [totals[c] for c in categories]}  # type: ignore[dict-item]
        brushes = [QColor(CATEGORY_COLORS[i % len(CATEGORY_COLORS)]) for i in range(len(categories))]
        bar = pg.BarGraphItem(
            x0=0, y=list(range(len(categories))), width=[totals[c] for c in categories], height=0.6, brushes=brushes
        )
        self._add_bar(bar)
        self.plot.setLabel("bottom", build.currency)
        self.plot.setXRange(0, max(totals.values(), default=1) * 1.05)
        # the amount in the category's own label: one text per row, never over a bar
        self._ticks([f"{i18n.category_name(c)}  {totals[c]:,.0f}" for c in categories], "left")


class PowerBudgetChart(_Chart):
    """DC load (GPUs, CPU, rest) against the PSU's capacity, and wall draw against the circuit."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(QCoreApplication.translate("charts", "Power budget"), "W", parent)
        self.values: list[str] = []  # the numbers written on the bars, for tests

    def clear(self) -> None:
        super().clear()
        self.values = []
        self.plot.setTitle(self.title)  # not "one of 16 nodes" of the last cluster
        self.plot.setLabel("bottom", "")

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        p = build.power
        # a cluster's power figures are one node's, its circuit limit the whole site's feeds: drawn together, the
        # 6.5 kW bars vanished under a 3.7 MW "circuit limit" line. One node is drawn; the site is on the Checks tab.
        cluster = build.nodes > 1
        # the cluster's total under the bars: a long title widened the plot's column until the legend was cut off
        self.plot.setTitle(
            QCoreApplication.translate("charts", "Power budget: one of {0} nodes").format(build.nodes)
            if cluster
            else self.title
        )
        self.plot.setLabel(
            "bottom",
            QCoreApplication.translate("charts", "all {0} nodes: {1:,.0f} kW at the wall").format(
                build.nodes, p.wall_w * build.nodes / 1000
            )
            if cluster
            else "",
        )
        # five-digit ticks (a server's 20,000 W) ran into the axis' "W": room for them
        self.plot.getAxis("left").setWidth(62 if max(p.psu_w, p.wall_w) >= 10_000 else None)
        stack = [
            (QCoreApplication.translate("charts", "GPUs"), p.gpu_w, "#3b6ea8"),
            (QCoreApplication.translate("charts", "CPU"), p.cpu_w, "#e39b2d"),
            (QCoreApplication.translate("charts", "rest"), p.rest_w, "#7f7f7f"),
        ]
        bottom = 0.0
        for name, value, color in stack:
            bar = pg.BarGraphItem(x=[0], height=[value], y0=[bottom], width=0.5, brush=QColor(color), name=name)
            # the watts in the legend: a 65 W CPU slice is too thin to carry its own number (walk8: no bar had one)
            self._add_bar(bar, f"{name} {value:,.0f} W")
            bottom += value
        wall = pg.BarGraphItem(x=[1], height=[p.wall_w], width=0.5, brush=QColor("#c8553d"), name="wall draw")
        self._add_bar(wall, QCoreApplication.translate("charts", "wall draw {0:,.0f} W").format(p.wall_w))
        # each bar's total on top of it, as a share of what carries it; the limits' own watts are in the legend. Each
        # label starts at its bar's outer edge and runs inward: centred, a printed chart cut "884 W DC" to "4 W DC"
        # a ready-made system's load is its maker's maximum, which is its supply: "100 % of the built-in supply" on the
        # Mac Studio read as a supply run flat out (walk8); a PSU's share is what sizing it is about
        ready_made = any(part.category == "system" for part in build.parts)
        dc_text = QCoreApplication.translate("charts", "{0:,.0f} W DC").format(bottom) + (
            "\n" + QCoreApplication.translate("charts", "{0:.0%} of the PSU").format(bottom / p.psu_w)
            if p.psu_w and not ready_made
            else ""
        )
        wall_text = QCoreApplication.translate("charts", "{0:,.0f} W at the wall").format(p.wall_w)
        # the wall bar read against the limit CIR-1 judged it by (watts.circuit_load): a prompt's burst over a lower
        # decode draw is judged with NEC 210.20(A) against the breaker's rating; "111 % of the circuit limit" was
        # written on a 2 x 3090 build the rule passes (1,004 W in a prompt: 1,164 W of a 1,800 W breaker)
        decoding = None if cluster else p.decode_wall_w
        breaker = not cluster and bool(p.circuit_limit_w) and pw.judged_by_breaker(p.wall_w, decoding)
        if breaker:
            load, against = pw.circuit_load(p.wall_w, decoding, p.circuit_limit_w)
            wall_text += "\n" + QCoreApplication.translate(
                "charts", "{0:,.0f} W by NEC 210.20(A):\n{1:.0%} of the breaker"
            ).format(load, load / against)
        elif not cluster and p.circuit_limit_w:
            wall_text += "\n" + QCoreApplication.translate("charts", "{0:.0%} of the circuit limit").format(
                p.wall_w / p.circuit_limit_w
            )
        self.values = [text.replace("%", " %") for text in (dc_text, wall_text)]
        placed = [(-0.25, bottom, self.values[0], (0.0, 1.0)), (1.25, p.wall_w, self.values[1], (1.0, 1.0))]
        if decoding is not None:
            # one stream on a layer split: one card works at a time (plan._with_decode_draw). The build line and the
            # sheet's table said "631 W while decoding" beside 993 W, this chart only the 993 W peak. Drawn inside the
            # wall bar, its label run inward from the bar's outer edge as the wall's is: as a third bar, the printed
            # chart's "993 W at the wall" label ran over "884 W DC"; centred, this one ran out of the printed plot
            self._add_bar(
                pg.BarGraphItem(x=[1], height=[decoding], width=0.3, brush=QColor("#f2c4b8"), name="decoding"),
                QCoreApplication.translate("charts", "one stream decoding {0:,.0f} W").format(decoding),
            )
            self.values.append(QCoreApplication.translate("charts", "{0:,.0f} W while decoding").format(decoding))
            placed.append((1.25, decoding, self.values[2], (1.0, 1.0)))
        for x, top, text, anchor in placed:
            label = pg.TextItem(text, color="#222222", fill=(255, 255, 255, 210), anchor=anchor)
            label.setZValue(10)  # over the limit lines: "76 % of the PSU" was struck through by the 80 % line
            label.setPos(x, top)
            self.plot.addItem(label)
        self.series = {
            "dc": [p.gpu_w, p.cpu_w, p.rest_w],
            "psu_w": [p.psu_w],
            "wall_w": [p.wall_w],
            "circuit_limit_w": [p.circuit_limit_w],
            **({"decode_wall_w": [decoding]} if decoding is not None else {}),
        }
        lines = (
            []
            if cluster
            else [(p.circuit_limit_w, QCoreApplication.translate("charts", "circuit limit (continuous)"), "#c8553d")]
        )
        if breaker:
            # the line the prompt's burst was judged against (CIR-1 by NEC 210.20(A)), beside the continuous one
            rating = pw.NEC_CONTINUOUS * p.circuit_limit_w
            self.series["breaker_w"] = [rating]
            lines.append(
                (
                    rating,
                    QCoreApplication.translate("charts", "breaker (prompt bursts)"),
                    "#7b2d26",
                )
            )
        if any(part.category == "system" for part in build.parts):
            # a ready-made system's supply is the maker's: there is no PSU to size, so no 80 % line to keep under
            lines.insert(0, (p.psu_w, QCoreApplication.translate("charts", "built-in supply"), "#264653"))
        else:
            self.series["psu_80"] = [PSU_TARGET_LOAD * p.psu_w]
            lines[:0] = [
                (p.psu_w, QCoreApplication.translate("charts", "PSU capacity"), "#264653"),
                (
                    PSU_TARGET_LOAD * p.psu_w,
                    QCoreApplication.translate("charts", "{0:.0%} of PSU").format(PSU_TARGET_LOAD).replace("%", " %"),
                    "#2a9d8f",
                ),
            ]
        for value, text, color in lines:
            pen = pg.mkPen(color, width=2, style=pg.QtCore.Qt.PenStyle.DashLine)
            self.plot.addItem(pg.InfiniteLine(pos=value, angle=0, pen=pen))
            self._legend_line(pen, f"{text} {value:,.0f} W")
        self._ticks([QCoreApplication.translate("charts", "DC load"), QCoreApplication.translate("charts", "wall")])
        top = 0 if cluster else p.circuit_limit_w * (pw.NEC_CONTINUOUS if breaker else 1)
        self.plot.setYRange(0, max(p.psu_w, top, p.wall_w) * 1.12)


NODE_TICK_GAP = 0.2  # decades: a tick label needs ~this much room from the chosen size's on a printed chart


def _short_money(value: float) -> str:
    """1,500,000 -> "1.5M": tick labels on a log axis spanning thousands to hundreds of millions."""
    for limit, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            return f"{value / limit:.3g}{suffix}"
    return f"{value:g}"


def _log_ticks(low: float, high: float, text: object) -> list[tuple[float, str]]:
    """Ticks at 1, 2 and 5 of each decade between `low` and `high`, placed on log10 coordinates."""
    ticks = []
    for decade in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1):
        for step in (1, 2, 5):
            value = step * 10.0**decade
            if low / 1.5 <= value <= high * 1.5:
                ticks.append((math.log10(value), text(value)))  # type: ignore[operator]
    return ticks


class NodeScalingChart(_Chart):
    """Wall time (days, log scale, left) and cost (right, log scale) against the number of nodes of the build's
    ready-made server, from the build's own `node_curve` (core: solve.cluster.node_curve). The chosen size is marked,
    the deadline drawn as a line. Both axes are logarithmic because cost grows with nodes over three decades while time
    falls; the rental curve stays near-flat on it, so the point where buying overtakes renting the job shows.

    The drawn items hold log10 coordinates; `series` keeps the curve's own numbers."""

    LEGEND_COLUMN = 1

    def __init__(self, parent: QWidget | None = None):
        super().__init__(
            QCoreApplication.translate("charts", "Wall time and cost against nodes"),
            QCoreApplication.translate("charts", "wall time (days)"),
            parent,
        )
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setLabel("bottom", QCoreApplication.translate("charts", "nodes"))
        self.cost_view = pg.ViewBox(enableMenu=False)
        self.cost_view.setMouseEnabled(x=False, y=False)
        self.plot.showAxis("right")
        self.plot.scene().addItem(self.cost_view)
        self.plot.getAxis("right").linkToView(self.cost_view)
        self.cost_view.setXLink(self.plot)
        self.plot.vb.sigResized.connect(self._sync_views)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.layout().addWidget(self.note)  # type: ignore[union-attr]
        self.curve: NodeCurve | None = None
        self.items: dict[str, pg.GraphicsObject] = {}

    def _sync_views(self) -> None:
        self.cost_view.setGeometry(self.plot.vb.sceneBoundingRect())
        self.cost_view.linkedViewChanged(self.plot.vb, self.cost_view.XAxis)

    def clear(self) -> None:
        super().clear()
        self.cost_view.clear()
        self.items = {}
        self.curve = None
        self.note.setText("")

    def _line(
        self,
        name: str,
        xs: list[float],
        ys: list[float],
        color: str,
        view: pg.ViewBox | None = None,
        dash: bool = False,
        symbol: str | None = "o",
    ) -> None:
        pen = pg.mkPen(
            color, width=2, style=pg.QtCore.Qt.PenStyle.DashLine if dash else pg.QtCore.Qt.PenStyle.SolidLine
        )
        item = pg.PlotDataItem(
            [math.log10(x) for x in xs],
            [math.log10(y) for y in ys],
            pen=pen,
            symbol=symbol,
            symbolSize=6,
            symbolBrush=QColor(color),
            symbolPen=None,
            name=QCoreApplication.translate("charts", name),
        )
        (view or self.plot).addItem(item)
        self.legend.addItem(item, QCoreApplication.translate("charts", name))
        self.items[name] = item  # by its English name (QT_TRANSLATE_NOOP at the call), in either language

    def show_build(self, build: Build | None) -> None:
        self.clear()
        curve = build.node_curve if build is not None else None
        if curve is None or build is None:
            if build is not None:  # walk15: an empty grid from 0.1 to 0.9 under the title, and nothing said
                self.note.setText(
                    QCoreApplication.translate(
                        "charts",
                        "No node curve for this build: it is drawn for the ready-made servers of a training plan "
                        "and for inference clusters, which are bought by the node.",
                    )
                )
            return
        self.curve = curve
        training = curve.kind == "training"
        fit = [p for p in curve.points if p.fits]
        timed = [p for p in fit if (p.wall_hours if training else p.decode_tokens_per_s)]
        priced = [p for p in fit if p.total_price > 0]  # a size that cannot run the job has no cost to weigh
        rented = [p for p in fit if p.rental_cost]
        self.series = {
            "nodes": [float(p.nodes) for p in timed],
            "wall_days": [(p.wall_hours or 0) / 24 for p in timed] if training else [],
            "decode_tokens_per_s": [p.decode_tokens_per_s or 0 for p in timed] if not training else [],
            "price_nodes": [float(p.nodes) for p in priced],
            "price": [p.total_price for p in priced],
            "rental_nodes": [float(p.nodes) for p in rented],
            "rental": [p.rental_cost or 0 for p in rented],
            "chosen_nodes": [float(curve.chosen_nodes)],
            "deadline_days": [curve.deadline_hours / 24] if curve.deadline_hours else [],
        }
        left = self.series["wall_days"] if training else self.series["decode_tokens_per_s"]
        self.plot.setLabel(
            "left",
            QCoreApplication.translate("charts", "wall time (days)")
            if training
            else QCoreApplication.translate("charts", "decode tokens/s per sequence"),
        )
        self.plot.setLabel("right", QCoreApplication.translate("charts", "cost ({0})").format(curve.currency))
        # the title stays short: a long one sets the plot's minimum width and pushes the legend off a printed chart
        self.plot.setTitle(
            QCoreApplication.translate("charts", "Wall time and cost against nodes")
            if training
            else QCoreApplication.translate("charts", "Decode speed and cost against nodes")
        )
        self.plot.setLabel(
            "bottom", QCoreApplication.translate("charts", "nodes of {0}").format(curve.system_name.split(" (")[0])
        )
        if timed:
            line = (
                str(QT_TRANSLATE_NOOP("charts", "wall time (left)"))
                if training
                else str(QT_TRANSLATE_NOOP("charts", "decode speed (left)"))
            )
            self._line(line, self.series["nodes"], left, "#3b6ea8")
        if priced:
            self._line(
                str(QT_TRANSLATE_NOOP("charts", "bought (right)")),
                self.series["price_nodes"],
                self.series["price"],
                "#e39b2d",
                self.cost_view,
            )
        if rented:
            self._line(
                str(QT_TRANSLATE_NOOP("charts", "the job rented (right)")),
                self.series["rental_nodes"],
                self.series["rental"],
                "#6a994e",
                self.cost_view,
                dash=True,
            )
        chosen = curve.point(curve.chosen_nodes)
        pen = pg.mkPen("#c8553d", width=1.5, style=pg.QtCore.Qt.PenStyle.DotLine)
        label = QCoreApplication.translate("charts", "chosen: {0} nodes").format(curve.chosen_nodes)
        if chosen is not None and chosen.fits:
            label += "\n" + (
                QCoreApplication.translate("charts", "{0:,.0f} days").format((chosen.wall_hours or 0) / 24)
                if training
                else QCoreApplication.translate("charts", "{0:.1f} tokens/s").format(chosen.decode_tokens_per_s or 0)
            )
            label += f", {_short_money(chosen.total_price)} {curve.currency}"
        xs = [float(p.nodes) for p in curve.points]
        # the label on the side of the line with more room, so it is never cut at the plot's edge
        middle = (math.log10(min(xs)) + math.log10(max(xs))) / 2
        side = (1, 0.5) if math.log10(curve.chosen_nodes) > middle else (0, 0.5)
        marker = pg.InfiniteLine(
            pos=math.log10(curve.chosen_nodes),
            angle=90,
            pen=pen,
            label=label,
            labelOpts={"position": 0.9, "color": "#c8553d", "fill": (255, 255, 255, 200), "anchors": [side, side]},
        )
        self.plot.addItem(marker)
        self.items["chosen"] = marker
        if chosen is not None and (chosen.wall_hours if training else chosen.decode_tokens_per_s):
            y = (chosen.wall_hours or 0) / 24 if training else chosen.decode_tokens_per_s or 0
            star = pg.ScatterPlotItem(
                [math.log10(chosen.nodes)], [math.log10(y)], symbol="star", size=16, brush=QColor("#c8553d"), pen=None
            )
            self.plot.addItem(star)
            self.items["chosen_point"] = star
        values = list(left)
        if curve.deadline_hours and training:
            days = curve.deadline_hours / 24
            dash = pg.mkPen("#c8553d", width=2, style=pg.QtCore.Qt.PenStyle.DashLine)
            line = pg.InfiniteLine(pos=math.log10(days), angle=0, pen=dash)
            self.plot.addItem(line)
            self.items["deadline"] = line
            self._legend_line(dash, QCoreApplication.translate("charts", "deadline {0:,.0f} days").format(days))
            values.append(days)
        # the chosen size's label replaces powers of two beside it: "256 384 512" ran together as "25638451"
        shown = sorted(
            {n for n in xs if math.log2(n) % 1 == 0 and abs(math.log10(n / curve.chosen_nodes)) >= NODE_TICK_GAP}
            | {float(curve.chosen_nodes)}
        )
        self.plot.getAxis("bottom").setTicks([[(math.log10(n), f"{n:g}") for n in shown]])
        self.plot.setXRange(math.log10(min(xs)) - 0.1, math.log10(max(xs)) + 0.15, padding=0)
        if values:
            low, high = min(values), max(values)
            self.plot.getAxis("left").setTicks([_log_ticks(low, high, lambda v: f"{v:g}")])
            self.plot.setYRange(math.log10(low) - 0.1, math.log10(high) + 0.1, padding=0)
        costs = self.series["price"] + self.series["rental"]
        if costs:
            low, high = min(costs), max(costs)
            self.plot.getAxis("right").setTicks([_log_ticks(low, high, _short_money)])
            self.cost_view.setYRange(math.log10(low) - 0.1, math.log10(high) + 0.1, padding=0)
        self.note.setText("; ".join(_node_notes(curve, chosen, training, bool(rented))))
        self._sync_views()


def _node_notes(curve: NodeCurve, chosen: NodePoint | None, training: bool, rented: bool) -> list[str]:
    """What the node chart says under it: the sizes too few to hold the job, why the chosen size has no rental
    or what the rented line is."""
    unfit = [p.nodes for p in curve.points if not p.fits]
    notes = []
    if unfit:
        too_few = (
            QCoreApplication.translate("charts", "{0} nodes: too few, no parallel layout holds the job in memory")
            if len(unfit) > 1
            else QCoreApplication.translate("charts", "{0} node: too few, no parallel layout holds the job in memory")
        )
        notes.append(too_few.format(", ".join(map(str, unfit))))
    if training and chosen is not None and chosen.rental_reason and chosen.rental_cost is None:
        no_rental = QCoreApplication.translate("charts", "no rental at {0} nodes: {1}")
        why = i18n.say(chosen.rental_said) if chosen.rental_said is not None else i18n.sentence(chosen.rental_reason)
        notes.append(no_rental.format(chosen.nodes, why))
    elif rented:
        notes.append(
            QCoreApplication.translate(
                "charts",
                "rented: the job on the cloud offer the plan matches at each size (its hourly price x its own "
                "wall hours)",
            )
        )
    return notes


class BuyOrRentChart(pg.PlotWidget):
    """Cumulative cost of owning (net of selling the machine that month: the break-even's own sum) vs renting, with
    the break-even month marked where the lines cross."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(
            parent, background=None, axisItems={"left": PlainAxis("left")}, enableMenu=False
        )  # 50M, not 5e+07
        # the colours named in the title instead of a legend, which would sit on the lines
        self.both_title = self.tr(
            "Cumulative cost: <span style='color: #3b6ea8;'>buy (purchase + electricity - resale)</span> vs "
            "<span style='color: #c8553d;'>rent (cloud equivalent)</span>"
        )
        # a cheaper rental that serves the need beside the as-fast one (tco.CostOfOwnership.enough): its own line
        self.enough_title = self.tr(
            "Cumulative cost: <span style='color: #3b6ea8;'>buy (purchase + electricity - resale)</span> vs "
            "<span style='color: #c8553d;'>rent as fast</span> and "
            "<span style='color: #b08900;'>rent what serves the need</span>"
        )
        # without a rental the title named a red line that was not drawn (walk15: Sam's 12-node 70B cluster)
        self.buy_title = self.tr(
            "Cumulative cost: <span style='color: #3b6ea8;'>buy (purchase + electricity - resale)</span>; "
            "no rental to compare"
        )
        # round 32: against a per-token API (tco.CostOfOwnership.against_api) the red line is its bill, its price's date
        # in the title ({0}) and the provider on the line: the as-fast GPU rental it beat is in the rows, not drawn
        # (round 31 drew it; the title with the provider in it ran out of a 1366 px window)
        self.api_title = self.tr(
            "Cumulative cost: <span style='color: #3b6ea8;'>buy (purchase + electricity - resale)</span> vs "
            "<span style='color: #c8553d;'>pay per token (price of {0})</span>"
        )
        self.api_label: pg.TextItem | None = None
        self.start_label: pg.TextItem | None = None
        self.setTitle(self.both_title)
        self.setLabel("bottom", self.tr("months"))
        self.showGrid(x=True, y=True, alpha=0.25)
        self.setMouseEnabled(x=False, y=False)
        self.series: dict[str, list[float]] = {}
        self.crossing: int | None = None
        self.crossing_line: pg.InfiniteLine | None = None

    @staticmethod
    def _label_height(
        values: list[float], owning: list[float], renting: list[float], month: int
    ) -> tuple[float, float]:
        """Where along the break-even line its label goes (a fraction of the height) and which way it hangs from
        there (1: above, 0: below, 0.5: centred): near the top when the lines pass the month with most room above
        them, near the bottom with most below, else midway between them."""
        low, high = min(values), max(values)
        at = [series[month] for series in (owning, renting) if month < len(series)]
        if high <= low or not at:
            return 0.15, 1
        lowest, highest = ((v - low) / (high - low) for v in (min(at), max(at)))
        # the largest of the room above them, below them and between them (round 35: a 1-user build's rental billed
        # only while serving runs along the axis, buying near the top, and the label at 90 % sat on buying's line)
        if highest - lowest > max(1 - highest, lowest):
            return (lowest + highest) / 2, 0.5
        return (0.9, 0) if 1 - highest > lowest else (0.1, 1)

    ENOUGH_SCALE = 3.0
    """How far above buying and the rental that serves the need the as-fast rental may end before the plot is scaled
    to the first two (with headroom ENOUGH_HEADROOM) and the steep line leaves its top."""
    ENOUGH_HEADROOM = 1.5

    @classmethod
    def _enough_top(cls, owning: list[float], renting: list[float], enough: list[float]) -> float | None:
        """The top of the plot when the as-fast rental would flatten buying and the rental that serves the need onto
        the axis; None: the whole range fits."""
        if not enough or not renting or not owning:
            return None
        rest = max(*owning, *enough)
        if rest <= 0 or max(renting) <= cls.ENOUGH_SCALE * rest:
            return None
        return rest * cls.ENOUGH_HEADROOM

    START_LABEL_SPAN = 0.45
    """The share of the months axis the month-0 label's words cover (at most; 940 px and the sheet's 640 px alike)."""

    def _label_month_zero(self, costs: CostOfOwnership | CostCurves, owning: list[float], values: list[float]) -> None:
        """Say what the buy line's first point is. It is what owning costs if the machine is sold that month (the
        break-even's sum: the lines cross at the month the plan says buying pays back), so at month 0 it is the
        purchase less what the machine fetches sold at once: 2 x RTX 3090 for 3,652 USD started at about 1,100, read
        as the price (round 32). Starting the line at the purchase instead, with the resale as a drop at the end,
        would move the crossing off the break-even month the rows and the plan state, so the line stays and its start
        is named: paid, and back if sold at once."""
        self.start_label = None
        purchase = costs.purchase
        if not owning or purchase is None or purchase - owning[0] < 0.5:
            return
        text = self.tr("month 0: {0:,.0f} {2} paid, {1:,.0f} back if sold at once").format(
            purchase, purchase - owning[0], costs.currency
        )
        low, high = min(values), max(values)
        above = high <= low or (owning[0] - low) / (high - low) < 0.6  # room above the point: the label hangs there
        # clear of the line it names over the months the words span (about 40 % of the axis at either size; the
        # sheet's line rose through them from month 0): above its highest point there, or below its lowest
        span = owning[: max(1, round(len(owning) * self.START_LABEL_SPAN)) + 1]
        self.start_label = pg.TextItem(text, color="#3b6ea8", anchor=(0, 1.15) if above else (0, -0.15))
        self.start_label.setPos(0, max(span) if above else min(span))
        self.addItem(self.start_label)

    def show_costs(self, costs: CostOfOwnership | CostCurves | None, months: int = 36) -> None:
        self.clear()
        self.series = {}
        self.crossing = None
        self.crossing_line = None
        if costs is None:
            return
        owning, renting = costs.cumulative_costs(months)
        # round 32: against a per-token API the red line is its bill, not the GPU rental's (round 31 drew the rental)
        api = costs.cumulative_api(months)
        enough = costs.cumulative_enough(months) if renting and not api else []
        renting = api or renting
        named = costs.api_named() if api else None
        self.api_label = None
        if named is not None:
            self.setTitle(self.api_title.format(named[1]))
        else:
            self.setTitle(self.enough_title if enough else self.both_title if renting else self.buy_title)
        x = list(range(months + 1))
        self.series = {
            "owning": owning,
            ("api" if api else "renting"): renting,
            **({"renting_enough": enough} if enough else {}),
        }
        self.plot(
            x,
            owning,
            pen=pg.mkPen("#3b6ea8", width=3),
            name=QCoreApplication.translate("costs", "buy: purchase + electricity - resale"),
        )
        if renting:
            self.plot(
                x,
                renting,
                pen=pg.mkPen("#c8553d", width=3),
                name=QCoreApplication.translate("costs", "pay per token")
                if api
                else QCoreApplication.translate("costs", "rent: cloud equivalent"),
            )
        if named is not None:
            # the provider named on its line, at its right end, above it (the line stays low: a few dollars a month)
            self.api_label = pg.TextItem(named[0], color="#c8553d", anchor=(1, 1))
            self.api_label.setPos(x[-1], renting[-1])
            self.addItem(self.api_label)
        if enough:
            self.plot(
                x,
                enough,
                pen=pg.mkPen("#b08900", width=3, style=pg.QtCore.Qt.PenStyle.DashLine),
                name=QCoreApplication.translate("costs", "rent: what serves the need"),
            )
        self.setLabel("left", costs.currency)
        self._label_month_zero(costs, owning, [*owning, *renting, *enough])
        shown = owning + renting + enough
        top = self._enough_top(owning, renting, enough)
        if top is not None:
            # the question the third line answers is buying against what serves the need; a rental as fast as an
            # 8-card build climbs past it twentyfold (Dr. Chen's 8 x RTX 2080 Ti 22GB: 684,372 CNY over 3 years against
            # 30,900 and about 40,000), and at full scale the two lines lay on the axis as one (walk19). The steep line
            # leaves the top of the plot; its figures stay in the rows below.
            self.enableAutoRange(axis="y", enable=False)
            self.setYRange(min(0.0, *owning, *enough), top, padding=0)
            shown = [min(v, top) for v in shown]
        else:
            self.enableAutoRange(axis="y", enable=True)
        if costs.break_even_month is not None and costs.break_even_month <= months:
            self.crossing = costs.break_even_month
            # the label on the side of the line with room for it: left of an early month it ran under the axis
            # ("k-even: month 3" for the Mac Studio, walk8)
            # and above its point, not below it: in the short chart of a 1366 x 768 screen the label ran under the
            # month axis ("回本：第 9 个月" cut in half, #31)
            # and away from where the lines meet the month: at 15 % of the height it sat on both lines when they
            # crossed low (Sam's 8 x A100 at month 7, Mina's 3090s at month 5: "break-even: month 7" struck through
            # in green on blue and red, walk13); the half of the line the lines leave empty holds it
            position, vertical = self._label_height(
                shown, owning, [min(v, top) for v in renting] if top is not None else renting, costs.break_even_month
            )
            side = (1, vertical) if costs.break_even_month > months / 3 else (0, vertical)
            crossing = self.tr("break-even: month {0}").format(costs.break_even_month)
            line = pg.InfiniteLine(
                pos=costs.break_even_month,
                angle=90,
                pen=pg.mkPen("#6a994e", width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                label=crossing,
                labelOpts={
                    "position": position,
                    "color": "#6a994e",
                    "anchors": [side, side],
                    "fill": (255, 255, 255, 210),
                },
            )
            self.addItem(line)
            self.crossing_line = line
