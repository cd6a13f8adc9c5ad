"""Skyscrapers (Tatham's Towers) generation.

A random Latin square shows every clue it could have: all its values and, on
each of the four sides, how many towers are seen along each row and column.
Values are taken away first, in random order, then clues, as Skyscrapers
are printed with few or no values: each removal is kept only while the
puzzle keeps exactly one solution (proven within :data:`CHECK_NODES` search
nodes; a removal not proven in time is undone).

Everything random comes from one :class:`random.Random` seeded with ``seed``,
so the same arguments and seed give the same puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import InvalidArgument
from ..geometry import Geometry
from ..puzzle import Puzzle
from ..sightlines import Sightline, sightlines_of
from .progress import Attempted, Attempts
from .removal import take_away
from .sudoku import _random_grid

MIN_SIZE, MAX_SIZE = 3, 9
DEFAULT_SIZE = 5
#: Search nodes a uniqueness check may use.
CHECK_NODES = 2000


def generate(
    size: int = DEFAULT_SIZE,
    seed: int | str | None = None,
    time_limit: float | None = None,
) -> Puzzle:
    """A random Skyscrapers of side ``size`` (3..9) with exactly one solution.

    Beyond ``time_limit`` seconds :class:`~latinum.generator.progress.GenerationLimit`
    is raised. Raises InvalidArgument for a bad size.
    """
    return plan(size).make(seed, time_limit=time_limit)


def plan(size: int = DEFAULT_SIZE) -> SkyscrapersPlan:
    """The arguments of :func:`generate` checked, before any work."""
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidArgument(f"size must be a whole number, not {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidArgument(
            f"Skyscrapers size {size} is outside the range {MIN_SIZE}..{MAX_SIZE}"
        )
    return SkyscrapersPlan(size)


@dataclass(frozen=True)
class SkyscrapersPlan(Attempted):
    """Checked arguments of :func:`generate`; :meth:`make` makes a puzzle from a seed."""

    size: int
    attempts: int = 1
    measured: None = None

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle:
        size = self.size
        solution = _random_grid(Geometry(size), rng)
        cells = list(range(size * size))
        rng.shuffle(cells)
        lines = list(sightlines_of(solution))
        rng.shuffle(lines)

        def puzzle(givens: list[int], kept: set[Sightline]) -> Puzzle:
            return Puzzle("skyscrapers", Geometry(size), tuple(givens), sightlines=tuple(kept))

        return take_away(list(solution), cells, lines, set(lines), puzzle, CHECK_NODES, tried)
