"""`python -m configurator`: the same as the `llm-rig` command."""

from configurator.launcher import main

raise SystemExit(main())
