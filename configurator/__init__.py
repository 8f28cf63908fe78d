"""LLM Rig Configurator: what machine to buy to run, fine-tune or train a given LLM."""

__version__ = "0.1.0"
