"""OR-Tools' helpers are opened lazily bound (solve.cpsat, #34), and only they: the process's dlopen flags are
Python's own again once they are loaded, and a model solves as before."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
before = sys.getdlopenflags()
from configurator.core.solve import cpsat
m = cpsat.CpModel()
x = m.new_bool_var("x")
m.maximize(x)
s = cpsat.CpSolver()
print(before == sys.getdlopenflags(), s.solve(m) == cpsat.OPTIMAL, s.value(x))
"""


def test_the_dlopen_flags_are_restored_and_a_model_still_solves() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.split() == ["True", "True", "1"]
