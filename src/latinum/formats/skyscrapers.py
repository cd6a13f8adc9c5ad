"""Skyscrapers as text: the clues around the grid, as newspapers print them.

::

    skyscrapers 5x5
        2 1 3 2 2
     2  . . . . .  3
     1  . . . . .
        . . . 4 .  2
     4  . . . . .  1
     2  . . . . .  2
        2 3 1 2 2

A header line ``skyscrapers`` or ``skyscrapers NxN`` (any case) may come
first; the writer always writes it with the size. Then:

* N rows of N cells, one space between two cells; a cell is a value (digits,
  then letters for 10 and up) or a blank (``.``, ``0`` or ``_``). The first
  cell stands in the same text column in every row.
* In a row, the clue seen from the left is one character at least two spaces
  before the first cell, the clue seen from the right one character at least
  two spaces after the last cell; a row without one leaves it out.
* Above the rows may come one line of the clues seen from the top, below them
  one of the clues seen from the bottom: each clue stands in the column of its
  column's cells, a space where a column has no clue.

Clues are values 1..N, written like cells (``A`` for 10). Blank lines between a
clue line and the rows are allowed (Tatham's text has them), not between two
rows. The puzzle runs to the next header; a text without headers holds one
puzzle.

With one clue line and a row that could be read as a clue line (both full),
the clue line is the top one unless a blank line parts it from the rows; so
the writer, for a puzzle with clues below the grid and none above it, leaves
a blank line before the bottom clue line. The writer writes every line without
trailing spaces, the rows one space in, the clue lines over the cells.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..errors import CannotWrite, LatinumError, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..sightlines import SIDES, from_sides
from ..symbols import MAX_SIZE, symbol, value_of
from .common import value_problem
from .registry import Format, register

HEADER = re.compile(r"skyscrapers(?:\s+([0-9]+)\s*x\s*([0-9]+))?", re.IGNORECASE)
MIN_SIZE = 2
#: Where the writer puts things: the left clues, the first cell (text columns).
LEFT_COLUMN = 1
FIRST_CELL = LEFT_COLUMN + 3
#: The least number of spaces between a side clue and the grid.
GAP = 2


# Shared with the other formats of Skyscrapers ---------------------------


def writable_clues(puzzle: Puzzle, what: str, smallest: int = MIN_SIZE) -> dict[str, list[int]]:
    """The clues of each side of ``puzzle`` (see :func:`clue_lists`); CannotWrite unless
    it is a Skyscrapers of size ``smallest``..25 with valid givens, which ``what`` (a
    format) holds."""
    n = puzzle.size
    if puzzle.variant != "skyscrapers":
        raise CannotWrite(f"{what} holds Skyscrapers puzzles, not {puzzle.variant}")
    if puzzle.cages:
        raise CannotWrite(f"{what} cannot hold cages")
    if puzzle.geometry.box or puzzle.geometry.diagonals:
        raise CannotWrite(f"{what} cannot hold boxes or diagonals")
    if any(not 0 <= value <= n for value in puzzle.givens):
        raise CannotWrite(f"givens must be values 1..{n}")
    if not smallest <= n <= MAX_SIZE:
        raise CannotWrite(f"{what} needs a size of {smallest}..{MAX_SIZE}, not {n}")
    return clue_lists(puzzle, what)


def clue_lists(puzzle: Puzzle, what: str) -> dict[str, list[int]]:
    """The clues of each side (0: none), left to right or top to bottom; CannotWrite
    if ``what`` (a format) cannot show them: a clue off the grid or outside 1..N, or
    two at one place."""
    n = puzzle.size
    sides = {side: [0] * n for side in SIDES}
    for line in puzzle.sightlines:
        if not 0 <= line.index < n:
            raise CannotWrite(f"{what} cannot hold the {line.describe()}: no such line")
        if not 1 <= line.seen <= n:
            raise CannotWrite(f"{what} cannot hold the {line.describe()}: a clue is 1..{n}")
        if sides[line.side][line.index]:
            raise CannotWrite(f"{what} holds one clue {line.place}")
        sides[line.side][line.index] = line.seen
    return sides


# Reading ---------------------------------------------------------------

Line = tuple[int, str]


class _Problem(Exception):
    """Why one line does not fit, and where (a 1-based column, or None)."""

    def __init__(self, problem: str, line: int, column: int | None = None) -> None:
        super().__init__(problem)
        self.problem, self.line, self.column = problem, line, column


@dataclass
class _Row:
    left: int
    cells: list[int]
    right: int


@dataclass
class _Grid:
    """Where a puzzle's cells stand: the text column of the first one, and N."""

    first: int
    size: int

    def column(self, index: int) -> int:
        return self.first + 2 * index

    @property
    def end(self) -> int:
        """The text column just after the last cell."""
        return self.column(self.size - 1) + 1

    def row(self, number: int, line: str) -> _Row:
        """The clues and cells of a row."""
        left = self.left_clue(number, line)
        cells = []
        for index in range(self.size):
            at = self.column(index)
            if at >= len(line):
                raise _Problem(
                    f"a row of {index} cell{'' if index == 1 else 's'}, but the grid has "
                    f"{self.size}",
                    number,
                    len(line) + 1,
                )
            cells.append(self.cell(line[at], number, at))
            if index + 1 < self.size and at + 1 < len(line) and line[at + 1] != " ":
                raise _Problem(
                    f"{line[at + 1]!r} between two cells, where a space belongs", number, at + 2
                )
        return _Row(left, cells, self.right_clue(number, line))

    def left_clue(self, number: int, line: str) -> int:
        before = line[: self.first]
        marks = [at for at, char in enumerate(before) if char != " "]
        if not marks:
            return 0
        if len(marks) > 1:
            raise _Problem(
                "more than one character left of the grid: a clue is one character "
                "(A for 10, B for 11, ...)",
                number,
                marks[1] + 1,
            )
        at = marks[0]
        if at > self.first - 1 - GAP:
            raise _Problem(
                f"{before[at]!r} just before the first cell: a clue stands two spaces left "
                f"of the grid, and the first cell in column {self.first + 1} of every row",
                number,
                at + 1,
            )
        return self.clue(before[at], number, at)

    def right_clue(self, number: int, line: str) -> int:
        after = line[self.end :]
        marks = [self.end + at for at, char in enumerate(after) if char != " "]
        if not marks:
            return 0
        at = marks[0]
        if at == self.end:
            problem = f"{line[at]!r} right after the last cell, where a space belongs"
            raise _Problem(problem, number, at + 1)
        if at < self.end + GAP:
            raise _Problem(
                f"a row longer than {self.size} cells (a clue stands two spaces right of the grid)",
                number,
                at + 1,
            )
        if len(marks) > 1:
            raise _Problem(
                "more than one character right of the grid: a clue is one character "
                "(A for 10, B for 11, ...)",
                number,
                marks[1] + 1,
            )
        return self.clue(line[at], number, at)

    def clues(self, number: int, line: str, where: str) -> list[int]:
        """The clues of a line above or below the rows (0: none)."""
        found = [0] * self.size
        for at, char in enumerate(line):
            if char == " ":
                continue
            offset = at - self.first
            if offset < 0 or offset % 2 or offset // 2 >= self.size:
                place = "between two columns"
                if offset < 0:
                    place = "left of the first column"
                elif offset // 2 >= self.size:
                    place = "right of the last column"
                raise _Problem(
                    f"{char!r} {place}: a clue {where} the grid stands in the text column "
                    f"of its cells ({self.first + 1}, {self.first + 3}, ...)",
                    number,
                    at + 1,
                )
            found[offset // 2] = self.clue(char, number, at)
        return found

    def cell(self, char: str, number: int, at: int) -> int:
        value = value_of(char) if char.isascii() else None
        if value is None:
            problem = f"{char!r} is not a cell value"
            if char == " ":
                problem = (
                    "a space where a cell belongs (write '.' for an empty cell; the cells "
                    f"stand in columns {self.first + 1}, {self.first + 3}, ... of every row)"
                )
            raise _Problem(problem, number, at + 1)
        if value > self.size:
            raise _Problem(value_problem(char, value, self.size), number, at + 1)
        return value

    def clue(self, char: str, number: int, at: int) -> int:
        value = value_of(char) if char.isascii() else None
        if value is None or value == 0:
            raise _Problem(f"{char!r} is not a clue (a number 1..{self.size})", number, at + 1)
        if value > self.size:
            if char.isalpha():
                problem = f"clue {char!r} stands for {value}, above {self.size}"
            else:
                problem = f"clue {char} is above {self.size}"
            raise _Problem(f"{problem}: a clue is 1..{self.size}", number, at + 1)
        return value


def _grid_of(lines: list[Line], size: int | None) -> _Grid:
    """Where the cells stand, as most lines show it (the second line first, a row
    whatever clue lines there are): N is the header's ``size`` if given."""
    shapes = Counter(_shape(line) for _, line in [*lines[1:], *lines[:1]])
    fitting = [shape for shape in shapes if shape[1] == size]
    first, found = max(fitting or shapes, key=lambda shape: shapes[shape])
    return _Grid(first, size or found)


def _shape(line: str) -> tuple[int, int]:
    """Where the cells of the row ``line`` start (after its left clue if it has one:
    a character and two spaces, else at its first character) and how many there
    are with one space between two."""
    first = len(line) - len(line.lstrip())
    if line[first + 1 : first + 1 + GAP] == " " * GAP and line[first + 1 :].strip():
        first = len(line) - len(line[first + 1 :].lstrip())
    size, at = 1, first
    while at + 2 < len(line) and line[at + 1] == " " and line[at + 2] != " ":
        size, at = size + 1, at + 2
    return first, size


@dataclass
class _Block:
    """One puzzle as its lines come: the header's line and size (if any), and its
    lines, blank ones included."""

    source: str | None
    header: int | None = None
    size: int | None = None
    lines: list[Line] = field(default_factory=list)

    def error(self, problem: str, line: int | None, column: int | None = None) -> ParseError:
        return ParseError(problem, self.source, line, column)

    def puzzle(self) -> Puzzle:
        """The puzzle of the block, checked to be whole."""
        try:
            return self._puzzle()
        except _Problem as bad:
            raise self.error(bad.problem, bad.line, bad.column) from None

    def _puzzle(self) -> Puzzle:
        lines = [(number, line) for number, line in self.lines if line.strip()]
        if not lines:
            raise _Problem("a header with no grid below it", self.header or 1)
        grid = _grid_of(lines, self.size)
        size = grid.size
        if not MIN_SIZE <= size <= MAX_SIZE:
            number = lines[min(1, len(lines) - 1)][0]
            raise _Problem(
                f"a row of {size} cell{'s' if size > 1 else ''}: a grid is "
                f"{MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}",
                number,
            )
        extra = len(lines) - size
        if extra < 0:
            raise _Problem(
                f"{len(lines)} lines, but a {size}x{size} puzzle has {size} rows", lines[-1][0]
            )
        if extra > 2:
            how = "" if self.header else f" (start each puzzle with 'skyscrapers {size}x{size}')"
            raise _Problem(
                f"a line after the clues below the grid: a {size}x{size} puzzle has {size} "
                f"rows and a line of clues above and below them{how}",
                lines[size + 2][0],
            )
        ways = _arrangements(grid, lines, extra)
        problems = []
        for top, bottom in ways:
            try:
                return self._read(grid, lines, top, bottom)
            except _Problem as bad:
                problems.append(bad)
        raise problems[0]

    def _read(self, grid: _Grid, lines: list[Line], top: bool, bottom: bool) -> Puzzle:
        """The puzzle of ``lines``, with a top and a bottom clue line as told."""
        size = grid.size
        rows = lines[top : top + size]
        blank = next(
            (
                number
                for number, line in self.lines
                if rows[0][0] < number < rows[-1][0] and not line.strip()
            ),
            None,
        )
        if blank is not None:
            raise _Problem("a blank line between two rows of the grid", blank)
        clues = {side: [0] * size for side in SIDES}
        if top:
            clues["top"] = grid.clues(*lines[0], "above")
        if bottom:
            clues["bottom"] = grid.clues(*lines[-1], "below")
        cells = []
        for index, (number, line) in enumerate(rows):
            row = grid.row(number, line)
            clues["left"][index], clues["right"][index] = row.left, row.right
            cells += row.cells
        return Puzzle.skyscrapers(size, from_sides(size, *clues.values()), cells)


def _arrangements(grid: _Grid, lines: list[Line], extra: int) -> list[tuple[bool, bool]]:
    """Which clue lines ``lines`` may have, likeliest first: both for two lines more
    than the rows, none for none; for one, the top one when the first line reads as
    clues and the last as a row, else the bottom one (when both fit, the reading of
    the top one is tried first)."""
    if extra != 1:
        return [(extra == 2, extra == 2)]
    first, last = lines[0], lines[-1]
    top = _fits(grid.clues, *first, "above") + _fits(grid.row, *last)
    bottom = _fits(grid.row, *first) + _fits(grid.clues, *last, "below")
    ways = [(True, False), (False, True)]
    return ways if top >= bottom else ways[::-1]


def _fits(read: Callable[..., object], *args: object) -> int:
    """1 if ``read(*args)`` takes the line, else 0."""
    try:
        read(*args)
    except _Problem:
        return 0
    return 1


def _header(line: str, number: int, source: str | None) -> re.Match[str] | None:
    """The header ``line`` is, or None; a ParseError for a header of unknown words."""
    header = HEADER.fullmatch(line.strip())
    column = len(line) - len(line.lstrip()) + 1
    if header is None and line.lstrip().lower().startswith("skyscrapers"):
        problem = f"unknown header {line.strip()!r} (skyscrapers, or skyscrapers 5x5)"
        raise ParseError(problem, source, number, column)
    if header and header[1] and int(header[1]) != int(header[2]):
        problem = f"a skyscrapers grid is square, not {header[1]}x{header[2]}"
        raise ParseError(problem, source, number, column)
    if header and header[1] and not MIN_SIZE <= int(header[1]) <= MAX_SIZE:
        problem = f"size {int(header[1])} is outside {MIN_SIZE}..{MAX_SIZE}"
        raise ParseError(problem, source, number, column)
    return header


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of ``text`` (ParseError at the first problem)."""
    blocks: list[_Block] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        header = _header(line, number, source) if line.strip() else None
        if header:
            blocks.append(_Block(source, number, int(header[1]) if header[1] else None))
            continue
        if not blocks:
            if not line.strip():
                continue
            blocks.append(_Block(source))
        blocks[-1].lines.append((number, line))
    return [block.puzzle() for block in blocks]


# Writing ---------------------------------------------------------------


def write(puzzle: Puzzle) -> str:
    """The header and the layout of the givens and clues."""
    return _layout(puzzle, puzzle.givens)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid in the same layout, with the clues."""
    return _layout(puzzle, tuple(grid))


def _layout(puzzle: Puzzle, values: Sequence[int]) -> str:
    clues = writable_clues(puzzle, "the skyscrapers format")
    n = puzzle.size
    lines = [f"skyscrapers {n}x{n}"]
    if any(clues["top"]):
        lines.append(_clue_line(clues["top"]))
    for row in range(n):
        left, right = _clue(clues["left"][row]), _clue(clues["right"][row])
        cells = " ".join(symbol(value) for value in values[row * n : row * n + n])
        margin = " " * LEFT_COLUMN
        lines.append(f"{margin}{left}{' ' * GAP}{cells}{' ' * GAP}{right}".rstrip())
    if any(clues["bottom"]):
        if not any(clues["top"]):
            lines.append("")
        lines.append(_clue_line(clues["bottom"]))
    return "\n".join(lines) + "\n"


def _clue(seen: int) -> str:
    return symbol(seen) if seen else " "


def _clue_line(clues: Sequence[int]) -> str:
    return (" " * FIRST_CELL + " ".join(_clue(seen) for seen in clues)).rstrip()


# Detection -------------------------------------------------------------


def sniff(text: str) -> bool:
    """The header first, or one puzzle in the layout with at least one clue."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    if HEADER.fullmatch(lines[0].strip()):
        return True
    if len(lines) > MAX_SIZE + 2 or any(len(line) > 4 * MAX_SIZE for line in lines):
        return False
    try:
        found = read(text)
    except LatinumError:
        return False
    return len(found) == 1 and bool(found[0].sightlines)


FORMAT = register(
    Format(
        name="skyscrapers",
        description="Skyscrapers text: the grid with its clues above, below and beside "
        "the rows (like Tatham's Towers 'copy as text')",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        sightlines=True,
        outranks=("grid",),
    )
)
