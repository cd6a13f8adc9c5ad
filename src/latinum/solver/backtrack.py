"""The Mathdoku course's backtracking: fill empty cells in row order with 1..N.

Each value is checked against its row, column, box and diagonals (when the
puzzle has them) and its cage, with the seed's cage rules:

* ``+`` the cage's sum with the value does not exceed the target (a full cage equals it)
* ``*`` the product likewise
* ``-`` true while the other cell is empty, else the difference equals the target
* ``/`` true while the other cell is empty, else larger / smaller equals the target exactly
* ``=`` the value equals the target

and a Killer cage's values all differ; a Futoshiki sign or bar holds with
each neighbour already filled; the towers filled in front of a Skyscrapers
clue do not already break it. The recursion of the seed is an
explicit stack here, so 25x25 grids (625 cells) cannot overflow Python's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from time import perf_counter

from ..cages import Cage
from ..errors import SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from ..relations import allows, by_cell
from ..sightlines import by_cell as sightlines_by_cell

_CLOCK_EVERY = 4096


@dataclass
class BacktrackStats:
    """``choices``: wrong choices; ``nodes``: values placed in a cell.

    A wrong choice is a value tried at an empty cell that does not stay there
    in the end: it fails the checks, or it is placed and every way of filling
    the cells after it fails. A solved puzzle thus tried ``choices`` plus its
    empty cells values in all; an unsolvable one tried ``choices``.
    """

    choices: int = 0
    nodes: int = 0

    def __str__(self) -> str:
        return f"choices: {self.choices} nodes: {self.nodes}"


def backtrack(
    puzzle: Puzzle,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: BacktrackStats | None = None,
) -> Grid:
    """The first solution in row order, counting choices and nodes in ``stats``.

    ``node_limit`` caps the placements and ``time_limit`` the seconds (raising
    SearchLimit); Unsolvable when there is no solution. ``stats`` keeps the
    counts whichever way the search ends.
    """
    puzzle.check()
    stats = stats if stats is not None else BacktrackStats()
    values = list(puzzle.givens)
    allowed = _checker(puzzle, values)
    empty = [cell for cell, given in enumerate(values) if not given]
    deadline = perf_counter() + time_limit if time_limit is not None else None
    size, depth = puzzle.size, 0
    # next_value[d] is the next value to try at empty[d]: the seed's loop
    # variable, kept here instead of on the call stack.
    next_value = [1] * (len(empty) + 1)
    while depth < len(empty):
        cell = empty[depth]
        if values[cell]:
            # Back from a subtree that failed: the value placed here was wrong.
            # The seed's choicesIncrement counts the same failed values.
            values[cell] = 0
            stats.choices += 1
        for value in range(next_value[depth], size + 1):
            if allowed(cell, value):
                break
            stats.choices += 1
        else:
            next_value[depth] = 1
            depth -= 1
            if depth < 0:
                raise Unsolvable("every value failed at the first empty cell: no solution")
            continue
        if node_limit is not None and stats.nodes >= node_limit:
            raise SearchLimit(f"search stopped at the node limit ({node_limit})")
        if deadline is not None and stats.nodes % _CLOCK_EVERY == 0 and perf_counter() > deadline:
            raise SearchLimit("search stopped at the time limit")
        values[cell] = value
        stats.nodes += 1
        next_value[depth] = value + 1
        depth += 1
    return Grid(size, tuple(values))


def _checker(puzzle: Puzzle, values: list[int]) -> Callable[[int, int], bool]:
    """The seed's ``valueValidation``: may ``value`` go in the empty ``cell``?"""
    peers = [tuple(group) for group in puzzle.geometry.peers]
    cage_of = puzzle.cage_of
    relations_of = by_cell(puzzle.relations)
    lines_of = sightlines_by_cell(puzzle.sightlines, puzzle.size)

    def allowed(cell: int, value: int) -> bool:
        for peer in peers[cell]:
            if values[peer] == value:
                return False
        if cell in relations_of and not allows(relations_of[cell], cell, value, values):
            return False
        if cell in lines_of and not _lines_open(lines_of[cell], cell, value, values):
            return False
        cage = cage_of.get(cell)
        return cage is None or cage_allows(
            cage, value, [values[c] for c in cage.cells if c != cell]
        )

    return allowed


def _lines_open(lines: tuple, cell: int, value: int, values: list[int]) -> bool:
    """True if ``value`` at ``cell`` leaves each of the clues ``lines`` open."""
    values[cell] = value
    try:
        return all(line.open_to(values) for line in lines)
    finally:
        values[cell] = 0


def cage_allows(cage: Cage, value: int, others: list[int]) -> bool:
    """The seed's ``groupValidation`` for ``value`` beside the cage's ``others`` (0 = empty)."""
    filled = [v for v in others if v]
    if cage.distinct and value in filled:
        return False
    full = len(filled) == len(others)
    op, target = cage.op, cage.target
    if op == "=":
        return value == target
    if op in "+*":
        total = value + sum(filled) if op == "+" else value * prod(filled)
        return total == target if full else total <= target
    if not full:
        return True
    low, high = sorted((value, filled[0]))
    return high - low == target if op == "-" else high == low * target
