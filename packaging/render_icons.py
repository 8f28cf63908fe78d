"""Render the app icon SVG to the hicolor PNG sizes desktop environments look up.

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py

Reads resources/icons/llm-rig-configurator.svg and writes
resources/icons/hicolor/<N>x<N>/apps/io.github.llmrig.Configurator.png for every size
in SIZES. Run it again after changing the SVG and commit the PNGs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "llm-rig-configurator.svg"
HICOLOR = ROOT / "resources" / "icons" / "hicolor"
ICON_NAME = "io.github.llmrig.Configurator"
SIZES = (16, 32, 48, 64, 128, 256, 512)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # painting needs a Gui app
    renderer = QSvgRenderer(str(SVG), app)
    if not renderer.isValid():
        print(f"render_icons: cannot read {SVG}", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        out = HICOLOR / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out), "PNG"):
            print(f"render_icons: cannot write {out}", file=sys.stderr)
            return 1
        print(f"{out.relative_to(ROOT)}  {size}x{size}  {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
