"""Futoshiki generation, plain or in Tatham's adjacent mode.

A random Latin square shows every clue it could have: all its values and the
sign (or, in the adjacent mode, the bar or its absence) between each pair of
neighbours. Clues are then taken away in random order, values first and then
signs, as printed Futoshiki have few values: each removal is kept only while
the puzzle keeps exactly one solution (proven within :data:`CHECK_NODES`
search nodes, which keeps big grids quick). In the adjacent mode the bars are the
puzzle's frame and stay; only values are taken away.

Everything random comes from one :class:`random.Random` seeded with ``seed``,
so the same arguments and seed give the same puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import InvalidArgument
from ..geometry import Geometry
from ..puzzle import Puzzle
from ..relations import Relation, signs_of
from .progress import Attempted, Attempts
from .removal import take_away
from .sudoku import _random_grid

MIN_SIZE, MAX_SIZE = 3, 9
DEFAULT_SIZE = 5
#: Search nodes a uniqueness check may use; a removal not proven in time is undone.
CHECK_NODES = 500


def generate(
    size: int = DEFAULT_SIZE,
    seed: int | str | None = None,
    adjacent: bool = False,
    time_limit: float | None = None,
) -> Puzzle:
    """A random Futoshiki of side ``size`` (3..9) with exactly one solution.

    ``adjacent`` makes Tatham's adjacent mode: bars between the neighbours
    that differ by one, and none elsewhere. Beyond ``time_limit`` seconds
    :class:`~latinum.generator.progress.GenerationLimit` is raised.
    Raises InvalidArgument for a bad size.
    """
    return plan(size, adjacent).make(seed, time_limit=time_limit)


def plan(size: int = DEFAULT_SIZE, adjacent: bool = False) -> FutoshikiPlan:
    """The arguments of :func:`generate` checked, before any work."""
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidArgument(f"size must be a whole number, not {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidArgument(f"Futoshiki size {size} is outside the range {MIN_SIZE}..{MAX_SIZE}")
    return FutoshikiPlan(size, bool(adjacent))


@dataclass(frozen=True)
class FutoshikiPlan(Attempted):
    """Checked arguments of :func:`generate`; :meth:`make` makes a puzzle from a seed."""

    size: int
    adjacent: bool
    attempts: int = 1
    measured: None = None

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle:
        size = self.size
        solution = _random_grid(Geometry(size), rng)
        relations = signs_of(solution, size, self.adjacent)
        cells = list(range(size * size))
        rng.shuffle(cells)
        signs = [] if self.adjacent else rng.sample(relations, len(relations))

        def puzzle(givens: list[int], kept: set[Relation]) -> Puzzle:
            return Puzzle("futoshiki", Geometry(size), tuple(givens), relations=tuple(kept))

        return take_away(list(solution), cells, signs, set(relations), puzzle, CHECK_NODES, tried)
