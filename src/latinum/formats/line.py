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

A line may carry the puzzle's solution after one space, comma or tab
(``53..7....<sep>534678912...``), as Sudoku datasets are shared: a complete
grid of the same length, kept as ``Puzzle.solution``. Written lines hold the
puzzle only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from math import isqrt

from ..errors import ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE, value_of, values_of_text
from .common import (
    MAX_CELLS,
    PUZZLE_COLUMNS,
    check_plain,
    content_lines,
    plain_puzzle,
    side,
    unspaced_kind,
    value_problem,
)
from .records import Lines, Record, each_line, text_reader
from .registry import Format, register

BLANKS = ".0_*-"
_HEX = "0123456789ABCDEF"
_NOT_IN_LINES = ":#[]{}\"'=+|()<>;"
_SNIFF_LINES = 200
_GAP = re.compile(r"[\s,]")
_SEPARATORS = " ,\t"
# The longest line a puzzle and its solution make (two 25x25 grids and a separator).
_MAX_PAIR = 2 * MAX_CELLS + 1


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """The puzzle (or ParseError) of each content line."""
    return each_line(lines, source, lambda line, number: parse_line(line, source, number))


def parse_line(line: str, source: str | None = None, number: int | None = None) -> Puzzle:
    """The puzzle of one line of cell characters, maybe followed by its solution."""
    line = line.strip()
    if len(line) <= _MAX_PAIR:
        gap = _GAP.search(line)
        if gap:
            return _parse_pair(line, gap.start(), source, number)
    size = side(len(line), source, number, "characters")
    return plain_puzzle(cells(line, size, source, number), size)


def _parse_pair(line: str, at: int, source: str | None, number: int | None) -> Puzzle:
    """The puzzle of a line whose first gap (a separator) is at index ``at``."""
    first, second = line[:at], line[at + 1 :]
    extra = _GAP.search(second)
    if line[at] not in _SEPARATORS or not _square(len(first)) or _one_grid(first, second, extra):
        raise ParseError(f"{_shown(line[at])} inside a puzzle line", source, number, at + 1)
    if extra:
        found = "two separators in a row"
        if extra.start():
            found = f"{_shown(extra[0])} after the solution"
        problem = f"{found}: a line holds a puzzle, then one space, comma or tab and its solution"
        raise ParseError(problem, source, number, at + extra.start() + 2)
    return pair_puzzle(first, second, source, number, solution_offset=at + 1)


def _square(count: int) -> bool:
    return count > 0 and isqrt(count) ** 2 == count


def _one_grid(first: str, second: str, extra: re.Match[str] | None) -> bool:
    """True if the parts of a line only make a square grid together (a stray space)."""
    if extra is None and len(first) == len(second):
        return False
    return _square(len(first) + len(_GAP.sub("", second)))


def _shown(separator: str) -> str:
    names = {" ": "space", "\t": "tab"}
    return names.get(separator, repr(separator))


def pair_puzzle(
    puzzle: str,
    solution: str | None,
    source: str | None = None,
    number: int | None = None,
    puzzle_offset: int = 0,
    solution_offset: int = 0,
) -> Puzzle:
    """The puzzle of the cell characters ``puzzle`` with the complete grid ``solution``.

    The offsets are the 0-based columns where the two texts start in their line.
    """
    size = side(len(puzzle), source, number, "characters")
    values = cells(puzzle, size, source, number, puzzle_offset)
    if solution is None:
        return plain_puzzle(values, size)
    if len(solution) != len(puzzle):
        problem = f"the solution has {len(solution)} characters, the puzzle {len(puzzle)}"
        raise ParseError(problem, source, number, solution_offset + 1)
    # A complete grid holds no blank, so a 0 means the 0-F style.
    hexadecimal = size == 16 and "0" in solution and not set(solution.upper()) - set(_HEX + ".")
    solved = cells(solution, size, source, number, solution_offset, hexadecimal)
    if 0 in solved:
        blank = solved.index(0)
        problem = f"blank {solution[blank]!r} in the solution: it must be a complete grid"
        raise ParseError(problem, source, number, solution_offset + blank + 1)
    return plain_puzzle(values, size, solution=solved)


def cells(
    text: str,
    size: int,
    source: str | None = None,
    number: int | None = None,
    offset: int = 0,
    hexadecimal: bool | None = None,
) -> tuple[int, ...]:
    """The values (0 blank) of the ``size``x``size`` cell characters ``text``.

    ``offset`` is the 0-based column where ``text`` starts in its line;
    ``hexadecimal`` (default: guessed) reads the 0-F style.
    """
    if hexadecimal is None:
        hexadecimal = size == 16 and is_hex(text)
    fast = None if hexadecimal else values_of_text(text, BLANKS)
    if fast is not None and max(fast) <= size:
        return fast
    values = []
    for column, char in enumerate(text, offset + 1):
        value = _hex_value(char) if hexadecimal else _value(char)
        if value is None:
            raise ParseError(f"{char!r} is not a cell value", source, number, column)
        if value > size:
            raise ParseError(value_problem(char, value, size), source, number, column)
        values.append(value)
    return tuple(values)


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
    """One line of N*N characters with ``.`` for blanks (no newline)."""
    check_plain(puzzle, "line")
    return puzzle.grid.line()


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid as one line (no newline)."""
    return grid.line()


def sniff(text: str) -> bool:
    """Lines of one puzzle each (maybe with its solution), mostly cell characters,
    too long or many to be grid rows."""
    tokens = []
    for index, (_, line) in enumerate(content_lines(text, _SNIFF_LINES)):
        if index == 0 and line.lower() in PUZZLE_COLUMNS:
            return False  # the header of a one-column CSV file
        token = _sniffed_puzzle(line)
        if token is None:
            return False
        tokens.append(token)
    return bool(tokens) and unspaced_kind(tokens) == "line"


def _sniffed_puzzle(line: str) -> str | None:
    """The token of ``line`` that tells a one-line puzzle from a grid row (its longest
    part), if the line looks like a puzzle line or a puzzle-solution pair."""
    if any(char in line for char in _NOT_IN_LINES):
        return None
    parts = _GAP.split(line) if len(line) <= _MAX_PAIR else [line]
    if len(parts) == 1:
        if len(line) > MAX_CELLS:
            return line if line.isascii() else None
        return None if _strange(line) else line
    # A malformed pair still claims the line (when too long for a grid row) so
    # that reading it reports the problem.
    longest = max(parts, key=len)
    paired = len(parts) == 2 and len(parts[0]) == len(parts[1]) and _square(len(parts[0]))
    if not (paired or len(longest) > MAX_SIZE) or any(_strange(part) for part in parts):
        return None
    return longest


def _strange(token: str) -> bool:
    """True if over a tenth of ``token`` is not cell characters."""
    strange = sum(1 for char in token if _value(char) is None)
    return strange * 10 > len(token)


FORMAT = register(
    Format(
        name="line",
        description="one puzzle per line: N*N characters, digits then letters, '.' or '0' blank",
        read=text_reader(stream),
        stream=stream,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        aliases=("txt", "oneline"),
    )
)
