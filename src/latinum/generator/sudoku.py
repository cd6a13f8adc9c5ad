"""Sudoku, Latin square, Jigsaw Sudoku and Windoku generation.

A random complete grid (a randomised backtracking fill of the empty puzzle,
values tried in shuffled order; for a Jigsaw Sudoku, of new random regions,
see :mod:`latinum.generator.regions`) is reduced by removing givens in symmetric
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
from dataclasses import dataclass, replace

from ..errors import InvalidArgument
from ..geometry import Geometry, default_box
from ..levels import LEVELS
from ..puzzle import Puzzle
from ..rating import level_bound, level_of, score_within
from ..solver import count_solutions
from ..solver.fill import random_grid
from . import reach
from .progress import Attempted, Attempts, OnAttempt, check_attempts
from .regions import jigsaw_grid
from .shapes import check_symmetry, groups

KINDS = ("sudoku", "latin", "jigsaw", "windoku")
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
#: Largest side generated (larger grids take too long to fill and reduce).
MAX_GENERATED_SIZE = 16
#: The sides of the Jigsaw Sudokus generated (larger ones are seldom filled).
JIGSAW_SIZES = range(4, 10)
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
    attempts: int | None = None,
    on_attempt: OnAttempt | None = None,
    time_limit: float | None = None,
) -> Puzzle:
    """A random puzzle of ``kind`` (``sudoku``, ``latin``, ``jigsaw`` or ``windoku``)
    with exactly one solution.

    ``size`` and ``box`` (rows, cols) give the shape; a Sudoku defaults to 9x9
    and to the usual box of its size. A Jigsaw Sudoku (size 4..9, default 9)
    has new random regions for each grid; a Windoku is 9x9. ``difficulty`` is
    a level name of :func:`latinum.rate` (Easy, Medium, Hard, Expert, Extreme;
    any case).
    ``symmetry`` (none, rotational, mirror, diagonal) shapes the pattern of
    givens; ``minimal=True`` then removes further single givens until none can
    go without losing uniqueness (which may break the symmetry).
    ``diagonals`` makes a Sudoku-X (or a Jigsaw Sudoku with diagonals).
    ``attempts`` bounds how many complete puzzles are tried to reach
    ``difficulty`` (by default enough for the level, see
    :mod:`latinum.generator.reach`) and ``time_limit`` the seconds;
    beyond either :class:`~latinum.generator.progress.GenerationLimit` is raised.
    ``on_attempt`` hears of each attempt (see :mod:`latinum.generator.progress`).

    Raises InvalidArgument for an unknown kind, shape, symmetry or level, or a
    level no puzzle of the shape reaches.
    """
    recipe = plan(kind, size, box, difficulty, symmetry, diagonals, minimal, attempts)
    return recipe.make(seed, on_attempt, time_limit)


def plan(
    kind: str,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    symmetry: str = "rotational",
    diagonals: bool = False,
    minimal: bool = False,
    attempts: int | None = None,
) -> SudokuPlan:
    """The arguments of :func:`generate` checked, before any work."""
    geometry, name = _geometry(kind, size, box, diagonals)
    symmetry_name = check_symmetry(symmetry)
    target = _level(difficulty)
    if attempts is not None:
        check_attempts(attempts)
    key = (name, geometry.size, target or "")
    measured = symmetry_name != "none" and not minimal  # as the reach figures were
    refused = unreached(name, geometry, target)
    measure = reach.unreached(key, " with symmetric givens", attempts) if measured else None
    if not refused and measure:
        refused = f"{measure} (symmetry none or minimal may do better)"
    if refused:
        raise InvalidArgument(refused)
    tries = reach.default_attempts(key) if attempts is None else attempts
    recipe = SudokuPlan(name, geometry, target, symmetry_name, minimal, tries)
    return replace(recipe, measured=key) if measured and target else recipe


@dataclass(frozen=True)
class SudokuPlan(Attempted):
    """Checked arguments of :func:`generate`; :meth:`make` makes a puzzle from a seed."""

    #: sudoku, latin, jigsaw or windoku.
    kind: str
    #: The grid's shape (a Jigsaw Sudoku's without its regions: each grid has new ones).
    geometry: Geometry
    target: str | None
    symmetry: str
    minimal: bool
    attempts: int
    #: The :data:`~latinum.generator.reach.REACH` row of these arguments, if any.
    measured: reach.Key | None = None
    levels = LEVEL_NAMES

    @property
    def target_words(self) -> str | None:
        return self.target

    @property
    def variant(self) -> str:
        """The puzzles' variant: ``latin``, else ``sudoku``."""
        return "latin" if self.kind == "latin" else "sudoku"

    @property
    def shape(self) -> str:
        return f"{reach.KIND_NAMES[self.kind]} ({self.geometry.describe()})"

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle | None:
        band = level_band(self.target)
        if self.kind == "jigsaw":
            geometry, solution = jigsaw_grid(
                self.geometry.size, self.geometry.diagonals, rng, tried
            )
        else:
            geometry, solution = self.geometry, _random_grid(self.geometry, rng)
        pattern = groups(geometry.size, self.symmetry)
        singles: list[tuple[int, ...]] = [(cell,) for cell in geometry.cells]
        empty = Puzzle(self.variant, geometry, tuple(solution))
        puzzle = _reduce(empty, pattern, rng, band.cap, tried)
        if self.minimal:
            puzzle = _reduce(puzzle, singles, rng, band.cap, tried)
        if self.target is None:
            return puzzle
        units = singles if self.minimal else pattern
        found, score = climb(puzzle, solution, units, rng, band, tried)
        tried.reached(None if score is None else level_of(score))
        if found is not None and self.minimal:
            found = _reduce(found, singles, rng, band.cap, tried)
            found = found if band.admits(found, tried.left()) else None
        return found


def unreached(kind: str, geometry: Geometry, target: str | None) -> str | None:
    """Why no puzzle of ``geometry`` reaches level ``target`` (known without measures)."""
    if target is None or target == LEVEL_NAMES[0]:
        return None
    if kind == "sudoku" and geometry.size == 4:
        return f"no 4x4 Sudoku rates {target}: singles solve every one with one solution (Easy)"
    return None


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
        check_size(size)
        return Geometry(size), name
    if name in ("jigsaw", "windoku"):
        return _irregular(name, size, box, diagonals), name
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
        check_size(size)
        shape = (rows, cols)
    else:
        size = 9 if size is None else size
        check_size(size)
        default = default_box(size)
        if default is None:
            raise InvalidArgument(
                f"a {size}x{size} Sudoku has no usual box shape; give box=(rows, cols)"
            )
        shape = default
    return Geometry(size, shape, bool(diagonals)), name


def _irregular(name: str, size: int | None, box: object, diagonals: bool) -> Geometry:
    """A Windoku's geometry, or a Jigsaw Sudoku's without its regions."""
    if name == "windoku":
        if box is not None or diagonals or size not in (None, 9):
            raise InvalidArgument(
                "a Windoku is a 9x9 Sudoku with windows: it takes no size but 9, no box"
                " and no diagonals"
            )
        return Geometry(9, (3, 3), windows=True)
    if box is not None:
        raise InvalidArgument("a Jigsaw Sudoku has regions instead of boxes; leave box out")
    size = 9 if size is None else size
    if size not in JIGSAW_SIZES:
        raise InvalidArgument(
            f"Jigsaw Sudoku size {size} is outside the range {JIGSAW_SIZES[0]}..{JIGSAW_SIZES[-1]}"
        )
    return Geometry(size, diagonals=bool(diagonals))


def check_size(size: int) -> None:
    """InvalidArgument unless ``size`` is a side the generator makes."""
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

    def admits(self, puzzle: Puzzle, time_limit: float | None = None) -> bool:
        """Whether ``puzzle`` (known to have one solution) rates within the band."""
        return self.judge(puzzle, time_limit)[0]

    def judge(self, puzzle: Puzzle, time_limit: float | None = None) -> tuple[bool, str | None]:
        """Whether ``puzzle`` (known to have one solution) rates within the band, and
        its level as far as the check tells (the level above the band when it
        rates higher; None without a band). SearchLimit after ``time_limit`` seconds."""
        if self.cap is None:
            if self.floor is None:
                return True, None
            score = score_within(puzzle, self.floor, unique=True, time_limit=time_limit)
            return score is None, LEVEL_NAMES[-1] if score is None else level_of(score)
        score = score_within(puzzle, self.cap, unique=True, time_limit=time_limit)
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
    tried: Attempts,
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
    score = score_within(puzzle, band.cap, unique=True, time_limit=tried.left())
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
            if unique(candidate, tried):
                new = score_within(candidate, band.cap, unique=True, time_limit=tried.left())
                if new is not None and new >= score:
                    givens, score = trial, new
                    break
            for cell in unit:
                trial[cell] = solution[cell]
    return puzzle.with_givens(givens) if band.holds(score) else None, score


def unique(puzzle: Puzzle, tried: Attempts) -> bool:
    """Whether ``puzzle`` has exactly one solution, within the time ``tried`` has left."""
    return count_solutions(puzzle, limit=2, time_limit=tried.left()) == 1


def _random_grid(geometry: Geometry, rng: random.Random) -> list[int]:
    """A random complete grid, drawn by the engine from the next 64 bits of ``rng``."""
    return random_grid(geometry, rng.getrandbits(64))


def _reduce(
    puzzle: Puzzle,
    units: list[tuple[int, ...]],
    rng: random.Random,
    cap: float | None,
    tried: Attempts,
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
        keep = unique(candidate, tried)
        if keep and cap is not None:
            keep = score_within(candidate, cap, unique=True, time_limit=tried.left()) is not None
        if keep:
            puzzle = candidate
        else:
            for cell, value in zip(group, saved, strict=True):
                givens[cell] = value
    return puzzle
