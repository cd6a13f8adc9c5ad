"""The candidate-sets course's ``solve``: remove solved values from their peers until stuck.

Every cell holds a set of candidates: ``{given}`` for a given, ``{1..N}`` for
a blank. A sweep visits the cells in row-major order; each cell whose set is a
singleton removes its value from the other cells of its row, column and box
(and diagonals, for Sudoku-X). Sweeps repeat until one removes nothing. Cages
play no part, so KenKen and Killer puzzles are refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidPuzzle, Unsolvable
from ..grid import Grid
from ..puzzle import Puzzle


@dataclass
class EliminateStats:
    """``eliminations``: candidates removed; ``sweeps``: passes over the grid, the last one idle."""

    eliminations: int = 0
    sweeps: int = 0

    def __str__(self) -> str:
        return f"eliminations: {self.eliminations} sweeps: {self.sweeps}"


@dataclass(frozen=True)
class Elimination:
    """Where elimination stopped: the candidates of every cell."""

    size: int
    candidates: tuple[frozenset[int], ...]

    @property
    def grid(self) -> Grid:
        """The solved cells (singletons); 0 where several candidates remain."""
        return Grid(self.size, tuple(_only(c) for c in self.candidates))

    @property
    def solved(self) -> bool:
        return all(len(c) == 1 for c in self.candidates)

    def unsolved(self) -> dict[int, tuple[int, ...]]:
        """The sorted candidates of each cell not yet solved, by cell index."""
        return {cell: tuple(sorted(c)) for cell, c in enumerate(self.candidates) if len(c) != 1}


def refusal(puzzle: Puzzle) -> str | None:
    """Why elimination cannot take ``puzzle`` (it has rules beyond units), or None."""
    if not puzzle.units_only:
        return (
            f"eliminate knows only rows, columns and boxes, not the {puzzle.rules_word} of a "
            f"{puzzle.variant} puzzle (use --algorithm fast or backtrack)"
        )
    return None


def eliminate(puzzle: Puzzle, *, stats: EliminateStats | None = None) -> Elimination:
    """Propagate solved cells to their peers until nothing changes.

    Raises Unsolvable, naming the cell, when a cell loses its last candidate;
    ``stats`` keeps the counts either way.
    """
    puzzle.check()
    reason = refusal(puzzle)
    if reason:
        raise InvalidPuzzle(reason)
    stats = stats if stats is not None else EliminateStats()
    everything = range(1, puzzle.size + 1)
    sets = [{given} if given else set(everything) for given in puzzle.givens]
    peers = [sorted(group) for group in puzzle.geometry.peers]
    name = puzzle.geometry.name
    changed = True
    while changed:
        changed = False
        stats.sweeps += 1
        for cell, candidates in enumerate(sets):
            if len(candidates) != 1:
                continue
            (value,) = candidates
            for peer in peers[cell]:
                if value in sets[peer]:
                    sets[peer].discard(value)
                    stats.eliminations += 1
                    changed = True
                    if not sets[peer]:
                        raise Unsolvable(
                            f"{name(peer)} has no candidate left after removing {value} "
                            f"(solved at {name(cell)}): the puzzle has no solution"
                        )
    return Elimination(puzzle.size, tuple(frozenset(c) for c in sets))


def _only(candidates: frozenset[int]) -> int:
    return next(iter(candidates)) if len(candidates) == 1 else 0
