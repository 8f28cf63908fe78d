"""Start the desktop app (or render it offscreen for `llm-rig screenshot`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import configurator.core.costs.tco

# The core and storage modules the window is made of, imported before PySide6 is: once it is imported, shiboken's
# import hook (shibokensupport.feature) runs on every later import statement, and these are most of the window's
# imports (#34: CPU to the window shown 0.524 -> 0.492 s, medians of 12 alternated, 2026-12-03). No Qt here.
import configurator.core.estimate.parallel
import configurator.core.importers.model_import
import configurator.core.model.build
import configurator.core.model.request
import configurator.core.report.phrases
import configurator.core.report.purchase
import configurator.core.report.sheet
import configurator.core.report.utilisation
import configurator.storage.catalogs
import configurator.storage.projects
import configurator.storage.settings  # noqa: F401

ORGANIZATION = "LLMRigConfigurator"
APPLICATION = "LLM Rig Configurator"
DESKTOP_ID = "io.github.llmrig.Configurator"


def make_app(argv: Sequence[str]):  # type: ignore[no-untyped-def]
    """The QApplication with names, icon and a palette that follows the system."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from configurator import __version__
    from configurator.storage import paths

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *argv])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_ID)
    use_home_for_qsettings()
    icon = paths.resources_dir() / "icons" / "llm-rig-configurator.svg"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def use_home_for_qsettings() -> None:
    """With LLM_RIG_HOME set, window geometry and splitters go there too (an INI file), not ~/.config."""
    from PySide6.QtCore import QSettings

    from configurator.storage import paths

    if os.environ.get(paths.HOME_ENV):
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(paths.config_dir()))


def apply_theme(theme: str) -> None:
    """Light, dark, or whatever the desktop uses (Qt follows the system by default)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    scheme = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(theme, Qt.ColorScheme.Unknown)
    QGuiApplication.styleHints().setColorScheme(scheme)


def _offer_recovery(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    from configurator.qt import messages
    from configurator.storage import projects

    found = projects.recoverable()
    if not found:
        return
    file, project, source = found[0]  # the newest; older ones are offered at the next start
    question = (
        QCoreApplication.translate("app", "The app did not close cleanly last time. Recover the unsaved project {0}?")
        if source
        else QCoreApplication.translate("app", "The app did not close cleanly last time. Recover the unsaved project?")
    )
    answer = messages.ask(
        window,
        QCoreApplication.translate("app", "Recover unsaved work?"),
        question.format(source),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
    )
    if answer == QMessageBox.StandardButton.Yes:
        window.session.adopt_project(project, source)
        window.session.autosave()  # into this window's own file, before the old one goes
    try:
        file.unlink()
    except OSError:
        pass


def install_error_boundary(window) -> None:  # type: ignore[no-untyped-def]
    """The app actions' error boundary: an exception escaping a slot becomes a dialog.

    Expected failures (bad input, a full disk) show their message; anything else is a bug:
    its traceback goes to the cache folder for a report, and the app keeps running.
    """
    import traceback

    from PySide6.QtCore import QCoreApplication

    from configurator.core.common.errors import ConfiguratorError
    from configurator.storage import paths
    from configurator.storage.atomic import write_text

    def hook(kind, exc, tb) -> None:  # type: ignore[no-untyped-def]
        if isinstance(exc, (ConfiguratorError, OSError)):
            window.show_error(QCoreApplication.translate("app", "Could not do that"), str(exc))
            return
        detail = ""
        try:
            folder = paths.cache_dir()
            folder.mkdir(parents=True, exist_ok=True)
            write_text(folder / "last-error.txt", "".join(traceback.format_exception(kind, exc, tb)))
            detail = f"\n\nDetails were written to {folder / 'last-error.txt'}."
        except OSError:
            pass
        window.show_error(
            QCoreApplication.translate("app", "Internal error"),
            f"{kind.__name__}: {exc}{detail}\n\nYour project was not changed.",
        )

    sys.excepthook = hook


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] == "screenshot":
        return screenshot_main(args[1:])
    from PySide6.QtCore import QTimer

    from configurator.qt.main_window import MainWindow

    app = make_app(args)
    from configurator.qt import i18n
    from configurator.qt.collector import GarbageCollector

    app.collector = GarbageCollector(app)  # type: ignore[attr-defined]  # collections between events only
    from configurator.storage import settings

    i18n.install(app, settings.load().language)  # before any widget exists: every label is made translated
    window = MainWindow()
    install_error_boundary(window)
    apply_theme(window.prefs.theme)
    window.show()
    QTimer.singleShot(0, lambda: _offer_recovery(window))
    if window.prefs.country is None:  # the first run: a choice of country sets the defaults once (#31)
        QTimer.singleShot(0, window.choose_country)
    window.session.solve_now()
    return int(app.exec())


def _scroll_to(page: object, text: str) -> None:
    """Scroll a detail tab's text (the Estimates browser, the Buy-or-rent figures) to `text`, shown at its top."""
    from PySide6.QtWidgets import QScrollArea, QTextBrowser

    if isinstance(page, QScrollArea):  # the Parts and Buy-or-rent pages scroll as a whole
        page = page.widget()
    browser = page if isinstance(page, QTextBrowser) else getattr(page, "text", None)
    if isinstance(browser, QTextBrowser) and browser.find(text):
        bar = browser.verticalScrollBar()
        bar.setValue(min(bar.maximum(), bar.value() + browser.viewport().height() // 2 - 20))


def screenshot_main(argv: Sequence[str]) -> int:
    """`llm-rig screenshot OUT.png [request options] [--tab NAME] [--size WxH]`: solve, render, save, exit."""
    import argparse

    from configurator.core.common.errors import ConfiguratorError
    from configurator.core.model.args import add_plan_options, build_request, workload_from_args

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser(prog="llm-rig screenshot", description="Render the main window, solved, to a PNG.")
    parser.add_argument("out", type=Path)
    parser.add_argument(
        "--tab",
        default="Parts",
        help="detail tab to show: Parts, VRAM, Cost, Power, Nodes, Slot map, Checks, Estimates, Buy or rent",
    )
    parser.add_argument("--select", type=int, default=1, metavar="N", help="the build to show, by its rank (default 1)")
    parser.add_argument(
        "--find",
        metavar="TEXT",
        help="scroll the tab's text to TEXT (in the window's language), e.g. the next steps below the fold",
    )
    parser.add_argument("--size", default="1600x950")
    parser.add_argument("--widget", choices=("window", "detail"), default="window")
    parser.add_argument(
        "--lang",
        choices=("system", "en", "zh_CN"),
        default="en",
        help="the window's language (default English; zh_CN: Simplified Chinese)",
    )
    add_plan_options(parser)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        workload = workload_from_args(args)
        request = build_request(args, args.model or "", workload)
    except ConfiguratorError as exc:
        print(f"llm-rig screenshot: {exc}", file=sys.stderr)
        return 2
    if not args.out.parent.exists():
        print(f"llm-rig screenshot: {args.out.parent}: no such directory", file=sys.stderr)
        return 2
    from PySide6.QtCore import QEventLoop, QTimer

    from configurator.qt.main_window import MainWindow

    app = make_app([])
    from configurator.qt import i18n

    i18n.install(app, args.lang)
    window = MainWindow()
    # offscreen nobody can close a modal dialog (catalog problems, a failed solve): report on stderr
    window.show_error = lambda title, message: print(f"llm-rig screenshot: {title}: {message}", file=sys.stderr)  # type: ignore[method-assign]
    if request.model_id not in window.session.catalog.records["models"]:
        print(f"llm-rig screenshot: unknown model id {request.model_id!r}", file=sys.stderr)
        return 2
    from configurator.core.model.request import split_named

    records = window.session.catalog.records
    try:
        request = split_named(request, records["gpus"], records["systems"], "--gpu")  # a Mac Studio beside a 3090
    except ConfiguratorError as exc:
        print(f"llm-rig screenshot: {exc}", file=sys.stderr)
        return 2
    width, height = (int(v) for v in args.size.lower().split("x"))
    window.resize(width, height)
    window._sized = False
    window.show()
    loop = QEventLoop()
    window.session.solve_finished.connect(lambda _r: loop.quit())
    window.session.solve_failed.connect(lambda _m: loop.quit())
    window.session.set_request(request, solve=False)
    window.session.solve_now()
    QTimer.singleShot(60_000, loop.quit)
    loop.exec()
    from PySide6.QtCore import QCoreApplication

    if window.session.result is not None and 1 < args.select <= len(window.session.result.builds):
        window.session.select(args.select - 1)
    tabs = [window.detail.tabText(i) for i in range(window.detail.count())]
    shown = QCoreApplication.translate("BuildDetail", args.tab)  # --tab takes the English name in any language
    if shown in tabs:
        window.detail.setCurrentIndex(tabs.index(shown))
    elif args.tab in tabs:
        window.detail.setCurrentIndex(tabs.index(args.tab))
    for _ in range(5):
        app.processEvents()
    if args.find:
        _scroll_to(window.detail.currentWidget(), args.find)
        app.processEvents()
    target = window if args.widget == "window" else window.detail
    ok = target.grab().save(str(args.out))
    if not ok:
        print(f"llm-rig screenshot: could not write {args.out}", file=sys.stderr)
        return 2
    print(args.out)
    window.session.dirty = False
    window.close()
    return 0
