"""Taking clues away from a full grid while the puzzle stays unique (Futoshiki, Skyscrapers)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from ..errors import SearchLimit
from ..puzzle import Puzzle
from ..solver import count_solutions
from .progress import Attempts

Clue = TypeVar("Clue", bound=Hashable)


def take_away(
    givens: list[int],
    cells: Sequence[int],
    clues: Sequence[Clue],
    kept: set[Clue],
    puzzle: Callable[[list[int], set[Clue]], Puzzle],
    node_limit: int,
    tried: Attempts,
) -> Puzzle:
    """Empty ``cells`` of ``givens``, then drop ``clues`` from ``kept``, one at a time
    in that order; each removal stays only while ``puzzle(givens, kept)`` is proven to
    have one solution within ``node_limit`` search nodes."""
    for cell in cells:
        tried.check_time()
        value, givens[cell] = givens[cell], 0
        if not unique(puzzle(givens, kept), node_limit):
            givens[cell] = value
    for clue in clues:
        tried.check_time()
        kept.discard(clue)
        if not unique(puzzle(givens, kept), node_limit):
            kept.add(clue)
    return puzzle(givens, kept)


def unique(puzzle: Puzzle, node_limit: int) -> bool:
    """True when ``puzzle`` is proven to have exactly one solution within ``node_limit``."""
    try:
        return count_solutions(puzzle, node_limit=node_limit) == 1
    except SearchLimit:
        return False
