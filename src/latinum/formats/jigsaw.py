"""Jigsaw Sudoku as text: each row's cells, then the region letter of each cell.

::

    jigsaw 6x6
    3 . . . 2 5   A A A B B B
    . . . . . .   A C C C B B
    . 4 . . 1 .   A A C D D B
    . 1 . . 4 .   E C C D F F
    . . . . . .   E E D D F F
    1 5 . . . 3   E E E D F F

A header line ``jigsaw NxN`` (any case) starts each puzzle; ``jigsaw NxN
diagonals`` makes it a Sudoku-X as well (``x``, Solo's letter for the
diagonals, is read in place of ``diagonals`` too). Then come the N rows of the
grid, one a line, each in two halves:

* the N cells of the row: a value (digits, then letters for 10 and up, as
  everywhere in latinum: ``A`` is 10; or, when the cells are spaced, numbers
  such as ``12``) or a blank (``.``, ``0`` or ``_``);
* the region letter of each of those cells: ``A``-``Z`` or ``a``-``z``, the
  case counting (``a`` and ``A`` are two regions). The cells of one letter make
  one region: N regions of N cells each, each joined up side by side.

Each half has its items spaced or run together (``3...25  AAABBB``); the two
halves stand apart by spaces, or by one ``|`` (``3 . . . 2 5 | A A A B B B``).
Blank lines and ``#`` comments are ignored; a puzzle runs from its header to
its N-th row, and puzzles follow one another, so a file may hold a batch.

The writer writes the header, then each row's cells spaced (``.`` blank,
letters for 10 and up), three spaces and the region letters spaced, ``A`` for
the region of the first cell, then ``B`` for the next region met reading row
by row, and so on. It writes Jigsaw Sudoku only: a puzzle without regions is
refused (:class:`~latinum.errors.CannotWrite`), and so is anything the layout
cannot hold (cages, Futoshiki relations, Skyscrapers clues).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import CannotWrite, InvalidPuzzle, ParseError
from ..geometry import Geometry, reached
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE, symbol, value_of
from .common import value_problem
from .records import filler
from .registry import Format, register

#: The region letters, in the order the writer gives them.
LABELS = string.ascii_uppercase + string.ascii_lowercase
HEADER = re.compile(r"jigsaw\s+([0-9]+)\s*x\s*([0-9]+)(?:\s+(diagonals|x))?", re.IGNORECASE)
#: A line starting with the word ``jigsaw`` is a header (or a bad one).
_HEADER_WORD = re.compile(r"\s*jigsaw(?!\S)", re.IGNORECASE)
_ITEM = re.compile(r"\S+")
#: What the writer puts between a row's cells and its region letters.
GAP = "   "

Item = tuple[str, int]  # the text and its 1-based column


# Reading ---------------------------------------------------------------


@dataclass
class _Block:
    """One puzzle as its lines come: the header's line, the size and the diagonals,
    then the values and the region letters (with their places) of the rows read."""

    source: str | None
    header: int
    size: int
    diagonals: bool
    values: list[int] = field(default_factory=list)
    labels: list[tuple[str, int, int]] = field(default_factory=list)  # letter, line, column
    rows: int = 0
    last: int = 0

    def error(self, problem: str, line: int, column: int | None = None) -> ParseError:
        return ParseError(problem, self.source, line, column)

    def add(self, line: str, number: int) -> None:
        """Read the row ``line``."""
        cells, letters = self.halves(line, number)
        for text, column in cells:
            self.values.append(self.value(text, number, column))
        for text, column in letters:
            if len(text) != 1 or text not in LABELS:
                problem = f"{text!r} is not a region letter (one letter, A-Z or a-z)"
                raise self.error(problem, number, column)
            self.labels.append((text, number, column))
        self.rows += 1
        self.last = number

    def halves(self, line: str, number: int) -> tuple[list[Item], list[Item]]:
        """The cells and the region letters of the row ``line``."""
        n = self.size
        bar = line.find("|")
        if bar >= 0:
            second = line.find("|", bar + 1)
            if second >= 0:
                problem = "a second '|' in the row: one '|' parts the cells from the region letters"
                raise self.error(problem, number, second + 1)
            left, right = _items(line[:bar]), _items(line[bar + 1 :], bar + 1)
            if not left:
                raise self.error("no cells before the '|'", number, bar + 1)
            if not right:
                raise self.error("no region letters after the '|'", number, bar + 2)
            return (
                self.half(left, "cell", number, bar + 1),
                self.half(right, "region letter", number, len(line) + 1),
            )
        items = _items(line)
        count = len(items)
        if count == 2 * n:
            left, right = items[:n], items[n:]
        elif count == 2:
            left, right = items[:1], items[1:]
        elif count == n + 1 and len(items[-1][0]) == n:
            left, right = items[:n], items[n:]
        elif count == n + 1 and len(items[0][0]) == n:
            left, right = items[:1], items[1:]
        else:
            column = items[2 * n][1] if count > 2 * n else len(line) + 1
            problem = (
                f"{_count(count, 'item')} in this row, but a row of a "
                f"{n}x{n} jigsaw holds {n} cells, then the {n} region letters of those cells "
                "(each half spaced or run together, the two apart)"
            )
            raise self.error(problem, number, column)
        return (
            self.half(left, "cell", number, right[0][1]),
            self.half(right, "region letter", number, len(line) + 1),
        )

    def half(self, items: list[Item], what: str, number: int, end: int) -> list[Item]:
        """The N items of one half of a row: ``items`` themselves, or the characters
        of one item run together; ``end`` is the column just past the half."""
        n = self.size
        if len(items) == 1 and n > 1:
            text, column = items[0]
            items = [(char, column + at) for at, char in enumerate(text)]
        if len(items) != n:
            column = items[n][1] if len(items) > n else end
            problem = (
                f"{_count(len(items), what)} in this row, not {n}: a row of a {n}x{n} jigsaw "
                f"holds its {n} cells, then the region letter of each"
            )
            raise self.error(problem, number, column)
        return items

    def value(self, text: str, number: int, column: int) -> int:
        """The value of the cell ``text`` (0 for a blank)."""
        value: int | None = None
        if text.isascii() and len(text) == 1:
            value = value_of(text)
        elif text.isascii() and text.isdigit() and len(text) <= 3:
            value = int(text)
        if value is None:
            raise self.error(f"{text!r} is not a cell value", number, column)
        if value > self.size:
            raise self.error(value_problem(text, value, self.size), number, column)
        return value

    def puzzle(self) -> Puzzle:
        """The puzzle of the block, checked to be whole."""
        n = self.size
        if self.rows < n:
            if not self.rows:
                raise self.error(f"a 'jigsaw {n}x{n}' header with no grid below it", self.header)
            rows = _count(self.rows, "row")
            problem = f"the {n}x{n} jigsaw of line {self.header} has {rows}, not {n}"
            raise self.error(problem, self.last)
        regions = self.regions()
        try:
            return Puzzle.jigsaw(self.values, regions, self.diagonals)
        except InvalidPuzzle as error:  # the regions are checked above: not expected
            raise self.error(str(error), self.header) from None

    def regions(self) -> list[int]:
        """A region number per cell, or a ParseError at the cell that shows what is wrong."""
        n = self.size
        members: dict[str, list[int]] = {}
        for cell, (letter, _, _) in enumerate(self.labels):
            members.setdefault(letter, []).append(cell)
        if len(members) > n:
            extra = list(members)[n]
            problem = (
                f"region letter {extra!r} makes {len(members)} regions, but a {n}x{n} "
                f"jigsaw has {n}, of {n} cells each"
            )
            raise self.at(members[extra][0], problem)
        short = [(letter, len(cells)) for letter, cells in members.items() if len(cells) < n]
        for letter, cells in members.items():
            if len(cells) > n:
                others = "".join(f" and region {other!r} {count}" for other, count in short)
                problem = (
                    f"region {letter!r} has {len(cells)} cells{others}: each region of a "
                    f"{n}x{n} jigsaw has {n}"
                )
                raise self.at(cells[n], problem)
        name = Geometry(n).name
        for letter, cells in members.items():
            apart = _apart(cells, n)
            if apart is not None:
                problem = (
                    f"region {letter!r} is in pieces: {name(apart)} does not join "
                    f"{name(cells[0])} through cells of the region, side by side"
                )
                raise self.at(apart, problem)
        number = {letter: index for index, letter in enumerate(members)}
        return [number[letter] for letter, _, _ in self.labels]

    def at(self, cell: int, problem: str) -> ParseError:
        """The ParseError of ``problem`` at the region letter of ``cell``."""
        _, line, column = self.labels[cell]
        return self.error(problem, line, column)


def _items(text: str, offset: int = 0) -> list[Item]:
    """The items of ``text`` that spaces part, with their 1-based columns in the line
    (``text`` starts at the 0-based column ``offset``)."""
    return [(found[0], offset + found.start() + 1) for found in _ITEM.finditer(text)]


def _apart(cells: Sequence[int], n: int) -> int | None:
    """The first of ``cells`` that does not join the first through them, if any."""
    joined = reached(cells, n)
    return next((cell for cell in cells if cell not in joined), None)


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _header(line: str, number: int, source: str | None) -> _Block:
    """The block a header ``line`` starts, or a ParseError for a bad header."""
    column = len(line) - len(line.lstrip()) + 1
    text = line.strip()
    header = HEADER.fullmatch(text)
    if header is None:
        problem = (
            f"unknown header {text!r}: a jigsaw puzzle starts with 'jigsaw NxN' "
            "('jigsaw 9x9', or 'jigsaw 9x9 diagonals' for a Sudoku-X)"
        )
        raise ParseError(problem, source, number, column)
    rows, cols = header[1], header[2]
    if rows.lstrip("0") != cols.lstrip("0"):
        problem = f"a jigsaw grid is square, not {_short(rows)}x{_short(cols)}"
        raise ParseError(problem, source, number, column)
    size = int(rows) if len(rows) <= 4 else MAX_SIZE + 1
    if not 1 <= size <= MAX_SIZE:
        problem = f"size {_short(rows)} is outside 1..{MAX_SIZE}"
        raise ParseError(problem, source, number, column)
    return _Block(source, number, size, header[3] is not None)


def _short(digits: str) -> str:
    return digits if len(digits) <= 12 else f"{digits[:6]}...{digits[-3:]}"


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle of ``text`` (ParseError at the first problem)."""
    puzzles = []
    block: _Block | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if filler(line):
            continue
        if _HEADER_WORD.match(line):
            if block is not None:
                puzzles.append(block.puzzle())
            block = _header(line, number, source)
            continue
        column = len(line) - len(line.lstrip()) + 1
        if block is None:
            problem = "a row before any 'jigsaw NxN' line: each jigsaw puzzle starts with one"
            raise ParseError(problem, source, number, column)
        if block.rows == block.size:
            n = block.size
            problem = (
                f"a row after the {n} rows of the {n}x{n} jigsaw of line {block.header} "
                f"(each puzzle starts with a 'jigsaw NxN' line)"
            )
            raise ParseError(problem, source, number, column)
        block.add(line, number)
    if block is not None:
        puzzles.append(block.puzzle())
    return puzzles


# Writing ---------------------------------------------------------------


def write(puzzle: Puzzle) -> str:
    """The header, then each row's cells and region letters."""
    return _layout(puzzle, puzzle.givens)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid in the same layout, with the regions."""
    return _layout(puzzle, tuple(grid))


def region_rows(puzzle: Puzzle) -> list[str]:
    """The region letters of each row of a puzzle with jigsaw regions (``A`` for the
    first region met reading row by row, ``B`` for the next, ...)."""
    regions = puzzle.geometry.regions
    assert regions is not None
    n = puzzle.size
    return ["".join(LABELS[region] for region in regions[r * n : r * n + n]) for r in range(n)]


def writable(puzzle: Puzzle, what: str = "the jigsaw format") -> None:
    """CannotWrite unless ``puzzle`` is a Jigsaw Sudoku the layout holds whole."""
    n = puzzle.size
    geometry = puzzle.geometry
    if puzzle.variant != "sudoku":
        raise CannotWrite(f"{what} holds Jigsaw Sudoku, not {puzzle.variant} (write it as json)")
    if geometry.regions is None:
        has = f"boxes {geometry.box[0]}x{geometry.box[1]}" if geometry.box else "no regions"
        raise CannotWrite(
            f"{what} holds Jigsaw Sudoku, whose irregular regions replace the boxes; "
            f"this sudoku has {has} (write it as line, grid or json)"
        )
    if puzzle.cages or puzzle.relations or puzzle.sightlines:
        raise CannotWrite(f"{what} holds a grid and its regions only: no cages, signs or clues")
    if any(not 0 <= value <= n for value in puzzle.givens):
        raise CannotWrite(f"givens must be values 1..{n}")


def _layout(puzzle: Puzzle, values: Sequence[int]) -> str:
    writable(puzzle)
    n = puzzle.size
    header = f"jigsaw {n}x{n}" + (" diagonals" if puzzle.geometry.diagonals else "")
    lines = [header]
    for row, letters in enumerate(region_rows(puzzle)):
        cells = " ".join(symbol(value) for value in values[row * n : row * n + n])
        lines.append(f"{cells}{GAP}{' '.join(letters)}")
    return "\n".join(lines) + "\n"


# Detection -------------------------------------------------------------


def sniff(text: str) -> bool:
    """The first line that is not blank or a comment starts with the word ``jigsaw``."""
    for line in text.splitlines():
        if not filler(line):
            return _HEADER_WORD.match(line) is not None
    return False


FORMAT = register(
    Format(
        name="jigsaw",
        description="Jigsaw Sudoku text: a 'jigsaw 9x9' line, then each row's cells "
        "and, beside them, the region letter of each cell",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        regions=True,
        outranks=("grid",),
    )
)
