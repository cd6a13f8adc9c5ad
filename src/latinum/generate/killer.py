"""Killer Sudoku generation.

A random complete Sudoku grid is cut into random contiguous cages of 1..5
cells whose digits differ (grown from random seeds, see
:func:`latinum.generate.kenken.random_cages`); each cage shows its sum. While
the exact solver finds a second solution, a cage where the two solutions
differ is split (one differing cell becomes a one-cell cage, the rest its
connected parts) - or, with ``givens=True``, a differing cell becomes a given
(and givens that turn out unnecessary are then removed again). Either loop
ends, so the puzzle always has one solution. With a target difficulty whole
puzzles are made again until one rates at the target (up to ``attempts``).

Everything random comes from one :class:`random.Random` seeded with ``seed``.
"""

from __future__ import annotations

import random

from ..cages import Cage
from ..errors import LatinumError
from ..geometry import Geometry
from ..puzzle import Puzzle
from ..rate import rate
from ..solve import Solver, count_solutions
from .kenken import _check_attempts, components, random_cages
from .sudoku import _geometry, _level, _random_grid

#: Killer grids generated: sides 4..9 (sum cages of larger grids are too slow to check).
MIN_SIZE, MAX_SIZE = 4, 9
MAX_CAGE = 5
DEFAULT_ATTEMPTS = 50
#: Relative frequency of each wanted cage size; givens=True favours larger cages.
_SIZE_WEIGHTS = {1: 0, 2: 4, 3: 5, 4: 3, 5: 2}
_SIZE_WEIGHTS_GIVENS = {1: 0, 2: 2, 3: 4, 4: 4, 5: 3}


def generate(
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    seed: int | str | None = None,
    givens: bool = False,
    diagonals: bool = False,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Puzzle:
    """A random Killer Sudoku with exactly one solution.

    ``size`` and ``box`` give the shape as for a Sudoku (default 9x9, sides
    4..9). Cages are contiguous, hold 1..5 cells of distinct digits and cover
    the grid. Without ``givens`` the cages alone decide the solution; with
    ``givens=True`` the cages are larger and givens settle what they leave
    open. ``difficulty`` is a latinum level (Easy, Medium, Hard, Expert,
    Extreme); beyond ``attempts`` puzzles without reaching it
    :class:`~latinum.errors.LatinumError` is raised.

    Raises ValueError for a bad shape, level or attempt count.
    """
    geometry, _ = _geometry("sudoku", size, box, diagonals)
    if not MIN_SIZE <= geometry.size <= MAX_SIZE:
        raise ValueError(
            f"Killer size {geometry.size} is outside the generated range {MIN_SIZE}..{MAX_SIZE}"
        )
    target = _level(difficulty)
    _check_attempts(attempts)
    rng = random.Random(seed)
    for _ in range(attempts if target else 1):
        solution = _random_grid(geometry, rng)
        puzzle = _make(geometry, solution, bool(givens), rng)
        if target is None or rate(puzzle).level == target:
            return puzzle
    raise LatinumError(f"could not reach level {target} in {attempts} attempts")


def _cage(cells: list[int], solution: list[int]) -> Cage:
    return Cage(tuple(cells), "+", sum(solution[c] for c in cells), distinct=True)


def _make(geometry: Geometry, solution: list[int], givens: bool, rng: random.Random) -> Puzzle:
    size = geometry.size
    weights = _SIZE_WEIGHTS_GIVENS if givens else _SIZE_WEIGHTS
    sizes = {k: w for k, w in weights.items() if k <= min(MAX_CAGE, size)}

    def fits(cage: list[int], cell: int) -> bool:
        return all(solution[other] != solution[cell] for other in cage)

    cages = [_cage(cells, solution) for cells in random_cages(size, rng, sizes, fits)]
    values = [0] * (size * size)
    while True:
        puzzle = Puzzle("killer", geometry, tuple(values), tuple(cages))
        found = Solver(puzzle).solutions(2)
        if len(found) == 1:
            break
        if not found:  # pragma: no cover - the cages come from a solution
            raise LatinumError("generated cages have no solution")
        other = list(found[0]) if list(found[0]) != solution else list(found[1])
        differ = sorted(cell for cell in range(size * size) if other[cell] != solution[cell])
        if givens:
            cell = rng.choice(differ)
            values[cell] = solution[cell]
            continue
        suspects = [cage for cage in cages if len(cage.cells) > 1 and set(differ) & set(cage.cells)]
        cage = rng.choice(suspects)
        cages.remove(cage)
        alone = rng.choice(sorted(set(differ) & set(cage.cells)))
        cages.append(_cage([alone], solution))
        rest = [c for c in cage.cells if c != alone]
        cages += [_cage(part, solution) for part in components(size, rest)]
    if givens:  # drop the givens the later ones made unnecessary
        order = [cell for cell in range(size * size) if values[cell]]
        rng.shuffle(order)
        for cell in order:
            values[cell] = 0
            if count_solutions(puzzle.with_givens(values), limit=2) != 1:
                values[cell] = solution[cell]
        puzzle = puzzle.with_givens(values)
    return puzzle
