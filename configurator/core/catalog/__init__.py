"""Catalog records, loading and validation (no Qt)."""
