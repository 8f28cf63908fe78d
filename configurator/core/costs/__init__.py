"""Buy or rent: what a build costs to own (electricity, upkeep, resale) against the cloud offer that does the same
work (tco.py). Reads the plan's nouns (core.model), the estimate and the catalog; never the solver."""
