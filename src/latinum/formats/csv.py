"""CSV files of Sudoku datasets: a header naming the columns, then one puzzle a row.

Such as the Kaggle "1 million Sudoku" file (``quizzes,solutions``), files headed
``puzzle,solution`` and wider tables (``id,puzzle,solution,clues,difficulty``).
The puzzle column is the one named quizzes, quiz, puzzle, puzzles or question; the
solution column, which may be missing, solutions, solution or answer (in any
case); other columns are ignored. Each cell holds a one-line puzzle or grid as
the line format reads it; a solution becomes ``Puzzle.solution``.

The format is read-only (a header does not fit writers of one puzzle at a time);
a solved puzzle is written as a row ``PUZZLE,SOLUTION``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator

from ..errors import ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from .common import PUZZLE_COLUMNS, SOLUTION_COLUMNS, check_plain
from .line import pair_puzzle
from .records import Lines, Record, text_reader
from .registry import Format, register


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """The puzzle (or ParseError) of each row after the header."""
    number, raw = 0, ""  # the line read last, to name its number and the columns of its fields

    def texts() -> Iterator[str]:
        nonlocal number, raw
        for number, raw in lines:  # noqa: B007 (read after each row)
            yield raw

    reader = csv.reader(texts())
    columns: tuple[int, int | None] | None = None
    width = 0  # the header's number of fields, set with columns
    try:
        for row in reader:
            if not any(field.strip() for field in row):
                continue
            if columns is None:
                columns, width = _columns(row, source, number), len(row)
                continue
            try:
                yield _puzzle(row, width, columns, raw, source, number)
            except ParseError as error:
                yield error
    except csv.Error as error:
        raise ParseError(f"not CSV: {error}", source, number) from None


def _names(header: list[str]) -> list[str]:
    return [name.strip().lstrip("\ufeff").lower() for name in header]


def _columns(header: list[str], source: str | None, line: int) -> tuple[int, int | None]:
    """The indexes of the puzzle and (if any) the solution column."""
    names = _names(header)
    puzzle = next((i for i, name in enumerate(names) if name in PUZZLE_COLUMNS), None)
    if puzzle is None:
        expected = ", ".join(PUZZLE_COLUMNS)
        problem = f"the header names no puzzle column (expected one of {expected})"
        raise ParseError(problem, source, line)
    solution = next((i for i, name in enumerate(names) if name in SOLUTION_COLUMNS), None)
    return puzzle, solution


def _puzzle(
    row: list[str],
    width: int,
    columns: tuple[int, int | None],
    raw: str,
    source: str | None,
    number: int,
) -> Puzzle:
    """The puzzle (and solution) of one row; ``raw`` is its line, to name columns."""
    if len(row) != width:
        raise ParseError(f"{len(row)} columns where the header has {width}", source, number)
    puzzle_at, solution_at = columns
    puzzle, puzzle_offset = _field(raw, row, puzzle_at)
    solution, solution_offset = "", 0
    if solution_at is not None:
        solution, solution_offset = _field(raw, row, solution_at)
    return pair_puzzle(puzzle, solution or None, source, number, puzzle_offset, solution_offset)


def _field(raw: str, row: list[str], index: int) -> tuple[str, int]:
    """Field ``index`` of ``row``, stripped, and the 0-based column where it starts in ``raw``."""
    field = row[index]
    lowest = sum(len(before) + 1 for before in row[:index])
    start = raw.find(field, lowest)
    start = lowest if start < 0 else start
    text = field.strip()
    return text, start + len(field) - len(field.lstrip())


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The row ``PUZZLE,SOLUTION`` of a solved puzzle (no newline)."""
    check_plain(puzzle, "csv")
    return f"{puzzle.grid.line()},{grid.line()}"


def sniff(text: str) -> bool:
    """The first non-blank line is a CSV header naming a puzzle or solution column."""
    lines = text.lstrip()[:4096].splitlines()
    first = lines[0] if lines else ""
    if not first or first.startswith("{"):
        return False
    try:
        header = next(csv.reader([first]))
    except csv.Error:
        return False
    known = set(PUZZLE_COLUMNS + SOLUTION_COLUMNS)
    return any(name in known for name in _names(header))


FORMAT = register(
    Format(
        name="csv",
        description="CSV dataset with a header: quizzes,solutions (Kaggle), puzzle,solution, ...",
        read=text_reader(stream),
        stream=stream,
        sniff=sniff,
        write_solution=write_solution,
    )
)
