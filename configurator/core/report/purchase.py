"""Purchase lists of builds: an XLSX workbook for a purchasing office, CSV and forum Markdown."""

from __future__ import annotations

import csv
import html
import io
import os
import re
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from configurator.core.catalog import tax
from configurator.core.catalog.dates import catalog_date
from configurator.core.common.reasons import Reason, as_json, english, from_json
from configurator.core.common.shapes import NotAsAskedJson, ReasonJson, ValueRowJson
from configurator.core.model.build import Build, BuildPart, Infeasible
from configurator.core.model.request import BuildRequest, circuits_said
from configurator.core.report import atomic_write_bytes, phrases
from configurator.core.report.fit import cards_said, fit_of, gpu_said, gpus_said
from configurator.core.report.prices import dates_said, rate_said, tax_said, vat_of
from configurator.core.report.words import ZH_PART_CATEGORIES, language, part_names, say, say_all, sentence_end, t
from configurator.core.report.words import current as language_code

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

    from configurator.core.catalog.loader import Catalog
    from configurator.core.estimate.workload import Workload
    from configurator.core.model.request import BuildRequest

GIB = 1024**3


def ranked_key(build: Build) -> str:
    """The weights and KV cache `build` runs, "fp8/fp16" ("/" when its estimate names neither): the key of the value
    table its sheet prints (SheetMeta.value_rankings)."""
    w = build.estimate.workload
    return f"{w.get('precision') or ''}/{w.get('kv_precision') or ''}"


def ranked_workloads(request: BuildRequest, builds: list[Build]) -> dict[str, Workload]:
    """The workloads the sheets' value tables rank GPUs for, keyed by the weights and KV cache each build runs
    (ranked_key): the request's inference at the build's, so that the row marked as a build's GPU counts the cards
    that build holds. The plan runs builds at what it chose itself: a q8_0 cache beside the f16 one at long contexts
    (plan._usual_kv_builds, no --kv-precision given), FP8 weights for vLLM serving several users (no --precision),
    a way out's quantized cache. One ranking for the whole plan fell back to the request's f16 when the builds shown
    ran both, and Mina's 2 x RTX 3090 at q8_0 marked '3 x RTX 3090 ◀' from a table ranked at f16; Dr. Chen's
    3 x RTX 4090 at FP8 marked '5 x RTX 4090 ◀, 10.2 tok/s' from a table at bf16 (walk21). A training job ranks as
    asked. The command line's PDF and the window's Print and Export both ask here."""
    w = request.workload
    out: dict[str, Workload] = {}
    for build in sorted(builds, key=ranked_key):
        key = ranked_key(build)
        if key in out:
            continue
        ran = build.estimate.workload
        update = {
            name: ran[name]
            for name in ("precision", "kv_precision")
            if w.kind == "inference" and ran.get(name) and ran[name] != getattr(w, name)
        }
        out[key] = w.model_copy(update=update) if update else w
    return out


CATEGORY_NAMES = {
    "gpu": "GPU",
    "cpu": "CPU",
    "motherboard": "Motherboard",
    "memory": "Memory",
    "psu": "Power supply",
    "chassis": "Case",
    "cooler": "CPU cooler",
    "storage": "Storage",
    "accessory": "Accessory",
    "system": "System",
    "base": "Base machine",
}
COLUMNS: tuple[tuple[str, int], ...] = (
    ("Item", 14),
    ("Description", 50),
    ("Part number", 22),
    ("Vendor", 18),
    ("Quantity", 10),
    ("Owned", 8),
    ("Unit price", 15),
    ("Currency", 10),
    ("Subtotal", 16),
    ("Notes", 80),
)
CSV_HEADER = ("Build", *(name for name, _ in COLUMNS), "VAT region", "VAT in unit price (%)", "Nodes")
"""The purchase list's columns. The two before Nodes (round 41) say each line's tax basis (report.prices.vat_of): the
region whose VAT the plan's prices carry and the share in the unit price, empty where the price's own tax is not
known; Nodes stays last (how many times a row is bought)."""
MONEY_FORMAT = "#,##0.00"
REQUEST_SHEET = "Request and assumptions"
_BAD_TITLE_CHARS = re.compile(r"[\[\]:*?/\\]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters (tab, newline and CR kept): XML cannot hold them and a terminal obeys them."""
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""OWASP CSV injection: a spreadsheet runs a cell that begins with one of these as a formula."""


def job_title(request: BuildRequest, lang: str = "en") -> str:
    """A sheet's title when no project names it: the job, "llama-3.3-70b inference" ("llama-3.3-70b 推理")."""
    with language(lang):
        return f"{request.model_id} {t(request.workload.kind)}"


@dataclass(frozen=True)
class SheetMeta:
    """Where the numbers come from: printed in every report's header."""

    project_name: str = "Untitled project"
    created: str = field(default_factory=lambda: date.today().isoformat())
    catalog_price_date: str = ""
    # the catalog's date range, "prices from 2026-06 to 2026-11" (core.catalog.dates); the sheet's header shows it
    # instead of one "as of" date that most prices are older than
    catalog_prices: str = ""
    catalog_prices_said: ReasonJson | None = None  # the same as a code (dates.prices), plain data as not_as_asked
    exchange_rate_date: str = ""
    exchange_rate_source: str = ""
    app_version: str = ""
    # the value ranking of the job's GPUs (advise.value_rows: `llm-rig rank --json` rows with gpu_name), for the
    # sheet's table; plain data, so that the sheet can be printed in another process from JSON
    value_ranking: tuple[ValueRowJson, ...] = ()
    # the same ranked at the weights and KV cache each build runs (ranked_workloads, keyed by ranked_key): a build's
    # sheet prints the one it runs at, else value_ranking
    value_rankings: dict[str, tuple[ValueRowJson, ...]] = field(default_factory=dict)
    language: str = "en"  # the sheets' and the workbook's words (core.report.words): "en" or "zh_CN"
    # why the request cannot be met as asked, when the builds are ways around it (Infeasible.to_sheet: reason codes
    # as plain data, rendered in the sheet's language by report.sheet.not_as_asked_section)
    not_as_asked: NotAsAskedJson | None = None

    @classmethod
    def from_catalog(
        cls,
        catalog: Catalog,
        builds: list[Build],
        project_name: str = "Untitled project",
        app_version: str = "",
        value_ranking: tuple[ValueRowJson, ...] = (),
        language: str = "en",
        infeasible: Infeasible | None = None,
        today: date | None = None,
        value_rankings: dict[str, tuple[ValueRowJson, ...]] | None = None,
    ) -> SheetMeta:
        """Dates from the catalog's exchange rates and the newest price the builds use; the catalog's old prices
        counted from `today` (date.today() unless given), never from its newest price."""
        return cls(
            project_name=project_name,
            catalog_price_date=newest_price_date(builds),
            # for the plan's buyer: the prices quoted in the plan's currency, not a newer one in another market
            catalog_prices=english(
                dated := catalog_date(catalog, today=today, currency=builds[0].currency if builds else None).said()
            ),
            catalog_prices_said=as_json(dated),
            exchange_rate_date=catalog.exchange_rates_date,
            exchange_rate_source=catalog.exchange_rates_source,
            app_version=app_version,
            value_ranking=value_ranking,
            value_rankings=dict(value_rankings or {}),
            language=language,
            not_as_asked=infeasible.to_sheet() if infeasible is not None else None,
        )


def value_ranking_of(build: Build, meta: SheetMeta) -> tuple[ValueRowJson, ...]:
    """The value table `build`'s sheet prints: the ranking at the weights and cache it runs, else the job's one."""
    rows = meta.value_rankings.get(ranked_key(build))
    return tuple(rows) if rows is not None else tuple(meta.value_ranking)


def catalog_prices(meta: SheetMeta) -> str:
    """The catalog's price months in the sheet's language: from their code (dates.prices), else as written."""
    if meta.catalog_prices_said is not None:
        return say(from_json(meta.catalog_prices_said))
    return phrases.sentence(meta.catalog_prices)


# ---------------------------------------------------------------------------------------
# Shared text helpers (also used by the build sheet)


def inert(text: object) -> str:
    """A text cell no spreadsheet will run: control characters dropped, and a leading
    = + - @ tab or CR quoted with an apostrophe (OWASP, "CSV Injection")."""
    clean = _CONTROL.sub("", str(text))
    # a lone "-" (no value) has nothing after it to run: quoted, the request sheet read "'-" for an unset deadline
    return "'" + clean if clean.startswith(_FORMULA_START) and clean != "-" else clean


def newest_price_date(builds: list[Build]) -> str:
    """The newest date of a price the builds pay (ISO date; BuildPart.price_date, the quote's), or "" when none is
    dated. Not the newest of each part's catalog prices: a Greek shop's EUR price of October 2026 had dated a USD
    build that paid the part's 2025 US price."""
    dates = [p.price_date.isoformat() for b in builds for p in b.parts if p.price_date is not None and p.subtotal > 0]
    return max(dates, default="")


def category_name(category: str) -> str:
    """The category as the sheet's language names it (core.report.words; English outside a `language` block)."""
    if language_code() == "zh_CN" and category in ZH_PART_CATEGORIES:
        return ZH_PART_CATEGORIES[category]
    return t(CATEGORY_NAMES.get(category, category.capitalize()))


def part_number(part: BuildPart) -> str:
    return str(part.spec.get("vendor_part_number") or part.id)


def ordering_number(part: BuildPart) -> str:
    """The part number a purchasing office orders by: the maker's, else says there is none and names the catalog
    id, in the list's language, as the printed sheet does. The CSV keeps part_number (scripts key on the id)."""
    number = part.spec.get("vendor_part_number")
    return str(number) if number else f"{t('none listed (catalog id')} {part.id}{t(')')}"


CHIP_VENDOR_NAMES = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}
"""GPU and CPU records name their maker by an id (the `vendor` filter's values); a buyer reads the company."""


def part_vendor(part: BuildPart) -> str:
    vendor = str(part.spec.get("vendor") or "")
    # the sheet and the purchase list printed "nvidia" and "amd" under the GPU and CPU beside "ASUS" and "G.Skill"
    if vendor == "generic":  # a cable or a frame sold under no brand: 通用 on a Chinese sheet
        return t("generic")
    return CHIP_VENDOR_NAMES.get(vendor, vendor)


def part_notes(part: BuildPart) -> str:
    """The price's note and why the part was chosen, in the list's language (the CSV's English as it was)."""
    if language_code() == "zh_CN":  # Chen's Chinese workbook's Notes column read "new, 2025-06-01, ..." (walk13)
        return "；".join(text for text in (phrases.price_note(part), phrases.part_why(part)) if text)
    return "; ".join(text for text in (part.price_note, part.why) if text)


def money(amount: float, currency: str) -> str:
    return f"{amount:,.2f} {currency}"


def build_title(build: Build) -> str:
    from configurator.core.report.phrases import label  # the label in the sheet's language (phrases)

    return f"{build.rank}. {label(build)}"


def _number(value: float | None) -> str:
    return "default" if value is None else f"{value:,.0f}"


def request_fields(request: BuildRequest) -> list[tuple[str, str]]:
    """The request, one (field, value) pair a line."""
    w = request.workload
    # in Chinese the category in Chinese: Mina's owned card read "1 x gpu rtx-3090" on the Chinese sheet (walk13)
    kind = category_name if language_code() == "zh_CN" else str
    owned = ", ".join(f"{p.quantity} x {kind(p.category)} {p.id}" for p in request.owned) or "none"
    budget = f"{request.budget:,.0f} {request.currency}" if request.budget else "no limit"
    # the optimizer when one was asked: a QLoRA request without one read "qlora (None)"
    method = (f"{w.method} ({w.optimizer})" if w.optimizer else str(w.method)) if w.kind == "finetune" else "-"
    fields = [
        ("Model", request.model_id),
        ("Workload", w.kind),
        ("Precision", w.precision or "default"),
        ("Engine", w.engine or "default"),
        ("Context", _number(w.context)),
        ("Batch / users", str(w.batch)),
        ("Method", method),
        ("Training tokens", f"{w.tokens:,.0f}" if w.tokens else "-"),
        ("Budget", budget),
        ("Currency", request.currency),
        ("VAT", say(vat_said(request))),
        # in the sheet's language: Mina's Chinese sheet asked for "最低解码速度 14 tokens/s" (ui44)
        ("Minimum decode speed", t("{:g} tokens/s").format(request.min_decode_tps) if request.min_decode_tps else "-"),
        ("Deadline", f"{request.deadline_hours:,.0f} h" if request.deadline_hours else "-"),
        ("Circuit", say(circuits_said(request.circuit, request.circuits))),
        ("Room", request.room),
        ("Form", request.form),
        ("Condition", say(Reason.of("request.condition", condition=request.condition))),
        ("Region", request.region),
        ("GPUs allowed", ", ".join(request.gpu_ids) or say(Reason.of("request.gpus-any", most=request.max_gpus))),
        ("Owned parts", owned),
    ]
    return fields


def vat_said(request: BuildRequest) -> Reason:
    """The request's tax basis as a code ("request.vat"): whose VAT its prices and budget include, or leave out for a
    VAT-registered buyer who reclaims it (BuildRequest.tax_basis); a region without VAT, before sales tax."""
    basis = request.tax_basis
    region = basis.region if basis is not None else ""
    rate = tax.VAT[region].rate if region in tax.VAT else 0.0
    return Reason.of(
        "request.vat", region=region, vat_pct=round(rate * 100, 1), reclaim=bool(basis and basis.reclaimed)
    )


def request_summary(request: BuildRequest) -> str:
    """The request in one line, for headers: the VAT only where the buyer named it (a country, a reclaim)."""
    skip = {"Currency", "Method", "Training tokens", "Minimum decode speed", "Deadline", "Engine"}
    if not request.vat_country and request.vat == "pay":
        skip.add("VAT")
    keep = [(k, v) for k, v in request_fields(request) if k not in skip or v not in ("-", "default")]
    if language_code() == "zh_CN":  # the field names and the request's own words in the sheet's language
        from configurator.core.report.phrases import sentence

        return "；".join(f"{t(k)} {sentence(t(v))}" for k, v in keep)
    return "; ".join(f"{k.lower()} {v}" for k, v in keep)


def estimate_summary(build: Build) -> str:
    """Speed or time, and memory, in one line (English: estimate_said)."""
    return "; ".join(english(r) for r in estimate_said(build))


def estimate_said(build: Build) -> tuple[Reason, ...]:
    """Speed or time, the first token (speed.first-token), memory and the cards, as codes and fields (sum.*)."""
    est = build.estimate
    bits: list[Reason] = []
    if est.decode_tokens_per_s:
        aggregate = est.aggregate_tokens_per_s
        total = aggregate if aggregate and aggregate > 1.01 * est.decode_tokens_per_s else None
        bits.append(Reason.of("sum.decode", tps=est.decode_tokens_per_s, total=total))
    first = build.first_token_said()
    if first is not None:
        # round 40: the one first-token figure beside the speed (Build.first_token_wait: the usage's prompt when the
        # costs read one) and the whole window's, in the sheet's summary, the Markdown and the XLSX as the CLI says it
        bits.append(first)
    if est.wall_hours is not None:
        bits.append(Reason.of("sum.training", hours=est.wall_hours, gpu_hours=est.gpu_hours or 0))
    if est.per_gpu:
        peak = est.peak_gpu
        room = peak.usable_bytes or peak.capacity_bytes
        bits.append(Reason.of("sum.memory", gib=peak.total / GIB, of=room / GIB if room else None))
    # a mix: each card
    cards = gpus_said(build) if build.gpus_mixed else cards_said(build.gpu_count, gpu_said(build))
    bits.append(Reason.of("sum.cards", nodes=build.nodes, cards=cards, split=est.split))
    return tuple(bits)


def non_pass_checks(build: Build) -> list[tuple[str, str, str]]:
    """The checks a buyer must read: status, rule and the finding in the sheet's language (words.check_text)."""
    return [(c.status, c.rule, phrases.check(c)) for c in build.checks if c.status != "pass"]


# ---------------------------------------------------------------------------------------
# XLSX


def short_title(title: str, limit: int = 31) -> str:
    """A worksheet tab's name of at most `limit` characters (Excel's limit): a label too long for it loses its
    parenthesis first, whole ("1. 最便宜" of "1. 最便宜（FP8，vLLM 加载时量化，……）", cut at 31 as "……供多个用户使用：未" in
    Dr. Chen's walk, 2026-12-04), and only then its tail, marked with an ellipsis."""
    if len(title) <= limit:
        return title
    cut = min((i for i in (title.find("（"), title.find(" (")) if i > 0), default=-1)
    if cut > 0 and len(title[:cut].rstrip()) <= limit:
        return title[:cut].rstrip()
    return title[: limit - 1].rstrip() + "…"


def tab_title(build: Build) -> str:
    """A build's worksheet tab: its rank and label where the label makes a claim ("2. best value"), else its rank and
    cards ("3. 2 x RTX PRO 4500 Blackwell"): Dr. Chen's purchasing office had read a tab named "3. at FP8, quantized
    by vLLM o…", the kind of a build shown for what it is, cut at Excel's 31 characters (walk31)."""
    if build.claims:
        return build_title(build)
    return f"{build.rank}. {say(gpus_said(build))}"


def sheet_titles(builds: list[Build]) -> list[str]:
    """Valid (<= 31 characters, no []:*?/\\), unique worksheet names from rank and label (tab_title)."""
    used = {REQUEST_SHEET.lower()}
    titles: list[str] = []
    for build in builds:
        base = (
            short_title(_BAD_TITLE_CHARS.sub("-", _CONTROL.sub("", tab_title(build))).strip("'"))
            or f"Build {build.rank}"
        )
        title, n = base, 2
        while title.lower() in used:
            suffix = f" ({n})"
            title, n = base[: 31 - len(suffix)] + suffix, n + 1
        used.add(title.lower())
        titles.append(title)
    return titles


def write_xlsx(path: str | os.PathLike[str], builds: list[Build], request: BuildRequest, meta: SheetMeta) -> None:
    """Save the purchase workbook atomically (an existing file survives any failure)."""
    atomic_write_bytes(path, xlsx_bytes(builds, request, meta))


def _workbook(meta: SheetMeta) -> Any:
    """An empty workbook titled for the project (inert: a title is never a formula), its creator the app."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    book.properties.title = inert(meta.project_name)
    book.properties.creator = f"LLM Rig Configurator {meta.app_version}".strip()
    return book


def xlsx_bytes(builds: list[Build], request: BuildRequest, meta: SheetMeta) -> bytes:
    book = _workbook(meta)
    with language(meta.language):
        for build, title in zip(builds, sheet_titles(builds), strict=True):
            _fill_build_sheet(book.create_sheet(title), build)
        _fill_request_sheet(book.create_sheet(t(REQUEST_SHEET)), builds, request, meta)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def cents(amount: float) -> float:
    """To the cent, halves up as a person rounds (6,806.465 -> 6,806.47; float round() gives 6,806.46)."""
    return float(Decimal(repr(amount)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def line_amounts(part: BuildPart) -> tuple[float, float]:
    """A purchase line's unit price and subtotal as printed: the subtotal is the printed unit price times the
    quantity paid for, so a purchasing office's check adds up (a converted 6,806.465 CNY CPU printed 6,806.47 x 2 =
    13,612.93, a cent short; walk8)."""
    unit = cents(part.unit_price)
    return unit, cents(unit * (part.quantity - part.owned))


def printed_totals(build: Build) -> tuple[float, float, float]:
    """(per node, shared by the cluster, total) as the printed lines add up: each line to the cent
    (line_amounts), so every export's total is the sum of the lines above it. The build's own total, summed before
    rounding, printed 97,436.44 CNY under lines adding up to 97,436.45 (walk15: Chen's 1 x A800 80GB server, its
    USD prices converted to CNY)."""
    per_node = cents(sum(line_amounts(p)[1] for p in build.parts if p.scope == "node" or build.nodes <= 1))
    if build.nodes <= 1:
        return per_node, 0.0, per_node
    shared = cents(sum(line_amounts(p)[1] for p in build.parts if p.scope == "cluster"))
    return per_node, shared, cents(per_node * build.nodes + shared)


def _line_item(part: BuildPart, row: int, currency: str) -> list[Any]:
    unit, subtotal = line_amounts(part)
    return [
        inert(category_name(part.category)),
        # the name as sold, its catalog note in the list's language, as the PDF sheet says it (walk42: Chen's Chinese
        # workbook read "NVIDIA GeForce RTX 4090 48GB (Chinese-market board-modified)" where his sheet read 国内魔改版)
        inert(part_names(part.name)),
        # Dr. Chen's workbook listed "xeon-gold-6248" and "l20" under Part number for the office to order by (walk21)
        inert(ordering_number(part)),
        inert(part_vendor(part)),
        part.quantity,
        part.owned,
        unit,
        inert(currency),
        # a value, not "=G2*(E2-F2)": an export is inert, it holds no live formula at all (walk8), and a reader that
        # does not compute formulas (a preview, a script, openpyxl) sees the amount, not an empty cell
        subtotal,
        inert(part_notes(part)),
    ]


def _fill_build_sheet(ws: Worksheet, build: Build) -> None:
    from openpyxl.styles import Alignment, Font, PatternFill

    ws.append([t(name) for name, _ in COLUMNS])
    # parts bought per node first, then the cluster's shared parts (switches), which the grand total adds once
    ordered = [p for p in build.parts if p.scope == "node"] + [p for p in build.parts if p.scope == "cluster"]
    for row, part in enumerate(ordered, start=2):
        ws.append(_line_item(part, row, build.currency))
    last = len(build.parts) + 1
    totals = _append_totals(ws, build, last)
    for col, (_, width) in enumerate(COLUMNS, start=1):
        ws.column_dimensions[chr(64 + col)].width = width
    for cell in ws[1]:
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDE3EA")
    for row in range(2, last + 1):
        ws[f"G{row}"].number_format = ws[f"I{row}"].number_format = MONEY_FORMAT
        ws[f"J{row}"].alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:J{last}"
    ws.cell(totals + 2, 1, t("Why")).font = Font(bold=True)
    ws.cell(totals + 2, 2, inert(phrases.why(build)))  # in the workbook's language (Chen's read it in English)
    rate = rate_said(build)
    if rate is not None:  # converted at rates older than six months: dated like an old price
        ws.cell(totals + 3, 1, t("Exchange rates")).font = Font(bold=True)
        ws.cell(totals + 3, 2, inert(say(rate)))
    taxed = tax_said(build)
    if taxed is not None:  # the one tax basis every line is on, and the total without VAT
        row = totals + (4 if rate is not None else 3)
        ws.cell(row, 1, t("Tax")).font = Font(bold=True)
        ws.cell(row, 2, inert(say(taxed)))


def _append_totals(ws: Worksheet, build: Build, last: int) -> int:
    """Total (and for clusters Nodes and Grand total) rows; returns the last row written."""
    from openpyxl.styles import Font

    row = last + 1
    # stored values, as the line subtotals are: the sums of the printed lines, so the sheet adds up as printed (and
    # agrees with the build's total to the cent or so of rounding each line)
    per_node, _shared, total = printed_totals(build)
    _total_row(ws, row, t("Total per node") if build.nodes > 1 else t("Total"), per_node, build.currency)
    if build.nodes <= 1:
        return row
    ws.cell(row + 1, 1, t("Nodes")).font = Font(bold=True)
    ws.cell(row + 1, 9, build.nodes).number_format = "0"
    _total_row(ws, row + 2, t("Grand total"), total, build.currency)
    return row + 2


def _total_row(ws: Worksheet, row: int, label: str, value: float, currency: str) -> None:
    from openpyxl.styles import Font

    ws.cell(row, 1, label).font = Font(bold=True)
    ws.cell(row, 8, currency)
    cell = ws.cell(row, 9, value)
    cell.font = Font(bold=True)
    cell.number_format = MONEY_FORMAT


def not_as_asked_rows(data: NotAsAskedJson) -> list[tuple[str, str]]:
    """Why the request cannot be met as asked and the ways out (Infeasible.to_sheet), in the sheet's language."""

    def said(item: dict[str, object]) -> str:
        return say(Reason.model_validate(item))

    rows = [("Not as asked", say_all([Reason.model_validate(c) for c in data.get("clauses", [])]))]
    way_out = data.get("way_out")
    if way_out:
        head = "Cheapest way out on supported software" if data.get("on_supported") else "Cheapest way out"
        rows.append((head, said(way_out)))
    rows += [("Other way out", said(w)) for w in data.get("ways", [])]
    return rows


def request_rows(builds: list[Build], request: BuildRequest, meta: SheetMeta) -> list[tuple[str, str]]:
    """Every line of the "Request and assumptions" sheet; ("", "") separates sections. Each value in the workbook's
    language, as the PDF sheet says it (walk13: Chen's Chinese workbook gave the request's values, the catalog's
    dates, the estimate, the fit, the assumptions and the checks' statuses in English)."""
    zh = language_code() == "zh_CN"
    rows: list[tuple[str, str]] = [
        ("Project", meta.project_name),
        ("Created", meta.created),
        ("App version", meta.app_version or "-"),
        ("", ""),
        *((k, phrases.sentence(t(v)) if zh else v) for k, v in request_fields(request)),
        ("", ""),
        # the newest price the builds use, not the catalog's (walk15: "Catalog price date 2026-09-30" stood over
        # "Catalog prices: prices from 2026-05 to 2026-11")
        ("Newest price in these builds", meta.catalog_price_date or "-"),
        ("Catalog prices", catalog_prices(meta) if meta.catalog_prices else "-"),
        ("Exchange-rate date", meta.exchange_rate_date or "-"),
        ("Exchange-rate source", phrases.sentence(meta.exchange_rate_source) or "-"),
    ]
    if meta.not_as_asked:
        rows += [("", ""), *not_as_asked_rows(meta.not_as_asked)]
    for build in builds:
        rows += [("", ""), (f"{t('Build')} {build_title(build)}", money(printed_totals(build)[2], build.currency))]
        if build.nodes > 1:
            rows.append(("Nodes", str(build.nodes)))
        rows.append(("Estimate", say_all(estimate_said(build))))
        rows.append(("How this fits", phrases.fit_sentence(fit_of(build, request))))
        rows += [("Assumption", say(a)) for a in build.assumptions_said()]
        rows += [("Estimate warning", say(warning)) for warning in build.estimate.warnings]
        rows += [(f"{t(status.upper())} {rule}", message) for status, rule, message in non_pass_checks(build)]
    return rows


def _fill_request_sheet(ws: Worksheet, builds: list[Build], request: BuildRequest, meta: SheetMeta) -> None:
    from openpyxl.styles import Alignment, Font

    for key, value in request_rows(builds, request, meta):
        ws.append([inert(t(key)), inert(value)])
        ws.cell(ws.max_row, 1).font = Font(bold=True)
        ws.cell(ws.max_row, 2).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions["A"].width = 28
    ws.column_dimensions["B"].width = 110


# ---------------------------------------------------------------------------------------
# CSV and Markdown


def csv_text(builds: list[Build], request: BuildRequest) -> str:
    """One row per part of every build, with a leading Build column."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    for build in builds:
        for part in build.parts:
            unit, subtotal = line_amounts(part)
            writer.writerow(
                [
                    inert(build_title(build)),
                    inert(category_name(part.category)),
                    inert(part.name),
                    inert(part_number(part)),
                    inert(part_vendor(part)),
                    part.quantity,
                    part.owned,
                    f"{unit:.2f}",
                    inert(build.currency),
                    f"{subtotal:.2f}",
                    inert(part_notes(part)),
                    *vat_of(part),
                    1 if part.scope == "cluster" else build.nodes,  # how many times the row is bought
                ]
            )
    return buffer.getvalue()


def _md(text: str) -> str:
    """Markdown table text that stays text: HTML escaped, no links, no table breaks."""
    clean = _CONTROL.sub("", text).replace("\r", " ").replace("\n", " ")
    clean = html.escape(clean, quote=False)
    return re.sub(r"([\\`*_\[\]|])", r"\\\1", clean)


def _markdown_build(build: Build, request: BuildRequest) -> list[str]:
    lines = [f"## {_md(build_title(build))}", "", t("Type | Item | Price"), ":---- | :---- | ----:"]
    for part in build.parts:
        name = part_names(part.name)  # its note in the list's language, as the sheet (walk42)
        item = f"{part.quantity} x {name}" if part.quantity > 1 else name
        if part.owned:  # in the list's language (walk15: "(1 owned)" in a Chinese list)
            item += f" ({part.owned} {t('owned')})"
        paid = money(line_amounts(part)[1], build.currency)
        lines.append(f"**{_md(category_name(part.category))}** | {_md(item)} | {paid}")
    per_node, shared, total = printed_totals(build)  # the sums of the lines as printed
    if build.nodes > 1:
        lines.append(f" | **{t('Total per node')}** | {money(per_node, build.currency)}")
        if shared:
            lines.append(f" | **{t('Shared by the cluster (switches, once)')}** | {money(shared, build.currency)}")
        lines.append(f" | **{t('Total for {0} nodes').format(build.nodes)}** | **{money(total, build.currency)}**")
    else:
        lines.append(f" | **{t('Total')}** | **{money(total, build.currency)}**")
    dated = dates_said(build)  # oldest, median and newest paid price (report.prices, the one rule)
    from configurator.core.report import phrases  # the fit in the list's language, as the sheet's

    prices = say(dated) if dated is not None else ""
    return [
        *lines,
        "",
        _said_line("Estimated:", say_all(estimate_said(build))),
        "",
        _said_line("How this fits:", phrases.fit_sentence(fit_of(build, request))),
        "",
        *([_said_line("Prices:", prices), ""] if dated else []),
        *([_said_line("Exchange rates:", say(rate)), ""] if (rate := rate_said(build)) is not None else []),
        *([_said_line("Tax:", say(taxed)), ""] if (taxed := tax_said(build)) is not None else []),
    ]


def _said_line(lead: str, text: str) -> str:
    """ "Lead: text." in English, "引导：文字。" in Chinese (no space after the full-width colon)."""
    zh = language_code() == "zh_CN"
    return f"{t(lead)}{'' if zh else ' '}{_md(text)}{sentence_end()}"


def markdown_text(builds: list[Build], request: BuildRequest, meta: SheetMeta | None = None) -> str:
    """PCPartPicker-style tables (Type | Item | Price) to paste into a forum post, in the words of `meta.language`;
    with `meta`, the catalog's price dates under the title (a forum reader should know how old the prices are)."""

    with language(meta.language if meta is not None else "en"):
        zh = language_code() == "zh_CN"
        lines = [f"# {_md(request.model_id)}{'：' if zh else ': '}{_md(t(request.workload.kind))} {t('builds')}", ""]
        if meta is not None and meta.catalog_prices:
            gap = "" if language_code() == "zh_CN" else " "
            catalog = f"{t('catalog').capitalize()}{gap}{catalog_prices(meta)}"
            created = f"{t('created')} {meta.created}"
            lines += [_md(("；" if zh else "; ").join((catalog, created))) + sentence_end(), ""]
        for build in builds:
            lines += _markdown_build(build, request)
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# A project's requests together (Dr. Chen's fine-tuning and serving in one purchase list)


@dataclass(frozen=True)
class RequestBuilds:
    """One request of a project, the builds exported for it and its sheet facts (price dates, why not as asked)."""

    number: int  # 1-based, as the window's workload list numbers it
    request: BuildRequest
    builds: tuple[Build, ...]
    meta: SheetMeta


def request_heading(section: RequestBuilds) -> str:
    """ "1: qwen2.5-72b finetune" ("1：qwen2.5-72b 微调"), as the window's workload list names the request."""
    zh = language_code() == "zh_CN"
    return f"{section.number}{'：' if zh else ': '}{job_title(section.request, language_code())}"


def _request_sheet_titles(sections: list[RequestBuilds]) -> list[str]:
    """Worksheet names "1 qwen2.5-72b finetune": valid, unique, never the assumptions sheet's."""
    used = {t(REQUEST_SHEET).lower()}
    titles = []
    for section in sections:
        job = _BAD_TITLE_CHARS.sub("-", _CONTROL.sub("", job_title(section.request, language_code()))).strip("'")
        title = short_title(f"{section.number} {job}")
        while title.lower() in used:  # not reached by numbered names; a guard, not a rule
            title = short_title(f"{title[:28]} {section.number}")
        used.add(title.lower())
        titles.append(title)
    return titles


def project_xlsx_bytes(sections: list[RequestBuilds], meta: SheetMeta) -> bytes:
    """The purchase workbook of every request of a project: one sheet per request (its builds' lines, each build
    closed by its total), then one "Request and assumptions" sheet with a section per request. Values only, no
    formulas, as the one-request workbook."""
    book = _workbook(meta)
    with language(meta.language):
        for section, title in zip(sections, _request_sheet_titles(sections), strict=True):
            _fill_request_purchase_sheet(book.create_sheet(title), section)
        _fill_project_request_sheet(book.create_sheet(t(REQUEST_SHEET)), sections, meta)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def write_project_xlsx(path: str | os.PathLike[str], sections: list[RequestBuilds], meta: SheetMeta) -> None:
    atomic_write_bytes(path, project_xlsx_bytes(sections, meta))


def _fill_request_purchase_sheet(ws: Worksheet, section: RequestBuilds) -> None:
    """A request's sheet: its heading, then per build a title row, the column header, its lines and its total."""
    from openpyxl.styles import Alignment, Font, PatternFill

    ws.append([inert(request_heading(section))])
    ws.cell(1, 1).font = Font(bold=True, size=13)
    for build in section.builds:
        ws.append([])
        ws.append([inert(f"{t('Build')} {build_title(build)}")])
        ws.cell(ws.max_row, 1).font = Font(bold=True)
        ws.append([t(name) for name, _ in COLUMNS])
        for cell in ws[ws.max_row]:
            cell.font = Font(bold=True)
            cell.fill = PatternFill("solid", fgColor="DDE3EA")
        ordered = [p for p in build.parts if p.scope == "node"] + [p for p in build.parts if p.scope == "cluster"]
        for part in ordered:
            ws.append(_line_item(part, ws.max_row + 1, build.currency))
            row = ws.max_row
            ws[f"G{row}"].number_format = ws[f"I{row}"].number_format = MONEY_FORMAT
            ws[f"J{row}"].alignment = Alignment(wrap_text=True, vertical="top")
        _append_totals(ws, build, ws.max_row)
    for col, (_, width) in enumerate(COLUMNS, start=1):
        ws.column_dimensions[chr(64 + col)].width = width


def _fill_project_request_sheet(ws: Worksheet, sections: list[RequestBuilds], meta: SheetMeta) -> None:
    from openpyxl.styles import Alignment, Font

    for i, section in enumerate(sections):
        if i:
            ws.append([])
        ws.append([inert(request_heading(section))])
        ws.cell(ws.max_row, 1).font = Font(bold=True, size=13)
        rows = request_rows(list(section.builds), section.request, section.meta)
        if i:  # the project's name, date and version once, at the top
            rows = rows[4:]
        for key, value in rows:
            ws.append([inert(t(key)), inert(value)])
            ws.cell(ws.max_row, 1).font = Font(bold=True)
            ws.cell(ws.max_row, 2).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions["A"].width = 28
    ws.column_dimensions["B"].width = 110


PROJECT_CSV_HEADER = ("Request", *CSV_HEADER)


def project_csv_text(sections: list[RequestBuilds]) -> str:
    """One file for the whole project, one row per part of every build of every request, with a leading Request
    column ("1: qwen2.5-72b finetune"): a purchasing office imports one file and filters or pivots by request, the
    single-request list's columns unchanged after it. In English, as the single-request CSV."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(PROJECT_CSV_HEADER)
    with language("en"):
        for section in sections:
            lines = csv.reader(io.StringIO(csv_text(list(section.builds), section.request)))
            next(lines)  # the single list's header
            for line in lines:
                writer.writerow([inert(request_heading(section)), *line])
    return buffer.getvalue()


def project_markdown_text(sections: list[RequestBuilds], meta: SheetMeta) -> str:
    """Every request's tables in turn, each under its own numbered heading ("# 1. qwen2.5-72b: finetune builds"),
    in `meta.language`."""
    parts = []
    for section in sections:
        text = markdown_text(list(section.builds), section.request, replace(section.meta, language=meta.language))
        parts.append(f"# {section.number}. {text.removeprefix('# ')}")
    return "\n\n".join(parts)
