"""Puzzle generation: random complete grids reduced to unique puzzles.

>>> import latinum
>>> p = latinum.generate("sudoku", size=4, seed=1)
>>> latinum.count_solutions(p)
1
>>> k = latinum.generate("kenken", size=4, seed=1)
>>> latinum.count_solutions(k)
1
>>> f = latinum.generate("futoshiki", size=5, seed=1, adjacent=True)
>>> latinum.count_solutions(f)
1
>>> t = latinum.generate("skyscrapers", size=5, seed=1)
>>> latinum.count_solutions(t)
1
>>> j = latinum.generate("jigsaw", size=6, seed=1)
>>> latinum.count_solutions(j), j.geometry.describe()
(1, '6x6, jigsaw regions')
"""

from __future__ import annotations

from typing import Protocol

from ..errors import InvalidArgument
from ..puzzle import VARIANT_ALIASES, Puzzle
from ..solver.api import checked_limit
from . import futoshiki as _futoshiki
from . import kenken as _kenken
from . import killer as _killer
from . import skyscrapers as _skyscrapers
from . import sudoku as _sudoku
from .progress import GenerationLimit, OnAttempt
from .reach import Key
from .shapes import SYMMETRIES

KINDS = (*_sudoku.KINDS, "killer", "kenken", "futoshiki", "skyscrapers")

__all__ = ["KINDS", "SYMMETRIES", "GenerationLimit", "Plan", "generate", "plan"]


class Plan(Protocol):
    """Checked arguments of :func:`generate`: ``make`` makes the puzzle of a seed,
    in at most ``attempts`` attempts; ``measured`` is the row of
    :data:`~latinum.generator.reach.REACH` that tells how often one reaches the level."""

    @property
    def attempts(self) -> int: ...

    @property
    def measured(self) -> Key | None: ...

    def make(
        self,
        seed: int | str | None,
        on_attempt: OnAttempt | None = None,
        time_limit: float | None = None,
    ) -> Puzzle: ...


def generate(
    kind: str,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    seed: int | str | None = None,
    symmetry: str | None = None,
    diagonals: bool = False,
    minimal: bool = False,
    attempts: int | None = None,
    *,
    givens: bool = False,
    ops: str | None = None,
    max_cage: int | None = None,
    adjacent: bool = False,
    time_limit: float | None = None,
    on_attempt: OnAttempt | None = None,
) -> Puzzle:
    """A random puzzle of ``kind`` with exactly one solution, the same for the same seed.

    ``sudoku``, ``latin``, ``jigsaw`` (new random regions for each puzzle,
    size 4..9, default 9) and ``windoku`` (9x9): see
    :func:`latinum.generator.sudoku.generate` (size, box, difficulty, seed,
    symmetry of the givens - rotational by default -, diagonals, minimal,
    attempts). ``killer``:
    :func:`latinum.generator.killer.generate` (size, box, difficulty, seed,
    givens, diagonals, attempts, symmetry of the cages - none by default).
    ``kenken``: :func:`latinum.generator.kenken.generate` (size, default 6;
    difficulty, which may be a Tatham level; seed, ops, max_cage, attempts,
    symmetry of the cages - none by default). ``futoshiki``:
    :func:`latinum.generator.futoshiki.generate` (size, default 5; seed;
    adjacent for Tatham's adjacent mode). ``skyscrapers``:
    :func:`latinum.generator.skyscrapers.generate` (size, default 5; seed).
    ``on_attempt(attempt, attempts, hardest)``
    is called as each attempt at a level starts, with the hardest level reached
    so far (see :mod:`latinum.generator.progress`).

    Every argument is checked before any work (see :func:`plan`). After
    ``time_limit`` seconds, or ``attempts`` puzzles that missed ``difficulty``,
    :class:`~latinum.generator.progress.GenerationLimit` (a SearchLimit) is raised.
    """
    recipe = plan(
        kind,
        size,
        box,
        difficulty,
        symmetry,
        diagonals,
        minimal,
        attempts,
        givens=givens,
        ops=ops,
        max_cage=max_cage,
        adjacent=adjacent,
    )
    return recipe.make(seed, on_attempt, checked_limit("time_limit", time_limit, whole=False))


def plan(
    kind: str,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    symmetry: str | None = None,
    diagonals: bool = False,
    minimal: bool = False,
    attempts: int | None = None,
    *,
    givens: bool = False,
    ops: str | None = None,
    max_cage: int | None = None,
    adjacent: bool = False,
) -> Plan:
    """The arguments of :func:`generate` (but the seed, the time limit and
    ``on_attempt``) checked, before any work: ``plan(...).make(seed)`` makes a puzzle.

    Raises InvalidArgument for an unknown kind, an option the kind does not take,
    a bad option value, or a level no puzzle of the kind and size reaches (with
    the reason).
    """
    name = str(kind).lower()
    name = VARIANT_ALIASES.get(name, name)
    if name not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    if name in ("futoshiki", "skyscrapers"):
        return _sized_plan(
            name,
            size,
            adjacent,
            box=box,
            difficulty=difficulty,
            symmetry=symmetry,
            diagonals=diagonals,
            minimal=minimal,
            attempts=attempts,
            givens=givens,
            ops=ops,
            max_cage=max_cage,
        )
    if adjacent:
        raise InvalidArgument(f"adjacent is a Futoshiki option, not a {name} one")
    if name in _sudoku.KINDS:
        if givens or ops is not None or max_cage is not None:
            raise InvalidArgument(f"givens, ops and max_cage are cage options, not {name} ones")
        return _sudoku.plan(
            name,
            size,
            box,
            difficulty,
            "rotational" if symmetry is None else symmetry,
            diagonals,
            minimal,
            attempts,
        )
    if minimal:
        raise InvalidArgument(f"minimal applies to sudoku and latin, not {name}")
    cage_symmetry = "none" if symmetry is None else symmetry
    if name == "killer":
        if ops is not None or max_cage is not None:
            raise InvalidArgument(
                "ops and max_cage are KenKen options; Killer cages are sums of 1..5"
            )
        return _killer.plan(size, box, difficulty, givens, diagonals, attempts, cage_symmetry)
    if box is not None:
        raise InvalidArgument("a KenKen has no boxes; leave box out")
    if diagonals:
        raise InvalidArgument("diagonals are a Sudoku option, not a KenKen one")
    if givens:
        raise InvalidArgument("givens=True is a Killer option; a KenKen is decided by its cages")
    return _kenken.plan(
        6 if size is None else size,
        difficulty,
        _kenken.DEFAULT_OPS if ops is None else ops,
        _kenken.DEFAULT_MAX_CAGE if max_cage is None else max_cage,
        attempts,
        cage_symmetry,
    )


def _sized_plan(kind: str, size: int | None, adjacent: bool, **others: object) -> Plan:
    """A Futoshiki's or a Skyscrapers' plan, once none of the ``others`` (the other
    kinds' options) was given."""
    given = [name for name, value in others.items() if value is not None and value is not False]
    if kind == "skyscrapers" and adjacent:
        given.insert(0, "adjacent")
    if given:
        takes = "size, seed and adjacent" if kind == "futoshiki" else "size and seed"
        raise InvalidArgument(
            f"a {kind.capitalize()} takes {takes} only, not {', '.join(given)}"
            + (" (its levels come with its ratings)" if "difficulty" in given else "")
        )
    if kind == "skyscrapers":
        return _skyscrapers.plan(_skyscrapers.DEFAULT_SIZE if size is None else size)
    return _futoshiki.plan(_futoshiki.DEFAULT_SIZE if size is None else size, adjacent)
