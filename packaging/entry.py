"""PyInstaller entry point: the frozen `llm-rig` is exactly `configurator.launcher:main`."""

import sys

from configurator.launcher import main

if __name__ == "__main__":
    sys.exit(main())
