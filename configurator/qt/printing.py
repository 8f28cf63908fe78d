"""Print and PDF for build sheets: the core's HTML laid out by Qt's text engine.

Qt's rich-text engine does not draw inline SVG, so every `<svg>` and `data:` image in the
sheet is rendered to an image resource first. `python -m configurator.qt.printing IN.json
OUT.pdf` is how the Qt-free command line writes PDFs without loading Qt itself.
"""

from __future__ import annotations

import base64
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QRectF, QSize, QSizeF, QUrl
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontInfo,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextBlock,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextTable,
)
from PySide6.QtSvg import QSvgRenderer

from configurator.core.common.fileio import atomic_write_with
from configurator.core.costs.tco import CostCurves
from configurator.core.model.build import Build
from configurator.core.model.request import BuildRequest
from configurator.core.report.purchase import SheetMeta, job_title, ranked_workloads
from configurator.core.report.sheet import build_sheet_html
from configurator.storage.projects import Project

_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_DATA_IMG = re.compile(r'src="data:image/(png|jpeg);base64,([^"]+)"')
_VIEWBOX = re.compile(r'viewBox="([\d.\s-]+)"')
_MONO = re.compile(r"font-family:[^;}]*\bmonospace\b")
PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
CONTENT_WIDTH_PX = 680  # layout width of the sheet; images are scaled to fit it
LAYOUT_DPI = 96  # the sheet is laid out in CSS pixels, then scaled to the printer's resolution
_MOVED = QTextFormat.Property.UserProperty + 1  # marks a break keep_headings_with_tables or keep_rows_whole set
_PUSHED = QTextFormat.Property.UserProperty + 2  # a heading's own top margin, kept where _push_to_next_page grew it
_FREED = QTextFormat.Property.UserProperty + 3  # a section's break before it that fill_short_pages took off
SHORT_PAGE = 0.15  # a page the sheet's own break would leave this full or less is filled by the next section
KEEP_ROWS = 3  # a heading goes to the next page unless its table's first rows (header and two lines) fit under it
TAIL_ROWS = 2  # the fewest rows of a table a page may start with (keep_tails)


def _png_data_uri(image: QImage) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stub says bytes; PySide6 takes str
    return "data:image/png;base64," + base64.b64encode(data.data()).decode("ascii")


def chart_images(build: Build, width: int = 640, height: int = 340) -> dict[str, str]:
    """The app's own charts of the build, as PNG data URIs (needs a QApplication)."""
    from configurator.qt.charts import CostBreakdownChart, NodeScalingChart, PowerBudgetChart, VramHeadroomChart

    out = {}
    charts: list[tuple[str, type]] = [
        ("VRAM headroom", VramHeadroomChart),
        ("Cost breakdown", CostBreakdownChart),
        ("Power budget", PowerBudgetChart),
    ]
    if build.node_curve is not None:
        charts.append(("Wall time and cost against nodes", NodeScalingChart))
    for title, cls in charts:
        chart = cls()
        chart.resize(width, height)
        chart.show_build(build)
        out[title] = _png_data_uri(chart.grab().toImage())
        # no deleteLater(): Python owns the parentless chart and frees it here; a deferred delete
        # still queued when there is no event loop (the CLI renderer) crashes the interpreter at exit
        del chart
    curves = CostCurves.of(build.cost_of_ownership)
    if curves is not None:  # round 32: the Buy-or-rent tab's chart, its lines read from the build's cost JSON
        from configurator.qt.charts import BuyOrRentChart

        costs_chart = BuyOrRentChart()
        # drawn as wide as the 1366 x 768 window's chart (its title is one line there; at 640 px it ran out of the
        # image) and scaled to the sheet's width (sheet_document)
        costs_chart.resize(max(width, 940), max(height, 440))
        costs_chart.show_costs(curves, months=curves.chart_months)
        out["Buy or rent"] = _png_data_uri(costs_chart.grab().toImage())
        del costs_chart
    return out


def fixed_pitch_family() -> str:
    """An installed family whose glyphs really are one width (fontconfig's "monospace" may map to
    Noto Sans Mono, which Qt does not treat as fixed pitch)."""
    system = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    for font in (
        system,
        *(QFont(f) for f in ("DejaVu Sans Mono", "Noto Mono", "Liberation Mono", "Menlo", "Consolas", "Courier New")),
    ):
        info = QFontInfo(font)
        if info.fixedPitch():
            return info.family()
    return QFontInfo(system).family()


def sheet_document(html: str) -> QTextDocument:
    """A QTextDocument of the sheet with SVG and data: images turned into image resources."""
    doc = QTextDocument()
    images: list[tuple[str, QImage]] = []

    def svg_to_img(match: re.Match[str]) -> str:
        markup = match.group(0)
        renderer = QSvgRenderer(QByteArray(markup.encode("utf-8")))
        size = renderer.defaultSize()
        box = _VIEWBOX.search(markup)
        if box:
            parts = [float(v) for v in box.group(1).split()]
            size = QSize(int(parts[2]), int(parts[3]))
        scale = min(2.0, 2 * CONTENT_WIDTH_PX / max(size.width(), 1))
        image = QImage(
            max(1, int(size.width() * scale)), max(1, int(size.height() * scale)), QImage.Format.Format_ARGB32
        )
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
        painter.end()
        name = f"sheet-image-{len(images)}.png"
        images.append((name, image))
        width = min(CONTENT_WIDTH_PX, int(image.width() / 2))
        return f'<img src="{name}" width="{width}">'

    def data_to_img(match: re.Match[str]) -> str:
        image = QImage.fromData(base64.b64decode(match.group(2)))
        name = f"sheet-image-{len(images)}.png"
        images.append((name, image))
        return f'src="{name}" width="{min(CONTENT_WIDTH_PX, image.width())}"'

    html = _SVG.sub(svg_to_img, html)
    html = _DATA_IMG.sub(data_to_img, html)
    # Qt's rich text ignores CSS cell padding and page-break-inside; use what it honours
    html = re.sub(r"<table\b", '<table cellpadding="3" cellspacing="0"', html)
    # Qt's rich text does not know <figcaption>: it would sit inline beside the image
    html = html.replace("<figcaption>", '<p style="font-size: 9pt; color: #555555;">').replace("</figcaption>", "</p>")
    # Qt breaks pages before block elements only (not before an unknown <section>)
    html = re.sub(  # the charts' heading in either language (core.report.words: "Charts", "图表")
        r"<section><h2>(Charts|图表)</h2>", r'<section><h2 style="page-break-before: always;">\1</h2>', html
    )
    # nor <figure>: its image was laid out before the heading above it (the cluster sheet's "Slot map" printed under
    # its bays); a <div> is a block it places in order
    html = re.sub(r"<figure\b", "<div", html).replace("</figure>", "</div>")
    # Qt's rich text knows neither the generic "monospace" nor ui-monospace/Menlo/Consolas off their
    # systems: the launch command came out in the body font, with its "fl" of bfloat16 a ligature
    html = _MONO.sub(f"font-family: '{fixed_pitch_family()}', monospace", html)
    for name, image in images:
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setDefaultStyleSheet("td, th { padding-left: 3px; padding-right: 8px; padding-top: 2px; padding-bottom: 2px; }")
    doc.setHtml(html)
    return doc


def sheets_html(
    builds: list[Build], request: BuildRequest, meta: SheetMeta, page: str, with_charts: bool = True
) -> str:
    """One HTML document with a sheet per build, each starting on a new page."""
    return sections_html([(build, request, meta) for build in builds], page, with_charts)


def sections_html(sheets: list[tuple[Build, BuildRequest, SheetMeta]], page: str, with_charts: bool = True) -> str:
    """One HTML document with a sheet per (build, its request, its header facts), each starting on a new page: the
    builds of one request, or of every workload of a project (File > Export builds to PDF)."""
    bodies = []
    for i, (build, request, meta) in enumerate(sheets):
        html = build_sheet_html(build, request, meta, chart_images(build) if with_charts else None, page=page)
        body = html[html.index("<body>") + 6 : html.index("</body>")]
        style = html[html.index("<style>") : html.index("</style>") + 8] if i == 0 else ""
        bodies.append((style, f'<div style="page-break-before: always;">{body}</div>' if i else body))
    head = bodies[0][0] if bodies else ""
    return f"<html><head><meta charset='utf-8'>{head}</head><body>{''.join(b for _s, b in bodies)}</body></html>"


def _block_bottom(doc: QTextDocument, block: QTextBlock) -> float:
    return doc.documentLayout().blockBoundingRect(block).bottom()


def _row_bottom(doc: QTextDocument, table: QTextTable, row: int) -> float:
    return max(_block_bottom(doc, table.cellAt(row, c).lastCursorPosition().block()) for c in range(table.columns()))


def _nothing_after(doc: QTextDocument, table: QTextTable, page: int) -> bool:
    """Whether nothing of the sheet follows the table on `page` (the document ends, or the next build's sheet starts
    on a page of its own)."""
    cursor = QTextCursor(doc)
    cursor.setPosition(table.lastPosition() + 1)
    block = cursor.block()
    height = doc.pageSize().height()
    while block.isValid():
        if block.text().strip() or QTextCursor(block).currentTable() is not None:
            return int(doc.documentLayout().blockBoundingRect(block).top() // height) > page
        block = block.next()
    return True


def _kept_bottom(doc: QTextDocument, heading: QTextBlock) -> float | None:
    """Where what must share the heading's page ends: its table's first KEEP_ROWS rows, or the next block's first line."""
    following = heading.next()
    if not following.isValid():
        return None
    table = QTextCursor(following).currentTable()
    if table is not None:
        bottoms = [_row_bottom(doc, table, row) for row in range(table.rows())]
        height = doc.pageSize().height()
        top = doc.documentLayout().blockBoundingRect(heading).top()
        last_page = int((bottoms[-1] - 0.5) // height)
        tail = [b for b in bottoms if int((b - 0.5) // height) == last_page]
        # a table that fits a page is not split to leave its last row or two alone on a page of their own (Mina's
        # sheet ended on a page holding only its checks' RAM-2 row, walk8): it goes over whole, with its heading.
        # A tail with more of the sheet under it stays: moved, the whole table cost the sheet a page
        if (
            len(tail) < min(KEEP_ROWS, len(bottoms))
            and len(tail) < len(bottoms)
            and bottoms[-1] - top <= height * 0.9
            and _nothing_after(doc, table, last_page)
        ):
            return bottoms[-1]
        return bottoms[min(KEEP_ROWS, table.rows()) - 1]
    after = following.next()
    if following.text().rstrip().endswith((":", "：")) and after.isValid():
        # a line that introduces what follows goes with it: "Run it" and "llama.cpp:" ended Mina's fourth page, the
        # command they name on the fifth (walk20). The command is one block: kept whole unless it would fill half a page
        if QTextCursor(after).currentTable() is not None:
            return _kept_bottom(doc, following)
        box = doc.documentLayout().blockBoundingRect(after)
        if box.height() <= doc.pageSize().height() / 2:
            # and a second introduced command after it goes too: a build step ("build llama.cpp's SYCL backend ...:"
            # and its commands, a line each, continued with "\\") before "llama.cpp:" and the server's command (round 40)
            last = after
            while last.text().rstrip().endswith("\\") and last.next().isValid():
                last = last.next()
            chained = last.next()
            if chained.isValid() and chained.text().rstrip().endswith((":", "：")):
                return max(box.bottom(), _kept_bottom(doc, last) or box.bottom())
            return box.bottom()
    box = doc.documentLayout().blockBoundingRect(following)
    lines = following.layout()
    return box.top() + (lines.lineAt(0).height() if lines.lineCount() else box.height())


def keep_headings_with_tables(doc: QTextDocument) -> int:
    """Move each heading that would end a page without its table's first rows to the next page; how many moved.

    Qt's rich text ignores page-break-inside and page-break-after: avoid, so the break is set from the laid-out
    positions ("Checks to read before ordering" printed at a page's foot, its table on the next)."""
    height = doc.pageSize().height()
    if height <= 0 or height > 1e6:
        return 0  # not paginated
    moved = 0
    block = doc.begin()
    while block.isValid():  # the breaks of a layout on another page size first go (print preview re-lays out)
        fmt = block.blockFormat()
        if fmt.boolProperty(_MOVED) or fmt.hasProperty(_PUSHED):
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
            fmt.clearProperty(_MOVED)
            if fmt.hasProperty(_PUSHED):
                fmt.setTopMargin(fmt.doubleProperty(_PUSHED))
                fmt.clearProperty(_PUSHED)
            QTextCursor(block).setBlockFormat(fmt)
        block = block.next()
    for table in _tables(doc.rootFrame()):  # and keep_rows_whole's, which moves a table whose first row would split
        frame_format = table.frameFormat()
        if frame_format.boolProperty(_MOVED):
            frame_format.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
            frame_format.clearProperty(_MOVED)
            table.setFrameFormat(frame_format)
    block = doc.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and QTextCursor(block).currentTable() is None:
            # a heading across the page's end counts as apart: Qt does not move a one-line block off the foot of a
            # page, it drew the cluster sheet's "Power and site" cut in two, half on each page
            top = doc.documentLayout().blockBoundingRect(block).top()
            bottom = _kept_bottom(doc, block)
            page = int(top // height)
            # a heading near the top of its page stays: the break would only leave an empty page behind
            if bottom is not None and bottom > (page + 1) * height and top - page * height > height / 4:
                fmt = block.blockFormat()
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                fmt.setProperty(_MOVED, True)
                QTextCursor(block).setBlockFormat(fmt)
                # a full re-layout before the next heading is measured: the incremental one placed a moved heading
                # a page further on, leaving a blank page
                doc.markContentsDirty(0, doc.characterCount())
                if doc.documentLayout().blockBoundingRect(block).top() >= (page + 2) * height:
                    _push_to_next_page(doc, block, (page + 1) * height - top)
                moved += 1
        block = block.next()
    return moved


def _push_to_next_page(doc: QTextDocument, block: QTextBlock, gap: float) -> None:
    """Move a heading to the next page by a top margin of the page's rest, where its break sent it two pages on.

    A heading whose line crossed the page's end by a few pixels ("Speed and time" 6 px above the foot of Mina's
    fourth page, under the memory table) was laid out by Qt a page further with a break before it, so the sheet
    printed a blank page (round 44); a margin of the page's rest puts it at the next page's top."""
    fmt = block.blockFormat()
    fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
    fmt.clearProperty(_MOVED)
    fmt.setProperty(_PUSHED, fmt.topMargin())
    fmt.setTopMargin(fmt.topMargin() + gap + doc.documentMargin())
    QTextCursor(block).setBlockFormat(fmt)
    doc.markContentsDirty(0, doc.characterCount())


def _lines_span(doc: QTextDocument, table: QTextTable, row: int) -> tuple[float, float]:
    """The top of the row's first line and the bottom of its last, over all its cells (a cell may hold several blocks)."""
    layout = doc.documentLayout()
    tops: list[float] = []
    bottoms: list[float] = []
    for column in range(table.columns()):
        cell = table.cellAt(row, column)
        block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
        while block.isValid():
            box = layout.blockBoundingRect(block)
            lines = block.layout()
            for i in range(lines.lineCount()):
                line = lines.lineAt(i)
                tops.append(box.top() + line.y())
                bottoms.append(box.top() + line.y() + line.height())
            if block == last:
                break
            block = block.next()
    return (min(tops), max(bottoms)) if tops else (0.0, 0.0)


def split_rows(doc: QTextDocument) -> list[tuple[QTextTable, int]]:
    """The table rows whose lines are laid out on two pages (a row taller than a page cannot help it)."""
    height = doc.pageSize().height()
    split = []
    for table in _tables(doc.rootFrame()):
        for row in range(table.rows()):
            top, bottom = _lines_span(doc, table, row)
            if int(top // height) != int((bottom - 0.5) // height) and bottom - top < height * 0.8:
                split.append((table, row))
    return split


def _tables(frame: QTextFrame) -> list[QTextTable]:
    found: list[QTextTable] = []
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            found.append(child)
        found.extend(_tables(child))
    return found


def keep_rows_whole(doc: QTextDocument) -> int:
    """Move each table row that would be split across two pages whole to the next page, under the table's repeated
    header; how many moved.

    Qt flows a cell's lines over the page's end one by one: Dr. Chen's sheet printed the buy-or-rent table's
    "Break-even" row with its first line on one page and its second under the repeated header on the next (walk19).
    Qt moves a row only when none of its cells starts on the page, so the row before it ends the page instead (a
    break after each of its cells); a first row goes over with the whole table."""
    height = doc.pageSize().height()
    if height <= 0 or height > 1e6:
        return 0  # not paginated
    moved = 0
    stuck: set[tuple[int, int]] = set()  # rows a break cannot help (the table starts a page already)
    for _ in range(200):  # each move re-lays the rest out; a bound, not a count anyone reaches
        split = [(t, r) for t, r in split_rows(doc) if (t.firstPosition(), r) not in stuck]
        if not split:
            break
        table, row = split[0]
        if row <= table.format().headerRowCount():
            fmt = table.frameFormat()
            if fmt.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
                stuck.add((table.firstPosition(), row))
                continue
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            fmt.setProperty(_MOVED, True)
            table.setFrameFormat(fmt)
        else:
            _break_after_row(table, row - 1)
        doc.markContentsDirty(0, doc.characterCount())
        moved += 1
    return moved


def _break_after_row(table: QTextTable, row: int) -> None:
    """A page break after `row` of `table` (every cell's last block), marked as moved (_MOVED) so a new layout
    can undo it."""
    for column in range(table.columns()):
        cursor = table.cellAt(row, column).lastCursorPosition()
        block_format = cursor.blockFormat()
        block_format.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysAfter)
        block_format.setProperty(_MOVED, True)
        cursor.setBlockFormat(block_format)


def keep_tails(doc: QTextDocument) -> int:
    """Send a table's second-last row over with its last, so no page starts with one row alone under the repeated
    header; how many tables.

    Mina's sheet opened a page with the power table's "Noise under load" alone, the eleven rows above it on the page
    before (walk20). A table of fewer than 2 x TAIL_ROWS rows is left as it is (keep_headings_with_tables moves a
    short table whole)."""
    height = doc.pageSize().height()
    if height <= 0 or height > 1e6:
        return 0  # not paginated
    moved = 0
    for table in _tables(doc.rootFrame()):
        header = table.format().headerRowCount()
        if table.rows() - header < 2 * TAIL_ROWS:
            continue
        pages = [int((_lines_span(doc, table, row)[1] - 0.5) // height) for row in range(table.rows())]
        tail = sum(1 for page in pages[header:] if page == pages[-1])
        if tail >= TAIL_ROWS or pages[header] == pages[-1]:
            continue
        _break_after_row(table, table.rows() - TAIL_ROWS - 1)  # the rows after it go over to the next page
        doc.markContentsDirty(0, doc.characterCount())
        moved += 1
    return moved


def fill_short_pages(doc: QTextDocument) -> int:
    """Take the page break off a section heading ("Charts") where the text before it spills a few lines onto a page
    the break would leave otherwise empty; how many.

    The price notes of a build ended its first page but one line: "six months." printed alone on page 2, the charts
    on page 3 (ui44: the 70B plan at 2,000 USD, the 8B QLoRA in EUR). A build's own first heading (h1) keeps its
    break: each build's sheet starts a page."""
    height = doc.pageSize().height()
    if height <= 0 or height > 1e6:
        return 0  # not paginated
    layout = doc.documentLayout()
    freed = 0
    block = doc.begin()
    while block.isValid():
        fmt = block.blockFormat()
        if fmt.boolProperty(_FREED):  # a layout on another page size decides afresh
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            fmt.clearProperty(_FREED)
            QTextCursor(block).setBlockFormat(fmt)
            doc.markContentsDirty(0, doc.characterCount())
        block = block.next()
    block = doc.begin()
    while block.isValid():
        fmt = block.blockFormat()
        before = block.previous()
        if (
            fmt.headingLevel() == 2
            and fmt.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore
            and before.isValid()
        ):
            box, lines = layout.blockBoundingRect(before), before.layout()
            end = box.top() + (lines.lineAt(lines.lineCount() - 1).rect().bottom() if lines.lineCount() else 0)
            used = end - (end - 0.5) // height * height
            if used < height * SHORT_PAGE:
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_Auto)
                fmt.setProperty(_FREED, True)
                QTextCursor(block).setBlockFormat(fmt)
                doc.markContentsDirty(0, doc.characterCount())
                freed += 1
        block = block.next()
    return freed


def paginate(doc: QTextDocument, layout: QPageLayout) -> None:
    """Lay the sheet out on the page's printable area, as the PDF export and print both do.

    A document without a page size is printed by Qt with 2 cm margins of its own inside the printer's: Print gave
    a narrower sheet than the exported PDF, its parts table broke "Motherboard" and "Subtotal" mid-word, one page more."""
    rect = layout.paintRectPixels(LAYOUT_DPI)
    doc.setPageSize(QSizeF(rect.width(), rect.height()))
    fill_short_pages(doc)
    keep_headings_with_tables(doc)
    keep_tails(doc)
    keep_rows_whole(doc)


LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "DO", "SV", "NI", "PA", "PR"})
"""ISO codes of where Letter is the usual paper (most of the Americas); everywhere else A4."""


def default_page(currency: str = "USD") -> str:
    """The page size of the user's locale: Letter in the US and its neighbours, A4 elsewhere; a locale that
    names no country (C, POSIX) goes by the budget's currency (USD -> Letter)."""
    from PySide6.QtCore import QLocale

    territory = QLocale.system().territory()
    if territory == QLocale.Country.AnyTerritory:
        return "Letter" if currency == "USD" else "A4"
    return "Letter" if QLocale.territoryToCode(territory) in LETTER_TERRITORIES else "A4"


def sheet_title(session) -> str:  # type: ignore[no-untyped-def]
    """The document's title: the project's name, else the job ("llama-3.3-70b inference")."""
    name = session.project.name
    if name == Project.model_fields["name"].default:
        from configurator.qt import i18n

        name = job_title(session.request, i18n.current())
    return f"{name} - " + QCoreApplication.translate("printing", "LLM Rig Configurator build sheet")


def write_pdf(html: str, path: Path, page: str = "A4", title: str = "") -> None:
    """Lay the sheet out on A4 or Letter and write the PDF atomically, titled (the PDF viewer's window shows it)."""
    doc = sheet_document(html)

    def render(tmp: str) -> None:
        writer = QPdfWriter(tmp)
        writer.setPageSize(QPageSize(PAGE_SIZES[page]))
        writer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
        writer.setResolution(LAYOUT_DPI)
        writer.setTitle(title or QCoreApplication.translate("printing", "LLM Rig Configurator build sheet"))
        writer.setCreator("LLM Rig Configurator")
        paginate(doc, writer.pageLayout())
        doc.print_(writer)
        del writer  # finishes the file

    atomic_write_with(path, render)


def selected_sheet_html(
    session,
    with_charts: bool = True,  # type: ignore[no-untyped-def]
    recost: Callable[[Build], Build] | None = None,
) -> str | None:
    """The sheet of the session's selected build, as Print prints it (None: no build); `recost` puts the Buy-or-rent
    tab's own figures on it."""
    build = session.selected_build
    if build is None:
        return None
    if recost is not None:
        build = recost(build)
    from configurator.core.report.words import window_words

    with window_words():  # the window's field names where the command line's name its flags (walk21: "--precision")
        return sheets_html([build], session.request, sheet_meta(session, [build]), "A4", with_charts)


def sheet_meta(session, builds: list[Build], value: bool = True) -> SheetMeta:  # type: ignore[no-untyped-def]
    """The header facts of the session's sheets and, with `value`, the job's value ranking for their table."""
    return request_meta(session, session.request, session.result, builds, value)


def request_meta(  # type: ignore[no-untyped-def]
    session, request: BuildRequest, result, builds: list[Build], value: bool = True
) -> SheetMeta:
    """The header facts of one of the project's requests solved as `result` (the shown one, or another workload
    a whole-project export lists)."""
    from configurator import __version__
    from configurator.core.advise.landscape import value_rows
    from configurator.core.catalog.models import ModelArch

    model = session.catalog.records["models"].get(request.model_id)
    # each build's table at the weights and cache it runs, as the command line's sheet ranks (purchase.ranked_workloads)
    rankings = (
        {kv: value_rows(model, w, session.catalog, request) for kv, w in ranked_workloads(request, builds).items()}
        if value and isinstance(model, ModelArch)
        else {}
    )
    from configurator.qt import i18n

    name = session.project.name
    if name == Project.model_fields["name"].default:
        # an unnamed project: the sheet a buyer takes to the shop was titled "Untitled: 1. cheapest that fits"
        name = job_title(request, i18n.current())
    # the sheets and the purchase list in the window's language (a Chinese window prints a Chinese sheet)
    return SheetMeta.from_catalog(
        session.catalog,
        builds,
        name,
        __version__,
        language=i18n.current(),
        infeasible=result.infeasible if result is not None else None,
        value_rankings=rankings,
    )


def print_document(doc: QTextDocument, printer) -> None:  # type: ignore[no-untyped-def]
    """The sheet on the printer's page (the size and margins its dialog holds now), laid out as the PDF is."""
    paginate(doc, printer.pageLayout())
    doc.print_(printer)


def configure_printer(printer, session, folder: Path) -> None:  # type: ignore[no-untyped-def]
    """The print defaults: the locale's paper, the sheet's title as the document name, and "print to PDF" into the
    project's folder under the project's name (it started in the home folder, on A4 for a US user, untitled)."""
    printer.setPageSize(QPageSize(PAGE_SIZES[default_page(session.request.currency)]))
    printer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
    title = sheet_title(session)
    printer.setDocName(title)
    stem = session.path.stem if session.path is not None else job_title(session.request).replace(" ", "-")
    printer.setOutputFileName(str(folder / f"{stem}.pdf"))


def print_build_sheet(
    parent,
    session,
    default_folder: Path | None = None,  # type: ignore[no-untyped-def]
    recost: Callable[[Build], Build] | None = None,
) -> None:
    """Qt's print preview of the selected build's sheet (the same HTML as the PDF)."""
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    html = selected_sheet_html(session, recost=recost)
    if html is None:
        return
    default_folder = default_folder or Path.home()
    doc = sheet_document(html)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    configure_printer(printer, session, default_folder)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(QCoreApplication.translate("printing", "Print build sheet"))
    dialog.paintRequested.connect(lambda p: print_document(doc, p))
    dialog.exec()


def _exit_with_parent(parent: int) -> None:
    """A watchdog: the command line that started this render was killed, so nobody waits for the PDF.

    Its half-written temp file (.NAME.PID.RAND.tmp) is removed by the next export into that folder."""
    import threading
    import time

    from configurator.core.common.fileio import pid_alive

    def watch() -> None:
        while True:
            time.sleep(0.25)
            if os.getppid() != parent and not pid_alive(parent):
                os._exit(3)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def main(argv: list[str]) -> int:
    """IN.json (builds, request, meta) -> OUT.pdf; exit 2 on bad input, never a traceback."""
    import argparse

    parser = argparse.ArgumentParser(prog="configurator.qt.printing")
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--page", choices=tuple(PAGE_SIZES), default="A4")
    parser.add_argument("--parent", type=int, default=None, help="exit when this process is gone")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.parent is not None:
        _exit_with_parent(args.parent)
    try:
        from configurator.core.common.fileio import read_text_bounded

        data = json.loads(read_text_bounded(args.source, "payload"))
        builds = [Build.model_validate(b) for b in data["builds"]]
        request = BuildRequest.model_validate(data["request"])
        meta = SheetMeta(**data["meta"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"cannot read {args.source}: {exc}", file=sys.stderr)
        return 2
    from configurator.qt.app import make_app

    app = make_app([])
    from configurator.qt import i18n

    i18n.install(app, meta.language)  # the charts' words in the sheet's language (the sheet renders its own)
    try:
        write_pdf(sheets_html(builds, request, meta, args.page), args.out, args.page)
    except OSError as exc:
        print(f"{args.out}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
