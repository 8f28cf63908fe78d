"""The pairwise compatibility predicates now live in the rulebook (configurator/core/rules/compat.py); this name stays
for the solver's modules that import it (`from configurator.core.solve import compat`)."""

from configurator.core.rules.compat import *  # noqa: F403
