"""The motherboard's expansion slots drawn to scale, with each card's thickness and cooler."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from configurator.core.common.shapes import PartSpecJson
from configurator.core.model.build import Build
from configurator.core.report import phrases, words
from configurator.core.report.fit import short_gpu_name
from configurator.core.report.sheet import card_span, gpu_numbers, gpu_spec, slot_airflow, slot_cards, slot_words
from configurator.core.rules.base import explaining
from configurator.qt import i18n

MARGIN = 12  # px around the drawing
COOLER_COLORS = {"open-air": "#e39b2d", "blower": "#3b6ea8", "passive": "#7f7f7f", "liquid": "#2a9d8f"}


def _source(source: str) -> str:
    """Where a slot's lanes come from ("cpu", "chipset") in the window's language (CPU, 芯片组)."""
    with i18n.speaking():
        return words.lane_source(source)


def _lanes_from(source: str) -> str:
    """'(cpu)' or '（CPU）', as the printed sheet brackets it."""
    return f"（{_source(source)}）" if i18n.current() == "zh_CN" else f"({source})"


class SlotMapWidget(QWidget):
    """Draws slot rows top to bottom; `rows` keeps what was drawn for tests."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.build: Build | None = None
        self.rows: list[tuple[int, str]] = []  # (slot position, what is there)
        self.kinds: list[str] = []  # per row: "card", "cooler" (the card's cooler over the slot), "free", "none"
        self.bays = False  # a server's GPU bays, not expansion slots
        self.legend = ""  # the cooler and its airflow, under the slots
        self.explained = ""  # why a card sits where it does (PCI-5's chipset slot), as the printed sheet says under it
        self.bridge: str | None = None
        self.setMinimumSize(360, 240)  # eight slot rows of its 18 px floor and the legend (paintEvent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_build(self, build: Build | None) -> None:
        self.build = build
        self.rows = []
        self.kinds = []
        self.bays = False
        self.bridge = None
        if build is not None:
            part = next(
                (p for p in build.parts if p.category == "accessory" and p.spec.get("kind") == "nvlink-bridge"), None
            )
            if part is not None and len(build.slot_map) == 2:
                first, second = (s.slot for s in build.slot_map)
                self.bridge = self.tr("NVLink bridge, {0}-slot, between slots {1} and {2}").format(
                    part.spec.get("spacing_slots"), first, second
                )
        if build is not None:
            board = next((p.spec for p in build.parts if p.category == "motherboard"), None)
            # a ready-made server's GPU is named by the system record: its bays read "A100 80GB SXM4", not the
            # catalog id "a100-80gb-sxm" under a "blower cooler" legend
            gpu = gpu_spec(build)
            # different cards in one machine (#28): each slot names its own card, each card covers its own width
            cards = {p.id: p.spec for p in build.parts if p.category == "gpu"} if build.gpus_mixed else {}
            used = {s.slot: s for s in build.slot_map}
            if board and not board.get("gpu_bays"):
                empty: PartSpecJson = {}
                chassis = next((p.spec for p in build.parts if p.category == "chassis"), empty)
                count = max([s["position"] for s in board["pcie_slots"]] + [chassis.get("expansion_slots", 7)])
                covered: dict[int, tuple[str, str]] = {}
                risers = any(p.category == "accessory" and p.spec.get("kind") == "riser" for p in build.parts)
                # each card's own width: a mix's blower A5000 under an open-air 3090 covers two slots, not three
                spans = {pos: 1 if risers else card_span(cards.get(use.part_id, gpu)) for pos, use in used.items()}
                numbers = gpu_numbers(build)  # a mix's cards by device number, as the memory table counts them
                for number, (pos, use) in zip(numbers, sorted(used.items()), strict=True):
                    # the card's name and its lanes' source, as the printed sheet labels it: a buyer reads
                    # "GPU 2: RTX 3090 x4 (chipset)", not the catalog id "rtx-3090 x4"
                    own = cards.get(use.part_id, gpu)
                    name = f"GPU {number}: {short_gpu_name(str(own.get('name', use.part_id)))}"
                    for k in range(spans[pos]):
                        covered[pos + k] = (
                            (
                                "card",
                                f"{name} x{use.lanes} {_lanes_from(use.source)}"
                                + (self.tr(" on a riser cable") if risers else ""),
                            )
                            if k == 0
                            else ("cooler", self.tr("{0} (cooler)").format(name))
                        )
                slots = {s["position"]: s for s in board["pcie_slots"]}
                for pos in range(1, count + 1):
                    if pos in covered:
                        kind, text = covered[pos]
                    elif pos in slots:
                        kind, text = (
                            "free",
                            self.tr("free x{0} ({1})").format(slots[pos]["lanes"], _source(slots[pos]["source"])),
                        )
                    else:
                        kind, text = "none", self.tr("no slot")
                    self.rows.append((pos, text))
                    self.kinds.append(kind)
            else:
                self.bays = bool(gpu.get("bay"))  # a module bay (slots.module_bay), as sheet.slot_words words it
                bays = sorted(build.slot_map, key=lambda s: s.slot)
                for index, s in zip(gpu_numbers(build), bays, strict=True):
                    name = short_gpu_name(str(cards.get(s.part_id, gpu).get("name", s.part_id)))
                    # a server's SXM module sits in its bay, not an x16 slot (core sheet.slot_words)
                    with i18n.speaking():
                        where = slot_words(gpu, s)
                    self.rows.append((s.slot, f"GPU {index}: {name} {where}"))
                    self.kinds.append("card")
        self.legend = self._legend()
        # the passing checks that answer "why not the free x8 slot?" (rules.base.explaining), as sheet.slot_section
        with i18n.speaking():
            gap = "" if i18n.current() == "zh_CN" else " "
            self.explained = (
                gap.join(phrases.sentence(phrases.check(c)) for c in explaining(build.checks)) if build else ""
            )
        self.update()

    def text_below(self) -> str:
        """The legend and the explanation drawn under the slots."""
        legend = self.legend
        bridge = self.build and next(
            (p for p in self.build.parts if p.category == "accessory" and p.spec.get("kind") == "nvlink-bridge"), None
        )
        if bridge:
            legend += self.tr("; NVLink bridge ({0}-slot)").format(bridge.spec.get("spacing_slots"))
        return legend + (f"\n{self.explained}" if self.explained else "")

    def text_below_height(self, font: QFont) -> int:
        """The height the text under the slots takes, wrapped to the widget's width in `font`."""
        room = QRect(0, 0, max(1, self.width() - 2 * MARGIN), 10_000)
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        return QFontMetrics(font).boundingRect(room, flags, self.text_below()).height()

    def row_height(self) -> float:
        """Each slot row's height: what the text below leaves (at 1366 x 768 the cooler's legend was cut under nine
        slots, and the chipset slot's reason had no room at all, ui44), from 18 to 34 px."""
        rows = max(len(self.rows), 1)
        room = self.height() - 2 * MARGIN - 20 - 8
        # the tallest rows whose font leaves the text below room (a smaller font wraps it in fewer lines)
        row_h = max(18.0, min(34.0, room / rows))
        while row_h > 18.0 and rows * row_h + self.text_below_height(self._font(row_h)) > room:
            row_h -= 1.0
        return max(18.0, row_h)

    def _font(self, row_h: float) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.5, row_h / 3.2))
        return font

    def _legend(self) -> str:
        """The cooler, and for open-air cards whether each has the free slot below it that feeds its fans: "a free slot
        below each open-air card" read wrong for a second 3090 in slots 7-9 of 9. A mix names each card's cooler by
        its GPU number (round 48: "open-air" alone stood for a 3090 + a blower A5000) and judges the free slot under
        its open-air cards only. The coolers and the free slots are SLOT-1's (sheet.slot_airflow, round 49): the
        legend had measured them itself, and the check and the window could disagree."""
        if self.build is None:
            return ""
        gpu = gpu_spec(self.build)
        cooler = gpu.get("cooler", "blower")
        if cooler == "system":
            return self.tr("cooled by the system's own fans and ducts")
        names = {
            "open-air": self.tr("open-air cooler (fans blow into the case)"),
            "blower": self.tr("blower cooler (exhausts out of the back)"),
            "passive": self.tr("passive cooler (needs the chassis' airflow)"),
            "liquid": self.tr("liquid cooler"),
        }
        coolers, below = slot_airflow(self.build)
        coolers = coolers or self._coolers(gpu)  # bays and risers: SLOT-1 measured no slots
        if len(set(coolers)) > 1:
            numbered = sorted(zip(gpu_numbers(self.build), coolers, strict=False))  # GPU 1 first, wherever it sits
            legend = ("；" if i18n.current() == "zh_CN" else "; ").join(  # as the legend's own "; ..." reads
                self.tr("GPU {0}: {1}").format(i, names.get(c, self.tr("{0} cooler").format(c))) for i, c in numbered
            )
        else:
            legend = names.get(cooler, self.tr("{0} cooler").format(cooler))
        fans = [b for b, c in zip(below, coolers, strict=False) if c == "open-air"]
        if fans and len(below) == len(coolers):
            if min(fans) >= 1:
                legend += (
                    self.tr("; a free slot below each card keeps its fans fed")
                    if len(fans) == len(below)
                    else self.tr("; a free slot below each open-air card keeps its fans fed")
                )
            elif coolers[-1] == "open-air" and below[-1] < 1 and min(fans[:-1], default=1) >= 1:
                legend += self.tr(
                    "; a free slot between the cards keeps their fans fed; the bottom card draws air "
                    "from the case floor: keep it clear of cables"
                )
            else:
                legend += self.tr("; cards with no free slot below them starve each other's fans (see Checks)")
        return legend

    def _coolers(self, gpu: PartSpecJson) -> list[str]:
        """Each card's cooler in slot order: a mix's own cards (Build.gpus_mixed), else the build's card in every slot."""
        build = self.build
        if build is None:
            return []
        return [str(spec.get("cooler", "blower")) for spec in slot_cards(build, gpu)]

    def empty_text(self) -> str:
        """What the tab says when there are no slots to draw: no build chosen, or a build without slots."""
        if self.build is None:
            return self.tr("Choose a build to see where its cards go")
        system = next((p for p in self.build.parts if p.category == "system"), None)
        if system is not None:
            return self.tr(
                "{0} is a ready-made system: its GPU is built in, there are no slots to fill or cards to place"
            ).format(system.name)
        return self.tr("This build has no expansion slots to plan")

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.base())
        if self.build is None or not self.rows:
            painter.setPen(palette.text().color())
            painter.drawText(
                self.rect().adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.empty_text(),
            )
            return
        cooler = gpu_spec(self.build).get("cooler", "blower")
        margin, label_w = MARGIN, 70
        row_h = self.row_height()
        board_w = self.width() - 2 * margin - label_w
        font = self._font(row_h)
        painter.setFont(font)
        painter.setPen(palette.text().color())
        title = self.tr("GPU bays") if self.bays else self.tr("Expansion slots (1 = nearest the CPU)")
        painter.drawText(QRectF(margin, margin - 4, self.width() - 2 * margin, 20), Qt.AlignmentFlag.AlignLeft, title)
        top = margin + 20
        for i, ((pos, what), kind) in enumerate(zip(self.rows, self.kinds, strict=True)):
            y = top + i * row_h
            painter.setPen(palette.text().color())
            painter.drawText(
                QRectF(margin, y, label_w - 6, row_h),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                self.tr("slot {0}").format(pos),
            )
            rect = QRectF(margin + label_w, y + 2, board_w, row_h - 4)
            if kind == "free":
                painter.setPen(QPen(QColor("#9aa5b1"), 1, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            elif kind == "none":
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(palette.window().color()))
            else:
                color = QColor(COOLER_COLORS.get(cooler, "#3b6ea8"))
                if kind == "cooler":
                    color = color.lighter(135)
                painter.setPen(QPen(color.darker(130), 1))
                painter.setBrush(color)
            painter.drawRoundedRect(rect, 4, 4)
            on_card = kind in ("card", "cooler")
            painter.setPen(
                QColor("#ffffff") if kind == "card" else QColor("#1f2933") if on_card else palette.text().color()
            )
            painter.drawText(
                rect.adjusted(8, 0, -4, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, what
            )
        painter.setPen(palette.text().color())
        bridge = next(
            (p for p in self.build.parts if p.category == "accessory" and p.spec.get("kind") == "nvlink-bridge"), None
        )
        if bridge is not None and len(self.build.slot_map) == 2:
            # the bridge: a bar joining the two cards' top edges, at its own slot spacing
            first, second = (s.slot for s in self.build.slot_map)
            rows = [pos for pos, _ in self.rows]
            if first in rows and second in rows:
                x = margin + label_w + board_w - 40
                y1 = top + rows.index(first) * row_h + row_h / 2
                y2 = top + rows.index(second) * row_h + row_h / 2
                painter.setPen(QPen(QColor("#2a9d8f"), 6))
                painter.drawLine(int(x), int(y1), int(x), int(y2))
                painter.setPen(palette.text().color())
        below = self.text_below()
        painter.drawText(
            QRectF(margin, top + len(self.rows) * row_h + 4, self.width() - 2 * margin, self.text_below_height(font)),
            Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
            below,
        )
        painter.end()
