"""The second solution that steers the cage generators, the same with either engine."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from ..puzzle import Puzzle
from ..solver import Solver
from ..solver.engine import Engine
from ..solver.stats import Stats


def other_solution(puzzle: Puzzle, solution: Sequence[int]) -> list[int] | None:
    """A solution of ``puzzle`` (made from ``solution``, so it has one) other than
    ``solution``, or None when it has no other.

    The engine in use counts; the other solution, which a generator's next step
    depends on, comes from the pure engine, whose search order is the same on
    every install: a seed makes the same puzzle with or without the native engine.
    """
    if Solver(puzzle, check=False).count(2) < 2:
        return None
    found = islice(Engine(puzzle).search(Stats(), limit=2), 2)
    return next(values for values in map(list, found) if values != list(solution))
