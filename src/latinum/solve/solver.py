"""The public solving API: :class:`Solver`, :func:`solve`, :func:`count_solutions`."""

from __future__ import annotations

from time import perf_counter

from ..errors import SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from .engines import engine_for
from .stats import Stats


class Solver:
    """An exact solver for one puzzle; limits apply to each call.

    ``node_limit`` caps the search states per call and ``time_limit`` the
    seconds; reaching either raises :class:`~latinum.errors.SearchLimit`.
    ``stats`` accumulates over the calls.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        check: bool = True,
    ) -> None:
        if check:
            puzzle.check()
        self.puzzle = puzzle
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.stats = Stats()
        self._engine = engine_for(puzzle)

    def solve(self) -> Grid:
        """The first solution found; raises :class:`~latinum.errors.Unsolvable`."""
        for values in self._run(1):
            return Grid(self.puzzle.size, tuple(values))
        raise Unsolvable("the puzzle has no solution")

    def solve_checked(self) -> tuple[Grid, bool | None]:
        """The first solution, and whether it is the only one (None when a limit
        stopped the search for a second); raises Unsolvable."""
        found: list[list[int]] = []
        try:
            self._run(2, found)
        except SearchLimit:
            if not found:
                raise
            return Grid(self.puzzle.size, tuple(found[0])), None
        if not found:
            raise Unsolvable("the puzzle has no solution")
        return Grid(self.puzzle.size, tuple(found[0])), len(found) == 1

    def count(self, limit: int = 2) -> int:
        """The number of solutions, counting no further than ``limit``."""
        return len(self.solutions(limit))

    def solutions(self, limit: int | None = None) -> list[Grid]:
        """Up to ``limit`` solutions (all of them when None)."""
        size = self.puzzle.size
        return [Grid(size, tuple(values)) for values in self._run(limit)]

    def _run(self, limit: int | None, found: list[list[int]] | None = None) -> list[list[int]]:
        """Up to ``limit`` solutions, appended to ``found`` as they come."""
        engine = self._engine
        start = perf_counter()
        deadline = start + self.time_limit if self.time_limit is not None else None
        passes = engine.passes
        found = [] if found is None else found
        try:
            if limit is None or limit > 0:
                for values in engine.search(self.stats, self.node_limit, deadline, limit):
                    found.append(values)
                    if limit is not None and len(found) >= limit:
                        break
        finally:
            self.stats.passes += engine.passes - passes
            self.stats.seconds += perf_counter() - start
        return found


def solve(
    puzzle: Puzzle,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: Stats | None = None,
) -> Grid:
    """The first solution of ``puzzle`` as a :class:`~latinum.grid.Grid`.

    Raises InvalidPuzzle for a broken definition, Unsolvable when there is no
    solution and SearchLimit when ``node_limit`` or ``time_limit`` (seconds)
    is reached. ``stats``, if given, receives the search statistics.
    """
    solver = Solver(puzzle, node_limit=node_limit, time_limit=time_limit)
    try:
        return solver.solve()
    finally:
        if stats is not None:
            stats.add(solver.stats)


def count_solutions(
    puzzle: Puzzle,
    limit: int = 2,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: Stats | None = None,
) -> int:
    """How many solutions ``puzzle`` has, from 0 up to ``limit``."""
    solver = Solver(puzzle, node_limit=node_limit, time_limit=time_limit)
    try:
        return solver.count(limit)
    finally:
        if stats is not None:
            stats.add(solver.stats)
