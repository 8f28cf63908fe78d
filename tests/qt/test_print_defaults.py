"""Print defaults (#31): the locale's paper, a document title, and "print to PDF" in the project's folder.
Mina (US, USD) got A4, an untitled PDF, and the home folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter

from configurator.core.estimate.workload import Workload
from configurator.core.model.request import BuildRequest
from configurator.qt import printing


@pytest.mark.parametrize(
    ("locale", "currency", "page"),
    [
        ("en_US", "EUR", "Letter"),
        ("en_CA", "USD", "Letter"),
        ("de_DE", "USD", "A4"),
        ("zh_CN", "CNY", "A4"),
        ("C", "USD", "Letter"),
        ("C", "EUR", "A4"),
    ],
)
def test_the_page_size_follows_the_locale(
    monkeypatch: pytest.MonkeyPatch, locale: str, currency: str, page: str
) -> None:
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale(locale)))
    assert printing.default_page(currency) == page


def test_the_printer_starts_titled_on_letter_in_the_projects_folder(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("en_US")))
    session = window.session
    session.set_request(
        BuildRequest(model_id="llama-3.3-70b", workload=Workload(kind="inference", precision="q4_k_m"), currency="USD"),
        solve=False,
    )
    session.path = tmp_path / "mina.llmrig"
    session.project = session.project.model_copy(update={"name": "mina"})
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printing.configure_printer(printer, session, tmp_path)
    assert printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter
    assert printer.docName().startswith("mina")
    assert Path(printer.outputFileName()) == tmp_path / "mina.pdf"


def test_an_exported_pdf_carries_its_title(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.pdf"
    printing.write_pdf("<h1>Sheet</h1><p>two RTX 3090</p>", out, "Letter", "mina - build sheet")
    assert PdfReader(str(out)).metadata.title == "mina - build sheet"
