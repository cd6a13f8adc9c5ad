"""Solving step by step with naked singles only, the way a learner would.

At each step the top-most, then left-most empty cell whose candidates (the
values missing from every unit it belongs to: row, column, box, diagonals)
come down to one value is filled with that value.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import InvalidPuzzle, LatinumError
from ..grid import Grid
from ..puzzle import Puzzle


@dataclass(frozen=True)
class Placement:
    """One step: ``value`` written in ``cell``, and the grid after it."""

    step: int  # 1-based
    cell: int
    value: int
    grid: Grid

    @property
    def row(self) -> int:
        """1-based row of the cell."""
        return self.cell // self.grid.size + 1

    @property
    def col(self) -> int:
        """1-based column of the cell."""
        return self.cell % self.grid.size + 1


class Stuck(LatinumError):
    """No empty cell has a single candidate; ``steps`` were made before."""

    def __init__(self, steps: int, grid: Grid, dead_cell: int | None = None) -> None:
        self.steps = steps
        self.grid = grid
        self.dead_cell = dead_cell
        plural = "" if steps == 1 else "s"
        message = f"stuck after {steps} step{plural}: no cell has a single candidate"
        if dead_cell is not None:
            row, col = divmod(dead_cell, grid.size)
            message += f" (r{row + 1}c{col + 1} has none left: the puzzle has no solution)"
        super().__init__(message)


def naive_singles(puzzle: Puzzle) -> Iterator[Placement]:
    """The naked-single steps that fill ``puzzle``, one per empty cell.

    The puzzle is checked at once (InvalidPuzzle for cages or broken givens);
    the iterator raises :class:`Stuck` after the last step it could make if
    the grid is not full by then.
    """
    if not puzzle.units_only:
        raise InvalidPuzzle(
            "naked singles work on Sudoku and Latin squares, "
            f"not on {puzzle.variant} {puzzle.rules_word}"
        )
    puzzle.check()
    return _steps(puzzle)


def candidates(puzzle: Puzzle, values: tuple[int, ...] | Grid, cell: int) -> list[int]:
    """The values ``cell`` may take: those in none of its peers (empty if it is filled)."""
    if values[cell]:
        return []
    taken = {values[peer] for peer in puzzle.geometry.peers[cell]}
    return [value for value in range(1, puzzle.size + 1) if value not in taken]


def _steps(puzzle: Puzzle) -> Iterator[Placement]:
    size, peers = puzzle.size, puzzle.geometry.peers
    values = list(puzzle.givens)
    everything = (1 << (size + 1)) - 2  # bit v set: value v is still possible
    masks = [0 if value else everything for value in values]
    for filled, value in enumerate(values):
        if value:
            for peer in peers[filled]:
                masks[peer] &= ~(1 << value)
    step = 0
    while True:
        cell = next((c for c, mask in enumerate(masks) if mask and mask & (mask - 1) == 0), None)
        if cell is None:
            break
        value = masks[cell].bit_length() - 1
        values[cell], masks[cell] = value, 0
        for peer in peers[cell]:
            masks[peer] &= ~(1 << value)
        step += 1
        yield Placement(step, cell, value, Grid(size, tuple(values)))
    if 0 in values:
        dead = next((c for c, v in enumerate(values) if not v and not masks[c]), None)
        raise Stuck(step, Grid(size, tuple(values)), dead)
