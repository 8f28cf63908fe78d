"""The nouns of a plan, below the solver and the costs that both use them: the buyer's request (`request.py`), a
build with its parts, estimate, checks and costs (`build.py`), and how loud a build is (`noise.py`, a figure of its
parts that `Build.spec` carries). Imports the estimate, the rulebook and the reason codes, never the solver, the costs
or the report (an import contract in pyproject.toml): `tco` reads a build without importing the solver, and the
solver's plan adds costs to its builds, so neither package imports the other in a cycle."""
