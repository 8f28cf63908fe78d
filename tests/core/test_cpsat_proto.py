"""The solver's numpy-free CP-SAT builder (core/solve/cpsat.py) writes exactly the proto OR-Tools' own CpModel writes.

Every model of every plan in benchmarks/plan_diff.py (the requests that prove a speed change byte-identical, #34) is
built twice, call by call: by cpsat.CpModel and by `ortools.sat.python.cp_model.CpModel` (numpy and all). Before each
solve the two protos must be the same text; a builder that wrote one coefficient, domain bound, enforcement literal,
constant or objective term otherwise would send CP-SAT another model and could change a plan.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
from pathlib import Path
from typing import Any

import pytest

from configurator.cli.main import main
from configurator.core.common import memo
from configurator.core.solve import cpsat

REPO = Path(__file__).resolve().parents[2]


def _plan_diff_requests() -> dict[str, list[str]]:
    spec = importlib.util.spec_from_file_location("plan_diff", REPO / "benchmarks" / "plan_diff.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.REQUESTS)


REQUESTS = _plan_diff_requests()


class _Both:
    """A constraint of both models: enforcement literals go to each."""

    def __init__(self, ours: Any, theirs: Any) -> None:
        self.ours, self.theirs = ours, theirs

    def only_enforce_if(self, *literals: Any) -> _Both:
        self.ours.only_enforce_if(*literals)
        self.theirs.only_enforce_if(*literals)
        return self


class _Twin(cpsat.CpModel):
    """cpsat.CpModel, with every call made on OR-Tools' CpModel too (their variables share indexes: both models make
    them in the same order, and a constraint reads only a variable's index)."""

    def __init__(self) -> None:
        from ortools.sat.python import cp_model

        super().__init__()
        self.theirs = cp_model.CpModel()

    def _both(self, name: str, *args: Any) -> Any:
        ours = getattr(super(), name)(*args)
        theirs = getattr(self.theirs, name)(*args)
        return _Both(ours, theirs) if isinstance(ours, cpsat.Constraint) else ours

    def new_int_var(self, lb: int, ub: int, name: str) -> Any:
        return self._both("new_int_var", lb, ub, name)

    def new_bool_var(self, name: str) -> Any:
        return self._both("new_bool_var", name)

    def new_constant(self, value: int) -> Any:
        return self._both("new_constant", value)

    def add(self, ct: Any) -> Any:
        return self._both("add", ct)

    def add_linear_expression_in_domain(self, expr: Any, domain: Any) -> Any:
        return self._both("add_linear_expression_in_domain", expr, domain)

    def add_bool_or(self, literals: Any) -> Any:
        return self._both("add_bool_or", list(literals))

    def add_bool_and(self, literals: Any) -> Any:
        return self._both("add_bool_and", list(literals))

    def add_exactly_one(self, literals: Any) -> Any:
        return self._both("add_exactly_one", list(literals))

    def add_multiplication_equality(self, target: Any, expressions: Any) -> Any:
        return self._both("add_multiplication_equality", target, list(expressions))

    def add_assumptions(self, literals: Any) -> None:
        self._both("add_assumptions", list(literals))

    def clear_assumptions(self) -> None:
        self._both("clear_assumptions")

    def clear_hints(self) -> None:
        self._both("clear_hints")

    def minimize(self, expr: Any) -> None:
        self._both("minimize", expr)

    def maximize(self, expr: Any) -> None:
        self._both("maximize", expr)


@pytest.mark.slow
@pytest.mark.parametrize("label", list(REQUESTS))
def test_every_model_of_a_plan_diff_plan_is_the_proto_or_tools_builds(
    label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[int] = []
    solve = cpsat.CpSolver.solve

    def checked(self: cpsat.CpSolver, model: cpsat.CpModel) -> Any:
        assert isinstance(model, _Twin)
        theirs = model.theirs.proto
        if model.proto.has_solution_hint():  # written by the solver itself (solver._run), not by the builder
            theirs.solution_hint.copy_from(model.proto.solution_hint)
        ours_text, theirs_text = str(model.proto), str(theirs)
        assert ours_text == theirs_text
        compared.append(len(model.proto.constraints))
        return solve(self, model)

    monkeypatch.setattr(cpsat, "CpModel", _Twin)
    monkeypatch.setattr(cpsat.CpSolver, "solve", checked)
    memo.clear()  # every model built here, none answered from an earlier test's memo
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["plan", *REQUESTS[label], "--json"])
    assert code in (0, 1)
    assert compared or "cluster" in label, "no model was solved"  # a cluster plan may solve no desktop model


def test_the_builder_writes_each_kind_of_constraint_as_or_tools_does() -> None:
    """One of each call the solver makes (and the edge cases: an empty clause, a constant truth, a negated literal, a
    constant reused, bounds at the domain's ends), on the two builders: the same proto."""
    from ortools.sat.python import cp_model

    model = _Twin()
    x, y = model.new_bool_var("x"), model.new_bool_var("y")
    n = model.new_int_var(0, 64, "n")
    zero, again = model.new_constant(0), model.new_constant(0)
    assert zero.index == again.index
    model.add(n == 3 * x + 5 * y.negated() + 2).only_enforce_if([x, y.negated()])
    model.add(n <= 10).only_enforce_if(x)
    model.add(n >= 1 - x)
    model.add(True)
    model.add(False)
    model.add_bool_or([x.negated(), y.negated()])
    model.add_bool_or([zero])
    model.add_bool_or([])
    model.add_exactly_one([x, y])
    model.add_multiplication_equality(model.new_bool_var("both"), [x, y])
    model.add_linear_expression_in_domain(n, cp_model.Domain.from_values([4, 8]))
    model.add(sum([x, y]) == 1)
    model.add_assumptions([x, y.negated(), True])
    model.maximize(n * 7 - x)
    assert str(model.proto) == str(model.theirs.proto)
    model.clear_assumptions()
    model.minimize(n + 3)
    assert str(model.proto) == str(model.theirs.proto)
    assert _solve(model) == cpsat.INFEASIBLE  # add(False) and the empty clause hold for no assignment


def test_a_model_solves_to_its_optimum_and_its_values_are_read_one_by_one() -> None:
    model = cpsat.CpModel()
    x, y = model.new_bool_var("x"), model.new_bool_var("y")
    n = model.new_int_var(0, 64, "n")
    model.add(n == 3 * x + 5 * y.negated() + 2)
    model.add_bool_or([x, y]).only_enforce_if(model.new_constant(1))
    model.add_linear_expression_in_domain(n, cpsat.Domain.from_values([2, 5, 7]))
    model.maximize(n * 2)
    solver = cpsat.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(model) == cpsat.OPTIMAL
    assert (solver.value(n), solver.value(x), solver.value(y)) == (5, 1, 1)
    model.minimize(n)
    model.add_assumptions([x.negated()])
    assert solver.solve(model) == cpsat.OPTIMAL
    assert (solver.value(n), solver.value(x), solver.value(y)) == (2, 0, 1)
    clone = model.clone()
    assert str(clone.proto) == str(model.proto) and clone.new_constant(1).index == model.new_constant(1).index


def _solve(model: cpsat.CpModel) -> Any:
    solver = cpsat.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model)


def test_the_solver_plans_without_numpy() -> None:
    """A plan imports neither numpy nor pandas (OR-Tools' cp_model module imported both)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from configurator.cli.main import main\n"
        "code = main(['plan', '--model', 'llama-3.1-8b', '--workload', 'inference', '--precision', 'q4_k_m',"
        " '--budget', '1500', '--json'])\n"
        "print('RESULT', code, 'numpy' in sys.modules, 'pandas' in sys.modules, 'ortools.sat.python.cp_model'"
        " in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO)
    result = out.stdout.strip().splitlines()[-1].split()
    assert result == ["RESULT", "0", "False", "False", "False"]
