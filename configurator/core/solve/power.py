"""The power arithmetic now lives in the rulebook (configurator/core/rules/watts.py); this name stays for the solver's
modules that import it (`from configurator.core.solve import power`)."""

from configurator.core.rules.watts import *  # noqa: F403
