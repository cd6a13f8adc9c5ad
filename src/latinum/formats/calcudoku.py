"""The Calcudoku seed's cage file: a cage count, then ``SUM cell cell ...`` lines.

Cells are numbered 0..N*N-1 row-major and N follows from the number of cells.
Every cage is a sum; a one-cell sum is read as ``=`` (the same rule, written as
Keen and Mathdoku files write it). The course's later variant writes
``SUM COUNT cell ...`` and sometimes drops the count line; the reading that
covers every cell exactly once wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CannotWrite, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE
from .registry import Format, register

_NUMBER = re.compile(r"[0-9]+")
_NUMBERS = re.compile(r"\s*[0-9]{1,5}(?:\s+[0-9]{1,5})*\s*")


@dataclass(frozen=True)
class _Row:
    """One cage line: its 1-based line number and its numbers with their columns."""

    line: int
    numbers: list[int]
    columns: list[int]


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """The one puzzle of a Calcudoku cage file."""
    rows = _rows(text, source)
    if not rows:
        raise ParseError("no cages found", source)
    if len(rows[0].numbers) == 1:
        header, rows = rows[0], rows[1:]
        if header.numbers[0] != len(rows):
            raise ParseError(
                f"the first line announces {header.numbers[0]} cages but {len(rows)} follow",
                source,
                header.line,
                header.columns[0],
            )
        if not rows:
            raise ParseError("no cages after the cage count", source, header.line)
    plain = _cages(rows, counted=False)
    counted = _cages(rows, counted=True)
    if isinstance(plain, list) and isinstance(counted, list):
        raise ParseError(
            "ambiguous cage lines: both 'SUM cell ...' and 'SUM COUNT cell ...' fit", source
        )
    if isinstance(plain, list):
        cages = plain
    elif isinstance(counted, list):
        cages = counted
    else:
        error = counted if _counts_match(rows) else plain
        raise ParseError(error.problem, source, error.line, error.column)
    size = round(sum(len(cells) for _, cells in cages) ** 0.5)
    return [
        Puzzle.kenken(
            size, [("+" if len(cells) > 1 else "=", target, cells) for target, cells in cages]
        )
    ]


def _rows(text: str, source: str | None) -> list[_Row]:
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        numbers, columns = [], []
        for match in re.finditer(r"\S+", line):
            if not _NUMBER.fullmatch(match[0]):
                raise ParseError(
                    f"{match[0]!r} is not a whole number", source, number, match.start() + 1
                )
            numbers.append(int(match[0]))
            columns.append(match.start() + 1)
        rows.append(_Row(number, numbers, columns))
    return rows


def _counts_match(rows: list[_Row]) -> bool:
    return all(len(row.numbers) >= 2 and row.numbers[1] == len(row.numbers) - 2 for row in rows)


def _cages(rows: list[_Row], counted: bool) -> list[tuple[int, list[int]]] | ParseError:
    """The ``(sum, cells)`` of each row under one reading, or why that reading fails."""
    skip = 2 if counted else 1
    cages = []
    for row in rows:
        if len(row.numbers) <= skip:
            return ParseError("a cage needs a sum and at least one cell", None, row.line)
        if counted and row.numbers[1] != len(row.numbers) - 2:
            return ParseError(
                f"the cage announces {row.numbers[1]} cells but lists {len(row.numbers) - 2}",
                None,
                row.line,
                row.columns[1],
            )
        cages.append((row.numbers[0], row.numbers[skip:], row.columns[skip:], row.line))
    total = sum(len(cells) for _, cells, _, _ in cages)
    size = round(total**0.5)
    if size * size != total or size > MAX_SIZE:
        return ParseError(
            f"the cages list {total} cells, not a square grid of at most {MAX_SIZE}x{MAX_SIZE}",
            None,
            rows[0].line,
        )
    seen: dict[int, int] = {}
    for _, cells, columns, line in cages:
        for cell, column in zip(cells, columns, strict=True):
            if cell >= total:
                return ParseError(f"cell {cell} is outside 0..{total - 1}", None, line, column)
            if cell in seen:
                return ParseError(
                    f"cell {cell} is already in the cage on line {seen[cell]}", None, line, column
                )
            seen[cell] = line
    return [(target, cells) for target, cells, _, _ in cages]


def sniff(text: str) -> bool:
    """Whole numbers only, and the lines read as cages covering a square grid."""
    head = text.lstrip()[:64].split("\n", 1)[0]
    if not _NUMBERS.fullmatch(head):
        return False
    try:
        read(text)
    except ParseError:
        return False
    return True


def write(puzzle: Puzzle) -> str:
    """The cage file of a KenKen whose cages are all sums (one-cell ``=`` cages too)."""
    if puzzle.variant != "kenken":
        raise CannotWrite(f"a Calcudoku file holds sum-only KenKen, not {puzzle.variant}")
    if any(puzzle.givens):
        raise CannotWrite("a Calcudoku file cannot hold given values")
    cells = sorted(cell for cage in puzzle.cages for cell in cage.cells)
    if cells != list(range(puzzle.size**2)):
        raise CannotWrite("the cages must cover every cell exactly once")
    lines = [str(len(puzzle.cages))]
    for cage in puzzle.cages:
        if not (cage.op == "+" or (cage.op == "=" and len(cage.cells) == 1)):
            raise CannotWrite(f"a Calcudoku file holds only sums, not a {cage.op} cage")
        lines.append(" ".join(str(n) for n in (cage.target, *cage.cells)))
    return "\n".join(lines) + "\n"


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The seed's output: N rows of space-separated values."""
    return grid.text() + "\n"


register(
    Format(
        name="calcudoku",
        description="Calcudoku cage file: cage count, then 'SUM cell cell ...' (cells 0..N*N-1)",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        aliases=("calpoly",),
    )
)
