"""Constraint solver: complete, buildable workstations from a requirement (OR-Tools CP-SAT)."""
