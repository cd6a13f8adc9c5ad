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
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument
from ..puzzle import VARIANT_ALIASES, Puzzle
from . import futoshiki as _futoshiki
from . import kenken as _kenken
from . import killer as _killer
from . import sudoku as _sudoku
from .progress import OnAttempt
from .shapes import SYMMETRIES

KINDS = (*_sudoku.KINDS, "killer", "kenken", "futoshiki")

__all__ = ["KINDS", "SYMMETRIES", "generate"]


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
    on_attempt: OnAttempt | None = None,
) -> Puzzle:
    """A random puzzle of ``kind`` with exactly one solution, the same for the same seed.

    ``sudoku`` and ``latin``: see :func:`latinum.generator.sudoku.generate`
    (size, box, difficulty, seed, symmetry of the givens - rotational by
    default -, diagonals, minimal, attempts). ``killer``:
    :func:`latinum.generator.killer.generate` (size, box, difficulty, seed,
    givens, diagonals, attempts, symmetry of the cages - none by default).
    ``kenken``: :func:`latinum.generator.kenken.generate` (size, default 6;
    difficulty, which may be a Tatham level; seed, ops, max_cage, attempts,
    symmetry of the cages - none by default). ``futoshiki``:
    :func:`latinum.generator.futoshiki.generate` (size, default 5; seed;
    adjacent for Tatham's adjacent mode). ``on_attempt(attempt, attempts, hardest)``
    is called as each attempt at a level starts, with the hardest level reached
    so far (see :mod:`latinum.generator.progress`).

    Raises InvalidArgument for an unknown kind, an option the kind does not take
    or a bad option value.
    """
    name = str(kind).lower()
    name = VARIANT_ALIASES.get(name, name)
    if name not in KINDS:
        raise InvalidArgument(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    if name == "futoshiki":
        return _futoshiki_puzzle(
            size,
            seed,
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
    extra: dict[str, Any] = {} if attempts is None else {"attempts": attempts}
    extra["on_attempt"] = on_attempt
    if name in _sudoku.KINDS:
        if givens or ops is not None or max_cage is not None:
            raise InvalidArgument(f"givens, ops and max_cage are cage options, not {name} ones")
        return _sudoku.generate(
            name,
            size,
            box,
            difficulty,
            seed,
            "rotational" if symmetry is None else symmetry,
            diagonals,
            minimal,
            **extra,
        )
    if minimal:
        raise InvalidArgument(f"minimal applies to sudoku and latin, not {name}")
    extra["symmetry"] = "none" if symmetry is None else symmetry
    if name == "killer":
        if ops is not None or max_cage is not None:
            raise InvalidArgument(
                "ops and max_cage are KenKen options; Killer cages are sums of 1..5"
            )
        return _killer.generate(size, box, difficulty, seed, givens, diagonals, **extra)
    if box is not None:
        raise InvalidArgument("a KenKen has no boxes; leave box out")
    if diagonals:
        raise InvalidArgument("diagonals are a Sudoku option, not a KenKen one")
    if givens:
        raise InvalidArgument("givens=True is a Killer option; a KenKen is decided by its cages")
    return _kenken.generate(
        6 if size is None else size,
        difficulty,
        seed,
        _kenken.DEFAULT_OPS if ops is None else ops,
        _kenken.DEFAULT_MAX_CAGE if max_cage is None else max_cage,
        **extra,
    )


def _futoshiki_puzzle(
    size: int | None, seed: int | str | None, adjacent: bool, **others: object
) -> Puzzle:
    """A Futoshiki, once none of the ``others`` (the other kinds' options) was given."""
    given = [name for name, value in others.items() if value is not None and value is not False]
    if given:
        raise InvalidArgument(
            f"a Futoshiki takes size, seed and adjacent only, not {', '.join(given)}"
            + (" (its levels come with its ratings)" if "difficulty" in given else "")
        )
    return _futoshiki.generate(_futoshiki.DEFAULT_SIZE if size is None else size, seed, adjacent)
