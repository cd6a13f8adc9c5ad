"""Sudoku and Latin square generation.

A random complete grid (a randomised backtracking fill of the empty puzzle,
values tried in shuffled order) is reduced by removing givens in symmetric
groups, in random order, keeping a removal only while the puzzle keeps
exactly one solution. With a target difficulty, removals that would rate the
puzzle above the target are refused (checked with only the techniques the
target allows, see :func:`latinum.rating.score_within`); a puzzle that ends
below the target then climbs: it trades one given for another while its score
does not drop, until it reaches the target. A grid that does not get there in
:data:`CLIMB_MOVES` moves is replaced by a new one (up to ``attempts`` grids).

Everything random comes from one :class:`random.Random` seeded with ``seed``,
so the same arguments and seed give the same puzzle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import InvalidArgument, LatinumError
from ..geometry import Geometry, default_box
from ..levels import LEVELS
from ..puzzle import Puzzle
from ..rating import level_bound, level_of, score_within
from ..solver import count_solutions
from .progress import Attempts, OnAttempt
from .shapes import check_symmetry, groups

KINDS = ("sudoku", "latin")
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
#: Largest side generated (larger grids take too long to fill and reduce).
MAX_GENERATED_SIZE = 16
DEFAULT_ATTEMPTS = 50
#: Moves of the climb towards a harder level before a new grid is tried.
CLIMB_MOVES = 100


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
    on_attempt: OnAttempt | None = None,
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
    :class:`~latinum.errors.LatinumError` is raised. ``on_attempt`` hears of each
    attempt (see :mod:`latinum.generator.progress`).

    Raises InvalidArgument for an unknown kind, shape, symmetry or level.
    """
    geometry, variant = _geometry(kind, size, box, diagonals)
    symmetry_name = check_symmetry(symmetry)
    target = _level(difficulty)
    if variant == "sudoku" and geometry.size == 4 and target not in (None, LEVEL_NAMES[0]):
        raise InvalidArgument(
            f"no 4x4 Sudoku rates {target}: singles solve every one with one solution (Easy)"
        )
    if attempts < 1:
        raise InvalidArgument(f"attempts must be at least 1, not {attempts}")
    rng = random.Random(seed)
    pattern = groups(geometry.size, symmetry_name)
    singles: list[tuple[int, ...]] = [(cell,) for cell in geometry.cells]
    units = singles if minimal else pattern
    band = level_band(target)
    tried = Attempts(attempts if target else 1, LEVEL_NAMES, on_attempt)
    for attempt in range(1, tried.attempts + 1):
        tried.start(attempt)
        solution = _random_grid(geometry, rng)
        puzzle = _reduce(Puzzle(variant, geometry, tuple(solution)), pattern, rng, band.cap)
        if minimal:
            puzzle = _reduce(puzzle, singles, rng, band.cap)
        if target is None:
            return puzzle
        found, score = climb(puzzle, solution, units, rng, band)
        tried.reached(None if score is None else level_of(score))
        if found is not None and minimal:
            found = _reduce(found, singles, rng, band.cap)
            found = found if band.admits(found) else None
        if found is not None:
            return found
    raise LatinumError(
        f"could not reach level {target} in {tried.count()}: a {geometry.describe()} "
        "rarely rates that high; try another seed, more attempts or a larger grid"
    )


def _geometry(
    kind: str, size: int | None, box: tuple[int, int] | None, diagonals: bool
) -> tuple[Geometry, str]:
    name = str(kind).lower()
    if name not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
        raise InvalidArgument(f"size must be a whole number, not {size!r}")
    if name == "latin":
        if box is not None:
            raise InvalidArgument("a Latin square has no boxes; leave box out")
        if diagonals:
            raise InvalidArgument("diagonals are a Sudoku option, not a Latin square one")
        if size is None:
            raise InvalidArgument("a Latin square needs a size")
        _check_size(size)
        return Geometry(size), name
    if box is not None:
        try:
            rows, cols = (int(v) for v in box)
        except (TypeError, ValueError):
            raise InvalidArgument(f"box must be a pair (rows, cols), not {box!r}") from None
        if rows < 1 or cols < 1 or (rows == 1 and cols == 1):
            raise InvalidArgument(f"box {rows}x{cols} is not a usable box shape")
        if size is not None and size != rows * cols:
            raise InvalidArgument(f"box {rows}x{cols} does not tile a {size}x{size} grid")
        size = rows * cols
        shape = (rows, cols)
    else:
        size = 9 if size is None else size
        default = default_box(size) if size >= 1 else None
        if default is None:
            raise InvalidArgument(
                f"a {size}x{size} Sudoku has no usual box shape; give box=(rows, cols)"
            )
        shape = default
    _check_size(size)
    return Geometry(size, shape, bool(diagonals)), name


def _check_size(size: int) -> None:
    if not 2 <= size <= MAX_GENERATED_SIZE:
        raise InvalidArgument(f"size {size} is outside the generated range 2..{MAX_GENERATED_SIZE}")


def _level(difficulty: str | None) -> str | None:
    if difficulty is None:
        return None
    for name in LEVEL_NAMES:
        if str(difficulty).lower() == name.lower():
            return name
    raise InvalidArgument(
        f"unknown difficulty {difficulty!r}: choose one of {', '.join(LEVEL_NAMES)}"
    )


@dataclass(frozen=True)
class Band:
    """The rating scores of a level: above ``floor``, at most ``cap`` (None: no bound)."""

    floor: float | None = None
    cap: float | None = None

    def holds(self, score: float) -> bool:
        return self.floor is None or score > self.floor

    def admits(self, puzzle: Puzzle) -> bool:
        """Whether ``puzzle`` (known to have one solution) rates within the band."""
        return self.judge(puzzle)[0]

    def judge(self, puzzle: Puzzle) -> tuple[bool, str | None]:
        """Whether ``puzzle`` (known to have one solution) rates within the band, and
        its level as far as the check tells (the level above the band when it
        rates higher; None without a band)."""
        if self.cap is None:
            if self.floor is None:
                return True, None
            score = score_within(puzzle, self.floor, unique=True)
            return score is None, LEVEL_NAMES[-1] if score is None else level_of(score)
        score = score_within(puzzle, self.cap, unique=True)
        if score is None:
            return False, next(name for name, bound in LEVELS if bound > self.cap)
        return self.holds(score), level_of(score)


def level_band(target: str | None) -> Band:
    """The scores of level ``target`` (every score when None)."""
    if target is None:
        return Band()
    index = LEVEL_NAMES.index(target)
    floor = level_bound(LEVEL_NAMES[index - 1]) if index else None
    cap = None if index == len(LEVEL_NAMES) - 1 else level_bound(target)
    return Band(floor, cap)


def climb(
    puzzle: Puzzle,
    solution: list[int],
    units: list[tuple[int, ...]],
    rng: random.Random,
    band: Band,
    moves: int = CLIMB_MOVES,
) -> tuple[Puzzle | None, float | None]:
    """``puzzle`` made harder until its score enters ``band`` (or None), and the
    score it reached (None without a band to climb to).

    A move puts back one emptied unit and empties another (keeping one
    solution and the score within the cap); it is kept when the score does not
    drop, so the search walks across plateaus towards harder puzzles.
    """
    if band.floor is None:
        return puzzle, None
    score = score_within(puzzle, band.cap, unique=True)
    if score is None:  # pragma: no cover - the reduction keeps the cap
        return None, None
    givens = list(puzzle.givens)
    for _ in range(moves):
        if band.holds(score):
            return puzzle.with_givens(givens), score
        emptied = [unit for unit in units if not any(givens[cell] for cell in unit)]
        filled = [unit for unit in units if all(givens[cell] for cell in unit)]
        if not emptied or not filled:
            return None, score
        back = rng.choice(emptied)
        rng.shuffle(filled)
        trial = list(givens)
        for cell in back:
            trial[cell] = solution[cell]
        for unit in filled:
            for cell in unit:
                trial[cell] = 0
            candidate = puzzle.with_givens(trial)
            if count_solutions(candidate, limit=2) == 1:
                new = score_within(candidate, band.cap, unique=True)
                if new is not None and new >= score:
                    givens, score = trial, new
                    break
            for cell in unit:
                trial[cell] = solution[cell]
    return puzzle.with_givens(givens) if band.holds(score) else None, score


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
    units: list[tuple[int, ...]],
    rng: random.Random,
    cap: float | None,
) -> Puzzle:
    """Empty the units in random order, keeping each removal that leaves one
    solution (and, with ``cap``, a rating score no higher than it)."""
    order = list(units)
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
        if keep and cap is not None:
            keep = score_within(candidate, cap, unique=True) is not None
        if keep:
            puzzle = candidate
        else:
            for cell, value in zip(group, saved, strict=True):
                givens[cell] = value
    return puzzle
