"""`llm-rig advise` and the map: GPUs ranked by value and the cheapest machine per model (`landscape`), the map's
cells solved in worker processes (`mapworkers`)."""
