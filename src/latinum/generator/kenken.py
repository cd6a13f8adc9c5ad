"""KenKen (Calcudoku) generation, and the random cage shapes Killer shares.

A random Latin square is cut into random contiguous cages (grown cell by cell
from random seeds); each cage gets a random operator from ``ops`` that its
values allow (``-`` and ``/`` only on two cells, ``/`` only for a whole
quotient; single cells are ``=``). While the exact solver finds a second
solution, a cage where the two solutions differ gets another operator that
tells them apart, or (after a bounded number of such switches) is split, so
the loop always ends with a unique puzzle. With a target difficulty whole
puzzles are made again until one rates at the target (up to ``attempts``).

Everything random comes from one :class:`random.Random` seeded with ``seed``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import prod
from typing import cast

from ..cages import Cage, normalize_operator
from ..errors import InvalidArgument
from ..geometry import Geometry
from ..levels import TATHAM_LEVELS
from ..logic.cages import cage_level
from ..puzzle import Puzzle
from . import reach
from .alternatives import other_solution
from .progress import Attempted, Attempts, OnAttempt, check_attempts
from .shapes import check_symmetry, image, random_cages, split_with_image
from .sudoku import LEVEL_NAMES, _random_grid, level_band

MIN_SIZE, MAX_SIZE = 3, 9
DEFAULT_OPS = "+-*/"
DEFAULT_MAX_CAGE = 4
#: Relative frequency of each wanted cage size (a single cell is rare).
_SIZE_WEIGHTS = {1: 1, 2: 6, 3: 5, 4: 3, 5: 2, 6: 1, 7: 1, 8: 1, 9: 1}


def generate(
    size: int = 6,
    difficulty: str | None = None,
    seed: int | str | None = None,
    ops: str = DEFAULT_OPS,
    max_cage: int = DEFAULT_MAX_CAGE,
    attempts: int | None = None,
    symmetry: str = "none",
    on_attempt: OnAttempt | None = None,
    time_limit: float | None = None,
) -> Puzzle:
    """A random KenKen of side ``size`` (3..9) with exactly one solution.

    ``ops`` lists the operators cages may use (any of ``+-*/``; one-cell cages
    are always ``=``), ``max_cage`` bounds the cells per cage, ``symmetry``
    (none, rotational, mirror, diagonal) makes the image of every cage a cage. ``difficulty``
    is a Tatham level (Easy, Normal, Hard, Extreme, Unreasonable; matched
    against :attr:`latinum.Rating.tatham`) or a latinum level (Medium, Expert,
    matched against :attr:`latinum.Rating.level`); Easy and Extreme mean
    Tatham's levels unless written ``latinum:Easy``/``latinum:Extreme``
    (``tatham:Hard`` is also accepted). Beyond ``attempts`` puzzles without
    reaching it (by default enough for the level, see
    :mod:`latinum.generator.reach`), or ``time_limit`` seconds,
    :class:`~latinum.generator.progress.GenerationLimit` is raised.
    ``on_attempt`` hears of each attempt (see :mod:`latinum.generator.progress`).

    Raises InvalidArgument for a bad size, operator list, cage bound, level or
    attempt count, or a level no KenKen of the size reaches.
    """
    recipe = plan(size, difficulty, ops, max_cage, attempts, symmetry)
    return recipe.make(seed, on_attempt, time_limit)


def plan(
    size: int = 6,
    difficulty: str | None = None,
    ops: str = DEFAULT_OPS,
    max_cage: int = DEFAULT_MAX_CAGE,
    attempts: int | None = None,
    symmetry: str = "none",
) -> KenKenPlan:
    """The arguments of :func:`generate` checked, before any work."""
    size = _check_size(size)
    op_list = _check_ops(ops)
    if not isinstance(max_cage, int) or isinstance(max_cage, bool) or max_cage < 1:
        raise InvalidArgument(f"max_cage must be a whole number of at least 1, not {max_cage!r}")
    if "+" not in op_list and "*" not in op_list:
        max_cage = min(max_cage, 2)  # - and / take exactly two cells
    max_cage = min(max_cage, size * size)
    symmetry = check_symmetry(symmetry)
    target = parse_level(difficulty)
    if attempts is not None:
        check_attempts(attempts)
    key = ("kenken", size, ":".join(target or ()))
    # the reach figures hold for the default cages
    measured = (op_list, max_cage, symmetry) == (list(DEFAULT_OPS), DEFAULT_MAX_CAGE, "none")
    refused = reach.unreached(key, attempts=attempts) if measured else None
    if refused:
        raise InvalidArgument(refused)
    tries = reach.default_attempts(key) if attempts is None else attempts
    recipe = KenKenPlan(size, target, tuple(op_list), max_cage, symmetry, tries)
    return replace(recipe, measured=key) if measured and target else recipe


@dataclass(frozen=True)
class KenKenPlan(Attempted):
    """Checked arguments of :func:`generate`; :meth:`make` makes a puzzle from a seed."""

    size: int
    target: tuple[str, str] | None
    ops: tuple[str, ...]
    max_cage: int
    symmetry: str
    attempts: int
    #: The :data:`~latinum.generator.reach.REACH` row of these arguments, if any.
    measured: reach.Key | None = None

    @property
    def levels(self) -> Sequence[str]:
        return TATHAM_LEVELS if self.target and self.target[0] == "tatham" else LEVEL_NAMES

    @property
    def target_words(self) -> str | None:
        return level_name(self.target)

    @property
    def shape(self) -> str:
        return f"{self.size}x{self.size} KenKen"

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle | None:
        geometry = Geometry(self.size)
        solution = _random_grid(geometry, rng)
        ops = list(self.ops)
        puzzle = _make(geometry, solution, ops, self.max_cage, self.symmetry, rng, tried)
        if self.target is None:
            return puzzle
        reached, level = _judge(puzzle, self.target, tried)
        tried.reached(level)
        return puzzle if reached else None


def level_name(target: tuple[str, str] | None) -> str | None:
    """``"Tatham's Hard"``, ``"latinum's Expert"`` (None for None)."""
    if target is None:
        return None
    scale, name = target
    return f"{'Tatham' if scale == 'tatham' else scale}'s {name}"


def parse_level(difficulty: str | None) -> tuple[str, str] | None:
    """``(scale, name)`` for a KenKen difficulty; Tatham's names win ties."""
    if difficulty is None:
        return None
    text = str(difficulty).strip()
    scale, _, name = text.rpartition(":")
    scale = scale.strip().lower()
    if scale not in ("", "tatham", "latinum"):
        raise InvalidArgument(f"unknown difficulty scale {scale!r}: use tatham: or latinum:")
    if scale in ("", "tatham"):
        for level in TATHAM_LEVELS:
            if name.strip().lower() == level.lower():
                return "tatham", level
    if scale in ("", "latinum"):
        for level in LEVEL_NAMES:
            if name.strip().lower() == level.lower():
                return "latinum", level
    choices = ", ".join(dict.fromkeys(TATHAM_LEVELS + LEVEL_NAMES))
    raise InvalidArgument(f"unknown difficulty {difficulty!r}: choose one of {choices}")


def _judge(puzzle: Puzzle, target: tuple[str, str], tried: Attempts) -> tuple[bool, str | None]:
    """Whether ``puzzle`` is at level ``target``, and its level as far as known."""
    scale, name = target
    if scale == "tatham":
        level = cage_level(puzzle, tried.check_time, up_to=name)
        return level == name, level
    return level_band(name).judge(puzzle, tried.left())


def _check_size(size: object) -> int:
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidArgument(f"size must be a whole number, not {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidArgument(f"KenKen size {size} is outside the range {MIN_SIZE}..{MAX_SIZE}")
    return size


def _check_ops(ops: object) -> list[str]:
    if not isinstance(ops, str) or not ops.strip():
        raise InvalidArgument(
            f"ops must be a non-empty string of operators such as '+-*/', not {ops!r}"
        )
    found = []
    for char in ops:
        if char.isspace() or char == ",":
            continue
        op = normalize_operator(char)  # InvalidArgument for an unknown one
        if op == "=":
            raise InvalidArgument("'=' is implied for one-cell cages; list only + - * /")
        if op not in found:
            found.append(op)
    return found


# Operators -----------------------------------------------------------------


def _usable(ops: list[str], values: Sequence[int]) -> list[str]:
    if len(values) == 1:
        return ["="]
    found = []
    for op in ops:
        if op in "+*":
            found.append(op)
        elif len(values) == 2:
            low, high = sorted(values)
            if op == "-" or high % low == 0:  # two cells of a row or column differ
                found.append(op)
    return found


def _result(op: str, values: Sequence[int]) -> int:
    if op in "+=":
        return sum(values)
    if op == "*":
        return prod(values)
    low, high = sorted(values)
    return high - low if op == "-" else high // low


def _cage(cells: list[int], op: str, solution: Sequence[int]) -> Cage:
    return Cage(tuple(cells), op, _result(op, [solution[c] for c in cells]))


def _pick_op(ops: list[str], values: Sequence[int], rng: random.Random) -> str | None:
    usable = _usable(ops, values)
    if not usable:
        return None
    if "/" in usable and rng.random() < 0.5:  # a whole quotient is worth showing
        return "/"
    return rng.choice(usable)


def _assign(
    pieces: list[list[int]], ops: list[str], solution: Sequence[int], rng: random.Random
) -> list[Cage]:
    """Cages on ``pieces`` (a cage and its image, or one piece) with usable operators;
    all single cells if one piece has none, so that the layout keeps its symmetry."""
    picked = [_pick_op(ops, [solution[c] for c in cells], rng) for cells in pieces]
    if None in picked:
        return [_cage([cell], "=", solution) for cells in pieces for cell in cells]
    chosen = cast("list[str]", picked)  # no None: checked just above
    return [_cage(cells, op, solution) for cells, op in zip(pieces, chosen, strict=True)]


def _make(
    geometry: Geometry,
    solution: list[int],
    ops: list[str],
    max_cage: int,
    symmetry: str,
    rng: random.Random,
    tried: Attempts,
) -> Puzzle:
    size = geometry.size
    sizes = {k: w for k, w in _SIZE_WEIGHTS.items() if k <= max_cage}

    def pairs(layout: list[list[int]]) -> list[list[list[int]]]:
        """Each cage with its image (once), or alone when it is its own image."""
        seen, found = set(), []
        for cells in layout:
            key = tuple(cells)
            if key in seen:
                continue
            mirror = image(size, cells, symmetry)
            seen.update({key, tuple(mirror)})
            found.append([cells] if mirror == cells else [cells, mirror])
        return found

    cages: list[Cage] = []
    for pieces in pairs(random_cages(size, rng, sizes, symmetry=symmetry)):
        cages += _assign(pieces, ops, solution, rng)
    switches = 0
    empty = (0,) * (size * size)
    while True:
        tried.check_time()
        puzzle = Puzzle("kenken", geometry, empty, tuple(cages))
        other = other_solution(puzzle, solution)
        if other is None:
            return puzzle
        differ = {cell for cell in range(size * size) if other[cell] != solution[cell]}
        suspects = [cage for cage in cages if differ & set(cage.cells) and len(cage.cells) > 1]
        rng.shuffle(suspects)
        if switches < 2 * size and _switch(cages, suspects, ops, solution, other, rng):
            switches += 1
            continue
        cage = suspects[0]
        alone = rng.choice(sorted(differ & set(cage.cells)))
        mirror, pieces = split_with_image(size, list(cage.cells), alone, symmetry)
        cages.remove(cage)
        if mirror != list(cage.cells):
            cages.remove(next(c for c in cages if list(c.cells) == mirror))
        for group in pairs(pieces):
            cages += _assign(group, ops, solution, rng)


def _switch(
    cages: list[Cage],
    suspects: list[Cage],
    ops: list[str],
    solution: Sequence[int],
    other: Sequence[int],
    rng: random.Random,
) -> bool:
    """Give one suspect cage an operator that tells the two solutions apart."""
    for cage in suspects:
        mine = [solution[c] for c in cage.cells]
        theirs = [other[c] for c in cage.cells]
        telling = [
            op
            for op in _usable(ops, mine)
            if op != cage.op and _result(op, mine) != _result(op, theirs)
        ]
        if telling:
            cages[cages.index(cage)] = _cage(list(cage.cells), rng.choice(telling), solution)
            return True
    return False
