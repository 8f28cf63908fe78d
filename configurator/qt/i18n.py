"""The window's language: Qt's translation system (`self.tr`, a `.ts` kept with pyside6-lupdate, the `.qm`
built from it by pyside6-lrelease under resources/translations), following the system locale unless the
user picked one under View > Language (saved in the preferences)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from configurator.core.common.reasons import Reason, from_json
from configurator.core.model.build import Build, BuildPart
from configurator.core.report import phrases, purchase, words
from configurator.core.report.fit import Fit
from configurator.storage import paths

LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
"""The languages the window speaks: code -> the language's own name (shown in the menu as is)."""

CATALOG_PREFIX = "llm_rig_"


def category_name(category: str) -> str:
    """A part's category as the buyer's language names it (the data keeps its key): the purchase list's and the
    sheet's words (core.report.purchase), in the window's language."""
    with speaking():
        return purchase.category_name(category)


_in_use = ["en"]  # the language install() last put in place (the guide and sheets read it)


def current() -> str:
    """The window's language now: "en" or "zh_CN"."""
    return _in_use[0]


def say(reason: Reason) -> str:
    """What the core reports as a code and fields (core.reasons), in the window's language and words: a field where
    the command line names its flag (words.WINDOW_EN)."""
    with speaking():
        return words.part_names(words.say(reason))  # a part's catalog note in Chinese, as the sheets (words.part_names)


def say_all(reasons: tuple[Reason, ...], sep: str = ";") -> str:
    """Clauses of one sentence in the window's language, punctuated as it does."""
    with speaking():
        return words.part_names(words.say_all(reasons, sep))


def sentence_end() -> str:
    with words.language(current()):
        return words.sentence_end()


def term(text: str) -> str:
    """One of the core's fixed terms (a binding constraint's name) in the window's language (core.report.words)."""
    with words.language(current()):
        return words.t(text)


@contextmanager
def speaking() -> Iterator[None]:
    """Render what is inside (core.report.words, phrases) in the window's language and words (words.window_words:
    its fields where the command line names its flags)."""
    with words.language(current()), words.window_words():
        yield


def part_name(name: str) -> str:
    """A part's name with its catalog note in the window's language ("(Chinese-market memory-modified)":
    （国内魔改版，加显存）); the name itself stays as it is sold (words.part_names, as the sheets say it)."""
    with speaking():
        return words.part_names(name)


def field_help(description: str) -> str:
    """A catalog field's description (the editor's tooltip) in the window's language (words.FIELD_HELP_ZH)."""
    with speaking():
        return words.field_help(description)


def label(build: Build) -> str:
    """A build's label (its claims and kind, solve.ranking) in the window's language."""
    with speaking():
        return phrases.label(build)


def part_why(part: BuildPart) -> str:
    """Why a part was chosen, in the window's language."""
    with speaking():
        return phrases.part_why(part)


def price_note(part: BuildPart, stale: bool = False) -> str:
    """A part's price note (condition, date, age) in the window's language."""
    with speaking():
        return phrases.price_note(part, stale)


def why(build: Build) -> str:
    """Why a build is shown (its claims' reasons, its source's words) in the window's language."""
    with speaking():
        return words.part_names(phrases.why(build))


def launch_title(build: Build) -> str:
    """What runs a build's job and how (its launch's title, core.launch: "Unsloth, your script on one GPU"), in the
    window's language, in brackets after "Run it" as the language writes them; "" for a build without a launch."""
    if not build.launch:
        return ""
    with speaking():
        title = words.launch_title(build.launch)
    return f"（{title}）" if current() == "zh_CN" else f" ({title})"


def next_steps(build: Build) -> list[str]:
    """A build's next steps up (solve.next_step: one more card, the next rung of the upgrade path), each from its code
    (next.add, next.swap) in the window's language."""
    return [say(from_json(step["said"])) for step in build.next_steps]


def sentence(text: str) -> str:
    """One of the core's sentences without a code yet (a part's reason, a price note, a check's finding)."""
    with speaking():
        return phrases.sentence(text)


def fit_line(fit: Fit) -> str:
    with speaking():
        return phrases.fit_line(fit)


def fit_sentence(fit: Fit) -> str:
    with speaking():
        return phrases.fit_sentence(fit)


CIRCUITS = {
    "120v15a": QT_TRANSLATE_NOOP("terms", "120 V 15 A (US outlet)"),
    "120v20a": QT_TRANSLATE_NOOP("terms", "120 V 20 A"),
    "240v20a": QT_TRANSLATE_NOOP("terms", "240 V 20 A"),
    "208v30a": QT_TRANSLATE_NOOP("terms", "208 V 30 A (L6-30 rack feed)"),
    "220v10a": QT_TRANSLATE_NOOP("terms", "220 V 10 A"),
    "220v16a": QT_TRANSLATE_NOOP("terms", "220 V 16 A"),
    "230v10a": QT_TRANSLATE_NOOP("terms", "230 V 10 A"),
    "230v16a": QT_TRANSLATE_NOOP("terms", "230 V 16 A"),
}
"""request.CIRCUIT_NAMES as the window's language says them (a key the table lacks: the core's own name)."""
WORKLOADS = {
    "inference": QT_TRANSLATE_NOOP("terms", "inference"),
    "finetune": QT_TRANSLATE_NOOP("terms", "fine-tune"),
    "pretrain": QT_TRANSLATE_NOOP("terms", "pretrain"),
}


def circuit_name(key: str) -> str:
    from configurator.core.model.request import CIRCUIT_NAMES

    return QCoreApplication.translate("terms", str(CIRCUITS[key])) if key in CIRCUITS else CIRCUIT_NAMES.get(key, key)


def workload_name(kind: str) -> str:
    return QCoreApplication.translate("terms", str(WORKLOADS[kind])) if kind in WORKLOADS else kind


def translations_dir() -> Path:
    return paths.resources_dir() / "translations"


def resolve(choice: str | None) -> str:
    """A language code from a preference or an option: "system" (or none) follows the system locale."""
    if choice and choice != "system":
        return choice if choice in LANGUAGES else "en"
    name = QLocale.system().name()  # e.g. zh_CN, zh_TW, en_US
    return "zh_CN" if name.startswith("zh") else "en"


def install(app: QApplication, choice: str | None = None) -> str:
    """Load the window's and Qt's own translations (standard buttons and dialogs) for the chosen language;
    returns the code in use. English needs no translator; a missing `.qm` leaves the window in English."""
    for old in getattr(app, "_llm_rig_translators", ()):
        app.removeTranslator(old)
    language = resolve(choice)
    translators: list[QTranslator] = []
    if language != "en":
        ours = QTranslator(app)
        if ours.load(str(translations_dir() / f"{CATALOG_PREFIX}{language}.qm")):
            translators.append(ours)
        qt_own = QTranslator(app)
        if qt_own.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            translators.append(qt_own)
        QLocale.setDefault(QLocale(language))
    else:
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    for translator in translators:
        app.installTranslator(translator)
    app._llm_rig_translators = translators  # type: ignore[attr-defined]  # kept alive with the app
    _in_use[0] = language if translators or language == "en" else "en"
    return _in_use[0]


def guide_path(language: str | None = None) -> Path:
    """The short user guide (Help > User guide, F1) in the window's language, English when it has none."""
    folder = paths.resources_dir() / "guide"
    wanted = folder / f"user-guide.{language or current()}.md"
    return wanted if wanted.is_file() else folder / "user-guide.en.md"
