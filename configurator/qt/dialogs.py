"""Dialogs: side-by-side comparison of builds, preferences; the catalog editor lives in catalog_editor.py."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.core.model import noise
from configurator.core.model.build import Build
from configurator.core.report.fit import gpus_said
from configurator.qt import i18n
from configurator.qt.builds import (
    category_name,
    check_text,
    headroom,
    noise_short,
    speed_text,
    usage_prompt_rows,
    waited_prompt,
)
from configurator.qt.catalog_editor import CatalogEditorDialog

GIB = 1024**3
__all__ = ["CatalogEditorDialog", "CompareDialog", "CountryDialog", "PreferencesDialog", "comparison_rows"]


def _gpus(build: Build) -> str:
    """What computes: the GPUs, or a ready-made system by its name (a Mac Studio's GPU is its chip's)."""
    system = next((p for p in build.parts if p.category == "system"), None)
    gpus = next((p for p in build.parts if p.category == "gpu"), None)
    if system is not None and gpus is None:
        return f"{build.nodes} x {system.name}" if build.nodes > 1 else system.name
    if build.gpus_mixed:  # different cards in one machine (#28): each by name, "modified" in the buyer's words
        return i18n.say(gpus_said(build))
    return f"{build.nodes * build.gpu_count} x {gpus.name if gpus else build.gpu_id}"


def comparison_rows(builds: list[Build]) -> list[tuple[str, list[str]]]:
    """Row label -> one value per build (shared with tests): any number of builds, systems included."""

    def part(build: Build, category: str) -> str:
        found = [p for p in build.parts if p.category == category]
        return ", ".join(f"{p.quantity} x {p.name}" for p in found) or "-"

    def prefill(build: Build) -> str:
        value = build.estimate.prefill_tokens_per_s
        return f"{value:,.0f} " + QCoreApplication.translate("compare", "tokens/s") if value else "-"

    def first_token(build: Build) -> str:
        e = build.estimate
        if e.time_to_first_token_s is None:
            return "-"
        usage = usage_prompt_rows(build)  # round 40: the usage's prompt the costs read, the one figure shown
        if usage:
            return usage[0][1]
        return QCoreApplication.translate("compare", "{0:,.1f} s for a {1:,}-token prompt").format(
            e.time_to_first_token_s, waited_prompt(build)
        )

    rows = [
        (QCoreApplication.translate("compare", "Label"), [i18n.label(b) for b in builds]),
        (QCoreApplication.translate("compare", "Price"), [f"{b.total_price:,.0f} {b.currency}" for b in builds]),
        (QCoreApplication.translate("compare", "GPUs"), [_gpus(b) for b in builds]),
        (QCoreApplication.translate("compare", "Speed / time"), [speed_text(b)[0] for b in builds]),
        (QCoreApplication.translate("compare", "Prefill"), [prefill(b) for b in builds]),
        (QCoreApplication.translate("compare", "First token"), [first_token(b) for b in builds]),
        (
            QCoreApplication.translate("compare", "VRAM per GPU"),
            [
                f"{b.estimate.per_gpu_bytes / GIB:.1f} GiB ({headroom(b):.0%} "
                + QCoreApplication.translate("compare", "free")
                + ")"
                for b in builds
            ],
        ),
        (QCoreApplication.translate("compare", "Wall power"), [f"{b.power.wall_w * b.nodes:,.0f} W" for b in builds]),
        (QCoreApplication.translate("compare", "Noise"), [noise_short(noise.build_noise(b)) for b in builds]),
        (QCoreApplication.translate("compare", "Heat"), [f"{b.power.heat_btu_h * b.nodes:,.0f} BTU/h" for b in builds]),
    ]
    for category in ("cpu", "motherboard", "memory", "psu", "chassis", "system"):
        values = [part(b, category) for b in builds]
        if any(v != "-" for v in values):
            rows.append((category_name(category), values))
    rows.append(
        (
            QCoreApplication.translate("compare", "Fails / warnings"),
            [
                ("；" if i18n.current() == "zh_CN" else "; ").join(
                    f"{c.rule}: {check_text(c)}" for c in b.checks if c.status != "pass"
                )
                or QCoreApplication.translate("compare", "all pass")
                for b in builds
            ],
        )
    )
    return rows


class CompareDialog(QDialog):
    """Builds side by side (every build chosen, however many: a wide table scrolls); rows that differ are highlighted."""

    def __init__(self, builds: list[Build], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare builds"))
        rows = comparison_rows(builds)
        table = QTableWidget(len(rows), len(builds))
        table.setHorizontalHeaderLabels([f"#{b.rank} {i18n.label(b)}" for b in builds])
        table.setVerticalHeaderLabels([label for label, _ in rows])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setWordWrap(True)
        bold = QFont(self.font())
        bold.setBold(True)
        self.differing: list[str] = []
        for r, (label, values) in enumerate(rows):
            differs = len(set(values)) > 1
            if differs:
                self.differing.append(label)
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if differs:
                    item.setBackground(QBrush(QColor("#fff3d6")))
                    item.setFont(bold)
                table.setItem(r, c, item)
        if len(builds) <= 4:
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        else:  # more than fit: each column keeps a readable width and the table scrolls sideways
            table.horizontalHeader().setDefaultSectionSize(240)
            # a label longer than its column was clipped on both sides ("ook Pro 16-inch (2021)"): it ends in "…"
            # and the label row below, which wraps, and the header's tooltip hold it whole
            metrics = table.horizontalHeader().fontMetrics()
            for c in range(len(builds)):
                head = table.horizontalHeaderItem(c)
                if head is not None:
                    head.setToolTip(head.text())
                    head.setText(metrics.elidedText(head.text(), Qt.TextElideMode.ElideRight, 240 - 12))
        table.resizeRowsToContents()
        self.table = table
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Highlighted rows differ between the builds.")))
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.resize(1000, 560)


class PreferencesDialog(QDialog):
    """Defaults for new projects and the colour scheme; stored as JSON in the config folder."""

    def __init__(self, prefs, parent: QWidget | None = None):  # type: ignore[no-untyped-def]
        from PySide6.QtWidgets import QFormLayout

        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self.currency = QComboBox()
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(prefs.currency)
        # the choices in the window's language (walk15: a Chinese window offered "global", "China", "120 V 15 A
        # (US outlet)" and "follow the system" here, in English)
        self.region = QComboBox()
        self.region.addItem(self.tr("global"), "global")
        self.region.addItem(self.tr("China"), "china")
        self.region.setCurrentIndex(self.region.findData(prefs.region))
        from configurator.core.model.request import CIRCUIT_NAMES, default_circuit

        self.circuit = QComboBox()
        for key in CIRCUIT_NAMES:
            self.circuit.addItem(i18n.circuit_name(key), key)
        self.circuit.setCurrentIndex(self.circuit.findData(prefs.circuit or default_circuit(prefs.currency)))
        # round 42: the buyer's tax basis of new projects: a euro buyer's country (its VAT rate beside it) and
        # whether the buyer reclaims VAT (a VAT-registered business: prices and budget without VAT)
        from configurator.core.catalog import tax

        self.vat_country = QComboBox()
        for code in tax.EUR_COUNTRIES:
            name = self.tr(str(VAT_COUNTRY_NAMES.get(code, code)))
            self.vat_country.addItem(self.tr("{0} ({1:g} % VAT)").format(name, tax.VAT[code].rate * 100), code)
        self.vat_country.setCurrentIndex(max(0, self.vat_country.findData(prefs.vat_country or "DE")))
        self.vat = QComboBox()
        self.vat.addItem(self.tr("paid: prices with VAT"), "pay")
        self.vat.addItem(self.tr("reclaimed (VAT-registered business): prices and budget without VAT"), "reclaim")
        self.vat.setCurrentIndex(max(0, self.vat.findData(prefs.vat)))
        self.theme = QComboBox()
        for text, key in (
            (self.tr("follow the system"), "system"),
            (self.tr("light"), "light"),
            (self.tr("dark"), "dark"),
        ):
            self.theme.addItem(text, key)
        self.theme.setCurrentIndex(self.theme.findData(prefs.theme))
        form = QFormLayout()
        form.addRow(self.tr("Currency of new projects"), self.currency)
        form.addRow(self.tr("Region of new projects"), self.region)
        form.addRow(self.tr("Circuit of new projects"), self.circuit)
        form.addRow(self.tr("Country of euro projects (VAT)"), self.vat_country)
        form.addRow(self.tr("VAT of new projects"), self.vat)
        form.addRow(self.tr("Colours"), self.theme)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.prefs = prefs

    def result_prefs(self):  # type: ignore[no-untyped-def]
        return self.prefs.model_copy(
            update={
                "currency": self.currency.currentText(),
                "region": self.region.currentData(),
                "circuit": self.circuit.currentData(),
                "vat_country": self.vat_country.currentData(),
                "vat": self.vat.currentData(),
                "theme": self.theme.currentData(),
            }
        )


VAT_COUNTRY_NAMES = {
    "DE": QT_TRANSLATE_NOOP("PreferencesDialog", "Germany"),
    "FR": QT_TRANSLATE_NOOP("PreferencesDialog", "France"),
    "IT": QT_TRANSLATE_NOOP("PreferencesDialog", "Italy"),
    "ES": QT_TRANSLATE_NOOP("PreferencesDialog", "Spain"),
    "NL": QT_TRANSLATE_NOOP("PreferencesDialog", "Netherlands"),
    "AT": QT_TRANSLATE_NOOP("PreferencesDialog", "Austria"),
    "IE": QT_TRANSLATE_NOOP("PreferencesDialog", "Ireland"),
    "PL": QT_TRANSLATE_NOOP("PreferencesDialog", "Poland (prices in EUR)"),
    "FI": QT_TRANSLATE_NOOP("PreferencesDialog", "Finland"),
}
"""catalog.tax.EUR_COUNTRIES' names, for the Preferences' VAT country (in the window's language)."""


EURO_AREA = {
    "AT",
    "BE",
    "CY",
    "DE",
    "EE",
    "ES",
    "FI",
    "FR",
    "GR",
    "HR",
    "IE",
    "IT",
    "LT",
    "LU",
    "LV",
    "MT",
    "NL",
    "PT",
    "SI",
    "SK",
}


def _country_of_locale() -> str:
    """The country choice the system locale suggests (zh_CN -> China, de_DE -> euro area); US otherwise."""
    from PySide6.QtCore import QLocale

    name = QLocale.system().name()  # e.g. zh_CN, en_US, de_DE
    territory = name.split("_")[1] if "_" in name else ""
    if territory == "CN":
        return "CN"
    if territory in ("US", "CA"):
        return territory
    return "EU" if territory in EURO_AREA else "US"


COUNTRY_NAMES = {
    "US": QT_TRANSLATE_NOOP("CountryDialog", "United States"),
    "CA": QT_TRANSLATE_NOOP("CountryDialog", "Canada (prices in USD)"),
    "CN": QT_TRANSLATE_NOOP("CountryDialog", "China (mainland)"),
    "EU": QT_TRANSLATE_NOOP("CountryDialog", "Euro area (Germany, France, ...)"),
    "OTHER-230": QT_TRANSLATE_NOOP("CountryDialog", "Elsewhere, 220-240 V (prices in USD)"),
    "OTHER-120": QT_TRANSLATE_NOOP("CountryDialog", "Elsewhere, 100-127 V (prices in USD)"),
}
"""request.COUNTRIES' names, for the window's language (the core keeps its English names)."""


class CountryDialog(QDialog):
    """The first-run choice of country (#31): it sets the currency, wall circuit, market and language of new
    projects once; each is changed on its own afterwards (Build > Preferences, the request's fields). Bilingual,
    since the window's language is among what it sets."""

    def __init__(self, parent: QWidget | None = None):
        from PySide6.QtWidgets import QListWidget, QListWidgetItem

        from configurator.core.model.request import CIRCUIT_NAMES, COUNTRIES

        super().__init__(parent)
        # the Chinese line is for a window not yet in Chinese; a Chinese window said the same thing twice
        chinese = i18n.current().startswith("zh")
        self.setWindowTitle(self.tr("Where will the machine run?") + ("" if chinese else " / 机器在哪里使用？"))
        intro = QLabel(
            self.tr(
                "Your country sets the currency, the wall circuit, the market (China: export variants "
                "and CNY prices) and the language of new projects. Each can be changed later on its "
                "own, in Build > Preferences or in the request."
            )
            + ("" if chinese else "\n选择国家/地区：设定新项目的货币、电路、市场和界面语言；之后可分别修改。")
        )
        intro.setWordWrap(True)
        self.choices = QListWidget()
        for key, country in COUNTRIES.items():
            text = f"{country.name}: {country.currency}, {CIRCUIT_NAMES[country.circuit]}"
            if chinese:  # walk15: a Chinese window listed every country but China in English
                name = QCoreApplication.translate("CountryDialog", str(COUNTRY_NAMES.get(key, country.name)))
                text = f"{name}：{country.currency}，{i18n.circuit_name(country.circuit)}"
            elif key == "CN":
                text = f"中国大陆 / {text}"
            item = QListWidgetItem(text)
            item.setData(256, key)  # Qt.ItemDataRole.UserRole
            self.choices.addItem(item)
        self.choices.setCurrentRow(0)
        self.select(_country_of_locale())
        self.choices.itemDoubleClicked.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.choices)
        layout.addWidget(buttons)
        self.resize(560, 360)

    def chosen(self) -> str:
        item = self.choices.currentItem()
        return str(item.data(256)) if item is not None else "US"

    def select(self, key: str) -> None:
        for row in range(self.choices.count()):
            if self.choices.item(row).data(256) == key:
                self.choices.setCurrentRow(row)


class GuideDialog(QDialog):
    """Help > User guide (F1): the short guide in the window's language, from resources/guide."""

    def __init__(self, parent: QWidget | None = None):
        from PySide6.QtWidgets import QTextBrowser

        from configurator.qt import i18n

        super().__init__(parent)
        self.setWindowTitle(self.tr("User guide"))
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(i18n.guide_path().read_text(encoding="utf-8"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(760, 680)
