"""Buy or rent: the usage and electricity assumptions, and cumulative cost over the months."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from configurator.core.catalog.loader import Catalog
from configurator.core.catalog.models import ModelArch
from configurator.core.costs.api import (
    CHAT_REQUESTS_PER_DAY,
    CODING_PROMPT_TOKENS,
    CODING_REPLY_TOKENS,
    CODING_REQUESTS_PER_DAY,
)
from configurator.core.costs.tco import (
    PRESETS,
    CostOfOwnership,
    JobComparison,
    OwnershipInputs,
    UsageProfile,
    cost_of_ownership_for,
    preset_key,
    reclaims,
    recosted,
)
from configurator.core.model.args import field_bounds
from configurator.core.model.build import Build
from configurator.qt import i18n
from configurator.qt.inputs import dspin, spin
from configurator.qt.lazy import LazyPane
from configurator.qt.steps import chosen_step, next_steps_html

if TYPE_CHECKING:
    from configurator.qt.charts import BuyOrRentChart

CHART_MIN_HEIGHT = 180
TEXT_MIN_HEIGHT = 120
"""The figures below the chart keep five lines at 1366 x 768 (the page scrolls): at 70 px the "next step up" line of
Mina's mix was below the box's edge (round 49's walk)."""
"""Pixels the cumulative-cost chart keeps however short the window: its title, four labelled ticks and the month axis."""


def _buy_or_rent_chart() -> BuyOrRentChart:
    from configurator.qt.charts import BuyOrRentChart

    return BuyOrRentChart()


def _most(name: str) -> float:
    """The upper bound of the saved input's own field (OwnershipInputs), the range its box offers: one range, not a
    copy of it here."""
    high = field_bounds(OwnershipInputs, name)[1]
    if high is None:
        raise ValueError(f"OwnershipInputs.{name} has no upper bound for its box")
    return high


class BuyOrRentPanel(QWidget):
    """Editable assumptions on top, the chart and the figures with their sources below."""

    assumptions_changed = Signal()
    inputs_edited = Signal()  # the buyer changed an input (not a new build shown): the project keeps them
    step_chosen = Signal(object)  # a next step (its NextStepJson) whose whole machine the buyer asked to plan

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.region = QComboBox()
        for key, label in (
            ("us", self.tr("US average")),
            ("eu", self.tr("EU average")),
            ("eu-business", self.tr("EU business, net of VAT")),
            ("china", self.tr("China commercial")),
        ):
            self.region.addItem(label, key)
        self.kwh = dspin(
            0.01, 5, 0.17, 3, self.tr(" /kWh"), self.tr("Electricity price per kWh, in the preset's currency")
        )
        self.hours = dspin(0, 24, 8, 1, self.tr(" h/day"), self.tr("Hours a day the machine is on"))
        self.days = dspin(0, 366, 250, 0, self.tr(" days/yr"), self.tr("Days a year the machine is on"))
        self.busy = dspin(
            0,
            100,
            50,
            0,
            self.tr(" % busy"),
            self.tr(
                "Share of the on-time the users are at work (training: at full load). Serving, the machine is busy "
                "while it answers their requests at its own speed and idle the rest"
            ),
        )
        # round 35: the kind of user (costs.api.USAGES): a casual chat user or an agentic coding seat, else by speed
        self.usage = QComboBox()
        usages: tuple[tuple[str | None, str], ...] = (
            (None, self.tr("by speed")),
            ("chat", self.tr("chat user")),
            ("coding-agent", self.tr("coding agent")),
        )
        for usage_key, label in usages:
            self.usage.addItem(label, usage_key)
        self.usage.setToolTip(
            self.tr(
                "The kind of user: a casual chat user sends {casual:.1f} requests a day (NBER working paper 34255); "
                "an agentic coding seat about {coding:.0f} of a {prompt:,}-token prompt and a {reply}-token reply "
                "(estimated from Anthropic's Claude Code figures). Requests a day, when set, override it"
            ).format(
                casual=CHAT_REQUESTS_PER_DAY,
                coding=CODING_REQUESTS_PER_DAY,
                prompt=CODING_PROMPT_TOKENS,
                reply=CODING_REPLY_TOKENS,
            )
        )
        # round 36: a team's seats (OwnershipInputs.seats), each sending the usage's requests a day; served by fewer
        # streams at once (need.seat_streams): the API bills every seat, the build is sized for the streams
        self.seats = spin(
            0,  # below the field's 1: "no team"
            int(_most("seats")),
            0,
            self.tr(" seats"),
            self.tr(
                "A team's seats, each sending the kind of user's requests a day (or the requests a day set): the API "
                "bills every seat. Fewer are at work at once: chat seats by their own requests (the fewest streams on "
                "which at most 1 % of requests wait over 2 s: 2 for ten chat seats), coding agents by Anthropic's "
                "Claude Code sizing (all of 1-5 seats, half of 20, a quarter of 50): set Concurrent users to the "
                "streams they need (llm-rig plan --seats does). Unset: the users are the streams"
            ),
        )
        self.seats.setSpecialValueText(self.tr("no team"))
        self.dedicated = QCheckBox(self.tr("dedicated endpoint"))
        self.dedicated.setToolTip(
            self.tr(
                "Rent an endpoint kept on every hour the machine would be on; unticked, the rental is billed by the "
                "second for the hours it answers the users' requests, the rule the build's busy hours follow"
            )
        )
        # round 34: what a per-token API bills is the users' demand, the same for every build (costs.api); at 0 the
        # box shows "by speed", the default (api34b): each user at the speed it needs over the busy hours
        self.requests = dspin(
            0,
            _most("requests_per_day"),
            0,
            1,
            self.tr(" requests/day"),
            self.tr(
                "Requests each user sends a day the machine is on: what a per-token API bills, the same for every "
                "build. Unset (by speed): each user at the speed asked, else reading speed, over the busy hours, as "
                "the rental that serves them is sized. One casual ChatGPT user sends {casual:.1f} a day (NBER working "
                "paper 34255); a coding agent sends hundreds"
            ).format(casual=CHAT_REQUESTS_PER_DAY),
        )
        self.requests.setSpecialValueText(self.tr("by speed"))
        self.years = QSpinBox()
        self.years.setRange(1, 10)
        self.years.setValue(3)
        self.years.setSuffix(self.tr(" years"))
        self.years.setToolTip(self.tr("Depreciation period and useful life"))
        self.resale = dspin(
            0,
            100,
            35,
            0,
            self.tr(" % resale"),
            self.tr(
                "Resale value after that period, as a share of the purchase "
                "(default 35 %, an estimate; GPUs with a used price in the catalog use it)"
            ),
        )
        self.resale_changed = False
        form = QFormLayout()
        row = QHBoxLayout()
        row.addWidget(self.region)
        row.addWidget(self.kwh)
        form.addRow(self.tr("Electricity"), row)
        row = QHBoxLayout()
        row.addWidget(self.hours)
        row.addWidget(self.days)
        row.addWidget(self.busy)
        row.addWidget(self.requests)
        form.addRow(self.tr("Usage"), row)
        row = QHBoxLayout()
        row.addWidget(self.usage)
        row.addWidget(self.seats)
        row.addWidget(self.dedicated)
        form.addRow(self.tr("Users"), row)
        row = QHBoxLayout()
        row.addWidget(self.years)
        row.addWidget(self.resale)
        form.addRow(self.tr("Keep for"), row)
        # the chart is made when first shown or asked for: pyqtgraph's import waits until the window is up (#34)
        self._chart_pane = LazyPane(_buy_or_rent_chart, self._draw_chart)
        self._chart_pane.setMinimumHeight(CHART_MIN_HEIGHT)
        self.text = QTextBrowser()
        self.text.setMaximumHeight(150)
        self.text.setMinimumHeight(TEXT_MIN_HEIGHT)
        self.text.setOpenLinks(False)  # a next step's link asks for its machine's plan
        self.text.anchorClicked.connect(self._on_text_anchor_clicked)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._chart_pane, 1)
        layout.addWidget(self.text)
        self.build: Build | None = None
        self.context: tuple[Catalog, ModelArch, object, str] | None = None
        self.costs: CostOfOwnership | None = None
        self.region.currentIndexChanged.connect(self._on_region_changed)
        for widget in (self.kwh, self.hours, self.days, self.busy, self.years, self.requests, self.seats):
            widget.valueChanged.connect(self._on_edited)
        self.resale.valueChanged.connect(self._on_resale_changed)
        self.usage.currentIndexChanged.connect(self._on_edited)
        self.dedicated.toggled.connect(self._on_edited)
        self._region_chosen = False  # the buyer picked the electricity preset (a new build does not reset it)

    def _on_text_anchor_clicked(self, url: QUrl) -> None:
        step = chosen_step(self.build, url.toString())
        if step is not None:
            self.step_chosen.emit(step)

    @property
    def chart(self) -> BuyOrRentChart:
        return self._chart_pane.widget()

    def make_chart(self) -> None:
        self._chart_pane.widget()

    def _draw_chart(self, chart: BuyOrRentChart) -> None:
        """The chart just made draws the costs shown (it missed every _recompute before)."""
        chart.show_costs(self.costs, months=12 * self.years.value())

    def _on_edited(self, *_args: object) -> None:
        self._recompute()
        self.inputs_edited.emit()

    def _on_resale_changed(self, _value: float) -> None:
        self.resale_changed = True
        self._on_edited()

    def inputs(self) -> OwnershipInputs:
        """What the buyer set, as the project saves it and the printed sheet reads it."""
        preset = self.region.currentData()
        return OwnershipInputs(
            preset=preset if self._region_chosen else None,
            price_per_kwh=None if abs(self.kwh.value() - PRESETS[preset].price_per_kwh) < 1e-9 else self.kwh.value(),
            hours_per_day=self.hours.value(),
            days_per_year=self.days.value(),
            utilisation=self.busy.value() / 100,
            years=self.years.value(),
            resale_fraction=self.resale.value() / 100 if self.resale_changed else None,
            requests_per_day=self.requests.value() or None,  # 0 is "by speed", the default
            usage=self.usage.currentData(),
            seats=self.seats.value() or None,  # 0 is "no team": the users are the streams
            dedicated_rental=self.dedicated.isChecked(),
        )

    def set_inputs(self, inputs: OwnershipInputs | None) -> None:
        """Show a project's saved inputs (None: the defaults), without marking anything edited."""
        inputs = inputs or OwnershipInputs()
        widgets = (
            self.region,
            self.kwh,
            self.hours,
            self.days,
            self.busy,
            self.years,
            self.resale,
            self.requests,
            self.usage,
            self.seats,
            self.dedicated,
        )
        for widget in widgets:
            widget.blockSignals(True)
        self._region_chosen = inputs.preset is not None
        if inputs.preset is not None:
            self.region.setCurrentIndex(self.region.findData(inputs.preset))
        self.kwh.setValue(inputs.price_per_kwh or PRESETS[self.region.currentData()].price_per_kwh)
        self.hours.setValue(inputs.hours_per_day)
        self.days.setValue(inputs.days_per_year)
        self.busy.setValue(inputs.utilisation * 100)
        self.years.setValue(inputs.years)
        self.resale_changed = inputs.resale_fraction is not None
        self.resale.setValue((inputs.resale_fraction if inputs.resale_fraction is not None else 0.35) * 100)
        self.requests.setValue(inputs.requests_per_day or 0.0)
        self.usage.setCurrentIndex(max(self.usage.findData(inputs.usage), 0))
        self.seats.setValue(inputs.seats or 0)
        self.dedicated.setChecked(inputs.dedicated_rental)
        for widget in widgets:
            widget.blockSignals(False)
        self._recompute()

    def recost(self, build: Build) -> Build:
        """The build with the figures this tab shows (what Print and Export put on the sheet)."""
        if self.context is None:
            return build
        catalog, model, workload, region = self.context
        return recosted(build, catalog, model, workload, region, self.inputs())  # type: ignore[arg-type]

    def _on_region_changed(self, _index: int) -> None:
        preset = PRESETS[self.region.currentData()]
        self._region_chosen = True
        self.kwh.blockSignals(True)
        self.kwh.setValue(preset.price_per_kwh)
        self.kwh.blockSignals(False)
        self._on_edited()

    def profile(self) -> UsageProfile:
        currency = self.build.currency if self.build is not None else "USD"
        inputs = self.inputs().model_copy(update={"preset": self.region.currentData()})
        return inputs.profile(currency, reclaim=reclaims(self.build))

    def show_build(
        self,
        build: Build | None,
        catalog: Catalog | None = None,
        model: ModelArch | None = None,
        workload: object = None,
        region: str = "global",
    ) -> None:
        self.build = build
        if catalog is not None and model is not None:
            self.context = (catalog, model, workload, region)
            preset = preset_key(build.currency if build else "USD", region, reclaims(build))
            if self.region.currentData() != preset and not self._region_chosen:
                self.region.blockSignals(True)
                self.region.setCurrentIndex(self.region.findData(preset))
                self.region.blockSignals(False)
                self.kwh.blockSignals(True)
                self.kwh.setValue(PRESETS[preset].price_per_kwh)
                self.kwh.blockSignals(False)
        self._recompute()

    def _recompute(self, *_args: object) -> None:
        if self.build is None or self.context is None:
            self.costs = None
            if self._chart_pane.is_built:
                self.chart.show_costs(None)
            # an empty box under an empty chart read as a fault (Sam's pretraining with nothing that fits)
            self.text.setHtml(f"<p>{html.escape(QCoreApplication.translate('costs', NO_BUILD_TEXT))}</p>")
            return
        catalog, model, workload, region = self.context
        self.costs = cost_of_ownership_for(
            self.build,
            catalog,
            model,
            workload,  # type: ignore[arg-type]
            region,
            profile=self.profile(),
            assumptions=self.inputs().assumptions(),
        )
        if self._chart_pane.is_built:
            self.chart.show_costs(self.costs, months=12 * self.years.value())
        # buying more later is part of buying: the next step up, its price net of the cards sold (solve.next_step)
        self.text.setHtml(costs_html(self.costs, next_steps_html(self.build)))
        self.assumptions_changed.emit()


NO_BUILD_TEXT = str(
    QT_TRANSLATE_NOOP(
        "costs",
        "No build is selected: with one chosen, this compares buying it (purchase and electricity) with "
        "renting the same capacity, month by month.",
    )
)


def job_headline(job: JobComparison, purchase: float, currency: str) -> str:
    """The one-off training job bought (and sold second-hand when it ends) against rented, from its figures in the
    window's language (core tco's headline is an English sentence without a code: the Chinese window showed it
    as is)."""
    if job.own_wall_hours is None or job.own_net_cost is None:
        return i18n.sentence(job.headline or "-")
    energy = job.own_energy_cost or 0.0
    resold = purchase + energy - job.own_net_cost
    if job.rental_cost is None or job.rental_wall_hours is None:
        return QCoreApplication.translate(
            "costs", "bought: {0:,.0f} {1} for the job ({2:,.0f} purchase + {3:,.0f} energy - {4:,.0f} resold "
            "second-hand), {5:,.0f} h; no rental to compare"
        ).format(job.own_net_cost, currency, purchase, energy, resold, job.own_wall_hours)  # fmt: skip
    verdict = (
        QCoreApplication.translate("costs", "renting is cheaper")
        if job.rental_cost < job.own_net_cost
        else QCoreApplication.translate("costs", "buying is cheaper")
    )
    return QCoreApplication.translate(
        "costs", "one-off job: rented {0:,.0f} {1} in {2:,.0f} h against bought {3:,.0f} {1} ({4:,.0f} purchase + "
        "{5:,.0f} energy - {6:,.0f} resold second-hand after the job) in {7:,.0f} h: {8}; for recurring work see "
        "the break-even"
    ).format(
        job.rental_cost, currency, job.rental_wall_hours, job.own_net_cost, purchase, energy, resold,
        job.own_wall_hours, verdict,
    )  # fmt: skip


def _job_rows(job: JobComparison, currency: str, purchase: float) -> list[tuple[str, str]]:
    """The training job in words with units (it was its field names joined by commas)."""

    def amount(value: float | None, unit: str) -> str:
        return "-" if value is None else f"{value:,.0f} {unit}"

    rows = [
        (QCoreApplication.translate("costs", "This training job"), html.escape(job_headline(job, purchase, currency)))
    ]
    if job.gpu_hours is not None:
        gpu_hours = QCoreApplication.translate("costs", "GPU-hours")
        rows.append((gpu_hours, amount(job.gpu_hours, gpu_hours)))
    if job.own_wall_hours is not None:
        on_machine = QCoreApplication.translate(
            "costs", "{0} of wall time; {1} = {2} of electricity; {3} with its share of depreciation"
        )
        rows.append(
            (
                QCoreApplication.translate("costs", "On this machine"),
                on_machine.format(
                    amount(job.own_wall_hours, "h"),
                    amount(job.own_energy_kwh, "kWh"),
                    amount(job.own_energy_cost, currency),
                    amount(job.own_cost_with_depreciation, currency),
                ),
            )
        )
    if job.rental_cost is not None:
        offer = f" ({html.escape(i18n.sentence(job.rental_offer))})" if job.rental_offer else ""
        rented = QCoreApplication.translate("costs", "{0} in {1}").format(
            amount(job.rental_cost, currency), amount(job.rental_wall_hours, "h")
        )
        rows.append((QCoreApplication.translate("costs", "Rented"), rented + offer))
    return rows


def costs_html(costs: CostOfOwnership, steps: str = "") -> str:
    """The costs' figures, then `steps` (the build's next steps up, above the assumptions), then the assumptions."""
    c = costs.currency
    rows = [
        (QCoreApplication.translate("costs", "Purchase"), f"{costs.purchase:,.0f} {c}"),
        (
            QCoreApplication.translate("costs", "Electricity"),
            QCoreApplication.translate("costs", "{0:,.0f} kWh = {1:,.0f} {2} a year").format(
                costs.yearly_energy_kwh, costs.yearly_energy, c
            ),
        ),
        (
            QCoreApplication.translate("costs", "Rental equivalent"),
            (
                QCoreApplication.translate("costs", "{0:,.0f} {1} a month").format(costs.monthly_rental_equivalent, c)
                + f" ({html.escape(i18n.say(costs.rental.said()))})"
                if costs.rental and costs.monthly_rental_equivalent is not None
                else html.escape(
                    i18n.say(costs.rental_said) if costs.rental_said is not None else i18n.sentence(costs.rental_reason)
                )
            ),
        ),
        (
            QCoreApplication.translate("costs", "Break-even"),
            html.escape(
                i18n.say(costs.break_even_said)
                if costs.break_even_said is not None
                else i18n.sentence(costs.break_even_reason)
            ),
        ),
    ]
    if costs.enough is not None:  # inference: a cheaper rental that serves the users, and buying against it
        rows.append((html.escape(i18n.term("Rental that serves the need")), html.escape(i18n.say(costs.enough.said))))
    if costs.job is not None:
        rows += _job_rows(costs.job, c, costs.purchase)
    if costs.throughput is not None:  # training with no token count: per million tokens, bought against rented
        rows.append(
            (
                QCoreApplication.translate("costs", "Per million training tokens"),
                # from its code in the window's language (the Chinese window read this row in English, walk13)
                html.escape(
                    i18n.say(costs.throughput.said) if costs.throughput.said is not None else costs.throughput.headline
                ),
            )
        )
    colon = QCoreApplication.translate("costs", ": ")
    verdicts = {
        "own": QCoreApplication.translate("costs", "buying is cheaper"),
        "rent": QCoreApplication.translate("costs", "renting is cheaper"),
    }
    for row in costs.rows:
        verdict = verdicts.get(row.cheaper or "", QCoreApplication.translate("costs", "no rental to compare"))
        # owning is net of selling the machine at the end: said so ("own 644 vs rent 2,380" read as a contradiction
        # under a chart of cash paid); the chart and the break-even are the same sum, month by month (core.costs.tco)
        owning = QCoreApplication.translate("costs", "own {0:,.0f} {1} net of resale (sold for {2:,.0f})").format(
            row.owning, c, row.resale_value
        )
        # without a rental there is no second figure: "own 523 vs rent - EUR" read as a broken number
        against = (
            QCoreApplication.translate("costs", "{0} vs rent {1:,.0f} {2}").format(owning, row.renting, c)
            if row.renting is not None
            else owning
        )
        said = f"{against}{colon}{verdict}"
        if row.renting_enough is not None:
            # the rental that serves the need as well: "buying is cheaper" against the as-fast rental alone had stood
            # under "never pays back" against it (walk18)
            said = QCoreApplication.translate(
                "costs", "{0} (as fast as this build); vs rent {1:,.0f} {2} (serves the need){3}{4}"
            ).format(said, row.renting_enough, c, colon, verdicts.get(row.cheaper_enough or "", ""))
        if costs.against_api and row.api is not None:
            # round 32: the break-even is against the per-token bill; the row says it too
            paid = {
                "own": QCoreApplication.translate("costs", "buying is cheaper"),
                "rent": QCoreApplication.translate("costs", "paying per token is cheaper"),
            }
            said = QCoreApplication.translate("costs", "{0}; vs pay per token {1:,.0f} {2}{3}{4}").format(
                said, row.api, c, colon, paid.get(row.cheaper_api or "", "")
            )
        rows.append(
            (
                QCoreApplication.translate("costs", "After 1 year")
                if row.years == 1
                else QCoreApplication.translate("costs", "After {0} years").format(row.years),
                said,
            )
        )
    table = "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in rows)
    lines = [i18n.say(a) for a in costs.assumptions_said] or [i18n.sentence(a) for a in costs.assumptions]
    notes = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    heading = QCoreApplication.translate("costs", "Assumptions")
    return f"<table cellpadding='3'>{table}</table>{steps}<h4>{heading}</h4><ul>{notes}</ul>"
