"""The solving algorithms by name, and one result type for all of them.

``fast`` is latinum's exact engine; ``brute-force``, ``backtrack`` and
``eliminate`` are the seed documents' methods, each with its own counters.

>>> from latinum import Puzzle
>>> result = run(Puzzle.latin("12..21....12..21"), "backtrack")
>>> result.grid.line(), result.counters_text
('1234214334124321', 'choices: 20 nodes: 8')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from time import perf_counter
from typing import Any

from ..errors import InvalidPuzzle, LatinumError, SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from .api import solve
from .backtrack import BacktrackStats, backtrack
from .brute_force import BruteForceStats, brute_force
from .brute_force import refusal as brute_force_refusal
from .eliminate import EliminateStats, Elimination, eliminate
from .eliminate import refusal as eliminate_refusal
from .stats import Stats

Search = Callable[[Puzzle, Any, "int | None", "float | None"], "Grid | Elimination"]


@dataclass(frozen=True)
class Algorithm:
    """A named method: how to run it, its counters and which puzzles it refuses."""

    name: str
    summary: str
    new_stats: Callable[[], Any]
    search: Search
    refusal: Callable[[Puzzle], str | None] = lambda puzzle: None


@dataclass(frozen=True)
class AlgorithmResult:
    """What one run found.

    ``grid`` is the solution, or for ``eliminate`` the cells it solved (0
    elsewhere); ``candidates`` holds the sorted candidates of each cell
    ``eliminate`` left unsolved. ``counters`` are in the algorithm's own order.
    """

    algorithm: str
    grid: Grid
    solved: bool
    counters: dict[str, int]
    seconds: float
    candidates: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def counters_text(self) -> str:
        """The counters as ``name: value`` pairs, such as ``checks: 2265 backtracks: 438``."""
        return " ".join(f"{name}: {value}" for name, value in self.counters.items())


class NoSolution(Unsolvable):
    """Unsolvable, with the counters of the run that found out (``result``)."""

    def __init__(self, message: str, result: AlgorithmResult) -> None:
        super().__init__(message)
        self.result = result


class Stopped(SearchLimit):
    """SearchLimit, with the counters of the run that was stopped (``result``)."""

    def __init__(self, message: str, result: AlgorithmResult) -> None:
        super().__init__(message)
        self.result = result


ALGORITHMS: dict[str, Algorithm] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm(
            "fast",
            "latinum's exact engine: propagation and search",
            Stats,
            lambda p, s, nodes, seconds: solve(p, node_limit=nodes, time_limit=seconds, stats=s),
        ),
        Algorithm(
            "brute-force",
            "the Calcudoku course's cell-by-cell increment search",
            BruteForceStats,
            lambda p, s, nodes, seconds: brute_force(
                p, node_limit=nodes, time_limit=seconds, stats=s
            ),
            brute_force_refusal,
        ),
        Algorithm(
            "backtrack",
            "the Mathdoku course's backtracking over empty cells",
            BacktrackStats,
            lambda p, s, nodes, seconds: backtrack(
                p, node_limit=nodes, time_limit=seconds, stats=s
            ),
        ),
        Algorithm(
            "eliminate",
            "the candidate-sets course's elimination until stuck",
            EliminateStats,
            lambda p, s, nodes, seconds: eliminate(p, stats=s),
            eliminate_refusal,
        ),
    )
}


def get(name: str) -> Algorithm:
    """The algorithm called ``name``."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise LatinumError(f"unknown algorithm {name!r} (known: {known})") from None


def refusal(puzzle: Puzzle, name: str) -> str | None:
    """Why the algorithm ``name`` cannot take ``puzzle``, or None if it can."""
    return get(name).refusal(puzzle)


def applicable(puzzle: Puzzle) -> list[str]:
    """The names of the algorithms that accept ``puzzle``, in registry order."""
    return [name for name, algorithm in ALGORITHMS.items() if algorithm.refusal(puzzle) is None]


def run(
    puzzle: Puzzle,
    algorithm: str = "fast",
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> AlgorithmResult:
    """Run one algorithm on ``puzzle``.

    Raises InvalidPuzzle for a broken definition or a puzzle the algorithm
    refuses, :class:`NoSolution` (an Unsolvable) and :class:`Stopped` (a
    SearchLimit) carrying the counters. ``eliminate`` ignores the limits: it
    always ends after at most N**3 eliminations.
    """
    method = get(algorithm)
    reason = method.refusal(puzzle)
    if reason:
        raise InvalidPuzzle(reason)
    stats = method.new_stats()
    start = perf_counter()

    def result(grid: Grid, solved: bool, candidates: dict | None = None) -> AlgorithmResult:
        # Restarts only where there were some, as str(Stats) shows them.
        counters = {
            k: v for k, v in asdict(stats).items() if isinstance(v, int) and (v or k != "restarts")
        }
        seconds = perf_counter() - start
        return AlgorithmResult(method.name, grid, solved, counters, seconds, candidates or {})

    try:
        found = method.search(puzzle, stats, node_limit, time_limit)
    except Unsolvable as error:
        raise NoSolution(str(error), result(puzzle.grid, False)) from error
    except SearchLimit as error:
        raise Stopped(str(error), result(puzzle.grid, False)) from error
    if isinstance(found, Elimination):
        return result(found.grid, found.solved, found.unsolved())
    return result(found, True)
