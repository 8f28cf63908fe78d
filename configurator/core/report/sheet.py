"""The printable build sheet: one self-contained HTML page to order, check and assemble a build."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from configurator.core.common.reasons import Reason, english, from_json, shortened
from configurator.core.common.reasons import money as api_money
from configurator.core.common.shapes import CostOfOwnershipJson, PartSpecJson, PcieSlotJson, ValueRowJson
from configurator.core.estimate.result import BREAKDOWN_KEYS, HARD_HEADROOM, GpuMemory
from configurator.core.model import noise
from configurator.core.model.build import DETAIL_CHARS, Build, BuildPart, NodeCurve, SlotAssignment
from configurator.core.model.cards import gpu_numbers as gpu_numbers
from configurator.core.model.request import BuildRequest, circuit_limit_w, circuit_said, circuits_said
from configurator.core.report import phrases, prices
from configurator.core.report.fit import cards_said, fit_of, short_gpu_name, short_gpu_said
from configurator.core.report.purchase import (
    GIB,
    SheetMeta,
    build_title,
    catalog_prices,
    category_name,
    estimate_said,
    line_amounts,
    money,
    non_pass_checks,
    ordering_number,
    part_number,
    part_vendor,
    printed_totals,
    request_summary,
    value_ranking_of,
)
from configurator.core.report.utilisation import utilisation_rows
from configurator.core.report.words import (
    cooler_word,
    current,
    lane_source,
    language,
    launch_title,
    part_names,
    say,
    say_all,
    sentence_end,
    t,
)
from configurator.core.rules import compatibility, instance
from configurator.core.rules import job as job_rules
from configurator.core.rules import power as power_rules
from configurator.core.rules import site as site_rules
from configurator.core.rules import watts as pw
from configurator.core.rules.base import Check, explaining
from configurator.core.solve.power_cap import cap_command, gpu_from_spec, lowest_limit

SITE_POWER, FABRIC = instance(site_rules.SitePower), instance(job_rules.ClusterFabric)
"""The rules a cluster's sheet names (by their ids, never typed)."""

BTU_PER_W = 3.412
PAGE_SIZES = {"A4": "A4", "Letter": "letter"}
COOLER_COLOURS = {
    "open-air": "#f28e2b",
    "blower": "#4e79a7",
    "passive": "#76b7b2",
    "liquid": "#59a14f",
}
OTHER_COLOUR = "#bab0ac"
CLUSTER_COLUMNS_NOTE = (
    "bought: nodes, network and switches at the catalog's prices; job rented: the cloud offer the plan "
    "matches at that size, its hourly price x its own wall hours; scaling: the parallel layout's efficiency"
)
SYSTEM_FEEDS = "The system's own power supplies feed every GPU; plan its inlets on dedicated feeds."
CHASSIS_FEEDS = "The chassis's power modules feed the GPU bays through its own harness."
CABLE_NAMES = {"hpwr16": "12V-2x6", "pcie8": "PCIe 8-pin", "eps8": "EPS 8-pin"}
ROW_H = 28
PAD = 10
LABEL_W = 200
"""The slot map's narrowest label column (px): wider when its longest label needs it (label_column)."""
LABEL_GAP = 12
SLOT_W = 110
CARD_X = LABEL_W + SLOT_W + 30
CARD_W = 300
FONT_PX = 11
"""The slot map's font size (the <svg> element's font-size)."""
ASCII_ADVANCE = (
    317, 401, 459, 837, 635, 949, 778, 274, 389, 389, 500, 837, 317, 361, 317, 337, 635, 635, 635, 635, 635, 635,
    635, 635, 635, 635, 337, 337, 837, 837, 837, 530, 1000, 683, 685, 697, 770, 631, 574, 774, 751, 294, 294, 655,
    557, 862, 747, 787, 602, 787, 695, 634, 611, 732, 683, 989, 685, 611, 685, 389, 337, 389, 837, 500, 500, 612,
    634, 550, 634, 615, 351, 634, 634, 277, 277, 578, 277, 973, 634, 611, 634, 634, 411, 520, 392, 634, 591, 817,
    591, 591, 524, 635, 337, 635, 837,
)  # fmt: skip
"""Advance widths of ASCII 32-126 in 1/1000 em: DejaVu Sans, the font Qt draws "Arial, sans-serif" with when Arial
is absent (QFontMetricsF.horizontalAdvance at 11 px); wider than Arial's, so a label that fits here fits in Arial."""


def _gap() -> str:
    """The space between a lead word and its text: none between Chinese characters ("目录价格", not "目录 价格", walk13)."""
    return "" if current() == "zh_CN" else " "


def _semicolon() -> str:
    """The separator of a run of notes: a full-width one in Chinese ("创建于 2026-12-07；目录价格 ...", walk ui44)."""
    return "；" if current() == "zh_CN" else "; "


def text_width(text: str, size: float = FONT_PX) -> float:
    """Width in px of one line of the slot map's text: ASCII by the table above, a CJK or full-width character
    (from U+2E80: radicals, ideographs, full-width punctuation such as '：（）') a full em, any other character 0.7 em."""
    em = 0
    for c in text:
        code = ord(c)
        em += ASCII_ADVANCE[code - 32] if 32 <= code < 127 else 1000 if code > 0x2E7F else 700
    return em * size / 1000


def label_column(labels: list[str]) -> int:
    """Where the slot bars start: LABEL_W, or further right when the longest label would run under them."""
    return max(LABEL_W, PAD + math.ceil(max((text_width(label) for label in labels), default=0)) + LABEL_GAP)


CSS = """
@page { size: %(page)s; margin: 14mm }
* { box-sizing: border-box }
body { font: 10pt/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #222;
       margin: 0 auto; max-width: 190mm }
@media screen { body { padding: 16px } }
h1 { font-size: 17pt; margin: 0 0 4pt }
h2 { font-size: 12.5pt; border-bottom: 1px solid #999; margin: 14pt 0 6pt; break-after: avoid;
     page-break-after: avoid }
h3 { font-size: 10.5pt; margin: 8pt 0 4pt; break-after: avoid; page-break-after: avoid }
p { margin: 3pt 0 }
table { border-collapse: collapse; width: 100%%; margin: 4pt 0 }
thead { display: table-header-group }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px 3px 3px; text-align: left; vertical-align: top }
th { background: #eef1f4; font-size: 9pt }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums }
th.num { white-space: normal }
tr.total td { font-weight: bold; border-top: 2px solid #444 }
tr, figure, .block { page-break-inside: avoid; break-inside: avoid }
figure { margin: 6pt 0 }
figcaption { font-size: 9pt; color: #555 }
svg, img { max-width: 100%%; height: auto }
code { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f3f3f3; padding: 0 3pt }
pre.command { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 9pt; background: #f3f3f3;
  padding: 4pt 6pt; white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all; border-left: 3px solid #3b6ea8 }
.muted { color: #666 }
.small { font-size: 9pt }
.fail { color: #b00020; font-weight: bold }
.warn { color: #9a5b00; font-weight: bold }
.pass { color: #2e7d32 }
"""


# ---------------------------------------------------------------------------------------
# Reading the build


def part_of(build: Build, category: str) -> BuildPart | None:
    return next((p for p in build.parts if p.category == category), None)


def spec_of(build: Build, category: str) -> PartSpecJson:
    part = part_of(build, category)
    return part.spec if part else {}


def has_risers(build: Build) -> bool:
    return any(p.category == "accessory" and p.spec.get("kind") == "riser" for p in build.parts)


def card_span(gpu: PartSpecJson) -> int:
    """Expansion slots a card covers (2.5 -> 3)."""
    return max(1, math.ceil(float(gpu.get("slot_width") or 2) - 1e-9))


def slot_cards(build: Build, gpu: PartSpecJson) -> list[PartSpecJson]:
    """Each seated card's spec in slot order (build.slot_map): a mix's own cards (3090 and A5000 each theirs), `gpu`
    for a slot whose card the parts do not name. The slot maps (printed and the window's) and the memory table's card
    numbers read it."""
    specs = {p.id: p.spec for p in build.parts if p.category == "gpu"}
    return [specs.get(c.part_id, gpu) for c in sorted(build.slot_map, key=lambda c: c.slot)]


def slot_airflow(build: Build) -> tuple[list[str], list[int]]:
    """Each seated card's cooler and the free slots below it, top to bottom (the gap to the next card; under the bottom
    card the case's openings left), as SLOT-1 measured them (its verdict's `coolers`, `gaps` and `floor`): the window's
    slot-map legend reads them, so it and the check cannot disagree (round 49). Empty where the check measured no
    slots (cards in a server's bays or on risers)."""
    check = next((c for c in build.checks if c.rule == compatibility.Placement.id and "gaps" in c.fields), None)
    if check is None:
        return [], []
    coolers, gaps, floor = check.fields["coolers"], check.fields["gaps"], check.fields["floor"]
    if not (isinstance(coolers, (tuple, list)) and isinstance(gaps, (tuple, list)) and isinstance(floor, int)):
        return [], []  # a check saved by another version: the legend names the coolers alone
    return [str(c) for c in coolers], [*(int(g) for g in gaps), floor]


def _cell(text: object, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{escape(str(text))}</td>"


# Column widths (percent of the text width) per table, declared in the HTML: Qt's rich-text
# engine, like a browser, otherwise gives a column of long nowrap values all the room and
# squeezes its neighbour to one letter a line (the "Buy or rent" label column of round 1)
TABLE_WIDTHS: dict[str, tuple[int, ...]] = {
    "parts": (15, 29, 20, 8, 14, 14),
    "figures": (38, 62),
    "connectors": (20, 22, 58),
    "memory": (8, 10, 8, 13, 12, 12, 12, 8, 9, 8),
    "checks": (10, 12, 78),
    "nodes": (9, 10, 17, 14, 25, 25),
    "value": (27, 12, 10, 11, 9, 11, 11, 9),
}
MIN_COLUMN_PERCENT = 8  # no column narrower than this, so a label always has room for words


def _table(headers: list[str], rows: list[str], num_from: int = 99, kind: str = "figures") -> str:
    widths = TABLE_WIDTHS[kind]
    if len(widths) != len(headers):
        raise ValueError(f"table {kind!r}: {len(headers)} headers but {len(widths)} widths")
    cells = []
    for i, (header, width) in enumerate(zip(headers, widths)):
        cls = ' class="num"' if i >= num_from else ""
        cells.append(f'<th width="{width}%"{cls}>{escape(header)}</th>')
    head = "".join(cells)
    return (
        f'<table data-kind="{kind}" width="100%"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


# ---------------------------------------------------------------------------------------
# Header and parts


def _header(build: Build, request: BuildRequest, meta: SheetMeta) -> str:
    sources = [f"{t('created')} {meta.created}"]
    if meta.catalog_prices:
        sources.append(f"{t('catalog')}{_gap()}{catalog_prices(meta)}")
    build_prices = prices.dates_said(build)  # oldest, median and newest paid price: never "as of" today
    if build_prices is not None:
        sources.append(say(build_prices))
    if meta.exchange_rate_date:
        rate = f"{t('exchange rates of')} {meta.exchange_rate_date}"
        # the rates' source in the sheet's language (round 45: the ECB's citation had stood in English on a Chinese sheet)
        source = phrases.sentence(meta.exchange_rate_source)
        sources.append(rate + ((f"（{source}）" if current() == "zh_CN" else f" ({source})") if source else ""))
    if meta.app_version:
        sources.append(f"LLM Rig Configurator {meta.app_version}")
    return (
        '<header class="block">'
        f"<h1>{escape(meta.project_name)}{'：' if current() == 'zh_CN' else ': '}{escape(build_title(build))}</h1>"
        f'<p class="muted small">{escape(_semicolon().join(sources))}</p>'
        f"<p><strong>{t('Request:')}</strong> {escape(request_summary(request))}</p>"
        f"<p><strong>{t('How this fits:')}</strong> {escape(phrases.fit_sentence(fit_of(build, request)))}</p>"
        f"<p><strong>{t('Power and noise:')}</strong> {build.power.wall_w * build.nodes:,.0f} {t('W at the wall')}; "
        f"{escape(say(noise.build_noise(build).said()))} {t('under load')}{' ' + t('(one machine)') if build.nodes > 1 else ''}</p>"
        f"<p><strong>{t('Why this build:')}</strong> {escape(phrases.why(build))}</p>"
        "</header>"
    )


def _part_row(part: BuildPart, currency: str) -> str:
    # "(1 owned)" on a line of its own: on one nowrap line it widened Qty until "Subtotal" broke mid-word
    owned = f'<br><span class="muted small">({part.owned} {t("owned")})</span>' if part.owned else ""
    vendor = part_vendor(part)
    name = escape(part.name) + (f'<br><span class="muted small">{escape(vendor)}</span>' if vendor else "")
    old = prices.is_stale(part)
    price, paid = line_amounts(part)  # to the cent, as the purchase list prints them: the lines add up to the total
    unit = f"{price:,.2f}" + (" ⚠" if old else "")
    # without a maker's number the column showed the catalog id ("rtx-3090") as if a shop could order by it
    number = (
        _cell(part_number(part))
        if part.spec.get("vendor_part_number")
        else f'<td><span class="muted small">{escape(ordering_number(part))}</span></td>'
    )
    return (
        f"<tr>{_cell(category_name(part.category))}<td>{name}</td>{number}"
        f'<td class="num">{part.quantity}{owned}</td>{_cell(unit, "num warn" if old else "num")}'
        f"{_cell(f'{paid:,.2f}', 'num')}</tr>"
    )


def _total_row(label: str, value: str) -> str:
    # the total spans the price columns, so its long text never widens the Subtotal column
    return (
        f'<tr class="total"><td colspan="3">{escape(label)}</td><td colspan="3" class="num">{escape(value)}</td></tr>'
    )


def parts_section(build: Build) -> str:
    # a node's parts and their total first, then the fabric the cluster buys once, as the purchase list orders them
    rows = [_part_row(p, build.currency) for p in build.parts if p.scope == "node" or build.nodes <= 1]
    per_node, shared, total = printed_totals(build)  # the sums of the lines as printed
    if build.nodes > 1:
        rows.append(_total_row(t("Total per node"), money(per_node, build.currency)))
        rows += [_part_row(p, build.currency) for p in build.parts if p.scope == "cluster"]
        if shared:
            rows.append(_total_row(t("Shared by the cluster (switches, once)"), money(shared, build.currency)))
        rows.append(_total_row(t("Total for {0} nodes").format(build.nodes), money(total, build.currency)))
    else:
        rows.append(_total_row(t("Total"), money(total, build.currency)))
    headers = [
        t("Category"),
        t("Part"),
        t("Vendor part number"),
        t("Qty"),
        f"{t('Unit price')} ({build.currency})",
        f"{t('Subtotal')} ({build.currency})",
    ]
    # the Chinese sheet's notes with its own colon and semicolon ("CPU：新品，2025-04-01；主板：...", not "CPU: ...; ")
    colon = "：" if current() == "zh_CN" else ": "
    notes = [
        f"{escape(category_name(p.category))}{colon}{escape(phrases.price_note(p))}"
        for p in build.parts
        if p.price_note
    ]
    summary = phrases.stale_summary(build)
    if summary:
        notes.insert(
            0, '<span class="warn">⚠ ' + escape(summary) + _semicolon() + t("ask for a fresh quote") + "</span>"
        )
    lead = t("Prices:") + _gap()
    price_notes = f'<p class="muted small">{lead}{_semicolon().join(notes)}{sentence_end()}</p>' if notes else ""
    taxed = prices.tax_said(build)  # the one tax basis every line and the total are on
    lead = t("Tax:") + ("" if t("Tax:").endswith("：") else " ")  # no space after a full-width colon
    basis = f'<p class="small">{lead}{escape(say(taxed))}</p>' if taxed is not None else ""
    table = _table(headers, rows, num_from=3, kind="parts")
    return f"<section><h2>{t('Parts')}</h2>{table}{basis}{price_notes}</section>"


def charts_section(charts: dict[str, str] | None) -> str:
    """Charts given as inline SVG markup or data: URI images; other URIs are refused (no external resources)."""
    if not charts:
        return ""
    figures = []
    for title, content in charts.items():
        body = content.strip()
        if body.startswith("data:"):
            if not body.startswith("data:image/"):
                raise ValueError(f"chart {title!r}: only data:image/ URIs can be embedded")
            body = f'<img src="{escape(body)}" alt="{escape(title)}">'
        elif body.startswith("<?xml"):
            body = body[body.index("?>") + 2 :].strip()
        figures.append(
            f'<figure class="block">{body}<figcaption>{escape(phrases.sentence(title))}</figcaption></figure>'
        )
    return f"<section><h2>{t('Charts')}</h2>{''.join(figures)}</section>"


# ---------------------------------------------------------------------------------------
# Slot map


def _card_places(cards: list[SlotAssignment], widths: list[int], riser: bool) -> list[tuple[int, int]]:
    """(column, top row) of each card block, each card `widths` rows tall (a mix's cards their own, round 48): riser
    cards stack on the frame rail; seated cards start at their slot, moving right only if blocks would overlap."""
    if riser:
        return [(0, 1 + sum(widths[:i])) for i in range(len(cards))]
    ends: list[int] = []
    places = []
    for card, width in zip(cards, widths, strict=True):
        col = next((i for i, end in enumerate(ends) if end < card.slot), len(ends))
        if col == len(ends):
            ends.append(0)
        ends[col] = card.slot + width - 1
        places.append((col, card.slot))
    return places


def _svg(width: int, height: int, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'font-family="Arial, sans-serif" font-size="11">{"".join(body)}</svg>'
    )


def _text(x: float, y: float, text: str, extra: str = "") -> str:
    return f'<text x="{x:.0f}" y="{y:.0f}"{extra}>{escape(text)}</text>'


def _slot_label(position: int, slot: PcieSlotJson | None) -> str:
    if slot is None:
        return t("Slot {0}: no PCIe slot").format(position)
    mech, lanes = slot.get("mechanical_lanes", 16), slot.get("lanes", 16)
    electrical = t(" (x{0} el.)").format(lanes) if lanes < mech else ""
    where = f"x{mech}{electrical} Gen{slot.get('gen', '?')} {lane_source(str(slot.get('source', '')))}"
    return t("Slot {0}: {1}").format(position, where)


def _card_block(
    index: int, card: SlotAssignment, gpu: PartSpecJson, x: float, y: float, h: float, riser: bool
) -> list[str]:
    cooler = str(gpu.get("cooler", ""))
    colour = COOLER_COLOURS.get(cooler, OTHER_COLOUR)
    name = short_gpu_name(str(gpu.get("name", card.part_id)))[:40]
    detail = t("slot {0}: {1}, {2}").format(card.slot, slot_words(gpu, card), cooler_word(cooler or "GPU"))
    detail += t(", on riser") if riser else ""
    parts = [
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{h:.0f}" rx="4" fill="{colour}" '
        f'fill-opacity="0.85" stroke="#333"/>',
        _text(x + 8, y + 14, t("GPU {0}: {1}").format(index, name), ' font-weight="bold"'),
    ]
    if h >= 34:
        parts.append(_text(x + 8, y + 28, detail))
    return parts


def _legend(y: float, coolers: list[str]) -> list[str]:
    items: list[str] = []
    x = PAD
    for cooler in coolers:
        items.append(
            f'<rect x="{x}" y="{y:.0f}" width="12" height="12" fill="{COOLER_COLOURS.get(cooler, OTHER_COLOUR)}"/>'
        )
        word = cooler_word(cooler)
        items.append(_text(x + 16, y + 10, word))
        x += 30 + sum(12 if ord(c) > 0x2E7F else 7 for c in word)  # a CJK character is about a full em wide
    return items


def _slot_rows(slots: dict[int, PcieSlotJson], rows: int, label_w: int) -> list[str]:
    body: list[str] = []
    for pos in range(1, rows + 1):
        y = PAD + (pos - 1) * ROW_H
        slot = slots.get(pos)
        body.append(f'<line x1="{PAD}" y1="{y + ROW_H}" x2="{label_w + SLOT_W}" y2="{y + ROW_H}" stroke="#ddd"/>')
        body.append(_text(PAD, y + 18, _slot_label(pos, slot), "" if slot else ' fill="#999"'))
        if slot:
            w = max(14, SLOT_W * int(slot.get("mechanical_lanes", 16)) / 16)
            body.append(f'<rect x="{label_w}" y="{y + 9}" width="{w:.0f}" height="10" fill="#555"/>')
    return body


def _desktop_svg(build: Build, gpu: PartSpecJson, board: PartSpecJson) -> str:
    slots = {int(s["position"]): s for s in board.get("pcie_slots", ())}
    riser = has_risers(build)
    cards = sorted(build.slot_map, key=lambda c: c.slot)
    owns = slot_cards(build, gpu)  # each card its own height: a mix's 2-slot A5000 had been drawn three slots tall
    widths = [card_span(own) for own in owns]
    places = _card_places(cards, widths, riser)
    card_rows = max((top + width - 1 for (_, top), width in zip(places, widths, strict=True)), default=1)
    rows = max([*slots, *(c.slot for c in cards), 1] + ([] if riser else [card_rows]))
    label_w = label_column([_slot_label(pos, slots.get(pos)) for pos in range(1, rows + 1)])
    card_x = CARD_X + label_w - LABEL_W
    body = _slot_rows(slots, rows, label_w)
    dash = ' stroke-dasharray="4 3"' if riser else ""
    numbers = gpu_numbers(build)  # a mix's cards by device number, as the memory table and --tensor-split count them
    for index, (card, (col, top), own, width) in enumerate(zip(cards, places, owns, widths, strict=True), start=1):
        x = card_x + col * (CARD_W + 10)
        y = PAD + (top - 1) * ROW_H + 2
        slot_y = PAD + (card.slot - 1) * ROW_H + 14
        mid = label_w + SLOT_W + 4 + 4 * index
        body.append(f'<path d="M{label_w + SLOT_W} {slot_y} H{mid} V{y + 12} H{x}" fill="none" stroke="#333"{dash}/>')
        body += _card_block(numbers[index - 1], card, own, x, y, width * ROW_H - 4, riser)
    height = PAD * 2 + max(rows, card_rows) * ROW_H + 20
    # each cooler the blocks are coloured by (a mix's blower A5000 beside an open-air 3090: both)
    body += _legend(height - 22, list(dict.fromkeys(str(own.get("cooler", "GPU")) for own in owns or [gpu])))
    total_w = card_x + (max((col for col, _ in places), default=0) + 1) * (CARD_W + 10) + PAD
    return _svg(total_w, height, body, t("expansion slots and GPUs"))


def _bay_svg(build: Build, gpu: PartSpecJson, bays: int) -> str:
    cards = {c.slot: c for c in build.slot_map}
    labels = [
        t("Bay {0}: {1}").format(bay, slot_words(gpu, cards[bay]) if bay in cards else t("empty"))
        for bay in range(1, bays + 1)
    ]
    card_x = max(CARD_X - 100, PAD + math.ceil(max(text_width(label) for label in labels)) + LABEL_GAP)
    body: list[str] = []
    for bay, label in enumerate(labels, start=1):
        y = PAD + (bay - 1) * ROW_H
        card = cards.get(bay)
        body.append(_text(PAD, y + 18, label))
        if card:
            body += _card_block(bay, card, gpu, card_x, y + 2, ROW_H - 4, False)
        else:
            body.append(
                f'<rect x="{card_x}" y="{y + 2}" width="{CARD_W}" height="{ROW_H - 4}" '
                'fill="none" stroke="#999" stroke-dasharray="4 3"/>'
            )
    height = PAD * 2 + bays * ROW_H + 20
    body += _legend(height - 22, [str(gpu.get("cooler", "GPU"))])
    return _svg(card_x + CARD_W + PAD, height, body, t("GPU bays"))


def gpu_spec(build: Build) -> PartSpecJson:
    """The GPU record, or for whole systems a stand-in with the system's GPU id."""
    gpu = spec_of(build, "gpu")
    if gpu:
        return gpu
    system = spec_of(build, "system")
    return {
        "id": build.gpu_id,
        "name": system.get("gpu_name") or system.get("gpu", build.gpu_id),
        "cooler": "system",
        "slot_width": 2,
        "bay": system.get("gpu_bay"),
    }


def slot_words(gpu: PartSpecJson, card: SlotAssignment) -> str:
    """Where a card sits, as the sheet and the app's slot map word it: a server's module bay ('SXM5 bay (NVLink 4)',
    slots.module_bay) or its slot's lanes, generation and their source ('x16 Gen4 (cpu)')."""
    if gpu.get("bay"):
        return str(gpu["bay"])
    source = lane_source(card.source)
    where = f"x{card.lanes} Gen{card.gen}" + (f"（{source}）" if current() == "zh_CN" else f" ({source})")
    return where + (f" {card.split}" if card.split else "")


def slot_map_svg(build: Build) -> str:
    """Inline SVG of where each card goes: expansion slots top to bottom, or server bays."""
    gpu = gpu_spec(build)
    board = spec_of(build, "motherboard")
    system = spec_of(build, "system")
    bay_count = int(board.get("gpu_bays") or system.get("gpu_count") or 0)
    if bay_count or any(c.source == "bay" for c in build.slot_map):
        return _bay_svg(build, gpu, max([bay_count, *(c.slot for c in build.slot_map)]))
    return _desktop_svg(build, gpu, board)


def slot_section(build: Build) -> str:
    caption = "Slot 1 is nearest the CPU; each card covers the slots below its own."
    if has_risers(build):
        caption = "Cards hang on riser cables from these slots; the blocks show which slot each riser uses."
    system = part_of(build, "system")
    if system is not None and not build.slot_map:  # a Mac or a mini PC: no bay to draw (it drew one "empty")
        built_in = t("{0} is a ready-made system: its GPU is built in, there are no slots to fill or cards to place")
        return f'<section class="block"><h2>{t("Slot map")}</h2><p>{escape(built_in.format(system.name))}</p></section>'
    if system is not None:
        caption = t("GPU positions inside each {0}.").format(system.name)
    # why a card sits where a buyer told to want x8/x8 would not put it (PCI-5's layer split on the chipset slot)
    gap = "" if current() == "zh_CN" else " "
    why = "".join(f"{gap}{escape(phrases.sentence(phrases.check(c)))}" for c in explaining(build.checks))
    return (
        f'<section class="block"><h2>{t("Slot map")}</h2><figure>{slot_map_svg(build)}'
        f"<figcaption>{escape(phrases.sentence(caption))}{why}</figcaption></figure></section>"
    )


# ---------------------------------------------------------------------------------------
# Power, site and connector plan


@dataclass
class _PsuPool:
    index: int
    free: dict[str, list[int]] = field(default_factory=dict)

    def take(self, kind: str, count: int) -> list[str] | None:
        cables = self.free.get(kind, [])
        if len(cables) < count:
            return None
        self.free[kind] = cables[count:]
        return [t("PSU {0} {1} #{2}").format(self.index, CABLE_NAMES[kind], n) for n in cables[:count]]


def _pools(psu: BuildPart) -> list[_PsuPool]:
    connectors = psu.spec.get("connectors") or {}
    stock = {kind: list(range(1, int(connectors.get(kind, 0)) + 1)) for kind in CABLE_NAMES}
    return [_PsuPool(i, {k: list(v) for k, v in stock.items()}) for i in range(1, psu.quantity + 1)]


def _feed(pool: _PsuPool, needs: dict[str, int]) -> str:
    """Cables from one PSU for one consumer, with adapters where the PSU lacks a native plug."""
    feeds: list[str] = []
    for _ in range(needs.get("hpwr16", 0)):
        native = pool.take("hpwr16", 1)
        adapter = None if native else pool.take("pcie8", pw.ADAPTER_PCIE8_PER_HPWR)
        feeds += native or (
            [t("16-pin adapter from {0}").format(", ".join(adapter))] if adapter else [_missing("12V-2x6")]
        )
    for _ in range(needs.get("pcie8", 0) + needs.get("pcie6", 0)):
        feeds += pool.take("pcie8", 1) or [_missing("PCIe 8-pin")]
    for _ in range(needs.get("eps8", 0)):
        native = pool.take("eps8", 1)
        adapter = None if native else pool.take("pcie8", pw.ADAPTER_PCIE8_PER_EPS)
        feeds += native or (
            [t("EPS adapter from {0}").format(", ".join(adapter))] if adapter else [_missing("EPS 8-pin")]
        )
    return ("；" if current() == "zh_CN" else "; ").join(feeds) or t("slot power only")


def _missing(cable: str) -> str:
    return t("MISSING {0}").format(cable)


def _needs_text(needs: dict[str, int]) -> str:
    names = {"hpwr16": "12V-2x6", "pcie8": "8-pin PCIe", "pcie6": "6-pin PCIe", "eps8": "EPS 8-pin"}
    text = ", ".join(f"{n} x {names[k]}" for k, n in needs.items() if n)
    return text or t("none (slot power)")


def connector_plan(build: Build) -> list[tuple[str, str, str]]:
    """(consumer, inputs, PSU cables) rows: CPU first, then each card from one PSU (rule PWR-8)."""
    psu = part_of(build, "psu")
    gpu = spec_of(build, "gpu")
    if psu is None or not gpu:
        return []
    pools = _pools(psu)
    cpu = spec_of(build, "cpu")
    cpu_part = part_of(build, "cpu")
    sockets = cpu_part.quantity if cpu_part else 1
    eps = sockets * pw.eps_inputs_per_socket(str(cpu.get("platform")))
    rows = [("CPU" + (f" x {sockets}" if sockets > 1 else ""), f"{eps} x EPS 8-pin", _feed(pools[0], {"eps8": eps}))]
    cards = sorted(build.slot_map, key=lambda c: c.slot)
    specs = {p.id: p.spec for p in build.parts if p.category == "gpu"}  # different cards: each slot's own (#28)
    numbers = gpu_numbers(build)  # a mix's by device number (round 49)
    for i, card in enumerate(cards):
        pool = pools[min(len(pools) - 1, i * len(pools) // max(1, len(cards)))]
        own = {k: int(v) for k, v in (specs.get(card.part_id, gpu).get("power_connectors") or {}).items()}
        name = f" {specs[card.part_id].get('name', card.part_id)}" if build.gpus_mixed and card.part_id in specs else ""
        rows.append(
            (t("GPU {0}{1} (slot {2})").format(numbers[i], name, card.slot), _needs_text(own), _feed(pool, own))
        )
    return rows


def power_limit_w(build: Build) -> int | None:
    """Per-card limit that keeps the PSUs at 80 % and the circuit at 90 % of the limit CIR-1 judges it against
    (watts.circuit_card_w, which reads circuit_load: a layer split's prompt is a short load by NEC 210.20(A)), when
    the build needs one."""
    gpu = spec_of(build, "gpu")
    p = build.power
    if not gpu or part_of(build, "psu") is None or not build.gpu_count:
        return None
    cards: list[float] = []  # each target's most watts a card may draw
    if p.psu_w and p.dc_load_w > pw.PSU_TARGET_LOAD * p.psu_w:
        cards.append((pw.PSU_TARGET_LOAD * p.psu_w - p.cpu_w - p.rest_w) / build.gpu_count)
    if p.wall_w and p.circuit_limit_w:
        circuit = pw.circuit_card_w(p.dc_load_w, p.wall_w, p.gpu_w, build.gpu_count, p.decode_wall_w, p.circuit_limit_w)
        cards += [circuit] if circuit is not None else []
    if not cards:
        return None
    tdp = float(gpu.get("tdp_w") or 0)
    record = gpu_from_spec(gpu)
    lowest = lowest_limit(record) if record is not None else 0.5
    if lowest is None:
        return None  # its driver offers no cap (power_cap.py): no limit is planned for it
    per_card = min(cards)
    limit = int(max(per_card, max(lowest, 0.5) * tdp) // 5 * 5)
    if record is not None and record.power_limit_min_w is not None and limit < record.power_limit_min_w:
        limit = math.ceil(record.power_limit_min_w)  # never below the driver's floor (rounding down had crossed it)
    return limit if 0 < limit < tdp else None


def _circuit_row(build: Build, request: BuildRequest) -> tuple[str, str]:
    p = build.power
    if build.nodes == 1:
        # what CIR-1 compared (watts.circuit_load), as the chart draws it: "1,440 W continuous" stood beside a 2 x 3090
        # build judged by NEC 210.20(A) against its 1,800 W breaker
        circuit = t("Circuit limit on {0} x {1}").format(request.circuits, say(circuit_said(request.circuit)))
        load, against = pw.circuit_load(p.wall_w, p.decode_wall_w, p.circuit_limit_w)
        over = "" if p.circuit_ok else t(": OVER THE LIMIT")
        if pw.judged_by_breaker(p.wall_w, p.decode_wall_w):
            label = circuit + t(", by NEC 210.20(A): a prompt's burst plus 25 % of the decode draw")
            breaker = (
                "{0:,.0f} W against the {1:,.0f} W breaker"
                if request.circuits == 1
                else "{0:,.0f} W against {1:,.0f} W of breakers"
            )
            return label, t(breaker).format(load, against) + over
        said = t("{0:,.0f} W against {1:,.0f} W continuous ({2:.0f} %)")
        return circuit, said.format(load, against, 100 * pw.CONTINUOUS_SHARE) + over
    # a cluster's limit is the feeds sized to it (the SITE-POWER check), not the circuits the user described:
    # "3,717,064 W continuous on 1 x 230 V 16 A" read as if one outlet fed 384 servers
    described = circuit_limit_w(request.circuit) * request.circuits
    # the words in the figure's cell, the number in the value's: a value cell does not wrap, and a sentence there
    # squeezed the figure column to one letter a line over three printed pages
    label = t("Site feeds for all nodes (the {0} check)").format(SITE_POWER.id) + (
        ""
        if p.wall_w * build.nodes <= described
        else t("; the {0} described holds {1:,.0f} W").format(
            say(circuits_said(request.circuit, request.circuits)), described
        )
    )
    return label, t("{0:,.0f} W continuous").format(p.circuit_limit_w) + ("" if p.circuit_ok else t(": OVER THE LIMIT"))


SPIKE_RULES = (
    instance(power_rules.Atx2Spikes).id,
    instance(power_rules.Atx3Excursions).id,
    instance(power_rules.BarebonePsu).id,
)
"""The PSU's checks against the cards' spikes (PWR-3, PWR-4; a server's own modules, PSU), beside the spike figure."""


def _spike_rows(build: Build) -> list[tuple[str, str]]:
    """What the PSU's spike check held the spikes against, its finding in the figure's cell (which wraps) and its
    status in the value's: the sheet said "Short power spikes 1,304 W" (the cards' ~100 us peaks) beside PWR-3's
    "2 x GPU power spikes to 1584 W against 1600 W" (an ATX 2.x unit is sized for twice the GPUs' power) with nothing
    to tell the two apart, and Chen's server showed 4,083 W of spikes under a 4,000 W PSU capacity that its CRPS
    modules carry (walk15)."""
    said = "{0}（{1}）：{2}" if current() == "zh_CN" else "{0} ({1}): {2}"
    return [
        (said.format(t("PSU against spikes"), c.rule, phrases.check(c)), t(c.status.upper()))
        for c in build.checks
        if c.rule in SPIKE_RULES and (c.rule, c.code) != (instance(power_rules.BarebonePsu).id, "desktop")
    ]


def _power_rows(build: Build, request: BuildRequest) -> list[str]:
    p = build.power
    heat_w = p.wall_w
    rows = [
        ("GPU load", f"{p.gpu_w:,.0f} W"),
        ("CPU load", f"{p.cpu_w:,.0f} W"),
        ("Board, memory, drives, fans", f"{p.rest_w:,.0f} W"),
        ("DC load (sustained)", f"{p.dc_load_w:,.0f} W"),
        # a ready-made server's spikes are not known apart from its load (solve.machines gives its DC load): no row
        *((("Short power spikes (about 100 us)", f"{p.transient_w:,.0f} W"),) if p.transient_w > p.dc_load_w else ()),
        *_spike_rows(build),
        (
            "PSU capacity",
            f"{p.psu_w:,.0f} W" + (t(" ({0:.0%} loaded)").format(p.dc_load_w / p.psu_w) if p.psu_w else ""),
        ),
        ("Wall draw", f"{p.wall_w:,.0f} W"),
        # one stream on a layer split: one card works at a time (plan._with_decode_draw); the supply and circuit
        # rows stay at full load, which a prompt reaches
        *((("Wall draw while one stream decodes", f"{p.decode_wall_w:,.0f} W"),) if p.decode_wall_w else ()),
        _circuit_row(build, request),
        ("Heat into the room", t("{0:,.0f} W = {1:,.0f} BTU/h").format(heat_w, heat_w * BTU_PER_W)),
        ("Noise under load", say(noise.build_noise(build).said())),
    ]
    if build.nodes > 1:
        total = p.wall_w * build.nodes
        at_the_wall = t("{0:,.0f} W at the wall = {1:,.0f} BTU/h").format(total, total * BTU_PER_W)
        rows.append((t("All {0} nodes").format(build.nodes), at_the_wall))
    return [f"<tr>{_cell(t(k))}{_cell(v, 'num')}</tr>" for k, v in rows]


def power_section(build: Build, request: BuildRequest) -> str:
    scope = t(" (per node)") if build.nodes > 1 else ""
    parts = [
        f"<section><h2>{t('Power and site')}{escape(scope)}</h2>",
        _table([t("Figure"), t("Value")], _power_rows(build, request), 1),
    ]
    sound = noise.build_noise(build)
    noise_lines = say_all(sound.breakdown_said())
    parts.append(f'<p class="small muted">{t("Noise:")} ' + escape(noise_lines) + sentence_end() + "</p>")
    plan = connector_plan(build)
    if plan:
        rows = [f"<tr>{_cell(a)}{_cell(b)}{_cell(c)}</tr>" for a, b, c in plan]
        parts += [
            f"<h3>{t('Connector plan')}</h3>",
            _table([t("Consumer"), t("Power inputs"), t("Feed from")], rows, kind="connectors"),
            f'<p class="small muted">{t("One PSU cable per connector; no daisy-chained pigtails above 250 W.")}</p>',
        ]
    elif part_of(build, "system"):
        parts.append(f"<p>{t(SYSTEM_FEEDS)}</p>")
    else:
        parts.append(f"<p>{t(CHASSIS_FEEDS)}</p>")  # it was English on the Chinese sheet (walk ui9)
    parts.append("</section>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------
# Assembly notes


def m2_advice(build: Build) -> str | None:
    """Which M.2 sockets keep every GPU's lanes, in English (m2_said)."""
    said = m2_said(build)
    return english(said) if said is not None else None


def m2_said(build: Build) -> Reason | None:
    """Which M.2 sockets keep every GPU's lanes: those not in any used slot's shares_with (asm.nvme*)."""
    board = spec_of(build, "motherboard")
    sockets = board.get("m2_sockets") or []
    drive = part_of(build, "storage")
    if not sockets or drive is None or not str(drive.spec.get("form_factor", "")).startswith("m.2"):
        return None
    used = {c.slot for c in build.slot_map if c.source != "bay"}
    shared = {sid for s in board.get("pcie_slots", ()) if s["position"] in used for sid in s.get("shares_with", ())}
    free = sorted((s for s in sockets if s["id"] not in shared), key=lambda s: s.get("source") != "cpu")
    if not free:
        return Reason.of("asm.nvme-shared")
    chosen = ", ".join(
        f"{s['id']} (Gen{s.get('gen', '?')} x{s.get('lanes', 4)}, {s.get('source', 'cpu')})"
        for s in free[: drive.quantity]
    )
    avoid = sorted(shared & {s["id"] for s in sockets})
    return Reason.of("asm.nvme", drives=drive.quantity, chosen=chosen, avoid=", ".join(avoid))


def _cooling_notes(gpu: PartSpecJson, build: Build) -> list[Reason]:
    """The coolers' notes, read card by card (slot_cards): a mix of a blower RTX A5000 in slot 2 and an open-air RTX
    3090 in slot 5 had been told "Open-air cards in slots 2, 5" from the first card's cooler (round 49's walk of
    Mina's sheet). A blower in the stack says where the blowers go; the open-air note names only open-air cards' slots."""
    seated = sorted(build.slot_map, key=lambda c: c.slot)
    coolers = [card.get("cooler") for card in slot_cards(build, gpu)] or [gpu.get("cooler")]
    open_slots = ", ".join(str(c.slot) for c, cooler in zip(seated, coolers) if cooler == "open-air")
    notes: list[Reason] = []
    if "blower" in coolers:
        notes.append(Reason.of("asm.blower"))
    if "open-air" in coolers and has_risers(build):
        notes.append(Reason.of("asm.open-air-rail"))
    elif "open-air" in coolers and build.gpu_count > 1 and open_slots:
        notes.append(Reason.of("asm.open-air", slots=open_slots))
    if "passive" in coolers:
        notes.append(Reason.of("asm.passive"))
    return notes


def _bios_notes(build: Build, board: PartSpecJson) -> list[Reason]:
    notes = [Reason.of("asm.bios-4g")]
    slots = {s["position"]: s for s in board.get("pcie_slots", ())}
    narrowed = [c for c in build.slot_map if c.slot in slots and c.lanes < int(slots[c.slot].get("lanes", 16))]
    if narrowed:
        split = "/".join(f"x{c.lanes}" for c in sorted(build.slot_map, key=lambda c: c.slot))
        notes.append(Reason.of("asm.bios-bifurcation", split=split))
    if has_risers(build):
        notes.append(Reason.of("asm.bios-riser"))
    return notes


def assembly_notes(build: Build) -> list[tuple[str, str]]:
    """(text, command) pairs in English; command is "" when there is none."""
    return [(english(said), command) for said, command in assembly_said(build)]


def assembly_said(build: Build) -> list[tuple[Reason, str]]:
    """(note, command) pairs, each note a code and fields (asm.*); command is "" when there is none."""
    notes: list[tuple[Reason, str]] = []
    system = part_of(build, "system")
    if system is not None:
        notes.append((Reason.of("asm.server", name=system.name), ""))
        if build.nodes > 1:
            notes.append(
                (Reason.of("asm.nodes", nodes=build.nodes, interconnect=build.interconnect, rule=FABRIC.id), "")
            )
        return notes
    gpu = spec_of(build, "gpu")
    board = spec_of(build, "motherboard")
    notes += [(said, "") for said in _cooling_notes(gpu, build)]
    if has_risers(build):
        notes.append((Reason.of("asm.risers"), ""))
    psu = part_of(build, "psu")
    if psu is not None and psu.quantity > 1:
        notes.append((Reason.of("asm.psu-sync"), ""))
    notes += [(said, "") for said in _bios_notes(build, board)] if board else []
    advice = m2_said(build)
    if advice:
        notes.append((advice, ""))
    limit = power_limit_w(build)
    if limit and cap_command(str(gpu.get("vendor")), limit):
        notes.append(
            (
                Reason.of("asm.cap", watts=limit, tdp=float(gpu.get("tdp_w", 0))),
                cap_command(str(gpu.get("vendor")), limit),
            )
        )
    if build.nodes > 1:
        notes.append((Reason.of("asm.build-nodes", nodes=build.nodes), ""))
    return notes


def assembly_section(build: Build) -> str:
    items = [
        f"<li>{escape(say(said))}" + (f" <code>{escape(code)}</code>" if code else "") + "</li>"
        for said, code in assembly_said(build)
    ]
    return f'<section class="block"><h2>{t("Assembly notes")}</h2><ol>{"".join(items)}</ol></section>'


# ---------------------------------------------------------------------------------------
# Estimate and checks


def _gib(value: int | None) -> str:
    return "-" if value is None else f"{value / GIB:.2f}"


def _memory_groups(per_gpu: tuple[GpuMemory, ...], cards: Sequence[int] = ()) -> list[tuple[str, GpuMemory]]:
    """Runs of GPUs with identical memory collapse into one row ("GPU 1-512"), counted from 1.

    As the slot map, the connector plan and the window's VRAM chart count the cards: Mina's sheet listed its two 3090s
    as GPU 0 and 1 in this table and as GPU 1 (slot 2) and GPU 2 (slot 7) a page earlier (walk20). `cards`: the card
    (as the slot map numbers it) each GPU sits on, when a card holds more than one (card_of_each_gpu): a row is then
    "2 (card 1)", the Arc Pro B60 Dual's second GPU, where the slot map draws one card (round 48)."""
    groups: list[tuple[int, int, GpuMemory]] = []
    for gpu in per_gpu:
        last = groups[-1] if groups else None
        if last and last[2].breakdown == gpu.breakdown and last[2].usable_bytes == gpu.usable_bytes:
            groups[-1] = (last[0], gpu.index + 1, last[2])
        else:
            groups.append((gpu.index + 1, gpu.index + 1, gpu))

    def label(a: int, b: int) -> str:
        said = f"{a}" if a == b else f"{a}-{b}"
        if len(cards) != len(per_gpu):
            return said
        first, last = cards[a - 1], cards[b - 1]
        return said + t(" (card {0})").format(first if first == last else f"{first}-{last}")

    return [(label(a, b), g) for a, b, g in groups]


def card_of_each_gpu(build: Build) -> list[int]:
    """The card (counted from 1 in slot order, as the slot map and the connector plan count them) each of a machine's
    GPUs sits on, in device order; empty when every card holds one GPU (the table's GPU numbers are then the cards')."""
    per_card = [int(spec.get("gpus_per_card", 1)) for spec in slot_cards(build, {})]
    if all(n == 1 for n in per_card):
        return []
    return [card for card, n in enumerate(per_card, start=1) for _ in range(n)]


def _memory_table(build: Build) -> str:
    # Usable is what the job may fill (the estimate's usable_bytes: a cluster plan's limit, vLLM's share); Card is the
    # card's whole memory, so a reader sees where the two differ
    headers = [
        "GPU",
        "Weights",
        "KV cache",
        "Activations",
        "Gradients",
        "Optimizer",
        "Overhead",
        "Total",
        "Usable",
        "Card",
    ]
    headers = [t(h) for h in headers]
    rows = []
    for label, gpu in _memory_groups(build.estimate.per_gpu, card_of_each_gpu(build)):
        cells = [_cell(label), *(_cell(_gib(getattr(gpu.breakdown, k)), "num") for k in BREAKDOWN_KEYS)]
        cells += [
            _cell(_gib(gpu.total), "num"),
            _cell(_gib(gpu.usable_bytes or gpu.capacity_bytes), "num"),
            _cell(_gib(gpu.capacity_bytes), "num"),
        ]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    note = ""
    if build.parallelism is not None and build.estimate.workload.get("kind") != "inference":
        # a cluster training plan's limit (estimate.parallel.training_result), as its memory step words it
        usable = t("Usable: what the plan may fill, the card less {0:.0%} kept free (the planner's limit).")
        note = f'<p class="muted small">{escape(usable.format(HARD_HEADROOM))}</p>'
    return f"<h3>{t('Memory per GPU (GiB)')}</h3>" + _table(headers, rows, num_from=1, kind="memory") + note


def _speed_rows(build: Build) -> list[str]:
    est = build.estimate
    # round 40: the one first-token figure (Build.first_token_wait: the usage's prompt when the costs read one), at the
    # precision the sentence below and the CLI say it; the sheet had timed the typed 1,020 tokens ("3.49 s") beside
    # the usage's 29.4 s
    wait = build.first_token_wait()
    first, first_fmt = (est.time_to_first_token_s, "{:,.2f} s") if wait is None else (wait.seconds, "{:,.1f} s")
    figures = [
        ("Decode, per sequence", est.decode_tokens_per_s, "{:,.1f} tokens/s"),
        ("Decode, all sequences", est.aggregate_tokens_per_s, "{:,.1f} tokens/s"),
        ("Prefill", est.prefill_tokens_per_s, "{:,.0f} tokens/s"),
        ("Time to first token", first, first_fmt),
        ("Training compute", est.training_flops, "{:.3g} FLOP"),
        ("GPU-hours", est.gpu_hours, "{:,.0f} h"),
        ("Wall-clock time", est.wall_hours, "{:,.1f} h"),
    ]
    # the 80 % ranges the plan's JSON gives (core estimate/ranges.py, issue #29), as the window's Estimates tab
    ranges = est.to_json().get("ranges", {})
    keyed = {
        "Decode, per sequence": ("speed.decode_tokens_per_s", "{:,.1f}"),
        "Time to first token": ("speed.time_to_first_token_s", "{:,.2f}"),
    }

    def shown(name: str, value: float, fmt: str) -> str:
        key, spec = keyed.get(name, ("", ""))
        found = ranges.get(key) if key else None
        if name == "Time to first token" and wait is not None:
            found, spec = (None if wait.range is None else list(wait.range)), "{:,.1f}"
        if not found:
            return fmt.format(value)
        low, high = (spec.format(v) for v in found)
        return fmt.format(value) + t(" (80 % range {0}-{1})").format(low, high)

    # the figure's unit in the sheet's language ("14.2 token/秒", as its summary line says it; "14.2 tokens/s" it was)
    rows = [f"<tr>{_cell(t(k))}{_cell(shown(k, v, t(fmt)), 'num')}</tr>" for k, v, fmt in figures if v is not None]
    # MFU (and a cluster's compute-phase rate) as the plan text and the app word them (report.utilisation)
    return rows + [f"<tr>{_cell(k)}{_cell(v, 'num')}</tr>" for k, v in utilisation_rows(build)]


def estimate_section(build: Build) -> str:
    est = build.estimate
    summary = say_all(estimate_said(build))
    parts = [f"<section><h2>{t('Estimate')}</h2>", f"<p>{escape(summary)}{t('.')}</p>", _memory_table(build)]
    speed = _speed_rows(build)
    if speed:
        parts += [f"<h3>{t('Speed and time')}</h3>", _table([t("Figure"), t("Value")], speed, 1)]
    lists = (
        ("Assumptions", tuple(say(a) for a in build.assumptions_said())),
        ("Estimator warnings", tuple(phrases.sentence(say(w)) for w in est.warnings)),
    )
    for title, items in lists:
        if items:
            parts.append(
                f'<h3>{t(title)}</h3><ul class="block">'
                + "".join(f"<li>{escape(item)}</li>" for item in items)
                + "</ul>"
            )
    parts.append("</section>")
    return "".join(parts)


def cluster_section(build: Build) -> str:
    """The time/cost curve (solve.cluster.node_curve) as a table: the same server at other cluster sizes."""
    curve = build.node_curve
    if curve is None:
        return ""
    training = curve.kind == "training"
    c = curve.currency
    fit = [p for p in curve.points if p.fits]
    # a small table: the smallest size that fits, the powers of two, this build's size and the largest
    keep = {curve.chosen_nodes, *(p.nodes for p in fit[:1] + fit[-1:])}
    shown = [p for p in fit if p.nodes in keep or p.nodes & (p.nodes - 1) == 0]
    rows = []
    for p in shown:
        chosen = p.nodes == curve.chosen_nodes
        if training:
            days = (p.wall_hours or 0) / 24
            late = curve.deadline_hours is not None and (p.wall_hours or 0) > curve.deadline_hours
            speed = f"{days:,.1f}" + (t(" (late)") if late else "")
        else:
            speed = t("{:,.1f} tokens/s").format(p.decode_tokens_per_s or 0)
        scaling = f"{p.scaling_efficiency:.0%}" if p.scaling_efficiency is not None else "-"
        rented = f"{p.rental_cost:,.0f}" if p.rental_cost is not None else "-"
        cells = [
            _cell(f"{p.nodes}" + (" ◀" if chosen else ""), "num"),
            _cell(p.gpus, "num"),
            _cell(speed, "num"),
            _cell(scaling, "num"),
            _cell(f"{p.total_price:,.0f}", "num"),
            _cell(rented, "num"),
        ]
        attr = ' class="total"' if chosen else ""
        rows.append(f"<tr{attr}>{''.join(cells)}</tr>")
    headers = [
        t("Nodes"),
        "GPU" if current() == "zh_CN" else "GPUs",
        t("Wall time (days)") if training else t("Decode speed"),
        t("Scaling"),
        t("Bought ({0})").format(c),
        t("Job rented ({0})").format(c),
    ]
    notes = _cluster_notes(curve, training)
    return (
        f'<section class="block"><h2>{t("Cluster size: time and cost")}</h2>{_table(headers, rows, num_from=0, kind="nodes")}'
        f'<p class="muted small">{("；" if current() == "zh_CN" else "; ").join(notes)}{sentence_end()}</p></section>'
    )


def _cluster_notes(curve: NodeCurve, training: bool) -> list[str]:
    """What the cluster table's rows mean: the server, the sizes that cannot hold the job, the offer, the deadline."""
    notes = [t("{0} at other cluster sizes; ◀ marks this build").format(escape(curve.system_name))]
    unfit = [p.nodes for p in curve.points if not p.fits]
    if unfit:
        fewer = t("{0} nodes or fewer cannot hold the job") if max(unfit) > 1 else t("{0} node cannot hold the job")
        notes.append(fewer.format(max(unfit)))
    here = curve.point(curve.chosen_nodes)
    if here is not None and here.rental_offer:
        notes.append(t("rented at this size: {0}").format(escape(phrases.sentence(here.rental_offer))))
    if curve.deadline_hours:
        notes.append(t("deadline {0:,.0f} h = {1:,.0f} days").format(curve.deadline_hours, curve.deadline_hours / 24))
    if training:
        notes.append(t(CLUSTER_COLUMNS_NOTE))
    return notes


PRINTED_COMMAND_WIDTH = 86
"""Characters of a printed command line: the sheet's 9 pt monospace box on A4 or Letter holds about 95; a command the
page wrapped broke inside an argument ("--" then "model_name_or_path" on the next line, walked round 33)."""


def _shell_words(command: str) -> list[str]:
    """A command's words: split at the spaces outside quotes (a quoted "$(hipconfig -l)/clang" stays one)."""
    words: list[str] = []
    word, quote = "", ""
    for ch in command:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == " ":
            if word:
                words.append(word)
            word = ""
            continue
        word += ch
    return words + ([word] if word else [])


def printed_command(command: str, width: int = PRINTED_COMMAND_WIDTH) -> str:
    """A command as the sheet prints it: each command of an `a && b` on its own line, and a line longer than the page
    broken between whole words with a shell's line continuation (" \\"), so the page never wraps inside an argument and
    what is copied from the PDF still runs."""
    lines: list[str] = []
    parts = command.split(" && ")
    for i, part in enumerate(parts):
        line = ""
        for word in _shell_words(part):
            if line and len(line) + 1 + len(word) + 2 > width:
                lines.append(line + " \\")
                line = "  " + word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line + (" && \\" if i < len(parts) - 1 else ""))
    return "\n".join(lines)


def launch_section(build: Build) -> str:
    """The command that realises the estimate (core/launch/commands.py), to paste into a shell."""
    launch = build.launch
    if not launch or not launch.get("command"):
        return ""
    # a serving engine's release (launch.py): the floors and the scheduling the estimate assumed are that release's
    said = launch.get("release_said")
    release = say(from_json(said)) if said else launch.get("release", "")
    zh = current() == "zh_CN"
    engine = ("，" if zh else ", ").join(x for x in (launch_title(launch), release) if x)
    # the build it needs first where the engine's prebuilt binaries carry no code for the card (launch.build-source)
    built = launch.get("build_said")
    first = (
        f'<p>{escape(say(from_json(built)))}{"：" if zh else ":"}</p><pre class="command">{escape(printed_command(launch["build"]))}</pre>'
        if built and launch.get("build")
        else ""
    )
    half_said = launch.get("dtype_said")
    half = f"<p>{escape(say(from_json(half_said)))}</p>" if half_said else ""
    return (
        f'<section class="block"><h2>{t("Run it")}</h2>{first}<p>{escape(engine)}{"：" if zh else ":"}</p>'
        f'<pre class="command">{escape(printed_command(launch["command"]))}</pre>{half}</section>'
    )


def checks_section(build: Build) -> str:
    flagged = non_pass_checks(build)
    if not flagged:
        return f"<section><h2>{t('Checks')}</h2><p>{t('Every build rule passes.')}</p></section>"
    rows = [
        f"<tr>{_cell(t(status.upper()), status)}{_cell(rule)}{_cell(message)}</tr>" for status, rule, message in flagged
    ]
    return f"<section><h2>{t('Checks to read before ordering')}</h2>{_table([t('Status'), t('Rule'), t('Finding')], rows, kind='checks')}</section>"


def _break_even(costs: CostOfOwnershipJson) -> str:
    """When buying pays back, in the sheet's language: from its code (cost_of_ownership.break_even_said)."""
    said = costs.get("break_even_said")
    return say(from_json(said)) if said else phrases.sentence(costs.get("break_even_reason", ""))


def cost_section(build: Build) -> str:
    """Buy or rent: the build's cost of ownership against the cheapest equivalent rental."""
    costs = build.cost_of_ownership
    if not costs:
        return ""
    c = costs.get("currency", build.currency)
    rental = costs.get("rental")
    energy = f"{costs.get('yearly_energy_kwh', 0):,.0f} kWh = {costs['yearly_energy']:,.0f} {c}"
    if rental and costs.get("monthly_rental_equivalent") is not None:
        monthly = f"{costs['monthly_rental_equivalent']:,.0f} {c} ({rental['name']}, {rental['hourly']:g} {rental['currency']}/h)"
    else:
        none = costs.get("rental_reason_said")  # why no offer matched, as a code (walk13); a saved project: its English
        monthly = say(from_json(none)) if none else phrases.sentence(costs.get("rental_reason", "no equivalent rental"))
    rows = [
        f"<tr>{_cell(t('Electricity a year'))}{_cell(energy)}</tr>",
        f"<tr>{_cell(t('Rental equivalent a month'))}{_cell(monthly)}</tr>",
        f"<tr>{_cell(t('Break-even'))}{_cell(_break_even(costs))}</tr>",
    ]
    enough = costs.get("rental_enough")
    if enough and enough.get("said"):  # inference: a cheaper rental that serves the users, and buying against it
        rows.append(f"<tr>{_cell(t('Rental that serves the need'))}{_cell(say(from_json(enough['said'])))}</tr>")
    per_token = costs.get("throughput_said")
    if per_token:  # training with no token count: a million training tokens bought against rented, as the window has it
        rows.append(f"<tr>{_cell(t('Per million training tokens'))}{_cell(say(from_json(per_token)))}</tr>")
    for row in costs.get("tco", []):
        rented = row.get("renting") is not None
        # owning is net of resale, as the break-even above (core.costs.tco.net_owning_cost): the label says so;
        # without a rental no "vs rent" (walk15: "1,581,890 (sold for 770,706) vs - USD" on Sam's cluster, which the
        # window had already dropped)
        vs = " vs rent" if rented else ""
        label = (
            t(f"After 1 year: own (net of resale){vs}")
            if row["years"] == 1
            else t(f"After {{years}} years: own (net of resale){vs}").format(years=row["years"])
        )
        resale = (
            t(" (sold for {amount})").format(amount=f"{row['resale_value']:,.0f}")
            if row.get("resale_value") is not None
            else ""
        )
        owned = f"{row['owning']:,.0f}"
        owning = f"{owned}{resale} {t('vs')} {row['renting']:,.0f} {c}" if rented else f"{owned} {c}{resale}"
        # which is cheaper, as the window's rows say it (walk19: the sheet gave the figures only)
        verdicts = {"own": t(": buying is cheaper"), "rent": t(": renting is cheaper")}
        owning += verdicts.get(str(row.get("cheaper")), "") if rented else ""
        if rented and row.get("renting_enough") is not None:
            # the rental that serves the need as well (its row above): owning against both, each named
            owning = t("{against} (as fast as this build); {enough} {currency} (serves the need)").format(
                against=owning, enough=f"{row['renting_enough']:,.0f}", currency=c
            ) + verdicts.get(str(row.get("cheaper_enough")), "")
        api = costs.get("api_alternative") or {}
        if api.get("headline") and row.get("api") is not None:
            # round 32: the break-even above is against the per-token bill; the row says it too (the rows named the
            # as-fast rental alone: "buying is cheaper" under "never within the 36 months compared")
            paid = {"own": t(": buying is cheaper"), "rent": t(": paying per token is cheaper")}
            owning = t("{against}; vs pay per token {api} {currency}").format(
                against=owning, api=api_money(float(row["api"] or 0.0)), currency=c
            ) + paid.get(str(row.get("cheaper_api")), "")
        rows.append(f"<tr>{_cell(label)}{_cell(owning)}</tr>")
    said = costs.get("assumption_codes")  # the assumptions as codes (#33); a project saved before them: the English
    lines = [say(from_json(a)) for a in said] if said else [phrases.sentence(a) for a in costs.get("assumptions", [])]
    notes = "".join(f"<li>{escape(line)}</li>" for line in lines)
    table = _table([t("Figure"), t("Value")], rows)
    return f'<section class="block"><h2>{t("Buy or rent")}</h2>{table}<ul class="small">{notes}</ul></section>'


def next_step_section(build: Build) -> str:
    """The next step up (solve.next_step): one more card, the next rung of the upgrade path; each at its catalog
    price and date, with what it needs and unlocks, in the sheet's language from its code."""
    steps = [say(from_json(step["said"])) for step in build.next_steps]
    if not steps:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in steps)
    note = t("Catalog prices with their dates; plan the step with --gpu and --gpus for the whole machine.")
    return f'<section class="block"><h2>{t("Next step up")}</h2><ul>{items}</ul><p class="small">{escape(note)}</p></section>'


VALUE_ROWS = 10
"""GPUs the sheet's value table lists (best value first), and the build's own if it is further down."""


def _caveats(row: ValueRowJson) -> list[str]:
    """A value row's caveats in the sheet's language, from their codes (a row without them: its English)."""
    if "caveat_checks" not in row:
        return list(row["caveats"])
    said = [say(Reason.of("caveat.modified", gpu=str(row.get("gpu_name", row["gpu"]))))] if row.get("modified") else []
    return said + [phrases.check(Check.model_validate(c)) for c in row["caveat_checks"]]


def value_section(build: Build, meta: SheetMeta) -> str:
    """The job's GPUs ranked by price per token/s (advise.value_ranking), the build's own marked: is this card the
    value it looks, and what would the same money buy elsewhere."""
    rows = [r for r in value_ranking_of(build, meta) if r.get("price_per_tps") is not None]
    if not rows:
        return ""
    # the build's cards: its GPU, or each card of a mixed machine (solve.mixed), whose joined id no row has: Mina's
    # RTX 3090 Ti + RTX 3090 sheet said "◀ marks this build's GPU" and marked none (walk13)
    own = set(build.gpus_mixed) or {build.gpu_id}
    shown = rows[:VALUE_ROWS] + [r for r in rows[VALUE_ROWS:] if r["gpu"] in own][: len(own)]
    training = rows[0].get("decode_tokens_per_s") is None
    c = rows[0].get("currency", build.currency)
    amount = lambda v: "-" if v is None else f"{v:,.0f}"
    body = []
    for r in shown:
        mine = r["gpu"] in own
        name = say(cards_said(r["count"], short_gpu_said(str(r.get("gpu_name", r["gpu"]))))) + (" ◀" if mine else "")
        speed = r.get("train_tokens_per_s") if training else r.get("decode_tokens_per_s")
        cells = [
            _cell(name),
            _cell(amount(r["price"]), "num"),
            _cell("-" if speed is None else f"{speed:,.1f}", "num"),
            _cell(f"{r['price_per_tps']:,.1f}", "num"),
            _cell(f"{r['price_per_gb']:,.0f}", "num"),
            _cell(amount(r.get("unit_price_new")), "num"),
            _cell(amount(r.get("unit_price_used")), "num"),
            _cell(f"{r.get('power_w', 0):,.0f} W", "num"),
        ]
        attr = ' class="total"' if mine else ""  # as the cluster's size table marks its build
        body.append(f"<tr{attr}>{''.join(cells)}</tr>")
    joined = "；" if current() == "zh_CN" else "; "
    caveats = [
        "<li>"
        + escape(t("{0}: {1}").format(say(short_gpu_said(str(r.get("gpu_name", r["gpu"])))), joined.join(said)))
        + "</li>"
        for r in shown
        if (said := _caveats(r))
    ]
    what = t("training tokens/s") if training else t("decode tokens/s per sequence")
    table = _table(
        [
            t("GPUs"),
            t("Cards ({currency})").format(currency=c),
            "tok/s",
            t("per tok/s"),
            t("per GB"),
            t("New (each)"),
            t("Used (each)"),
            t("Power"),
        ],
        body,
        1,
        kind="value",
    )
    # a build whose card is in no row (DeepSeek R1 on one 2080 Ti 22GB beside its experts in RAM: the table ranks the
    # cards that hold the job) had its caption say "◀ marks this build's GPU" over a table that marked none (ui32b)
    caption = (
        t(
            "Best value first: the cards' price (the fewest that hold the job, at the build's condition) per {what}; "
            "per GB of VRAM; new and used prices side by side; ◀ marks this build's GPU. The rest of the machine is "
            "not in these prices."
        )
        if any(r["gpu"] in own for r in shown)
        else t(
            "Best value first: the cards' price (the fewest that hold the job, at the build's condition) per {what}; "
            "per GB of VRAM; new and used prices side by side; this build's GPU is not among them. The rest of the "
            "machine is not in these prices."
        )
    )
    return (
        f"<section><h2>{t('Value: GPUs for this job')}</h2>{table}<p class='small'>"
        + caption.format(what=what)
        + "</p>"
        + (f"<ul class='small'>{''.join(caveats)}</ul>" if caveats else "")
        + "</section>"
    )


# ---------------------------------------------------------------------------------------
# The document


def build_sheet_html(
    build: Build, request: BuildRequest, meta: SheetMeta, charts: dict[str, str] | None = None, page: str = "A4"
) -> str:
    """One self-contained HTML document (inline CSS and SVG) to order, check and assemble `build`."""
    if page not in PAGE_SIZES:
        raise ValueError(f"page must be one of {', '.join(PAGE_SIZES)}, not {page!r}")
    with language(meta.language):
        return _sheet_html(build, request, meta, charts, page)


def not_as_asked_section(meta: SheetMeta) -> str:
    """Why the request cannot be met as asked and the ways out, in the sheet's language (the reasons' codes, rendered
    by words.say), above a build that is one of those ways."""
    data = meta.not_as_asked
    if not data:
        return ""

    def said(items: list[dict[str, object]]) -> list[str]:
        return [say(Reason.model_validate(item)) for item in items]

    why = say_all([Reason.model_validate(c) for c in data.get("clauses", [])])
    parts = [f"<section><h2>{t('Not as asked')}</h2>", f"<p><strong>{t('Why:')}</strong> {escape(why)}</p>"]
    if data.get("unsaid"):
        parts.append(
            f"<p><strong>{t('Binding:')}</strong> {escape(('、' if meta.language == 'zh_CN' else ', ').join(t(b) for b in data['unsaid']))}</p>"
        )
    # a card the reason names already is not listed again under it (Sam's 70B pretraining sheet listed the H200 NVL
    # and the RTX PRO 6000 Server Edition in the reason and again below, walk13; the plan's text does the same)
    closest = [c for c in said(data.get("closest", [])) if c not in why]
    if closest:
        items = "".join(f"<li>{escape(shortened(c, DETAIL_CHARS))}</li>" for c in closest)
        parts.append(f'<p><strong>{t("Closest cards:")}</strong></p><ul class="small">{items}</ul>')
    way_out = data.get("way_out")
    if way_out:
        # beside a cheaper build past its vendor's support, the cheapest on supported software (as the CLI says it)
        head = t("Cheapest way out on supported software:" if data.get("on_supported") else "Cheapest way out:")
        parts.append(f"<p><strong>{head}</strong> {escape(said([way_out])[0])}</p>")
    ways = said(data.get("ways", []))
    if ways:
        parts.append(
            f'<p><strong>{t("Other ways out:")}</strong></p><ul class="small">'
            + "".join(f"<li>{escape(w)}</li>" for w in ways)
            + "</ul>"
        )
    return "".join(parts) + "</section>"


def _sheet_html(build: Build, request: BuildRequest, meta: SheetMeta, charts: dict[str, str] | None, page: str) -> str:
    sections = [
        _header(build, request, meta),
        not_as_asked_section(meta),
        parts_section(build),
        cluster_section(build),  # beside the bill it prices: the same server at other sizes
        charts_section(charts),
        slot_section(build),
        power_section(build, request),
        assembly_section(build),
        estimate_section(build),
        launch_section(build),
        cost_section(build),
        next_step_section(build),
        value_section(build, meta),
        checks_section(build),
    ]
    title = f"{meta.project_name}: {build_title(build)}"
    return (
        f'<!DOCTYPE html>\n<html lang="{meta.language.replace("_", "-")}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{CSS % {'page': PAGE_SIZES[page]}}</style></head>"
        f"<body>{part_names(''.join(sections))}</body></html>\n"
    )
