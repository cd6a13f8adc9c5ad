"""Killer Sudoku generation.

A random complete Sudoku grid is cut into random contiguous cages of 1..5
cells whose digits differ (grown from random seeds, symmetric on request, see
:func:`latinum.generator.shapes.random_cages`); each cage shows its sum. While
the exact solver finds a second solution, a cage where the two solutions
differ is split (one differing cell becomes a one-cell cage, the rest its
connected parts; the image cage is split alike) - or, with ``givens=True``, a
differing cell and its partner become givens (and givens that turn out
unnecessary are then removed again). Either loop ends, so the puzzle always
has one solution. A target difficulty chooses the cage sizes (small ones for
Easy and Medium, large ones from Expert on), and whole puzzles are made again
until one rates at the target (up to ``attempts``), checked with only the
techniques the target allows.

Everything random comes from one :class:`random.Random` seeded with ``seed``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..cages import Cage
from ..errors import InvalidArgument
from ..geometry import Geometry
from ..puzzle import Puzzle
from . import reach
from .alternatives import other_solution
from .progress import Attempted, Attempts, OnAttempt, check_attempts
from .shapes import check_symmetry, groups, partner, random_cages, split_with_image
from .sudoku import LEVEL_NAMES, _geometry, _level, _random_grid, level_band, unique

#: Killer grids generated: sides 4..9 (sum cages of larger grids are too slow to check).
MIN_SIZE, MAX_SIZE = 4, 9
MAX_CAGE = 5
#: Relative frequency of each wanted cage size: small cages make easy puzzles,
#: large ones hard puzzles; givens=True favours larger cages.
_SMALL = {2: 6, 3: 3, 4: 1}
_MIXED = {2: 4, 3: 5, 4: 3, 5: 2}
_LARGE = {2: 1, 3: 3, 4: 4, 5: 4}
_SIZE_WEIGHTS = {None: _MIXED, "Easy": _SMALL, "Medium": _SMALL, "Hard": _MIXED}
_SIZE_WEIGHTS_GIVENS = {2: 2, 3: 4, 4: 4, 5: 3}


def generate(
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    seed: int | str | None = None,
    givens: bool = False,
    diagonals: bool = False,
    attempts: int | None = None,
    symmetry: str = "none",
    on_attempt: OnAttempt | None = None,
    time_limit: float | None = None,
) -> Puzzle:
    """A random Killer Sudoku with exactly one solution.

    ``size`` and ``box`` give the shape as for a Sudoku (default 9x9, sides
    4..9). Cages are contiguous, hold 1..5 cells of distinct digits and cover
    the grid; ``symmetry`` (none, rotational, mirror, diagonal) makes the
    image of every cage a cage. Without ``givens`` the cages alone decide the
    solution; with ``givens=True`` the cages are larger and givens (placed
    with the same symmetry) settle what they leave open. ``difficulty`` is a
    latinum level (Easy, Medium, Hard, Expert, Extreme); beyond ``attempts``
    puzzles without reaching it (by default enough for the level, see
    :mod:`latinum.generator.reach`), or ``time_limit`` seconds,
    :class:`~latinum.generator.progress.GenerationLimit` is raised.
    ``on_attempt`` hears of each attempt (see :mod:`latinum.generator.progress`).

    Raises InvalidArgument for a bad shape, symmetry, level or attempt count,
    or a level no Killer of the shape reaches.
    """
    recipe = plan(size, box, difficulty, givens, diagonals, attempts, symmetry)
    return recipe.make(seed, on_attempt, time_limit)


def plan(
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    givens: bool = False,
    diagonals: bool = False,
    attempts: int | None = None,
    symmetry: str = "none",
) -> KillerPlan:
    """The arguments of :func:`generate` checked, before any work."""
    if isinstance(size, int) and not MIN_SIZE <= size <= MAX_SIZE:
        raise _outside(size)
    geometry, _ = _geometry("sudoku", size, box, diagonals)
    if not MIN_SIZE <= geometry.size <= MAX_SIZE:
        raise _outside(geometry.size)
    symmetry = check_symmetry(symmetry)
    target = _level(difficulty)
    if attempts is not None:
        check_attempts(attempts)
    key = ("killer", geometry.size, target or "")
    measured = not givens and not diagonals and symmetry == "none"  # as the reach figures were
    refused = reach.unreached(key, attempts=attempts) if measured else None
    if refused:
        raise InvalidArgument(refused)
    tries = reach.default_attempts(key) if attempts is None else attempts
    recipe = KillerPlan(geometry, target, bool(givens), symmetry, tries)
    return replace(recipe, measured=key) if measured and target else recipe


@dataclass(frozen=True)
class KillerPlan(Attempted):
    """Checked arguments of :func:`generate`; :meth:`make` makes a puzzle from a seed."""

    geometry: Geometry
    target: str | None
    givens: bool
    symmetry: str
    attempts: int
    #: The :data:`~latinum.generator.reach.REACH` row of these arguments, if any.
    measured: reach.Key | None = None
    levels = LEVEL_NAMES

    @property
    def target_words(self) -> str | None:
        return self.target

    @property
    def shape(self) -> str:
        return f"Killer Sudoku ({self.geometry.describe()})"

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle | None:
        weights = _SIZE_WEIGHTS_GIVENS if self.givens else _SIZE_WEIGHTS.get(self.target, _LARGE)
        solution = _random_grid(self.geometry, rng)
        puzzle = _make(self.geometry, solution, weights, self.givens, self.symmetry, rng, tried)
        admitted, level = level_band(self.target).judge(puzzle, tried.left())
        tried.reached(level)
        return puzzle if admitted else None


def _outside(size: int) -> InvalidArgument:
    bounds = f"{MIN_SIZE}..{MAX_SIZE}"
    return InvalidArgument(f"Killer size {size} is outside the generated range {bounds}")


def _cage(cells: list[int], solution: list[int]) -> Cage:
    return Cage(tuple(cells), "+", sum(solution[c] for c in cells), distinct=True)


def _make(
    geometry: Geometry,
    solution: list[int],
    weights: dict[int, int],
    givens: bool,
    symmetry: str,
    rng: random.Random,
    tried: Attempts,
) -> Puzzle:
    size = geometry.size
    sizes = {k: w for k, w in weights.items() if k <= min(MAX_CAGE, size)}

    def fits(cage: list[int], cell: int) -> bool:
        return all(solution[other] != solution[cell] for other in cage)

    def mate(cell: int) -> int:
        return partner(size, cell, symmetry)

    layout = random_cages(size, rng, sizes, fits, symmetry)
    values = [0] * (size * size)
    while True:
        tried.check_time()
        cages = tuple(_cage(cells, solution) for cells in layout)
        puzzle = Puzzle("killer", geometry, tuple(values), cages)
        other = other_solution(puzzle, solution)
        if other is None:
            break
        differ = sorted(cell for cell in range(size * size) if other[cell] != solution[cell])
        if givens:
            cell = rng.choice(differ)
            values[cell] = solution[cell]
            values[mate(cell)] = solution[mate(cell)]
            continue
        cells = rng.choice([cage for cage in layout if len(cage) > 1 and set(differ) & set(cage)])
        alone = rng.choice(sorted(set(differ) & set(cells)))
        mirror, pieces = split_with_image(size, cells, alone, symmetry)
        layout.remove(cells)
        if mirror != cells:
            layout.remove(mirror)
        layout += pieces
    if givens:  # drop the givens the later ones made unnecessary
        order = [group for group in groups(size, symmetry) if values[group[0]]]
        rng.shuffle(order)
        for group in order:
            for cell in group:
                values[cell] = 0
            if not unique(puzzle.with_givens(values), tried):
                for cell in group:
                    values[cell] = solution[cell]
        puzzle = puzzle.with_givens(values)
    return puzzle
