"""Where user files live: paths, settings, catalog overlays, projects (no Qt)."""
