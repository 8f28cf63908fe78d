"""OR-Tools' CP-SAT without numpy or pandas: models written straight into its compiled proto, solved by its wrapper.

`ortools.sat.python.cp_model` imports numpy and pandas at its top, and its `CpModel` is a C++ `CpBaseModel` whose
constructor asks pybind11 for numpy's bool dtype, so every plan paid for numpy (55-65 ms of CPU) and for cp_model's
own module (about 90-120 ms together on this 2-core machine, `time.process_time`, 2026-12-04, #34) though the solver
uses neither. OR-Tools' compiled helper (`cp_model_helper`) has everything a model needs without them: the proto
(`CpModelProto`), variables and linear expressions (`IntVar`, `BoundedLinearExpression`, `FlatIntExpr`) and the solve
(`SolveWrapper`, `ResponseHelper`). `CpModel` here writes the constraints the solver uses exactly as `CpBaseModel`
writes them (or-tools, ortools/sat/python/pybind_constraint.cc: AddBoundedLinearExpressionInternal,
AddBoolArgumentConstraintInternal, AddLinearArgumentConstraintInternal, GetOrMakeIndexFromConstant; cp_model.py's
_set_objective), so a model's proto is byte for byte the one OR-Tools' own `CpModel` builds
(tests/core/test_cpsat_proto.py builds both for every plan of benchmarks/plan_diff.py and compares them).

A solution is read one value at a time (`CpSolver.value`): reading the response's whole `solution` array segfaulted
the window's solve thread (tests/qt/test_solve_thread.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any


def _bound_lazily() -> tuple[int, bool]:
    """(the dlopen flags to restore, whether they were changed): OR-Tools' compiled helpers and the ~40 libraries they
    need (libortools, protobuf, abseil, COIN-OR) bound lazily, each function when first called. Python opens an
    extension with RTLD_NOW, which resolves every symbol the libraries import before the first line runs: two thirds
    of loading OR-Tools went to the dynamic linker's symbol lookups (callgrind: `import cp_model_helper` 391 -> 296 M
    instructions; a journey plan 3,119 -> 3,026 M, its output the same; #34). Data references are bound at load
    either way; a missing function would fail when called rather than here, which a wheel's own libraries never do."""
    if not hasattr(sys, "setdlopenflags") or not hasattr(os, "RTLD_LAZY") or not hasattr(os, "RTLD_NOW"):
        return 0, False  # Windows: no dlopen
    flags = sys.getdlopenflags()
    sys.setdlopenflags((flags & ~os.RTLD_NOW) | os.RTLD_LAZY)
    return flags, True


_FLAGS, _CHANGED = _bound_lazily()
try:
    from ortools.sat.python import cp_model_helper as cmh
    from ortools.util.python.sorted_interval_list import Domain
finally:
    if _CHANGED:
        sys.setdlopenflags(_FLAGS)

__all__ = [
    "FEASIBLE",
    "INFEASIBLE",
    "LP_SEARCH",
    "OPTIMAL",
    "UNKNOWN",
    "CpModel",
    "CpSolver",
    "Domain",
]

OPTIMAL = cmh.CpSolverStatus.OPTIMAL
FEASIBLE = cmh.CpSolverStatus.FEASIBLE
INFEASIBLE = cmh.CpSolverStatus.INFEASIBLE
UNKNOWN = cmh.CpSolverStatus.UNKNOWN
LP_SEARCH = cmh.SatParameters.SearchBranching.LP_SEARCH
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


class Constraint:
    """A constraint added to a `CpModel`: its enforcement literals can still be added (`only_enforce_if`)."""

    __slots__ = ("_model", "index", "proto")

    def __init__(self, model: CpModel, index: int, proto: Any) -> None:
        self._model = model
        self.index = index
        self.proto = proto  # the ConstraintProto itself: protobuf keeps an element where it is as the list grows

    def only_enforce_if(self, *literals: Any) -> Constraint:
        """The constraint holds only when every literal is true (one literal, several, or one list of them)."""
        if len(literals) == 1 and isinstance(literals[0], (list, tuple)):
            literals = tuple(literals[0])
        self.proto.enforcement_literal.extend(self._model.boolean_indexes(literals))
        return self


class CpModel:
    """The subset of `cp_model.CpModel` the solver uses, writing the same proto."""

    def __init__(self) -> None:
        self.proto = cmh.CpModelProto()
        self._constraints = self.proto.constraints
        self._count = 0  # len(self.proto.constraints), kept here: asking the proto is a binding call (~2 us)
        self._constants: dict[int, int] = {}

    @property
    def model_proto(self) -> Any:
        return self.proto

    def clone(self) -> CpModel:
        """A copy of the model (its proto copied; its constants found again, as CpModel.clone does)."""
        copy = CpModel()
        copy.proto.copy_from(self.proto)
        copy._count = len(copy.proto.constraints)
        for index, var in enumerate(copy.proto.variables):
            domain = list(var.domain)
            if len(domain) == 2 and domain[0] == domain[1] and not var.name:
                copy._constants[domain[0]] = index
        return copy

    # ------------------------------------------------------------------ variables

    def new_int_var(self, lb: int, ub: int, name: str) -> Any:
        return cmh.IntVar(self.proto).with_name(name).with_domain(Domain(lb, ub))

    def new_bool_var(self, name: str) -> Any:
        return cmh.IntVar(self.proto).with_name(name).with_domain(Domain(0, 1))

    def new_constant(self, value: int) -> Any:
        return cmh.IntVar(self.proto, self._constant(value))

    def _constant(self, value: int) -> int:
        """The index of a variable fixed to `value`, made once (CpBaseModel::GetOrMakeIndexFromConstant)."""
        index = self._constants.get(value)
        if index is None:
            index = self._constants[value] = len(self.proto.variables)
            self.proto.variables.add().domain.extend([value, value])
        return index

    def boolean_index(self, literal: Any) -> int:
        """A literal's index: a variable's, a negated one's (negative), or a constant's for True/False."""
        if isinstance(literal, (cmh.IntVar, cmh.NotBooleanVariable)):
            return int(literal.index)
        if isinstance(literal, bool):
            return self._constant(int(literal))
        if isinstance(literal, int) and literal in (1, -1, 0, -2):  # -1 is ~False, -2 ~True (as CpBaseModel reads)
            return self._constant(1 if literal in (1, -1) else 0)
        raise TypeError(f"not a boolean literal: {literal!r}")

    def boolean_indexes(self, literals: Iterable[Any]) -> list[int]:
        """boolean_index of each literal; variables and negated ones (all of them, nearly always) read directly."""
        try:
            return [lit.index for lit in literals]  # a variable's or a negated variable's (negative) index
        except AttributeError:
            return [self.boolean_index(lit) for lit in literals]

    # ------------------------------------------------------------------ constraints

    def add(self, ct: Any) -> Constraint:
        """A linear constraint (`x + 2 * y <= 5`), or a constant truth."""
        if isinstance(ct, cmh.BoundedLinearExpression):
            return self._linear(ct)
        if isinstance(ct, bool):
            return self._bool_argument("bool_or", [True] if ct else [])
        raise TypeError(f"not supported: CpModel.add({type(ct).__name__!r})")

    def add_linear_expression_in_domain(self, expr: Any, domain: Domain) -> Constraint:
        if isinstance(expr, cmh.LinearExpr):
            bounded = cmh.BoundedLinearExpression(expr, domain)
            if not bounded.ok:
                raise TypeError("a linear constraint takes integer coefficients and constants only")
            return self._linear(bounded)
        if isinstance(expr, int):
            return self._bool_argument("bool_and" if domain.contains(int(expr)) else "bool_or", [])
        raise TypeError(f"not supported: add_linear_expression_in_domain({type(expr).__name__!r})")

    def _linear(self, bounded: Any) -> Constraint:
        ct = self._new()
        linear = ct.linear
        linear.vars.extend([var.index for var in bounded.vars])
        linear.coeffs.extend(bounded.coeffs)
        offset = bounded.offset
        bounds = bounded.bounds.flattened_intervals()
        if offset or _INT64_MIN in bounds or _INT64_MAX in bounds:
            bounds = [
                bound if bound in (_INT64_MIN, _INT64_MAX) else min(_INT64_MAX, max(_INT64_MIN, bound - offset))
                for bound in bounds
            ]
        linear.domain.extend(bounds)
        return Constraint(self, self._count - 1, ct)

    def _new(self) -> Any:
        """A new ConstraintProto at the end of the model."""
        self._count += 1
        return self._constraints.add()

    def add_bool_or(self, literals: Iterable[Any]) -> Constraint:
        return self._bool_argument("bool_or", literals)

    def add_bool_and(self, literals: Iterable[Any]) -> Constraint:
        return self._bool_argument("bool_and", literals)

    def add_exactly_one(self, literals: Iterable[Any]) -> Constraint:
        return self._bool_argument("exactly_one", literals)

    def _bool_argument(self, kind: str, literals: Iterable[Any]) -> Constraint:
        ct = self._new()
        argument = getattr(ct, kind)  # set even when empty (an empty bool_or is false)
        argument.literals.extend(self.boolean_indexes(list(literals)))
        return Constraint(self, self._count - 1, ct)

    def add_multiplication_equality(self, target: Any, expressions: Sequence[Any]) -> Constraint:
        """`target == expressions[0] * expressions[1] * ...`."""
        ct = self._new()
        product = ct.int_prod
        _expression(target, product.target)
        for expr in expressions:
            _expression(expr, product.exprs.add())
        return Constraint(self, self._count - 1, ct)

    # ------------------------------------------------------------------ search

    def add_assumptions(self, literals: Iterable[Any]) -> None:
        self.proto.assumptions.extend(self.boolean_indexes(list(literals)))

    def clear_assumptions(self) -> None:
        self.proto.assumptions.clear()

    def clear_hints(self) -> None:
        self.proto.clear_solution_hint()

    def minimize(self, expr: Any) -> None:
        self._objective(expr, maximize=False)

    def maximize(self, expr: Any) -> None:
        self._objective(expr, maximize=True)

    def _objective(self, expr: Any, maximize: bool) -> None:
        """cp_model.CpModel._set_objective for an integer objective: a maximum is the minimum of its negation."""
        self.proto.clear_objective()
        self.proto.clear_floating_point_objective()
        objective = self.proto.objective
        if isinstance(expr, int):
            objective.offset = int(expr)
            objective.scaling_factor = 1.0
            return
        if not isinstance(expr, cmh.LinearExpr) or not expr.is_integer():
            raise TypeError(f"not an integer objective: {type(expr).__name__!r}")
        flat = cmh.FlatIntExpr(expr)
        objective.vars.extend([var.index for var in flat.vars])
        if maximize:
            objective.scaling_factor = -1.0
            objective.offset = -flat.offset
            objective.coeffs.extend([-c for c in flat.coeffs])
        else:
            objective.scaling_factor = 1.0
            objective.offset = flat.offset
            objective.coeffs.extend(flat.coeffs)


def _expression(arg: Any, proto: Any) -> None:
    """A linear expression into a LinearExpressionProto (pybind_constraint.cc's LinearExprToProto, multiplier 1)."""
    if isinstance(arg, cmh.LinearExpr):
        flat = cmh.FlatIntExpr(arg)
        proto.vars.extend([var.index for var in flat.vars])
        proto.coeffs.extend(flat.coeffs)
        proto.offset = flat.offset
    elif isinstance(arg, int):
        proto.offset = arg
    else:
        raise TypeError(f"cannot convert {type(arg).__name__!r} to a linear expression")


class CpSolver:
    """One solve of a `CpModel` with `parameters` (cp_model.CpSolver's solve and value, without a stop button)."""

    def __init__(self) -> None:
        self.parameters = cmh.SatParameters()
        self._response: Any = None

    def solve(self, model: CpModel) -> Any:
        wrapper = cmh.SolveWrapper()
        wrapper.set_parameters(self.parameters)
        self._response = wrapper.solve(model.proto)
        return self._response.status

    def value(self, expr: Any) -> int:
        """One variable's (or expression's) value in the solution found, read alone (see the module's note)."""
        if self._response is None:
            raise RuntimeError("solve() has not been called")
        return cmh.ResponseHelper.value(self._response, expr)  # type: ignore[no-any-return]
