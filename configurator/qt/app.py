"""Start the desktop app: QApplication, organisation names, the main window."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str]) -> int:
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    from configurator import __version__
    from configurator.storage import catalogs

    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setOrganizationName("LLMRigConfigurator")
    app.setApplicationName("LLM Rig Configurator")
    app.setApplicationVersion(__version__)
    result = catalogs.load()
    counts = ", ".join(f"{len(v)} {k}" for k, v in result.catalog.records.items())
    window = QMainWindow()
    window.setWindowTitle("LLM Rig Configurator")
    window.setCentralWidget(QLabel(f"Catalog loaded: {counts}"))
    window.resize(900, 600)
    window.show()
    return int(app.exec())
