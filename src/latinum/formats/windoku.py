"""Windoku (Hyper Sudoku) one a line: the 81 characters of the ``line`` format.

A Windoku is a 9x9 Sudoku whose four windows, the 3x3 squares at rows and
columns 2-4 and 6-8, hold 1..9 as well. Its line is written and read exactly
as :mod:`.line` does a Sudoku's (``.`` or ``0`` blank; a solution may follow
after one space, comma or tab; ``#`` comments; one puzzle a line, streamed),
so nothing in the text tells it from a plain Sudoku: this format is never
detected, only named (``format="windoku"``, ``--from windoku``, ``--to
windoku``). Its writer writes Windoku only and refuses any other puzzle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..errors import CannotWrite, ParseError
from ..geometry import Geometry
from ..grid import Grid
from ..puzzle import Puzzle
from .line import parse_line
from .records import Lines, Record, each_line, text_reader
from .registry import Format, register

SIZE = 9
GEOMETRY = Geometry(SIZE, (3, 3), windows=True)


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """The Windoku (or ParseError) of each content line."""
    return each_line(lines, source, lambda line, number: parse(line, source, number))


def parse(line: str, source: str | None = None, number: int | None = None) -> Puzzle:
    """The Windoku of one line of 81 cell characters, maybe followed by its solution."""
    puzzle = parse_line(line, source, number)
    if puzzle.size != SIZE:
        cells = puzzle.size * puzzle.size
        problem = f"a Windoku line has {SIZE * SIZE} cells (9x9), not {cells}"
        raise ParseError(problem, source, number)
    return replace(puzzle, geometry=GEOMETRY)


def writable(puzzle: Puzzle) -> None:
    """CannotWrite unless ``puzzle`` is a Windoku the line holds whole."""
    if not puzzle.geometry.windows:
        raise CannotWrite(
            "the windoku format holds Windoku only (a 9x9 Sudoku with four windows), "
            f"not a {puzzle.describe()}"
        )
    if puzzle.variant != "sudoku" or puzzle.cages:
        raise CannotWrite(f"the windoku format cannot hold the cages of a {puzzle.variant} puzzle")
    if puzzle.geometry.diagonals:
        raise CannotWrite("the windoku format cannot mark diagonals (write it as json)")
    if puzzle.relations or puzzle.sightlines:
        raise CannotWrite("the windoku format holds the givens only: no signs or clues")
    if any(not 0 <= value <= SIZE for value in puzzle.givens):
        raise CannotWrite(f"givens must be values 1..{SIZE}")


def write(puzzle: Puzzle) -> str:
    """One line of 81 characters with ``.`` for blanks (no newline)."""
    writable(puzzle)
    return puzzle.grid.line()


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid as one line (no newline)."""
    writable(puzzle)
    return grid.line()


def sniff(text: str) -> bool:
    """Never: a line of 81 characters is a plain Sudoku unless named a Windoku."""
    return False


FORMAT = register(
    Format(
        name="windoku",
        description="Windoku (Hyper Sudoku), only when named: one puzzle per line, 81 "
        "characters as in the line format, the four extra 3x3 windows implied",
        read=text_reader(stream),
        stream=stream,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        windows=True,
    )
)
