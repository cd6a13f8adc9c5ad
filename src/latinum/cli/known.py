"""The solution that came with a puzzle (``Puzzle.solution``): is it right?"""

from __future__ import annotations

from collections.abc import Sequence

from ..grid import Grid
from ..puzzle import Puzzle


def given_solution_problem(puzzle: Puzzle, solutions: Sequence[Grid] | None) -> str | None:
    """What is wrong with the solution that came with ``puzzle``, in a few words;
    None when it is right, when none came, or when nothing is known against it.

    ``solutions`` are those the solver found (up to two; None when it did not
    finish): against the only one, the first differing cell is named.
    """
    given = puzzle.solution
    if given is None:
        return None
    name = puzzle.geometry.name
    if len(given) != len(puzzle.givens):
        return f"it has {len(given)} cells, not {len(puzzle.givens)}"
    for cell, (clue, value) in enumerate(zip(puzzle.givens, given, strict=True)):
        if clue and value != clue:
            return f"it changes the given {clue} at {name(cell)} to {_shown(value)}"
    if solutions is not None and len(solutions) == 1:
        return first_difference(puzzle, solutions[0])
    broken = puzzle.violations(given)
    return f"it breaks a rule: {broken[0]}" if broken else None


def first_difference(puzzle: Puzzle, solution: Grid) -> str | None:
    """The first cell where the given solution differs from ``solution`` (None if none)."""
    given = puzzle.solution or ()
    for cell, (right, value) in enumerate(zip(solution, given, strict=False)):
        if value != right:
            name = puzzle.geometry.name(cell)
            return f"{name} is {_shown(value)}, the only solution has {right} there"
    return None


def _shown(value: int) -> str:
    return "empty" if value == 0 else str(value)
