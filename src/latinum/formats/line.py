"""One puzzle per line: N*N cell characters, row by row.

Values are the digits 1-9, then the letters A-Z (either case) for 10..25;
``.``, ``0``, ``_``, ``*`` and ``-`` are blanks. Blank lines and lines starting
with ``#`` are skipped, so a file of many lines is a batch.

A 16x16 line (256 characters) may use the hexadecimal style instead, where
``0``-``9`` and ``A``-``F`` stand for 1..16 and only ``.`` is blank. A line is
read in that style when it holds only those characters, contains a ``0`` and
either contains a ``.`` (so ``0`` cannot be the blank) or holds each of its 16
symbols exactly 16 times (a complete grid). Any ``G`` means the usual style.

A size with a usual box shape reads as a Sudoku with that shape; other sizes
(the primes 2, 3, 5, 7, ...) read as Latin squares. Written lines use ``.``.
"""

from __future__ import annotations

import re

from ..errors import ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import value_of, values_of_text
from .common import (
    MAX_CELLS,
    check_plain,
    content_lines,
    plain_puzzle,
    side,
    unspaced_kind,
    value_problem,
)
from .registry import Format, register

BLANKS = ".0_*-"
_HEX = "0123456789ABCDEF"
_NOT_IN_LINES = ":,[]{}\"'=+|()<>;"
_SNIFF_LINES = 200
_SPACE = re.compile(r"\s")


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of ``text``, one per content line."""
    return [parse_line(line, source, number) for number, line in content_lines(text)]


def parse_line(line: str, source: str | None = None, number: int | None = None) -> Puzzle:
    """The puzzle of one line of cell characters."""
    line = line.strip()
    if len(line) <= MAX_CELLS:
        space = _SPACE.search(line)
        if space:
            raise ParseError("space inside a puzzle line", source, number, space.start() + 1)
    size = side(len(line), source, number, "characters")
    hexadecimal = size == 16 and is_hex(line)
    fast = None if hexadecimal else values_of_text(line, BLANKS)
    if fast is not None and max(fast) <= size:
        return plain_puzzle(fast, size)
    values = []
    for column, char in enumerate(line, 1):
        value = _hex_value(char) if hexadecimal else _value(char)
        if value is None:
            raise ParseError(f"{char!r} is not a cell value", source, number, column)
        if value > size:
            raise ParseError(value_problem(char, value, size), source, number, column)
        values.append(value)
    return plain_puzzle(values, size)


def is_hex(line: str) -> bool:
    """True if a 256-character line uses the 0-F style (see the module docstring)."""
    upper = line.upper()
    if len(line) != 256 or "0" not in line or set(upper) - set(_HEX + "."):
        return False
    return "." in line or all(upper.count(char) == 16 for char in _HEX)


def _value(char: str) -> int | None:
    return 0 if char in BLANKS else value_of(char)


def _hex_value(char: str) -> int | None:
    if char == ".":
        return 0
    index = _HEX.find(char.upper()) if char.isascii() else -1
    return index + 1 if index >= 0 else None


def write(puzzle: Puzzle) -> str:
    """One line of N*N characters with ``.`` for blanks."""
    check_plain(puzzle, "line")
    return puzzle.grid.line() + "\n"


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid as one line."""
    return grid.line() + "\n"


def sniff(text: str) -> bool:
    """Lines of one token each, mostly cell characters, too long or many to be grid rows."""
    tokens = [line for _, line in content_lines(text, _SNIFF_LINES)]
    if not tokens:
        return False
    for token in tokens:
        if any(char in token for char in _NOT_IN_LINES):
            return False
        if len(token) <= MAX_CELLS:
            if len(token.split()) != 1:
                return False
            strange = sum(1 for char in token if _value(char) is None)
            if strange * 10 > len(token):
                return False
        elif not token.isascii():
            return False
    return unspaced_kind(tokens) == "line"


FORMAT = register(
    Format(
        name="line",
        description="one puzzle per line: N*N characters, digits then letters, '.' or '0' blank",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        aliases=("txt", "oneline"),
    )
)
