"""The public solving API: :class:`Solver`, :func:`solve`, :func:`count_solutions`."""

from __future__ import annotations

from collections.abc import Sequence
from time import perf_counter
from typing import TypeVar

from ..errors import InvalidArgument, SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from .engines import engine_for
from .stats import Stats

N = TypeVar("N", int, float)


class Solver:
    """An exact solver for one puzzle; limits apply to each call.

    ``node_limit`` caps the search states per call and ``time_limit`` the
    seconds; reaching either raises :class:`~latinum.errors.SearchLimit`.
    ``stats`` accumulates over the calls.

    :meth:`solve` looks for its one solution by randomised restarts from
    ``seed`` (the same seed, the same answer; None: one deterministic search
    without restarts), which keeps big grids from the heavy tail of plain
    backtracking. Counting, uniqueness checks and :meth:`solutions` search
    completely.
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
        self.node_limit = _checked_limit("node_limit", node_limit)
        self.time_limit = _checked_limit("time_limit", time_limit, whole=False)
        self.seed = _checked_seed(seed)
        self.stats = Stats()
        self._engine = engine_for(puzzle, check)

    def solve(self) -> Grid:
        """The first solution found; raises :class:`~latinum.errors.Unsolvable`."""
        for values in self._run(1, seed=self.seed):
            return Grid(self.puzzle.size, tuple(values))
        raise Unsolvable("the puzzle has no solution")

    def solve_checked(self) -> tuple[Grid, bool | None]:
        """The first solution, and whether it is the only one (None when a limit
        stopped the search for a second); raises Unsolvable."""
        found: list[Sequence[int]] = []
        try:
            self._run(2, found)
        except SearchLimit:
            if not found:
                raise
            return Grid(self.puzzle.size, tuple(found[0])), None
        if not found:
            raise Unsolvable("the puzzle has no solution")
        return Grid(self.puzzle.size, tuple(found[0])), len(found) == 1

    def count(self, limit: int | None = 2) -> int:
        """The number of solutions, counting no further than ``limit`` (None: all).

        No solution is kept, so memory stays flat however high the limit;
        a limit that stops the count raises SearchLimit saying how many were found.
        """
        limit = _checked_limit("limit", limit)
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
        limit = _checked_limit("limit", limit)
        size = self.puzzle.size
        return [Grid(size, tuple(values)) for values in self._run(limit)]

    def _run(
        self,
        limit: int | None,
        found: list[Sequence[int]] | None = None,
        seed: int | None = None,
    ) -> list[Sequence[int]]:
        """Up to ``limit`` solutions, appended to ``found`` as they come; see
        :meth:`.engines.SearchEngine.search` for ``seed``."""
        found = [] if found is None else found
        start, passes = perf_counter(), self._engine.passes
        deadline = self._deadline(start)
        try:
            for values in self._engine.search(self.stats, self.node_limit, deadline, limit, seed):
                found.append(values)
                if limit is not None and len(found) >= limit:
                    break
        finally:
            self._account(start, passes)
        return found

    def _deadline(self, start: float) -> float | None:
        """When a call that started at ``start`` must stop (None: no time limit)."""
        return None if self.time_limit is None else start + self.time_limit

    def _account(self, start: float, passes: int) -> None:
        """Add the seconds and passes of a call that started at ``start`` to the stats."""
        self.stats.passes += self._engine.passes - passes
        self.stats.seconds += perf_counter() - start


def _checked_limit(name: str, value: N | None, whole: bool = True) -> N | None:
    """``value``, a positive number (whole unless ``whole`` is False) or None;
    :class:`~latinum.errors.InvalidArgument` otherwise."""
    kinds: tuple[type, ...] = (int,) if whole else (int, float)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, kinds) or not value > 0:
        kind = "a whole number of at least 1" if whole else "a number of seconds above 0"
        raise InvalidArgument(f"{name} must be {kind} or None, not {value!r}")
    return value


def _checked_seed(seed: int | None) -> int | None:
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
