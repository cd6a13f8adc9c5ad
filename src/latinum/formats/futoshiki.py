"""Futoshiki as text: the layout people type, and that Tatham's Unequal copies as text.

::

    futoshiki
    3 .<.>4 .
    ^       v
    . . . . .
    ...

A header line ``futoshiki`` or ``futoshiki adjacent`` (any case) may come
first; the writer always writes it. Then the grid:

* A row line holds the cells at columns 1, 3, 5, ... (a value: digits, then
  letters for 10 and up, ``.``, ``0`` or ``_`` blank) with one character
  between two cells: a space, ``<``, ``>`` or ``|`` (a bar: the two values
  differ by one). The first row sets the size N, the number of its cells.
* Between two rows may come one sign line, with under each cell a space,
  ``^`` (the upper cell is less than the lower one), ``v`` or ``V`` (greater)
  or ``-`` (a bar), and spaces between. A sign line without signs may be all
  spaces, empty or missing; trailing spaces may be missing from any line.
* Blank lines inside a puzzle are ignored (so an empty sign line stays
  unambiguous); the puzzle ends with its N-th row. Puzzles are separated by
  a blank line or by the next header.

The header ``futoshiki adjacent``, or any bar, puts the puzzle in Tatham's
adjacent mode: the pairs without a bar do not differ by one, and ``<``,
``>``, ``^`` and ``v`` are refused. This is how every format reads a bar
(see :mod:`latinum.relations`).

The writer writes Tatham's layout exactly, every line full width (a sign
line without signs is 2N-1 spaces), under the header.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import CannotWrite, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..relations import Relation, neighbours
from ..symbols import MAX_SIZE, symbol, value_of
from .common import value_problem
from .registry import Format, register

HEADER = re.compile(r"futoshiki(?:\s+(adjacent))?", re.IGNORECASE)
ROW_SIGNS = " <>|"
COLUMN_SIGNS = " ^vV-"
BARS = "|-"
#: What each character of the layout says of the cells before and after it.
_MEANING = {"<": "<", ">": ">", "|": "|", "^": "<", "v": ">", "V": ">", "-": "|"}
_ROW_CHAR = {"<": "<", ">": ">", "|": "|"}
_COLUMN_CHAR = {"<": "^", ">": "v", "|": "-"}


# Reading ---------------------------------------------------------------


@dataclass
class _Mark:
    """One sign or bar: the cells before and after it, and where it stands."""

    before: int
    after: int
    char: str
    line: int
    column: int

    @property
    def relation(self) -> Relation:
        meaning = _MEANING[self.char]
        if meaning == ">":
            return Relation(self.after, self.before)
        return Relation(self.before, self.after, meaning)


@dataclass
class _Block:
    """One puzzle as its lines come."""

    source: str | None
    line: int
    adjacent: bool = False
    size: int = 0
    cells: list[int] = field(default_factory=list)
    marks: list[_Mark] = field(default_factory=list)
    last_row: int = 0
    signs_since_row: bool = False

    def error(self, problem: str, line: int, column: int | None = None) -> ParseError:
        return ParseError(problem, self.source, line, column)

    @property
    def rows(self) -> int:
        return len(self.cells) // self.size if self.size else 0

    @property
    def complete(self) -> bool:
        return self.size > 0 and self.rows == self.size

    def add(self, number: int, line: str) -> None:
        """Read a row or sign line (trailing spaces stripped)."""
        if self.complete:
            what = "signs below" if _is_sign_line(line) else "a row after"
            raise self.error(
                f"{what} the last row: the first row has {self.size} cells, so the puzzle "
                f"has {self.size} rows (leave a blank line between puzzles)",
                number,
            )
        if _is_sign_line(line):
            self.sign_line(number, line)
        else:
            self.row(number, line)

    def row(self, number: int, line: str) -> None:
        first = not self.size
        if first:
            self.size = self.width(number, line)
        start, end = len(self.cells), 2 * self.size - 1
        for column, char in enumerate(line[:end]):
            if column % 2 == 0:
                self.cells.append(self.cell(char, number, column))
            elif char not in ROW_SIGNS:
                raise self.error(
                    f"{char!r} between two cells, where a space, '<', '>' or '|' belongs",
                    number,
                    column + 1,
                )
            elif char != " ":
                left = start + column // 2
                self.marks.append(_Mark(left, left + 1, char, number, column + 1))
        if len(line) > end:
            problem = f"a row longer than the first row ({self.size} cells)"
            if first:
                problem = f"{line[end]!r} after the last cell: a row ends with a cell"
            raise self.error(problem, number, end + 1)
        if len(line) < end:
            count = len(self.cells) - start
            raise self.error(
                f"a row of {count} cells, but the first row has {self.size}", number, len(line) + 1
            )
        self.last_row, self.signs_since_row = number, False

    def width(self, number: int, line: str) -> int:
        """The size the first row sets."""
        size = (len(line) + 1) // 2
        if size > MAX_SIZE:
            raise self.error(
                f"a row of {size} cells: larger than the {MAX_SIZE}x{MAX_SIZE} limit", number
            )
        return size

    def cell(self, char: str, number: int, column: int) -> int:
        value = value_of(char) if char.isascii() else None
        if value is None:
            problem = f"{char!r} is not a cell value"
            if char in ROW_SIGNS + COLUMN_SIGNS:
                problem = f"{char!r} where a cell belongs (cells stand at columns 1, 3, 5, ...)"
            if char == " ":
                problem = "a space where a cell belongs (write '.' for an empty cell)"
            raise self.error(problem, number, column + 1)
        if value > self.size:
            raise self.error(value_problem(char, value, self.size), number, column + 1)
        return value

    def sign_line(self, number: int, line: str) -> None:
        first = len(line) - len(line.lstrip()) + 1
        if not self.cells:
            raise self.error("signs above the first row", number, first)
        if self.signs_since_row:
            raise self.error("a second line of signs between two rows", number, first)
        if len(line) > 2 * self.size - 1:
            raise self.error("a sign past the last column", number, 2 * self.size)
        start = len(self.cells) - self.size
        for column, char in enumerate(line):
            if column % 2 and char != " ":
                raise self.error(
                    f"{char!r} between two columns: a sign between rows stands under a cell",
                    number,
                    column + 1,
                )
            if char != " ":
                upper = start + column // 2
                self.marks.append(_Mark(upper, upper + self.size, char, number, column + 1))
        self.signs_since_row = True

    def puzzle(self) -> Puzzle:
        """The puzzle read, checked to be whole."""
        if not self.cells:
            raise self.error("a header with no grid below it", self.line)
        if not self.complete:
            raise self.error(
                f"{self.rows} rows, but the first row has {self.size} cells: "
                f"a {self.size}x{self.size} puzzle needs {self.size} rows",
                self.last_row,
            )
        adjacent = self.adjacent or any(mark.char in BARS for mark in self.marks)
        relations = [mark.relation for mark in self.marks]
        if adjacent:
            self.check_bars_only()
        return Puzzle.futoshiki(self.size, relations, self.cells, adjacent=adjacent)

    def check_bars_only(self) -> None:
        sign = next((mark for mark in self.marks if mark.char not in BARS), None)
        if sign is None:
            return
        why = "'futoshiki adjacent' says" if self.adjacent else "its bars say"
        raise self.error(
            f"{sign.char!r} in the adjacent mode ({why} so): a puzzle has signs or "
            "bars ('|', '-'), not both",
            sign.line,
            sign.column,
        )


def _header(line: str, number: int, source: str | None) -> re.Match[str] | None:
    """The header ``line`` is, or None; a ParseError for a header of unknown words."""
    header = HEADER.fullmatch(line.strip())
    if header is None and line.lstrip().lower().startswith("futoshiki"):
        column = len(line) - len(line.lstrip()) + 1
        problem = f"unknown header {line.strip()!r} (futoshiki, or futoshiki adjacent)"
        raise ParseError(problem, source, number, column)
    return header


def _is_sign_line(line: str) -> bool:
    return bool(line.strip()) and not set(line) - set(COLUMN_SIGNS)


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of ``text`` (ParseError at the first problem)."""
    puzzles: list[Puzzle] = []
    block: _Block | None = None
    apart = True  # a blank line since the last row
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            apart = True
            continue
        header = _header(line, number, source)
        if header or block is None or (block.complete and apart):
            if block is not None:
                puzzles.append(block.puzzle())
            block = _Block(source, number, adjacent=bool(header and header[1]))
            if header:
                continue
        block.add(number, line)
        apart = False
    if block is not None:
        puzzles.append(block.puzzle())
    return puzzles


# Writing ---------------------------------------------------------------


def pair_signs(puzzle: Puzzle, what: str) -> dict[tuple[int, int], str]:
    """The sign of each related pair of neighbours ``(a, b)`` (``a`` left of or above
    ``b``): ``<``, ``>`` or ``|``. CannotWrite if ``what`` (a format) cannot show the
    relations: between cells that are not neighbours, two on one pair, or signs
    mixed with bars (in the adjacent mode the model marks every other pair ``!``)."""
    name = puzzle.geometry.name
    known = set(neighbours(puzzle.size))
    signs: dict[tuple[int, int], str] = {}
    for relation in puzzle.relations:
        (a, b), sign = relation.oriented
        if (a, b) not in known:
            raise CannotWrite(f"{what} relates neighbours only, not {name(a)} and {name(b)}")
        if signs.setdefault((a, b), sign) != sign:
            raise CannotWrite(f"{what} holds one relation between {name(a)} and {name(b)}")
    kinds = set(signs.values())
    if kinds & set("|!") and kinds & set("<>"):
        raise CannotWrite(f"{what} cannot mix signs with the bars of the adjacent mode")
    return {pair: sign for pair, sign in signs.items() if sign != "!"}


def check_writable(puzzle: Puzzle, what: str) -> None:
    """CannotWrite unless ``puzzle`` is a Futoshiki with valid givens."""
    if puzzle.variant != "futoshiki" or puzzle.cages:
        raise CannotWrite(f"{what} holds Futoshiki puzzles, not {puzzle.variant}")
    if puzzle.geometry.box or puzzle.geometry.diagonals:
        raise CannotWrite(f"{what} cannot hold boxes or diagonals")
    if any(not 0 <= value <= puzzle.size for value in puzzle.givens):
        raise CannotWrite(f"givens must be values 1..{puzzle.size}")


def write(puzzle: Puzzle) -> str:
    """The header and the layout of the givens and relations."""
    return _layout(puzzle, puzzle.givens)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid in the same layout, with the signs."""
    return _layout(puzzle, tuple(grid))


def _layout(puzzle: Puzzle, values: Sequence[int]) -> str:
    check_writable(puzzle, "the futoshiki format")
    signs = pair_signs(puzzle, "the futoshiki format")
    n = puzzle.size
    lines = ["futoshiki adjacent" if puzzle.adjacent else "futoshiki"]
    for row in range(n):
        cells = range(row * n, row * n + n)
        if row:
            lines.append(" ".join(_COLUMN_CHAR.get(signs.get((c - n, c), ""), " ") for c in cells))
        text = "".join(
            symbol(values[c]) + _ROW_CHAR.get(signs.get((c, c + 1), ""), " ") for c in cells
        )
        lines.append(text[:-1])
    return "\n".join(lines) + "\n"


# Detection -------------------------------------------------------------


def sniff(text: str) -> bool:
    """The header first, or lines that all fit the layout with at least one sign."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    if HEADER.fullmatch(lines[0].strip()):
        return True
    if _is_sign_line(lines[0]):
        return False
    rows = signs = 0
    for line in lines:
        if HEADER.fullmatch(line.strip()):
            continue
        fits = _sign_line_fits(line) if _is_sign_line(line) else _row_fits(line)
        if not fits:
            return False
        rows += not _is_sign_line(line)
        signs += _is_sign_line(line) or any(c != " " for c in line[1::2])
    return rows >= 2 and signs > 0


def _row_fits(line: str) -> bool:
    size = (len(line) + 1) // 2
    if len(line) % 2 == 0 or size > MAX_SIZE or not line.isascii():
        return False
    cells = [value_of(char) for char in line[::2]]
    fits = all(value is not None and value <= size for value in cells)
    return fits and not set(line[1::2]) - set(ROW_SIGNS)


def _sign_line_fits(line: str) -> bool:
    return not line[1::2].strip()


FORMAT = register(
    Format(
        name="futoshiki",
        description="Futoshiki text: rows like '3 .<.>4' with ^ v signs between rows "
        "(Tatham's Unequal 'copy as text')",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        aliases=("text",),
        relations=True,
        outranks=("grid",),
    )
)
