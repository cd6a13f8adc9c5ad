"""The public solving API: :class:`Solver`, :func:`solve`, :func:`count_solutions`."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Sequence
from time import perf_counter
from typing import TypeVar

from ..errors import InvalidArgument, SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from .engines import engine_for
from .stats import Stats

N = TypeVar("N", int, float)

#: The nodes that :meth:`Solver.solve_checked` gives the complete search for
#: two solutions before taking turns with restarts: more than any 9x9 puzzle
#: of the benchmark sets needs (the forum's hardest take up to about 3,700).
CHECK_BUDGET = 8192


class Solver:
    """An exact solver for one puzzle; limits apply to each call.

    ``node_limit`` caps the search states per call and ``time_limit`` the
    seconds; reaching either raises :class:`~latinum.errors.SearchLimit`.
    ``stats`` accumulates over the calls.

    :meth:`solve` looks for its one solution by randomised restarts from
    ``seed`` (the same seed, the same answer; None: one deterministic search
    without restarts), which keeps big grids from the heavy tail of plain
    backtracking; :meth:`solve_checked` uses them too, beside the complete
    search that alone proves a solution is the only one. :meth:`count` and
    :meth:`solutions` search completely.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        check: bool = True,
        seed: int | None = 0,
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise InvalidArgument(f"a Puzzle is needed, not {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.node_limit = checked_limit("node_limit", node_limit)
        self.time_limit = checked_limit("time_limit", time_limit, whole=False)
        self.seed = checked_seed(seed)
        self.stats = Stats()
        self._engine = engine_for(puzzle, check)

    def solve(self) -> Grid:
        """The first solution found; raises :class:`~latinum.errors.Unsolvable`."""
        for values in self._run(1, seed=self.seed):
            return self._grid(values)
        raise Unsolvable("the puzzle has no solution")

    def solve_checked(self) -> tuple[Grid, bool | None]:
        """The first solution, and whether it is the only one (None when a limit
        stopped the search before it could tell); raises Unsolvable.

        The complete search for two solutions runs first, for up to
        :data:`CHECK_BUDGET` nodes, where nearly every puzzle up to 9x9 ends.
        Beyond it (big open grids, where that search has a heavy tail), the
        first solution comes from the restarts of :meth:`solve`, and two
        searches take turns with budgets that double: restarts from other
        seeds, which show there are several when they find another solution,
        and the complete search, which alone shows there is only one. With
        ``seed`` None, only the complete search runs.
        """
        call = _Call(self)
        found: list[Sequence[int]] = []
        try:
            call.search(2, found, budget=None if self.seed is None else CHECK_BUDGET)
        except _BudgetSpent:
            return self._checked_by_turns(call, found[0] if found else None)
        except SearchLimit:
            if not found:
                raise
            return self._grid(found[0]), None
        if not found:
            raise Unsolvable("the puzzle has no solution")
        return self._grid(found[0]), len(found) == 1

    def _checked_by_turns(
        self, call: _Call, first: Sequence[int] | None
    ) -> tuple[Grid, bool | None]:
        """:meth:`solve_checked` beyond the first budget, from the first solution if known."""
        seed = self.seed or 0
        try:
            if first is None:
                found: list[Sequence[int]] = []
                call.search(1, found, seed=seed)
                if not found:
                    raise Unsolvable("the puzzle has no solution")
                first = found[0]
            budget = CHECK_BUDGET
            for attempt in itertools.count(1):
                budget *= 2
                other: list[Sequence[int]] = []
                with contextlib.suppress(_BudgetSpent):
                    # Random from the start: the first descent would find the same again.
                    call.search(1, other, seed=seed + attempt, budget=budget, first_cutoff=0)
                if other and tuple(other[0]) != tuple(first):
                    return self._grid(first), False
                found = []
                with contextlib.suppress(_BudgetSpent):
                    call.search(2, found, budget=budget)
                    return self._grid(first), len(found) == 1
        except SearchLimit:
            if first is None:
                raise
        return self._grid(first), None

    def count(self, limit: int | None = 2) -> int:
        """The number of solutions, counting no further than ``limit`` (None: all).

        No solution is kept, so memory stays flat however high the limit;
        a limit that stops the count raises SearchLimit saying how many were found.
        """
        limit = checked_limit("limit", limit)
        start, passes = perf_counter(), self._engine.passes
        deadline = self._deadline(start)
        try:
            found, stopped = self._engine.count(self.stats, self.node_limit, deadline, limit)
        finally:
            self._account(start, passes)
        if stopped:
            raise SearchLimit(f"{stopped} after {found:,} solutions")
        return found

    def solutions(self, limit: int | None = None) -> list[Grid]:
        """Up to ``limit`` solutions (all of them when None)."""
        limit = checked_limit("limit", limit)
        return [self._grid(values) for values in self._run(limit)]

    def _run(self, limit: int | None, seed: int | None = None) -> list[Sequence[int]]:
        """Up to ``limit`` solutions within the solver's limits; see
        :meth:`.engines.SearchEngine.search` for ``seed``."""
        found: list[Sequence[int]] = []
        self._search(limit, found, seed, self.node_limit, self._deadline(perf_counter()))
        return found

    def _search(
        self,
        limit: int | None,
        found: list[Sequence[int]],
        seed: int | None,
        node_limit: int | None,
        deadline: float | None,
        first_cutoff: int | None = None,
    ) -> None:
        """Append up to ``limit`` solutions to ``found`` as they come."""
        start, passes = perf_counter(), self._engine.passes
        engine = self._engine
        try:
            for values in engine.search(
                self.stats, node_limit, deadline, limit, seed, first_cutoff
            ):
                found.append(values)
                if limit is not None and len(found) >= limit:
                    break
        finally:
            self._account(start, passes)

    def _grid(self, values: Sequence[int]) -> Grid:
        return Grid(self.puzzle.size, tuple(values))

    def _deadline(self, start: float) -> float | None:
        """When a call that started at ``start`` must stop (None: no time limit)."""
        return None if self.time_limit is None else start + self.time_limit

    def _account(self, start: float, passes: int) -> None:
        """Add the seconds and passes of a call that started at ``start`` to the stats."""
        self.stats.passes += self._engine.passes - passes
        self.stats.seconds += perf_counter() - start


class _BudgetSpent(Exception):
    """A search of :meth:`Solver.solve_checked` spent its own budget, not the caller's limits."""


class _Call:
    """The searches of one call, sharing the solver's node and time limits."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.deadline = solver._deadline(perf_counter())
        self.nodes_left = solver.node_limit

    def search(
        self,
        limit: int | None,
        found: list[Sequence[int]],
        seed: int | None = None,
        budget: int | None = None,
        first_cutoff: int | None = None,
    ) -> None:
        """Append up to ``limit`` solutions to ``found``; raises _BudgetSpent after
        ``budget`` nodes, SearchLimit at the solver's limits."""
        solver, left = self.solver, self.nodes_left
        if left is not None and left <= 0:
            raise self._node_limit()
        by_budget = budget is not None and (left is None or budget < left)
        cap = budget if by_budget else left
        before = solver.stats.nodes
        try:
            solver._search(limit, found, seed, cap, self.deadline, first_cutoff)
        except SearchLimit as limited:
            if self.deadline is not None and perf_counter() >= self.deadline:
                raise SearchLimit("search stopped at the time limit") from limited
            if by_budget:
                raise _BudgetSpent() from None
            raise self._node_limit() from limited
        finally:
            if left is not None:
                self.nodes_left = left - (solver.stats.nodes - before)

    def _node_limit(self) -> SearchLimit:
        return SearchLimit(f"search stopped at the node limit ({self.solver.node_limit})")


def checked_limit(name: str, value: N | None, whole: bool = True) -> N | None:
    """``value``, a positive number (whole unless ``whole`` is False) or None;
    :class:`~latinum.errors.InvalidArgument` otherwise."""
    kinds: tuple[type, ...] = (int,) if whole else (int, float)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, kinds) or not value > 0:
        kind = "a whole number of at least 1" if whole else "a number of seconds above 0"
        raise InvalidArgument(f"{name} must be {kind} or None, not {value!r}")
    return value


def checked_seed(seed: int | None) -> int | None:
    """``seed``, a whole number or None; InvalidArgument otherwise."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidArgument(f"seed must be a whole number or None, not {seed!r}")
    return seed


def solve(
    puzzle: Puzzle,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: Stats | None = None,
    seed: int | None = 0,
) -> Grid:
    """The first solution of ``puzzle`` as a :class:`~latinum.grid.Grid`.

    Raises InvalidPuzzle for a broken definition, Unsolvable when there is no
    solution and SearchLimit when ``node_limit`` or ``time_limit`` (seconds)
    is reached. ``stats``, if given, receives the search statistics. The
    search restarts at random from ``seed`` (see :class:`Solver`): of a
    puzzle with several solutions, another seed may find another.
    """
    solver = Solver(puzzle, node_limit=node_limit, time_limit=time_limit, seed=seed)
    try:
        return solver.solve()
    finally:
        if stats is not None:
            stats.add(solver.stats)


def count_solutions(
    puzzle: Puzzle,
    limit: int | None = 2,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: Stats | None = None,
) -> int:
    """How many solutions ``puzzle`` has, from 0 up to ``limit`` (None: all).

    Counting keeps no solution; SearchLimit at a limit says how many were found.
    """
    solver = Solver(puzzle, node_limit=node_limit, time_limit=time_limit)
    try:
        return solver.count(limit)
    finally:
        if stats is not None:
            stats.add(solver.stats)
