"""The Calcudoku course's exhaustive search: increment one cell at a time.

The seed's pseudocode, for a grid whose cells all start at 0::

    current = first cell
    repeat until the grid is full and valid:
        increment current
        if current > N: set it to 0, move back one cell    (a *backtrack*)
        else: validate the whole grid                      (a *check*)
              if valid, move on to the next cell (row-major)

The increment past N is not a check: nothing is validated there.

Givens are fixed: only the free (empty) cells take part. "Next cell" is the
next free cell in row-major order and "move back" the previous free cell, so
the search never changes a given, and every check still validates the whole
grid, givens included. With no givens this is the seed's pseudocode word for
word. A puzzle whose givens fill the grid is validated once (one check).
Moving back before the first free cell means there is no solution.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter

from ..cages import Cage
from ..errors import InvalidPuzzle, SearchLimit, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle
from ..relations import allows, by_cell
from ..sightlines import by_cell as sightlines_by_cell

SUPPORTED_OPERATORS = "+="
_CLOCK_EVERY = 4096


@dataclass
class BruteForceStats:
    """``checks``: grid validations; ``backtracks``: moves back to the previous cell."""

    checks: int = 0
    backtracks: int = 0

    def __str__(self) -> str:
        return f"checks: {self.checks} backtracks: {self.backtracks}"


def refusal(puzzle: Puzzle) -> str | None:
    """Why brute force cannot take ``puzzle`` (a cage it cannot check), or None."""
    for cage in puzzle.cages:
        if cage.op not in SUPPORTED_OPERATORS:
            where = _cage_name(puzzle, cage)
            return (
                f"brute force checks only sum (+) and value (=) cages, not {where} "
                "(use --algorithm backtrack)"
            )
    return None


def is_valid(puzzle: Puzzle, values: list[int] | tuple[int, ...]) -> bool:
    """The seed's ``validate_all`` for a partly filled grid (0 = empty).

    No unit (row, column, box, diagonal) holds a positive value twice; a full
    cage hits its target; a partly filled cage sums to less than its target;
    a Killer cage holds no positive value twice; no sign or bar between two
    filled cells is broken; the towers filled in front of a Skyscrapers clue
    do not already break it.
    """
    for unit in puzzle.geometry.units:
        filled = [values[cell] for cell in unit if values[cell]]
        if len(filled) != len(set(filled)):
            return False
    for relation in puzzle.relations:
        a, b = values[relation.first], values[relation.second]
        if a and b and not relation.holds(a, b):
            return False
    if not all(line.open_to(values) for line in puzzle.sightlines):
        return False
    return all(_cage_ok(cage, [values[cell] for cell in cage.cells]) for cage in puzzle.cages)


def brute_force(
    puzzle: Puzzle,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    stats: BruteForceStats | None = None,
) -> Grid:
    """The first solution in increment order, counting checks and backtracks in ``stats``.

    ``node_limit`` caps the checks and ``time_limit`` the seconds (raising
    SearchLimit); Unsolvable when there is no solution. ``stats`` keeps the
    counts whichever way the search ends.
    """
    puzzle.check()
    reason = refusal(puzzle)
    if reason:
        raise InvalidPuzzle(reason)
    stats = stats if stats is not None else BruteForceStats()
    values = list(puzzle.givens)
    free = [cell for cell, given in enumerate(values) if not given]
    if not free:
        stats.checks += 1
        if is_valid(puzzle, values):
            return Grid(puzzle.size, tuple(values))
        raise Unsolvable("the givens break a rule: the puzzle has no solution")
    # Before a check every other cell is as it was when the grid last passed
    # validation (later free cells are back at 0; clearing values keeps a grid
    # valid), so validating the whole grid equals validating the givens once
    # and then only the units and cage of the current cell.
    givens_valid = is_valid(puzzle, values)
    fits = _fits(puzzle, values)
    deadline = perf_counter() + time_limit if time_limit is not None else None
    size, index, last = puzzle.size, 0, len(free) - 1
    while True:
        cell = free[index]
        value = values[cell] + 1
        if value > size:
            values[cell] = 0
            stats.backtracks += 1
            index -= 1
            if index < 0:
                raise Unsolvable("the search went back before the first cell: no solution")
            continue
        if node_limit is not None and stats.checks >= node_limit:
            raise SearchLimit(f"search stopped at the node limit ({node_limit})")
        if deadline is not None and stats.checks % _CLOCK_EVERY == 0 and perf_counter() > deadline:
            raise SearchLimit("search stopped at the time limit")
        values[cell] = value
        stats.checks += 1
        if givens_valid and fits(cell, value):
            if index == last:
                return Grid(size, tuple(values))
            index += 1


def _fits(puzzle: Puzzle, values: list[int]):
    """A test that ``value`` at ``cell`` breaks no unit, relation or cage, the rest being valid."""
    peers = [tuple(group) for group in puzzle.geometry.peers]
    cage_of = puzzle.cage_of
    relations_of = by_cell(puzzle.relations)
    lines_of = sightlines_by_cell(puzzle.sightlines, puzzle.size)

    def fits(cell: int, value: int) -> bool:
        for peer in peers[cell]:
            if values[peer] == value:
                return False
        if cell in relations_of and not allows(relations_of[cell], cell, value, values):
            return False
        if cell in lines_of and not all(line.open_to(values) for line in lines_of[cell]):
            return False
        cage = cage_of.get(cell)
        return cage is None or _cage_ok(cage, [values[c] for c in cage.cells])

    return fits


def _cage_ok(cage: Cage, cage_values: list[int]) -> bool:
    filled = [v for v in cage_values if v]
    if cage.distinct and len(filled) != len(set(filled)):
        return False
    if len(filled) == len(cage_values):
        return sum(filled) == cage.target
    return sum(filled) < cage.target


def _cage_name(puzzle: Puzzle, cage: Cage) -> str:
    label = f" {cage.label!r}" if cage.label else ""
    return f"cage{label} {cage.target}{cage.op} at {puzzle.geometry.name(cage.cells[0])}"
