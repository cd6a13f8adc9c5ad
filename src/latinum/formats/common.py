"""Helpers shared by the plain-grid formats (line, grid, pylist)."""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt

from ..errors import CannotWrite, ParseError
from ..geometry import Geometry, default_box
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE
from .registry import unheld_geometry

MAX_CELLS = MAX_SIZE * MAX_SIZE
# Header names of a dataset's puzzle and solution columns (lower case).
PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question")
SOLUTION_COLUMNS = ("solutions", "solution", "answer")
# Line lengths of one-line puzzles that could also be a grid row (N = 4, 5).
_AMBIGUOUS_LENGTHS = (16, 25)


def content_lines(text: str, limit: int | None = None) -> list[tuple[int, str]]:
    """``(line number, stripped text)`` of each line that is not blank or a ``#`` comment."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            found.append((number, stripped))
            if limit is not None and len(found) >= limit:
                break
    return found


def plain_puzzle(
    values: Sequence[int],
    size: int,
    box: tuple[int, int] | None = None,
    title: str | None = None,
    solution: Sequence[int] | None = None,
) -> Puzzle:
    """A Sudoku with ``box`` (default: the usual box for the size), or a Latin square
    when the size has no box shape; ``solution`` is the one that came with it."""
    box = box or default_box(size)
    variant = "sudoku" if box else "latin"
    kept = None if solution is None else tuple(solution)
    return Puzzle(variant, Geometry(size, box), tuple(values), title=title, solution=kept)


def check_plain(puzzle: Puzzle, name: str, any_box: bool = False) -> None:
    """Raise CannotWrite unless a plain grid format ``name`` can hold ``puzzle``.

    Plain formats hold givens only (no jigsaw regions, no Windoku windows); without
    ``any_box`` the reader infers the box shape from the size, so only that shape
    (or a Latin square of a size without one) survives a round trip.
    """
    n = puzzle.size
    if puzzle.variant not in ("sudoku", "latin") or puzzle.cages:
        raise CannotWrite(f"the {name} format cannot hold the cages of a {puzzle.variant} puzzle")
    unheld = unheld_geometry(puzzle)
    if unheld:
        raise CannotWrite(f"the {name} format cannot hold {unheld}")
    if puzzle.geometry.diagonals:
        raise CannotWrite(f"the {name} format cannot mark the diagonals of a Sudoku-X")
    usual = default_box(n)
    box = puzzle.geometry.box
    if box == usual:
        return
    if box is None:
        assert usual is not None  # else box == usual returned above
        raise CannotWrite(
            f"the {name} format reads a {n}x{n} grid as a Sudoku with {usual[0]}x{usual[1]} "
            "boxes, so it cannot hold a Latin square of that size"
        )
    if not any_box:
        raise CannotWrite(
            f"the {name} format cannot say that the boxes are {box[0]}x{box[1]} "
            f"(a {n}x{n} grid reads with the usual boxes)"
        )


def side(count: int, source: str | None, line: int | None, what: str = "cells") -> int:
    """The size N of a grid of ``count`` cells, or a ParseError."""
    n = isqrt(count)
    if n > MAX_SIZE and n * n == count:
        raise ParseError(
            f"a {n}x{n} grid is larger than the {MAX_SIZE}x{MAX_SIZE} limit", source, line
        )
    if count > MAX_CELLS:
        raise ParseError(
            f"{too_long(count, what)}, more than a {MAX_SIZE}x{MAX_SIZE} puzzle "
            f"({MAX_CELLS} cells)",
            source,
            line,
        )
    if count == 0 or n * n != count:
        raise ParseError(
            f"{count} {what} do not make a square grid (N*N for N in 1..{MAX_SIZE})", source, line
        )
    return n


def value_problem(text: str, value: int, n: int) -> str:
    """Why ``text`` (standing for ``value``) cannot be a cell of an n x n grid."""
    if text.isalpha() and n <= 9:
        return f"letter {text!r} where a digit or a blank belongs"
    if text.isalpha():
        return f"{text!r} stands for {value}, above {n}, the largest value of a {n}x{n} grid"
    return f"{text} is above {n}, the largest value of a {n}x{n} grid"


def too_long(count: int, what: str) -> str:
    """``12 cells`` or, for huge counts, ``50.0 MB``."""
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MB of {what}"
    return f"{count} {what}"


def unspaced_kind(tokens: Sequence[str]) -> str:
    """``line`` or ``grid``: how to read lines of unspaced cell characters.

    Lines longer than 25 characters are one-line puzzles. Otherwise the lines
    are grid rows, except one line of a square length, or several lines of 16
    or 25 characters whose count differs from their length (4x4 and 5x5
    puzzles one per line); so nine lines of nine characters are a 9x9 grid.
    """
    lengths = {len(token) for token in tokens}
    longest = max(lengths)
    if longest > MAX_SIZE:
        return "line"
    if len(tokens) == 1:
        return "line" if isqrt(longest) ** 2 == longest else "grid"
    if len(lengths) == 1 and longest in _AMBIGUOUS_LENGTHS and len(tokens) != longest:
        return "line"
    return "grid"
