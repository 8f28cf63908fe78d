"""Charts of a build: VRAM headroom per GPU, cost by category, and the power budget."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from configurator.core.estimate.result import BREAKDOWN_KEYS
from configurator.core.solve.build import Build

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


def _label(key: str) -> str:
    return key.replace("_", " ")


class _Chart(QWidget):
    """A titled pyqtgraph plot with a legend; `series` keeps the plotted numbers for tests."""

    def __init__(self, title: str, left: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.plot = pg.PlotWidget(background=None)
        self.plot.setTitle(title)
        self.plot.setLabel("left", left)
        self.plot.showGrid(y=True, alpha=0.25)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.setMenuEnabled(False)
        self.legend = self.plot.addLegend(offset=(-10, 10))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.series: dict[str, list[float]] = {}
        self.bars: list[pg.BarGraphItem] = []

    def clear(self) -> None:
        self.plot.clear()
        self.legend.clear()
        self.series = {}
        self.bars = []

    def _ticks(self, labels: list[str]) -> None:
        self.plot.getAxis("bottom").setTicks([[(i, text) for i, text in enumerate(labels)]])


class VramHeadroomChart(_Chart):
    """Stacked bars per GPU (weights, KV cache, ... , free) against capacity, plus system RAM."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Memory per GPU, and system RAM", "GiB", parent)

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        est = build.estimate
        gpus = list(est.per_gpu)
        labels = [f"GPU {g.index}" for g in gpus]
        bottoms = [0.0] * len(gpus)
        for key in (*BREAKDOWN_KEYS, "free"):
            if key == "free":
                values = [max(0.0, ((g.usable_bytes or g.capacity_bytes or 0) - g.total) / GIB) for g in gpus]
            else:
                values = [getattr(g.breakdown, key) / GIB for g in gpus]
            if not any(values):
                continue
            self.series[key] = values
            bar = pg.BarGraphItem(x=list(range(len(gpus))), height=values, y0=list(bottoms), width=0.6,
                                  brush=QColor(COMPONENT_COLORS[key]), pen=pg.mkPen("#ffffff", width=0.5), name=_label(key))
            self.plot.addItem(bar)
            self.bars.append(bar)
            bottoms = [b + v for b, v in zip(bottoms, values)]
        capacity = [(g.capacity_bytes or 0) / GIB for g in gpus]
        self.series["capacity"] = capacity
        if capacity and capacity[0]:
            line = pg.InfiniteLine(pos=capacity[0], angle=0, pen=pg.mkPen("#c8553d", width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                                   label=f"capacity {capacity[0]:.0f} GiB", labelOpts={"position": 0.1, "color": "#c8553d"})
            self.plot.addItem(line)
        ram = next((p for p in build.parts if p.category == "memory"), None)
        if ram is not None:
            # system RAM beside the GPUs: what the job keeps there against what is installed (GiB)
            total = ram.spec["modules"] * ram.spec["module_gb"] * ram.quantity * 1e9 / GIB
            used = est.host_ram_bytes / GIB
            x = len(gpus)
            self.series["system_ram_gb"] = [float(ram.spec["modules"] * ram.spec["module_gb"] * ram.quantity)]
            self.series["system_ram_used_gib"] = [used]
            for height, y0, color, name in ((used, 0.0, "#2a9d8f", "in system RAM"), (max(0.0, total - used), used, "#cfe8e5", None)):
                bar = pg.BarGraphItem(x=[x], height=[height], y0=[y0], width=0.6, brush=QColor(color), pen=pg.mkPen("#ffffff", width=0.5),
                                      **({"name": name} if name else {}))
                self.plot.addItem(bar)
                self.bars.append(bar)
            labels.append(f"RAM ({total:.0f} GiB)")
        self._ticks(labels)
        stacks = [sum(v[i] for k, v in self.series.items() if k in COMPONENT_COLORS) for i in range(len(gpus))]
        ram_top = [self.series["system_ram_gb"][0] * 1e9 / GIB] if "system_ram_gb" in self.series else []
        self.plot.setYRange(0, max(capacity + stacks + ram_top) * 1.1)


class CostBreakdownChart(_Chart):
    """What the money buys: one bar per category of part."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Cost by category", "price", parent)

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        totals: dict[str, float] = {}
        for part in build.parts:
            totals[part.category] = totals.get(part.category, 0.0) + part.subtotal * build.nodes
        categories = list(totals)
        self.series = {"categories": categories, "amounts": [totals[c] for c in categories]}  # type: ignore[dict-item]
        brushes = [QColor(CATEGORY_COLORS[i % len(CATEGORY_COLORS)]) for i in range(len(categories))]
        bar = pg.BarGraphItem(x=list(range(len(categories))), height=[totals[c] for c in categories], width=0.6, brushes=brushes)
        self.plot.addItem(bar)
        self.bars.append(bar)
        self.plot.setLabel("left", build.currency)
        self._ticks(categories)


class PowerBudgetChart(_Chart):
    """DC load (GPUs, CPU, rest) against the PSU's capacity, and wall draw against the circuit."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Power budget", "W", parent)

    def show_build(self, build: Build | None) -> None:
        self.clear()
        if build is None:
            return
        p = build.power
        stack = [("GPUs", p.gpu_w, "#3b6ea8"), ("CPU", p.cpu_w, "#e39b2d"), ("rest", p.rest_w, "#7f7f7f")]
        bottom = 0.0
        for name, value, color in stack:
            bar = pg.BarGraphItem(x=[0], height=[value], y0=[bottom], width=0.5, brush=QColor(color), name=name)
            self.plot.addItem(bar)
            self.bars.append(bar)
            bottom += value
        wall = pg.BarGraphItem(x=[1], height=[p.wall_w], width=0.5, brush=QColor("#c8553d"), name="wall draw")
        self.plot.addItem(wall)
        self.bars.append(wall)
        self.series = {"dc": [p.gpu_w, p.cpu_w, p.rest_w], "psu_w": [p.psu_w], "wall_w": [p.wall_w],
                       "circuit_limit_w": [p.circuit_limit_w], "psu_80": [0.8 * p.psu_w]}
        for value, text, color in ((p.psu_w, "PSU capacity", "#264653"), (0.8 * p.psu_w, "80 % of PSU", "#2a9d8f"),
                                   (p.circuit_limit_w, "circuit limit (continuous)", "#c8553d")):
            line = pg.InfiniteLine(pos=value, angle=0, pen=pg.mkPen(color, width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                                   label=f"{text} {value:,.0f} W", labelOpts={"position": 0.3, "color": color})
            self.plot.addItem(line)
        self._ticks(["DC load", "wall"])
        self.plot.setYRange(0, max(p.psu_w, p.circuit_limit_w, p.wall_w) * 1.12)
