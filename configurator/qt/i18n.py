"""The window's language: Qt's translation system (`self.tr`, a `.ts` kept with pyside6-lupdate, the `.qm`
built from it by pyside6-lrelease under resources/translations), following the system locale unless the
user picked one under View > Language (saved in the preferences)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from configurator.core.reasons import Reason
from configurator.core.report import words
from configurator.storage import paths

LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
"""The languages the window speaks: code -> the language's own name (shown in the menu as is)."""

CATALOG_PREFIX = "llm_rig_"

_in_use = ["en"]  # the language install() last put in place (the guide and sheets read it)


def current() -> str:
    """The window's language now: "en" or "zh_CN"."""
    return _in_use[0]


def say(reason: Reason) -> str:
    """What the core reports as a code and fields (core.reasons), in the window's language."""
    with words.language(current()):
        return words.say(reason)


def say_all(reasons: tuple[Reason, ...], sep: str = ";") -> str:
    """Clauses of one sentence in the window's language, punctuated as it does."""
    with words.language(current()):
        return words.say_all(reasons, sep)


def sentence_end() -> str:
    with words.language(current()):
        return words.sentence_end()


def term(text: str) -> str:
    """One of the core's fixed terms (a binding constraint's name) in the window's language (core.report.words)."""
    with words.language(current()):
        return words.t(text)


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
