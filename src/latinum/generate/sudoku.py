"""Sudoku and Latin square generation.

A random complete grid (a randomised backtracking fill of the empty puzzle,
values tried in shuffled order) is reduced by removing givens in symmetric
groups, in random order, keeping a removal only while the puzzle keeps
exactly one solution. With a target difficulty, removals that would rate the
puzzle above the target are refused, and whole puzzles are generated again
until one rates exactly at the target (up to ``attempts`` times).

Everything random comes from one :class:`random.Random` seeded with ``seed``,
so the same arguments and seed give the same puzzle.
"""

from __future__ import annotations

import random

from ..errors import LatinumError
from ..geometry import Geometry, default_box
from ..puzzle import Puzzle
from ..rate import LEVELS, rate
from ..solve import count_solutions

KINDS = ("sudoku", "latin")
SYMMETRIES = ("none", "rotational", "mirror", "diagonal")
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
#: Largest side generated (larger grids take too long to fill and reduce).
MAX_GENERATED_SIZE = 16
DEFAULT_ATTEMPTS = 50


def generate(
    kind: str,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    seed: int | str | None = None,
    symmetry: str = "rotational",
    diagonals: bool = False,
    minimal: bool = False,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Puzzle:
    """A random puzzle of ``kind`` (``sudoku`` or ``latin``) with exactly one solution.

    ``size`` and ``box`` (rows, cols) give the shape; a Sudoku defaults to 9x9
    and to the usual box of its size. ``difficulty`` is a level name of
    :func:`latinum.rate` (Easy, Medium, Hard, Expert, Extreme; any case).
    ``symmetry`` (none, rotational, mirror, diagonal) shapes the pattern of
    givens; ``minimal=True`` then removes further single givens until none can
    go without losing uniqueness (which may break the symmetry).
    ``diagonals`` makes a Sudoku-X. ``attempts`` bounds how many complete
    puzzles are tried to reach ``difficulty``; beyond it
    :class:`~latinum.errors.LatinumError` is raised.

    Raises ValueError for an unknown kind, shape, symmetry or level.
    """
    geometry, variant = _geometry(kind, size, box, diagonals)
    symmetry_name = str(symmetry).lower()
    if symmetry_name not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    target = _level(difficulty)
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, not {attempts}")
    rng = random.Random(seed)
    groups = _groups(geometry.size, symmetry_name)
    highest = LEVEL_NAMES.index(target) if target else None
    for _ in range(attempts if target else 1):
        solution = _random_grid(geometry, rng)
        puzzle = Puzzle(variant, geometry, tuple(solution))
        puzzle = _reduce(puzzle, groups, rng, highest)
        if minimal:
            puzzle = _reduce(puzzle, [(cell,) for cell in geometry.cells], rng, highest)
        if target is None or rate(puzzle).level == target:
            return puzzle
    raise LatinumError(f"could not reach level {target} in {attempts} attempts")


def _geometry(
    kind: str, size: int | None, box: tuple[int, int] | None, diagonals: bool
) -> tuple[Geometry, str]:
    name = str(kind).lower()
    if name not in KINDS:
        raise ValueError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
        raise ValueError(f"size must be a whole number, not {size!r}")
    if name == "latin":
        if box is not None:
            raise ValueError("a Latin square has no boxes; leave box out")
        if diagonals:
            raise ValueError("diagonals are a Sudoku option, not a Latin square one")
        if size is None:
            raise ValueError("a Latin square needs a size")
        _check_size(size)
        return Geometry(size), name
    if box is not None:
        try:
            rows, cols = (int(v) for v in box)
        except (TypeError, ValueError):
            raise ValueError(f"box must be a pair (rows, cols), not {box!r}") from None
        if rows < 1 or cols < 1 or (rows == 1 and cols == 1):
            raise ValueError(f"box {rows}x{cols} is not a usable box shape")
        if size is not None and size != rows * cols:
            raise ValueError(f"box {rows}x{cols} does not tile a {size}x{size} grid")
        size = rows * cols
        shape = (rows, cols)
    else:
        size = 9 if size is None else size
        default = default_box(size) if size >= 1 else None
        if default is None:
            raise ValueError(
                f"a {size}x{size} Sudoku has no usual box shape; give box=(rows, cols)"
            )
        shape = default
    _check_size(size)
    return Geometry(size, shape, bool(diagonals)), name


def _check_size(size: int) -> None:
    if not 2 <= size <= MAX_GENERATED_SIZE:
        raise ValueError(f"size {size} is outside the generated range 2..{MAX_GENERATED_SIZE}")


def _level(difficulty: str | None) -> str | None:
    if difficulty is None:
        return None
    for name in LEVEL_NAMES:
        if str(difficulty).lower() == name.lower():
            return name
    raise ValueError(f"unknown difficulty {difficulty!r}: choose one of {', '.join(LEVEL_NAMES)}")


def _partner(size: int, cell: int, symmetry: str) -> int:
    row, col = divmod(cell, size)
    last = size - 1
    if symmetry == "rotational":
        return (last - row) * size + (last - col)
    if symmetry == "mirror":
        return row * size + (last - col)
    if symmetry == "diagonal":
        return col * size + row
    return cell


def _groups(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells as groups that are emptied together (each closed under the symmetry)."""
    seen: set[int] = set()
    groups = []
    for cell in range(size * size):
        if cell in seen:
            continue
        group = tuple(sorted({cell, _partner(size, cell, symmetry)}))
        seen.update(group)
        groups.append(group)
    return groups


def _random_grid(geometry: Geometry, rng: random.Random) -> list[int]:
    """A random complete grid: backtracking over the fewest-candidate cell,
    trying values in shuffled order."""
    size = geometry.size
    peers = [tuple(group) for group in geometry.peers]
    full = (1 << size) - 1
    values = [0] * (size * size)
    used = [0] * (size * size)  # bit v-1 set: value v sits in a peer
    empty = set(geometry.cells)

    # Peer counts per value make undoing exact.
    counts = [[0] * (size + 1) for _ in range(size * size)]

    def put(cell: int, value: int) -> None:
        values[cell] = value
        empty.discard(cell)
        for other in peers[cell]:
            counts[other][value] += 1
            used[other] |= 1 << (value - 1)

    def take(cell: int, value: int) -> None:
        values[cell] = 0
        empty.add(cell)
        bit = 1 << (value - 1)
        for other in peers[cell]:
            counts[other][value] -= 1
            if not counts[other][value]:
                used[other] &= ~bit

    def fill() -> bool:
        if not empty:
            return True
        best, best_free = -1, size + 1
        for cell in sorted(empty):
            free = bin(full & ~used[cell]).count("1")
            if free < best_free:
                best, best_free = cell, free
                if free <= 1:
                    break
        if best_free == 0:
            return False
        options = [v for v in range(1, size + 1) if not used[best] >> (v - 1) & 1]
        rng.shuffle(options)
        for value in options:
            put(best, value)
            if fill():
                return True
            take(best, value)
        return False

    if not fill():  # pragma: no cover - every supported shape has a completion
        raise LatinumError(f"no complete grid exists for {geometry.describe()}")
    return values


def _reduce(
    puzzle: Puzzle,
    groups: list[tuple[int, ...]],
    rng: random.Random,
    highest: int | None,
) -> Puzzle:
    """Empty the groups in random order, keeping each removal that leaves one
    solution (and, with ``highest``, a level no higher than that index)."""
    order = list(groups)
    rng.shuffle(order)
    givens = list(puzzle.givens)
    for group in order:
        if not all(givens[cell] for cell in group):
            continue
        saved = [givens[cell] for cell in group]
        for cell in group:
            givens[cell] = 0
        candidate = puzzle.with_givens(givens)
        keep = count_solutions(candidate, limit=2) == 1
        if keep and highest is not None:
            keep = LEVEL_NAMES.index(rate(candidate).level) <= highest
        if keep:
            puzzle = candidate
        else:
            for cell, value in zip(group, saved, strict=True):
                givens[cell] = value
    return puzzle
