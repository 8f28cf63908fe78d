"""The llm-rig command line: catalogs, estimates and build plans, without Qt."""

from configurator.cli.main import main

__all__ = ["main"]
