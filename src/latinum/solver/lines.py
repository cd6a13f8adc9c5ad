"""One-line puzzles in, answers out: :func:`solve_line`, :func:`count_line`, and
:func:`solve_lines` and :func:`count_lines` for many.

A line reads as :meth:`Puzzle.sudoku` reads it (the usual box of its size,
or ``box``, and ``diagonals`` for a Sudoku-X), or as :meth:`Puzzle.latin`
with ``variant="latin"``. The answers are those of :func:`~latinum.solve`
and :func:`~latinum.count_solutions` on that puzzle, and so are the errors.

Where the native engine is built, the line goes to Rust as it is, is read,
checked and solved there, and the solution comes back as a line: the call
costs about what its search costs. The batch forms hand Rust a chunk of
lines per call. A line Rust leaves aside (one that breaks a rule, has no
solution, or is written in an unusual way) is answered, or refused, by the
pure path, so every answer and every message is the same as theirs.

>>> import latinum
>>> latinum.solve_line("1..." "..2." ".3.." "...4")
'1243342143122134'
>>> latinum.count_line(".........", variant="latin", limit=None)
12
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..errors import InvalidArgument, LatinumError, ParseError
from ..puzzle import Puzzle
from .api import CHECK_BUDGET, checked_limit, checked_seed, count_solutions, solve
from .engines import MOST, capped, chosen, native_module, setting
from .restarts import FIRST_CUTOFF

#: Lines handed to Rust in one call by the batch forms.
CHUNK = 1024
VARIANTS = ("sudoku", "latin")
T = TypeVar("T")
OnError = Callable[[LatinumError], object]


@dataclass(frozen=True)
class LineRules:
    """How a line reads: the box shape (None: the size's usual one), the
    diagonals, and the variant."""

    box: tuple[int, int] | None = None
    diagonals: bool = False
    variant: str = "sudoku"

    def __post_init__(self) -> None:
        box, variant = self.box, self.variant
        if variant not in VARIANTS:
            raise InvalidArgument(f"variant must be 'sudoku' or 'latin', not {variant!r}")
        if box is not None:
            if not (isinstance(box, Sequence) and len(box) == 2 and all(_whole(s) for s in box)):
                raise InvalidArgument(f"box must be (rows, columns) of whole numbers, not {box!r}")
            object.__setattr__(self, "box", (box[0], box[1]))
        if not isinstance(self.diagonals, bool):
            raise InvalidArgument(f"diagonals must be True or False, not {self.diagonals!r}")
        if variant == "latin" and (box is not None or self.diagonals):
            raise InvalidArgument("a Latin square has no boxes or diagonals")

    def puzzle(self, line: str) -> Puzzle:
        """The puzzle of ``line`` (InvalidPuzzle when it reads as none)."""
        if self.variant == "latin":
            return Puzzle.latin(line)
        return Puzzle.sudoku(line, self.box, self.diagonals)


def solve_line(
    line: str,
    *,
    box: tuple[int, int] | None = None,
    diagonals: bool = False,
    variant: str = "sudoku",
    seed: int = 0,
) -> str:
    """The first solution of the puzzle of ``line``, as a line: what
    ``latinum.solve(Puzzle.sudoku(line, box, diagonals), seed=seed).line()`` gives.

    Raises InvalidPuzzle for a line that is no puzzle, Unsolvable when it
    has no solution.
    """
    rules = _rules(box, diagonals, variant)
    _checked_seed(seed)
    native = _native_lines(rules)
    if native is not None:
        found = native.solve_one(_text(line), seed % 2**64, FIRST_CUTOFF)
        if found is not None:
            return found
    return _solved(rules, _text(line), seed)


def count_line(
    line: str,
    limit: int | None = 2,
    *,
    box: tuple[int, int] | None = None,
    diagonals: bool = False,
    variant: str = "sudoku",
) -> int:
    """How many solutions the puzzle of ``line`` has, up to ``limit`` (None: all),
    as :func:`~latinum.count_solutions` counts them."""
    rules = _rules(box, diagonals, variant)
    limit = checked_limit("limit", limit)
    native = _native_lines(rules)
    if native is not None:
        found = native.count_one(_text(line), capped(limit))
        if found is not None:
            return found
    return count_solutions(rules.puzzle(_text(line)), limit)


def solve_lines(
    lines: Iterable[str],
    *,
    box: tuple[int, int] | None = None,
    diagonals: bool = False,
    variant: str = "sudoku",
    seed: int = 0,
    on_error: OnError | None = None,
) -> Iterator[str]:
    """The solution of each line of ``lines`` (a file, a list), in order, as
    :func:`solve_line` gives it; blank lines and ``#`` comments are passed over.

    A line that is no puzzle or has no solution raises its error, naming
    the line's number (from 1, counting every line): the error policy of
    :func:`~latinum.read_each`. With ``on_error``, the error is handed to
    it instead and the lines after it are still answered. Memory stays
    flat: the lines are read a chunk at a time.
    """
    rules = _rules(box, diagonals, variant)
    _checked_seed(seed)
    _checked_lines(lines)
    native = _native_lines(rules)

    def answer(chunk: list[str]) -> Sequence[str | None]:
        if native is None:
            return [None] * len(chunk)
        return native.solve(chunk, seed % 2**64, FIRST_CUTOFF)

    return _answered(lines, answer, lambda line: _solved(rules, line, seed), on_error)


def count_lines(
    lines: Iterable[str],
    limit: int | None = 2,
    *,
    box: tuple[int, int] | None = None,
    diagonals: bool = False,
    variant: str = "sudoku",
    on_error: OnError | None = None,
) -> Iterator[int]:
    """The number of solutions of each line, up to ``limit`` (None: all), as
    :func:`count_line` gives it; lines and errors as in :func:`solve_lines`."""
    rules = _rules(box, diagonals, variant)
    limit = checked_limit("limit", limit)
    _checked_lines(lines)
    native = _native_lines(rules)

    def answer(chunk: list[str]) -> Sequence[int | None]:
        return [None] * len(chunk) if native is None else native.count(chunk, capped(limit))

    def counted(line: str) -> int:
        return count_solutions(rules.puzzle(line), limit)

    return _answered(lines, answer, counted, on_error)


def check_lines(lines: list[str], budget: int = CHECK_BUDGET) -> list[tuple[str, bool] | None]:
    """For the CLI: the first solution of each line read as the line format
    reads it, and whether it is the only one, where Rust can tell within
    ``budget`` nodes (the first budget of :meth:`.Solver.solve_checked`);
    None for every other line. Needs the native engine."""
    return _format_lines().check(lines, budget)


def first_lines(lines: list[str], seed: int) -> list[str | None]:
    """For the CLI: the first solution of each line read as the line format
    reads it, as :meth:`.Solver.solve` finds it; None where Rust leaves it."""
    return _format_lines().solve(lines, seed % 2**64, FIRST_CUTOFF)


def counts_of_lines(lines: list[str], limit: int) -> list[int | None]:
    """For the CLI: the number of solutions of each line read as the line
    format reads it, up to ``limit``; None where Rust leaves it."""
    return _format_lines().count(lines, min(limit, MOST))


def native_lines_available() -> bool:
    """Whether the lines go to Rust: the native engine is built and chosen."""
    if not setting():
        return native_module() is not None
    return chosen() == "native"


def _answered(
    lines: Iterable[str],
    answer: Callable[[list[str]], Sequence[T | None]],
    by_python: Callable[[str], T],
    on_error: OnError | None,
) -> Iterator[T]:
    """The answer of each line that is not blank or a comment, chunk by chunk:
    Rust's, else ``by_python``'s."""
    numbered = enumerate(lines, 1)
    while chunk := list(itertools.islice(numbered, CHUNK)):
        texts = [_text(line) for _, line in chunk]
        for (number, text), found in zip(chunk, answer(texts), strict=True):
            if found is not None:
                yield found
                continue
            stripped = text.strip()
            if not stripped or stripped.startswith("#"):
                continue
            try:
                yield by_python(text)
            except LatinumError as error:
                located = _located(error, number)
                if on_error is None:
                    raise located from None
                on_error(located)


def _located(error: LatinumError, number: int) -> LatinumError:
    """``error``, naming line ``number``."""
    if isinstance(error, ParseError):
        return ParseError(error.problem, error.source, number, error.column, error.others)
    try:
        return type(error)(f"line {number}: {error}")
    except TypeError:
        return LatinumError(f"line {number}: {error}")


def _solved(rules: LineRules, line: str, seed: int) -> str:
    return solve(rules.puzzle(line), seed=seed).line()


def _rules(box: tuple[int, int] | None, diagonals: bool, variant: str) -> LineRules:
    """The rules of the arguments, checked (those of the defaults, kept once)."""
    if box is None and diagonals is False and variant == "sudoku":
        return _SUDOKU
    return LineRules(box, diagonals, variant)


def _native_lines(rules: LineRules) -> Any:
    """The Rust reader of ``rules``, or None when the lines stay in Python."""
    return _reader(rules) if native_lines_available() else None


@lru_cache(maxsize=32)
def _reader(rules: LineRules) -> Any:
    """The Rust reader of lines under ``rules``, which keeps each size's units."""
    native = native_module()
    assert native is not None  # the native engine was chosen
    return native.Lines(False, rules.box, rules.diagonals, rules.variant == "latin")


@lru_cache(maxsize=1)
def _format_lines() -> Any:
    """The Rust reader of lines as the line format reads them."""
    native = native_module()
    assert native is not None
    return native.Lines(True)


def _text(line: object) -> str:
    if not isinstance(line, str):
        raise InvalidArgument(f"a line is a str, not {type(line).__name__}")
    return line


_SUDOKU = LineRules()


def _checked_lines(lines: Iterable[str]) -> None:
    if isinstance(lines, str) or not isinstance(lines, Iterable):
        raise InvalidArgument(
            f"lines must be an iterable of lines (a file, a list), not {type(lines).__name__}"
        )


def _whole(number: object) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number >= 1


def _checked_seed(seed: int) -> None:
    if type(seed) is not int and checked_seed(seed) is None:
        raise InvalidArgument("seed must be a whole number, not None")
