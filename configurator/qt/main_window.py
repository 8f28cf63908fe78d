"""The main window: requirements on the left, ranked builds in the middle, detail on the right."""

from __future__ import annotations

import dataclasses
import datetime
import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.models import ModelArch
from configurator.core.common.errors import ConfiguratorError
from configurator.core.model.build import PlanResult
from configurator.core.model.request import BuildRequest, default_circuit
from configurator.core.report import words
from configurator.qt import i18n, messages
from configurator.qt.builds import (
    STATUS_COLORS,
    BuildDetail,
    BuildHeader,
    BuildsTable,
    InfeasibleBanner,
    WrappedLabel,
)
from configurator.qt.inputs import WheelScrollsPanel
from configurator.qt.requirements import RequirementsPanel
from configurator.qt.session import Session
from configurator.qt.steps import step_request
from configurator.storage import settings

if TYPE_CHECKING:
    from configurator.core.report.purchase import RequestBuilds, SheetMeta

AUTOSAVE_MS = 30_000


class MainWindow(QMainWindow):
    today: Callable[[], datetime.date] = staticmethod(datetime.date.today)
    """The date prices' ages are counted from (the status bar's catalog date); tests give their own."""

    def __init__(self, session: Session | None = None):
        super().__init__()
        self.session = session or Session(self)
        if self.session.parent() is None:
            self.session.setParent(self)  # the window owns its session and its connections
        self.prefs = settings.load()
        if session is None:  # a fresh window starts from the defaults of new projects (currency, region, circuit)
            self.session.project = self.session.project.model_copy(
                update={"requests": (self.session.request.model_copy(update=self.new_project_defaults()),)}
            )
        self.requirements = RequirementsPanel(self.session)
        scroll = QScrollArea()
        scroll.setWidget(self.requirements)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(380)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.wheel_filter = WheelScrollsPanel(scroll)
        self.wheel_filter.install(self.requirements)
        self.banner = InfeasibleBanner()
        self.stale = QLabel()
        self.stale.setWordWrap(True)
        self.stale.setStyleSheet(
            "QLabel { background: #fbeee6; border: 1px solid #c8553d; border-radius: 4px; padding: 4px; }"
        )
        self.stale.hide()
        self.builds = BuildsTable()
        # its minimum is its wrapped height: Sam's 70B pretraining at 1366 x 768 (a banner, then the title and a
        # three-line note) left the pane no taller than the window, and the summary was drawn over the banner's last
        # line; now the pane scrolls (walk42)
        self.summary = WrappedLabel()
        self.summary.setWordWrap(True)
        middle = QWidget()
        mv = QVBoxLayout(middle)
        mv.setContentsMargins(4, 4, 4, 0)
        mv.addWidget(self.stale)
        mv.addWidget(self.banner)
        mv.addWidget(self.summary)
        mv.addWidget(self.builds, 1)
        self.header = BuildHeader()
        self.detail = BuildDetail()
        lower = QWidget()
        lv = QVBoxLayout(lower)
        lv.setContentsMargins(4, 0, 4, 4)
        lv.addWidget(self.header)
        lv.addWidget(self.detail, 1)
        # builds above their detail: the table gets the full width, so price, speed, wall power
        # and checks read without scrolling at 1366 x 768
        self.results_splitter = QSplitter(Qt.Orientation.Vertical)
        # the banner, the summary and the builds scroll together when the splitter leaves them less than they need:
        # at 1366 x 768 a Chinese banner (taller lines) ran over the summary and the note below it (#31)
        middle_area = QScrollArea()
        middle_area.setWidget(middle)
        middle_area.setWidgetResizable(True)
        middle_area.setFrameShape(QFrame.Shape.NoFrame)
        middle_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        middle_area.setMinimumHeight(150)
        # the table fills what is left and scrolls its own rows; its size hint must not make the page scroll
        self.builds.setMinimumHeight(self.builds.minimumSizeHint().height())
        self.builds.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.results_splitter.addWidget(middle_area)
        self.results_splitter.addWidget(lower)
        self.results_splitter.setStretchFactor(0, 2)
        self.results_splitter.setStretchFactor(1, 3)
        self.results_splitter.setChildrenCollapsible(False)
        # no fixed minimum for the detail: its pages' own minimum holds (a fixed 260 px let the splitter squeeze the
        # parts page below the table's six rows plus the total, and the total was drawn over the last rows; #31)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.results_splitter)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self._sized = False
        self._solving = False  # a solve has run past BUSY_AFTER_MS: what is shown is the previous answer
        self.setCentralWidget(self.splitter)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(140)
        self.busy.hide()
        self.statusBar().addPermanentWidget(self.busy)
        self.importing = QProgressBar()
        self.importing.setRange(0, 0)
        self.importing.setMaximumWidth(140)
        self.importing.setFormat("importing")
        self.importing.setToolTip(self.tr("Reading the model file; Esc cancels"))
        self.importing.hide()
        self.statusBar().addPermanentWidget(self.importing)
        # the catalog's date ("prices from 2026-06 to 2026-11"), so nobody reads a price as today's
        self.catalog_date = QLabel()
        self.statusBar().addPermanentWidget(self.catalog_date)
        self._on_session_catalog_changed(self.session.catalog)
        self.session.catalog_changed.connect(self._on_session_catalog_changed)
        # the dates are the prices a buyer paying in the project's currency is quoted from (dates.quoted_from, round
        # 40): a new currency dates them again
        self.session.request_changed.connect(self._on_request_currency)
        # the count of old prices is counted from today: it follows the date, not only the catalog (window17: a
        # window left open past a month's end kept yesterday's count); checked at midnight and when the window
        # is activated (a suspended laptop's timer fires late)
        self._midnight = QTimer(self, singleShot=True)
        self._midnight.timeout.connect(self._follow_the_date)
        self._arm_midnight()
        self._make_actions()
        self.session.selection_changed.connect(self._on_session_selection_changed)
        self.session.validity_changed.connect(self._on_session_validity_changed)
        self.session.busy_changed.connect(self._on_session_busy_changed)
        self.session.import_started.connect(self._on_session_import_started)
        self.session.import_finished.connect(self._on_session_import_finished)
        self.session.import_failed.connect(self._on_session_import_failed)
        self.session.solve_finished.connect(self._on_session_solve_finished)
        self.session.solve_progressed.connect(self._on_session_solve_progressed)
        self.session.solve_failed.connect(self._on_session_solve_failed)
        self.session.solve_started.connect(self._on_session_solve_started)
        self.session.project_changed.connect(self._update_title)
        panel = self.detail.buy_or_rent
        panel.set_inputs(self.session.project.ownership)
        panel.inputs_edited.connect(self._on_buy_or_rent_inputs_edited)
        self.session.project_changed.connect(self._show_project_ownership)
        self.builds.row_chosen.connect(self.session.select)
        self.builds.rows_resized.connect(self._fit_builds)
        # after an instant (memoised) re-solve in Chinese the rows were fitted, then the pane's label above the table
        # grew a pixel and took it from the table: a build 1 px below the edge (184 px for five 37 px rows); fit again
        # once the layout has settled (queued: never inside the resize itself)
        self.builds.squeezed.connect(self._fit_builds, Qt.ConnectionType.QueuedConnection)
        self.results_splitter.splitterMoved.connect(self._on_results_splitter_moved)
        self.banner.apply_requested.connect(self._on_banner_apply_requested)
        self.detail.step_chosen.connect(self._on_detail_step_chosen)
        self.requirements.import_requested.connect(self.import_model)
        self._autosave = QTimer(self, interval=AUTOSAVE_MS)
        self._autosave.timeout.connect(self.session.autosave)
        self._autosave.start()
        self._update_title()
        self.resize(1500, 900)
        screen = self.screen().availableGeometry() if self.screen() else None
        if screen is not None and (screen.width() < 1500 or screen.height() < 900):
            self.resize(min(1500, screen.width()), min(900, screen.height()))  # a 1366 x 768 laptop
        self._restore_layout()
        if self.session.catalog_problems:
            QTimer.singleShot(0, self, self._warn_catalog_problems)  # dropped if the window is gone first

    # ------------------------------------------------------------------ actions

    def _make_actions(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&File"))

        def action(
            text: str,
            slot,
            shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,  # type: ignore[no-untyped-def]
            tip: str = "",
        ) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(shortcut)
            act.setToolTip(tip or text)
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.new_action = action(self.tr("&New project"), self.new_project, QKeySequence.StandardKey.New)
        self.open_action = action(self.tr("&Open…"), self.open_project, QKeySequence.StandardKey.Open)
        self.save_action = action(self.tr("&Save"), self.save_project, QKeySequence.StandardKey.Save)
        self.save_as_action = action(self.tr("Save &as…"), self.save_project_as, QKeySequence.StandardKey.SaveAs)
        self.import_action = action(self.tr("&Import model…"), self.import_model, self.tr("Ctrl+I"))
        self.print_action = action(self.tr("&Print build sheet…"), self.print_sheet, QKeySequence.StandardKey.Print)
        self.export_action = action(
            self.tr("&Export builds…"),
            self.export_builds,
            self.tr("Ctrl+Shift+E"),
            self.tr("Purchase list (XLSX, CSV, Markdown) or build sheets (PDF) of the selected builds"),
        )
        self.quit_action = action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        for act in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            menu.addAction(act)
        self.recent_menu = menu.addMenu(self.tr("Open &recent"))
        self._fill_recent()
        menu.addSeparator()
        menu.addAction(self.import_action)
        menu.addAction(self.export_action)
        menu.addAction(self.print_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        build_menu = self.menuBar().addMenu(self.tr("&Build"))
        self.solve_action = action(self.tr("&Solve again"), self.session.solve_now, self.tr("F5"))
        self.cancel_action = action(self.tr("&Cancel solve or import"), self.cancel, self.tr("Esc"))
        self.compare_action = action(
            self.tr("&Compare selected…"),
            self.compare,
            self.tr("Ctrl+D"),
            self.tr("Select two or more builds (or none for all), then compare"),
        )
        build_menu.setToolTipsVisible(True)
        build_menu.addAction(self.solve_action)
        build_menu.addAction(self.cancel_action)
        build_menu.addAction(self.compare_action)
        self.map_action = action(
            self.tr("Recommendation &map…"),
            self.show_map,
            self.tr("Ctrl+M"),
            self.tr("The cheapest machine for each model size"),
        )
        build_menu.addAction(self.map_action)
        self.preferences_action = action(
            self.tr("&Preferences…"), self.edit_preferences, QKeySequence.StandardKey.Preferences
        )
        build_menu.addSeparator()
        build_menu.addAction(self.preferences_action)
        catalog_menu = self.menuBar().addMenu(self.tr("&Catalog"))
        self.editor_action = action(self.tr("&Edit prices and parts…"), self.edit_catalog, self.tr("Ctrl+E"))
        catalog_menu.addAction(self.editor_action)
        self.quote_action = action(self.tr("Import a vendor &quote (CSV/XLSX)…"), self.import_quote)
        catalog_menu.addAction(self.quote_action)
        catalog_menu.addSeparator()
        self.import_pack_action = action(self.tr("&Import a price pack…"), self.import_price_pack)
        catalog_menu.addAction(self.import_pack_action)
        self.export_pack_action = action(self.tr("E&xport my prices as a price pack…"), self.export_price_pack)
        catalog_menu.addAction(self.export_pack_action)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        language_menu = view_menu.addMenu(self.tr("&Language"))
        self.language_actions: dict[str, QAction] = {}
        for code, name in (("system", self.tr("System")), *i18n.LANGUAGES.items()):
            act = language_menu.addAction(name)  # each language in its own words, as menus of other apps do
            act.setCheckable(True)
            act.setChecked(self.prefs.language == code)
            act.triggered.connect(lambda _checked=False, c=code: self.set_language(c))
            self.language_actions[code] = act
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.guide_action = action(self.tr("&User guide"), self.show_guide, QKeySequence.StandardKey.HelpContents)
        help_menu.addAction(self.guide_action)
        help_menu.addAction(action(self.tr("&About"), self.about))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.prefs.recent_files:
            act = self.recent_menu.addAction(path)
            act.triggered.connect(lambda _checked=False, p=path: self._open_path(Path(p)))
        self.recent_menu.setEnabled(bool(self.prefs.recent_files))

    def _remember(self, path: Path) -> None:
        self.prefs = self.prefs.with_recent(str(path))
        try:
            settings.save(self.prefs)
        except OSError:
            pass
        self._fill_recent()

    def _update_title(self) -> None:
        name = self.session.path.name if self.session.path else self.tr("Untitled")
        self.setWindowTitle(f"{name}[*] — LLM Rig Configurator")
        self.setWindowModified(self.session.dirty)

    # ------------------------------------------------------------------ project files

    def _confirm_discard(self) -> bool:
        if not self.session.dirty:
            return True
        answer = QMessageBox.question(
            self,
            self.tr("Unsaved changes"),
            self.tr("This project has unsaved changes. Save them first?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save_project()
        return answer == QMessageBox.StandardButton.Discard

    def new_project(self) -> None:
        if self._confirm_discard():
            self.session.new_project()
            self.session.set_request(self.session.request.model_copy(update=self.new_project_defaults()))
            self.session.dirty = False
            self._update_title()

    def open_project(self) -> None:
        if not self._confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open project"), str(self.project_folder()), self.tr("LLM Rig projects (*.llmrig)")
        )
        if path:
            self._open_path(Path(path))

    def _open_path(self, path: Path) -> None:
        try:
            self.session.open_project(path)
        except ConfiguratorError as exc:
            self.show_error(
                self.tr("Could not open the project"),
                self.tr("{0}\n\nYour current project is unchanged; the file was not modified.").format(exc),
            )
            return
        self._remember(path)

    def save_project(self) -> bool:
        if self.session.path is None:
            return self.save_project_as()
        return self._save_to(self.session.path)

    def save_project_as(self) -> bool:
        name = self.session.path.name if self.session.path is not None else "rig.llmrig"
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save project"), str(self.project_folder() / name), self.tr("LLM Rig projects (*.llmrig)")
        )
        return self._save_to(Path(path)) if path else False

    def _save_to(self, path: Path) -> bool:
        try:
            saved = self.session.save_project(path)
        except OSError as exc:
            self.show_error(
                self.tr("Could not save"), self.tr("{0}: {1}\n\nNothing was overwritten.").format(path, exc)
            )
            return False
        self._remember(saved)
        self.statusBar().showMessage(self.tr("Saved {0}").format(saved), 4000)
        return True

    def import_model(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import a model"), str(Path.home()), "Model files (config.json *.gguf *.json);;All files (*)"
        )
        if path:
            self.import_model_path(Path(path))

    def import_model_path(self, path: Path) -> None:
        """Read the model off the GUI thread; the status bar shows it, Esc cancels it."""
        self.session.import_model(path)

    def _on_session_import_started(self, path: str) -> None:
        self.importing.show()
        self.statusBar().showMessage(self.tr("Reading {0}… (Esc cancels)").format(Path(path).name))

    def _on_session_import_failed(self, message: str) -> None:
        self.importing.hide()
        self.statusBar().clearMessage()
        self.show_error(self.tr("Could not import the model"), message)

    def _on_session_import_finished(self, imported) -> None:  # type: ignore[no-untyped-def]
        self.importing.hide()
        self.statusBar().showMessage(self.tr("Imported {0}").format(imported.arch.name), 4000)
        arch = imported.arch
        self.session.catalog.records["models"][arch.id] = arch
        try:
            # keep it in the user's catalog, so projects that use it open again next time
            from configurator.storage import overlay

            overlay.save_record("models", arch)
        except OSError as exc:
            self.statusBar().showMessage(self.tr("Imported for this session only: {0}").format(exc), 6000)
        self.session.catalog_changed.emit(self.session.catalog)
        self.session.set_request(self.session.request.model_copy(update={"model_id": arch.id}))

    # ------------------------------------------------------------------ results

    def _set_detail_context(self) -> None:
        request = self.session.request
        model = self.session.catalog.records["models"].get(request.model_id)
        if isinstance(model, ModelArch):
            self.detail.set_context(
                self.session.catalog, model, request.workload.resolved(model.max_context), request.region
            )

    def _on_session_selection_changed(self, result: PlanResult | None, index: int) -> None:
        """Every panel redraws from (current result, selected index), and from nothing else."""
        request = self.session.request
        if result is not self.builds.result:
            self._set_detail_context()
            self.banner.show_result(result)
            self.builds.show_result(result, index, request)
        else:
            self.builds.select_build(index)
        build = self.session.selected_build
        self.header.show_build(build, request)
        self.detail.show_build(build)
        self._show_staleness()

    def _on_buy_or_rent_inputs_edited(self) -> None:
        """The tab's inputs go to the project; a new demand (usage, seats, requests a day, hours) solves again in the
        session (Session.set_ownership), whose plan ranks, costs and labels the builds for it: the list's labels follow
        the tab's demand without a second ranking here (round 38 had recosted and relabelled the builds on this thread
        after every solve, and set back to the defaults kept the former demand's labels)."""
        self.session.set_ownership(self.detail.buy_or_rent.inputs())

    def _on_session_solve_finished(self, result: PlanResult) -> None:
        builds = len(result.builds)
        text = (
            (
                self.tr("{0} build for <b>{1}</b> ({2}) in {3:.2f} s")
                if builds == 1
                else self.tr("{0} builds for <b>{1}</b> ({2}) in {3:.2f} s")
            ).format(
                builds,
                html.escape(self.session.request.model_id),
                i18n.workload_name(self.session.request.workload.kind),
                result.solve_seconds,
            )
            if builds
            else ""
        )
        # what the plan left out and why (a GPU of "Only GPUs" without a build): a comparison never drops one silently.
        # "Note", not "Not among the builds": the plan's notes also say how builds in the list were reached (the
        # experts in RAM, the Mac Studio), and were headed as missing from it (walk8)
        note = self.tr("Note:")
        if result.notes:
            text += (
                ("<br>" if text else "")
                + f"<span style='color: {STATUS_COLORS['warn']};'><b>{note}</b> "
                + html.escape(
                    i18n.say_all(result.said)
                    if result.said
                    else ("；" if i18n.current() == "zh_CN" else "; ").join(i18n.sentence(n) for n in result.notes)
                )
                + "</span>"
            )
        self.summary.setText(text)
        self.statusBar().showMessage(self.tr("Solved in {0:.2f} s").format(result.solve_seconds), 4000)

    def _on_session_solve_progressed(self, result: PlanResult) -> None:
        """The first builds are on screen (the session made them current); say that more come."""
        if len(result.builds) == 1:
            self.summary.setText(self.tr("Cheapest build found; solving the alternatives…"))

    def _on_session_solve_started(self) -> None:
        self.statusBar().showMessage(self.tr("Solving…"))

    def _on_session_solve_failed(self, message: str) -> None:
        self.statusBar().showMessage(self.tr("Solve failed"), 4000)
        self.show_error(self.tr("Could not solve this request"), message)

    def _on_session_busy_changed(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self._solving = busy
        self._show_staleness()

    def _on_session_validity_changed(self, message: str) -> None:
        if message:
            self.solve_action.setEnabled(False)
            self.solve_action.setToolTip(self.tr("Solve is off until the inputs are valid: {0}").format(message))
            self.solve_action.setStatusTip(self.solve_action.toolTip())
            self.solve_action.setText(self.tr("&Solve again (fix the inputs first)"))
        else:
            self.solve_action.setEnabled(True)
            self.solve_action.setToolTip(self.tr("Solve the current request again"))
            self.solve_action.setStatusTip("")
            self.solve_action.setText(self.tr("&Solve again"))
        self._show_staleness()

    def _show_staleness(self) -> None:
        """Builds of an older request are never shown as current: say so at the top and grey them."""
        reason = self.session.invalid_reason
        result = self.session.result
        if reason and result is not None:
            self.stale.setText(
                self.tr(
                    "<b>These builds answer your previous inputs, not the ones on the left.</b> {0}. "
                    "Fix the field marked in red to solve again."
                ).format(reason)
            )
        elif reason:
            self.stale.setText(self.tr("<b>Nothing solved yet.</b> {0}. Fix the field marked in red.").format(reason))
        elif self._solving and result is not None:
            self.stale.setText(
                self.tr("<b>Solving your changed inputs…</b> the builds below answer the previous ones.")
            )
        self.stale.setVisible(bool(reason) or (self._solving and result is not None))
        stale = (bool(reason) or self._solving) and result is not None
        self.builds.set_stale(stale)
        self.detail.setEnabled(not stale)
        self.header.setEnabled(not stale)
        QTimer.singleShot(0, self, self._fit_builds)  # the note above the table took its room: every build in view

    def _on_banner_apply_requested(self, request: BuildRequest) -> None:
        self.session.set_request(request)
        self.session.solve_now()

    def _on_detail_step_chosen(self, step: dict[str, object]) -> None:
        """Plan the whole machine of a build's next step: only its card, exactly its count."""
        self.session.set_request(step_request(self.session.request, step, self.session.selected_build))
        self.session.solve_now()

    def cancel(self) -> None:
        self.session.cancel()
        self.importing.hide()

    def show_map(self) -> None:
        from configurator.qt.mapview import RecommendationMapDialog

        previous = getattr(self, "map_dialog", None)
        if previous is not None and not previous.closed:
            previous.raise_()  # one map at a time: two would both re-solve at every edit
            previous.activateWindow()
            return
        if previous is not None:
            previous.deleteLater()
        self.map_dialog = RecommendationMapDialog(self.session, self)
        self.map_dialog.show()

    def compare(self) -> None:
        chosen = self.builds.selected_builds()
        if len(chosen) < 2:  # nothing chosen: every build of the result, none dropped without a word
            chosen = list(self.builds.builds)
        if len(chosen) < 2:
            self.statusBar().showMessage(self.tr("Compare needs at least two builds"), 4000)
            return
        from configurator.qt.dialogs import CompareDialog  # with the catalog editor's TOML writer: not at start-up

        CompareDialog(chosen, self).exec()

    def _show_project_ownership(self) -> None:
        """An opened, new or recovered project brings its own Buy-or-rent inputs (the tab's own edits are already in
        the project, so they are left as they are)."""
        from configurator.core.costs.tco import OwnershipInputs

        panel = self.detail.buy_or_rent
        saved = self.session.project.ownership or OwnershipInputs()
        if panel.inputs() != saved:
            panel.set_inputs(saved)

    def new_project_defaults(self) -> dict[str, object]:
        """What a new project takes from the preferences: currency, region, wall circuit and tax basis (a euro buyer's
        country, VAT paid or reclaimed; round 42)."""
        return {
            "currency": self.prefs.currency,
            "region": self.prefs.region,
            "circuit": self.prefs.circuit or default_circuit(self.prefs.currency),
            "vat_country": self.prefs.vat_country if self.prefs.currency == "EUR" else "",
            "vat": self.prefs.vat,
        }

    def choose_country(self, dialog: object | None = None) -> None:
        """The first-run choice of country: it sets the defaults of new projects once, and the current request when
        it is still the untouched default. Cancelled, it is not asked again (the defaults stay as they were)."""
        from configurator.core.model.request import COUNTRIES
        from configurator.qt.dialogs import CountryDialog

        chooser = dialog if isinstance(dialog, CountryDialog) else CountryDialog(self)
        if not chooser.exec():
            self.apply_preferences(self.prefs.model_copy(update={"country": ""}))
            return
        key = chooser.chosen()
        country = COUNTRIES[key]
        language = self.prefs.language if country.language == "system" else country.language
        self.apply_preferences(
            self.prefs.model_copy(
                update={
                    "country": key,
                    "currency": country.currency,
                    "region": country.region,
                    "circuit": country.circuit,
                    "language": language,
                }
            )
        )
        if self.session.path is None and not self.session.dirty:
            self.session.set_request(self.session.request.model_copy(update=self.new_project_defaults()))
            self.session.dirty = False
            self._update_title()
        if i18n.resolve(language) != i18n.current():
            self.statusBar().showMessage(
                self.tr("The language changes at the next start") + " / 下次启动时切换语言", 8000
            )

    def edit_preferences(self) -> None:
        from configurator.qt.dialogs import PreferencesDialog

        dialog = PreferencesDialog(self.prefs, self)
        if dialog.exec():
            self.apply_tax_preferences(dialog.result_prefs())

    def apply_tax_preferences(self, prefs) -> None:  # type: ignore[no-untyped-def]
        """Keep `prefs`; a changed tax basis (a euro buyer's country, VAT paid or reclaimed) is the buyer's, not a
        project's, so it re-prices the open request too (round 42): a lab that reclaims VAT sees its plan and budget
        net of VAT at once, not only in its next new project."""
        before = (self.prefs.vat_country, self.prefs.vat)
        self.apply_preferences(prefs)
        if (prefs.vat_country, prefs.vat) != before:
            request = self.session.request
            country = prefs.vat_country if request.currency == "EUR" else ""
            self.session.set_request(request.model_copy(update={"vat_country": country, "vat": prefs.vat}))

    def set_language(self, code: str) -> None:
        """Keep the choice; the window is built in its language at the next start (labels are made once)."""
        for other, act in self.language_actions.items():
            act.setChecked(other == code)
        if code == self.prefs.language:
            return
        self.apply_preferences(self.prefs.model_copy(update={"language": code}))
        self.statusBar().showMessage(self.tr("The language changes at the next start") + " / 下次启动时切换语言", 8000)

    def apply_preferences(self, prefs) -> None:  # type: ignore[no-untyped-def]
        from configurator.qt.app import apply_theme

        self.prefs = prefs
        try:
            settings.save(prefs)
        except OSError as exc:
            self.show_error(self.tr("Could not save preferences"), str(exc))
        apply_theme(prefs.theme)

    def import_quote(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import a vendor quote"), "", self.tr("Quotes (*.csv *.xlsx);;All files (*)")
        )
        if path:
            self.import_quote_path(Path(path))

    def import_quote_path(self, path: Path) -> QDialog:
        """The review dialog for `path` (modal to the user; tests drive it without exec)."""
        from configurator.qt.quote_import import QuoteImportDialog

        dialog = QuoteImportDialog(self.session.catalog, path, self.session.request.currency, self)
        dialog.finished.connect(lambda _r: self._on_quote_dialog_finished(dialog))
        dialog.open()
        return dialog

    def _on_quote_dialog_finished(self, dialog: QDialog) -> None:
        if getattr(dialog, "saved", False):
            problems = self.session.reload_catalog()
            if problems:
                self._warn_catalog_problems()

    def _arm_midnight(self) -> None:
        """Fire _follow_the_date just after the next midnight on the wall clock."""
        now = datetime.datetime.now()
        midnight = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time())
        self._midnight.start(int((midnight - now).total_seconds() * 1000) + 1000)

    def _follow_the_date(self) -> None:
        """The catalog's date line again when today is not the day it was counted on."""
        if self.today() != self._dated_on:
            self._on_session_catalog_changed(self.session.catalog)
        if not self._midnight.isActive():
            self._arm_midnight()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and hasattr(self, "_midnight"):
            self._follow_the_date()

    def _on_session_catalog_changed(self, catalog: object) -> None:
        from configurator.core.catalog.dates import catalog_date

        self._dated_on = self.today()
        self._dated_currency = self.session.request.currency
        date = catalog_date(self.session.catalog, today=self._dated_on, currency=self._dated_currency)
        self.catalog_date.setText(self._catalog_date_text(date))
        self.catalog_date.setToolTip(
            self.tr(
                "The months of the part prices a buyer paying in {1} is quoted from (that currency's own prices first, "
                "then others converted), seen in the last six months (counted from today, {0}); older ones are marked "
                "in each build"
            ).format(f"{self._dated_on:%Y-%m-%d}", self._dated_currency)
        )

    def _on_request_currency(self, request: object) -> None:
        """The catalog's date line again when the project's currency changed (another buyer's prices)."""
        if getattr(request, "currency", None) != getattr(self, "_dated_currency", None):
            self._on_session_catalog_changed(self.session.catalog)

    def _catalog_date_text(self, date: Any) -> str:
        """'Catalog prices from 2026-05 to 2026-11; 237 of 282 priced parts have only prices older than six months'
        (dates.CatalogDate on today's date)."""
        if date.first is None or date.last is None:
            return self.tr("Catalog: no dated prices")
        same = (date.first.year, date.first.month) == (date.last.year, date.last.month)
        text = (
            self.tr("Catalog prices {0}").format(f"{date.first:%Y-%m}")
            if same
            else self.tr("Catalog prices from {0} to {1}").format(f"{date.first:%Y-%m}", f"{date.last:%Y-%m}")
        )
        if date.older:
            text += self.tr("; {0} of {1} priced parts have only prices older than six months").format(
                date.older, date.priced
            )
        return text

    def import_price_pack(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import a price pack"), "", self.tr("Price packs (*.toml);;All files (*)")
        )
        if path:
            self.import_price_pack_path(Path(path))

    def import_price_pack_path(self, path: Path) -> QDialog:
        """The review dialog for `path` (modal to the user; tests drive it without exec)."""
        from configurator.qt.price_pack_dialog import PricePackDialog

        dialog = PricePackDialog(self.session.catalog, path, self)
        dialog.finished.connect(lambda _r: self._on_quote_dialog_finished(dialog))
        dialog.open()
        return dialog

    def export_price_pack(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        from configurator import __version__
        from configurator.storage import price_pack

        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export my prices as a price pack"), "prices.toml", self.tr("Price packs (*.toml)")
        )
        if not path:
            return
        author, ok = QInputDialog.getText(self, self.tr("Price pack"), self.tr("Who is this price list from?"))
        if not ok:
            return
        try:
            n_prices, n_parts = price_pack.export_pack(Path(path), author.strip() or "unknown", __version__)
        except (ConfiguratorError, OSError) as exc:
            messages.warn(self, self.tr("Could not export the price pack"), str(exc))
            return
        exported = self.tr("Exported {0} price(s) and {1} part(s) to {2}").format(n_prices, n_parts, path)
        self.statusBar().showMessage(exported, 5000)

    def edit_catalog(self) -> None:
        from configurator.qt.dialogs import CatalogEditorDialog

        # the editor's own copy of the records: it writes a saved record into its catalog, and a solve running on the
        # worker thread reads the session's (a part added under it: "dictionary changed size during iteration")
        own = dataclasses.replace(
            self.session.catalog,
            records={kind: dict(records) for kind, records in self.session.catalog.records.items()},
        )
        dialog = CatalogEditorDialog(own, self.session.request.currency, self)
        dialog.exec()
        saved = dialog.saved
        # closed, it goes: each opening had left its dialog, its copy of the catalog and its form's handler on every
        # focus change of the application alive under the window
        dialog.deleteLater()
        if saved:
            problems = self.session.reload_catalog()
            if problems:
                self._warn_catalog_problems()

    def print_sheet(self) -> None:
        from configurator.qt.printing import print_build_sheet

        build = self.session.selected_build
        if build is None:
            self.statusBar().showMessage(self.tr("Choose a build to print"), 4000)
            return
        print_build_sheet(self, self.session, self.project_folder(), recost=self.detail.buy_or_rent.recost)

    def export_builds(self) -> None:
        builds = self.builds.selected_builds() or self.builds.builds
        if not builds:
            self.statusBar().showMessage(self.tr("Nothing to export: no build yet"), 4000)
            return
        path, chosen = QFileDialog.getSaveFileName(
            self,
            self.tr("Export builds"),
            str(self.default_export_path(".xlsx")),
            self.tr("Purchase list (*.xlsx);;Line items (*.csv);;Forum table (*.md);;Build sheets (*.pdf)"),
        )
        if path:
            self.export_to(with_chosen_suffix(Path(path), chosen), builds)

    def project_folder(self) -> Path:
        """Where Open and Save as start: the open project's folder, else the last project's, else home (walk8: Open
        started in the home folder with Dr. Chen's projects elsewhere, every time)."""
        if self.session.path is not None:
            return self.session.path.parent
        for recent in self.prefs.recent_files:
            folder = Path(recent).parent
            if folder.is_dir():
                return folder
        return Path.home()

    def default_export_path(self, suffix: str) -> Path:
        """Where Export proposes to write: beside a saved project and named after it, else ~/rig."""
        # every export was offered as ~/rig.xlsx: Dr. Chen's purchase list for the saved project "chen" too
        project = self.session.path
        return project.with_suffix(suffix) if project is not None else Path.home() / f"rig{suffix}"

    def export_to(self, path: Path, builds: list) -> bool:  # type: ignore[type-arg]
        """Write `builds` of the shown request; a purchase list (XLSX, CSV, Markdown) or the build sheets (PDF) of a
        project with several workloads cover every one of them, the others solved first if they have not been
        (walk19: Dr. Chen's two-request project exported only the request on screen; walk21: his PDF for the approval
        meeting still did). False when nothing was written (yet)."""
        suffix = path.suffix.lower()
        if len(self.session.project.requests) > 1 and suffix in (".xlsx", ".csv", ".md", ".markdown", ".pdf"):
            if None in self.session.project_results():
                self.statusBar().showMessage(self.tr("Solving every workload of the project for the export…"))
                asked = self.session.request

                def resume() -> None:  # the request on screen changed meanwhile: its table's builds, not the old
                    shown = (
                        builds if self.session.request == asked else self.builds.selected_builds() or self.builds.builds
                    )
                    self.export_to(path, list(shown))

                self.session.solve_project(resume)
                return False
            with words.window_words():
                return self._export_project(path, builds)
        with words.window_words():  # the window's field names where the command line's name its flags (--precision)
            return self._export_request(path, builds)

    def _export_project(self, path: Path, shown: list) -> bool:  # type: ignore[type-arg]
        """Every request of the project into one purchase list: the shown request with the builds chosen in the
        table, each other one with the build picked when it was shown (else its first, the row the window
        highlights): what the purchasing office is to buy for each workload."""
        from configurator.core.report import atomic_write_text
        from configurator.core.report.purchase import (
            RequestBuilds,
            project_csv_text,
            project_markdown_text,
            write_project_xlsx,
        )
        from configurator.qt.printing import request_meta, sheet_meta

        session, recost = self.session, self.detail.buy_or_rent.recost
        suffix = path.suffix.lower()
        sections = []
        for i, (request, result) in enumerate(zip(session.project.requests, session.project_results(), strict=True)):
            picked = session.chosen_build(request, result)
            chosen = shown if i == session.project.active else ([picked] if picked is not None else [])
            builds = [recost(b) for b in chosen]
            meta = request_meta(session, request, result, builds, suffix == ".pdf")  # the value table is the sheets'
            sections.append(RequestBuilds(i + 1, request, tuple(builds), meta))
        meta = sheet_meta(session, [b for s in sections for b in s.builds], value=False)
        try:
            if suffix == ".pdf":
                from configurator.qt.printing import default_page, sections_html, sheet_title, write_pdf

                page = default_page(session.request.currency)
                # each sheet names its workload: "chen (1: qwen2.5-72b finetune): 1. cheapest ..."
                sheets = [(b, s.request, _workload_named(s)) for s in sections for b in s.builds]
                write_pdf(sections_html(sheets, page), path, page, sheet_title(session))
            elif suffix == ".xlsx":
                write_project_xlsx(path, sections, meta)
            elif suffix == ".csv":
                atomic_write_text(path, project_csv_text(sections))
            else:
                atomic_write_text(path, project_markdown_text(sections, meta))
        except OSError as exc:
            self.show_error(
                self.tr("Could not export"), self.tr("{0}: {1}\n\nNothing was overwritten.").format(path, exc)
            )
            return False
        count = sum(len(s.builds) for s in sections)
        self.statusBar().showMessage(
            self.tr("Exported {0} build(s) of {1} workloads to {2}").format(count, len(sections), path), 5000
        )
        return True

    def _export_request(self, path: Path, builds: list) -> bool:  # type: ignore[type-arg]
        from configurator.core.report import atomic_write_text
        from configurator.core.report.purchase import csv_text, markdown_text, write_xlsx
        from configurator.qt.printing import sheet_meta

        request = self.session.request
        suffix = path.suffix.lower()
        builds = [self.detail.buy_or_rent.recost(b) for b in builds]  # the buy-or-rent figures the tab shows
        meta = sheet_meta(self.session, builds, value=suffix == ".pdf")  # the value table is the sheets'

        try:
            if suffix == ".xlsx":
                write_xlsx(path, builds, request, meta)
            elif suffix == ".csv":
                atomic_write_text(path, csv_text(builds, request))
            elif suffix in (".md", ".markdown"):
                atomic_write_text(path, markdown_text(builds, request, meta))
            elif suffix == ".pdf":
                from configurator.qt.printing import default_page, sheet_title, sheets_html, write_pdf

                page = default_page(request.currency)
                write_pdf(sheets_html(builds, request, meta, page), path, page, sheet_title(self.session))
            else:
                self.show_error(
                    self.tr("Unknown file type"), self.tr("{0}: choose .xlsx, .csv, .md or .pdf").format(path.name)
                )
                return False
        except OSError as exc:
            self.show_error(
                self.tr("Could not export"), self.tr("{0}: {1}\n\nNothing was overwritten.").format(path, exc)
            )
            return False
        self.statusBar().showMessage(self.tr("Exported {0} build(s) to {1}").format(len(builds), path), 5000)
        return True

    def show_guide(self) -> None:
        from configurator.qt.dialogs import GuideDialog

        GuideDialog(self).show()

    def about(self) -> None:
        from configurator import __version__

        QMessageBox.about(
            self,
            self.tr("About LLM Rig Configurator"),
            f"LLM Rig Configurator {__version__}\n\n"
            + self.tr(
                "What machine to buy to run, fine-tune or train an LLM.\n"
                "Every estimate explains itself; every part and price carries its source."
            ),
        )

    def show_error(self, title: str, message: str) -> None:
        messages.warn(self, title, message)  # plain text: messages quote file contents

    def _warn_catalog_problems(self) -> None:
        problems = self.session.catalog_problems
        text = "\n".join(problems[:12]) + (
            self.tr("\n… and {0} more").format(len(problems) - 12) if len(problems) > 12 else ""
        )
        self.show_error(
            self.tr("Some catalog files could not be read"),
            self.tr("{0}\n\nEverything else loaded. Your files were not changed; fix them and restart.").format(text),
        )

    # ------------------------------------------------------------------ layout and closing

    def _restore_layout(self) -> None:
        store = QSettings()
        geometry = store.value("main/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state, inner = store.value("main/splitter-v2"), store.value("main/results-splitter")
        if state is not None and inner is not None:
            self._sized = self.splitter.restoreState(state) and self.results_splitter.restoreState(inner)

    def _on_results_splitter_moved(self, _pos: int, _index: int) -> None:
        self._split_by_hand = True  # the user's own split stays; the table is no longer grown to its rows

    def _fit_builds(self) -> None:
        """Grow the builds' pane until every build is in view (at 1366 x 768 the table showed 4.5 of 5 rows), up to
        half the height, taking it from the detail below but never below what the detail needs; never against a
        split the user dragged."""
        if getattr(self, "_split_by_hand", False) or not self.isVisible():
            return
        missing = self.builds.needed_height() - self.builds.height()
        if missing <= 0:
            return
        top, bottom = self.results_splitter.sizes()
        below = self.results_splitter.widget(1)
        spare_below = bottom - (below.minimumSizeHint().height() if below is not None else bottom)
        grow = min(missing, spare_below, (top + bottom) // 2 - top)
        if grow > 0:
            self.results_splitter.setSizes([top + grow, bottom - grow])

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        if not self._sized:
            left = 400 if self.width() < 1600 else 440
            self.splitter.setSizes([left, max(self.width() - left, 600)])
            rest = max(self.height() - 80, 500)
            self.results_splitter.setSizes([int(rest * 0.31), int(rest * 0.69)])
            self._sized = True

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._confirm_discard():
            event.ignore()
            return
        store = QSettings()
        store.setValue("main/geometry", self.saveGeometry())
        store.setValue("main/splitter-v2", self.splitter.saveState())
        store.setValue("main/results-splitter", self.results_splitter.saveState())
        self.session.cancel()
        if getattr(self, "map_dialog", None) is not None:
            self.map_dialog.stop_workers()
        self.session.recovery.clear()
        event.accept()


EXPORT_SUFFIXES = (".xlsx", ".csv", ".md", ".markdown", ".pdf")


def with_chosen_suffix(path: Path, chosen_filter: str) -> Path:
    """`path` with the suffix of the file type chosen in the save dialog when it names none of its own: Dr. Chen
    chose "Build sheets (*.pdf)", typed "chen" and was told to choose .xlsx, .csv, .md or .pdf (walk18)."""
    if path.suffix.lower() in EXPORT_SUFFIXES:
        return path
    found = re.search(r"\(\*(\.[A-Za-z0-9]+)\)", chosen_filter)
    return path.with_name(path.name + found.group(1)) if found else path


def _workload_named(section: RequestBuilds) -> SheetMeta:
    """A project section's sheet facts with its workload in the title, as the window's workload list names it."""
    from configurator.core.report import words
    from configurator.core.report.purchase import request_heading

    with words.language(section.meta.language):
        heading = request_heading(section)
    named = f"（{heading}）" if section.meta.language == "zh_CN" else f" ({heading})"
    return dataclasses.replace(section.meta, project_name=section.meta.project_name + named)
