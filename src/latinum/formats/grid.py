"""Grid text: N rows of N cells, a blank line between grids; also ``.sdk`` and pencil marks.

Rows hold their cells with or without spaces (``0``, ``.`` and ``_`` are
blanks). Lines starting with ``#`` are comments (``.sdk``). Box separators are
ignored as cells but give the box shape: ``|`` or ``:`` between cells, and rule
lines made of ``- = + * | : . '`` between rows (``+---+---+``, ``*-----*``,
``------``). A 6x6 grid with ``|`` after every 3 columns and a rule after every
2 rows has 2x3 boxes; without separators the size's usual box shape applies,
and a size without one (5, 7, ...) is a Latin square.

How a row splits into cells:

* single characters (``53..7....`` or ``5 3 0 0 7 0 0 0 0``), digits then
  letters A-Z for values above 9;
* numbers separated by spaces when they fit the grid better (``16 0 3 ...``
  for a 16x16 grid);
* candidate groups (``4 1679 12679 | ...``) for grids up to 9x9 when several
  digits stand together: the pencil-mark grid of HoDoKu and Sudoku Explainer.
  A cell with one digit is a given; :func:`read_pencil_marks` also returns the
  candidates of every cell.

Grids separated by blank lines are a batch, one puzzle each (a text that
reads as one grid is one, so blank lines may also stand inside a grid).

``grid`` writes the spaced rows with ``0`` blanks (numbers above 9 written in
full), adding separators only for an unusual box shape. ``boxed`` writes
``+-------+`` rules, ``|`` between boxes and ``.`` blanks; it reads back here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import ParseError
from ..geometry import default_box
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE, value_of
from .common import check_plain, content_lines, plain_puzzle, unspaced_kind, value_problem
from .records import SNIFF_CHARS
from .registry import Format, register

Candidates = tuple[frozenset[int], ...]

_SEPARATORS = "|:"
_BLANKS = frozenset(".0_")
_RULE_CHARS = frozenset("-=+*|:.'` \t")
_ROW_CHARS = frozenset(".:_| \t")
_PIECE = re.compile(r"[|:]|[^\s|:]+")
_MAX_LINES = 2 * MAX_SIZE + 4
_MAX_LINE_LENGTH = 2000


@dataclass
class _Row:
    number: int
    cells: list[tuple[str, int]] = field(default_factory=list)  # (text, 1-based column)
    cuts: set[int] = field(default_factory=set)  # separator positions, counted in cells


@dataclass
class _Layout:
    mode: str  # "chars", "numbers" or "pencil"
    rows: list[_Row]
    rules: list[int]  # rows read before each rule line
    size: int


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """The puzzle of a grid file, or the puzzles of grids separated by blank lines.

    The text is one grid if it reads as one (blank lines may stand inside a
    grid); else, if some block between blank lines is a whole grid, each
    block is one grid (the first bad one raises its ParseError).
    """
    try:
        return [read_pencil_marks(text, source)[0]]
    except ParseError:
        blocks = _blocks(text)
        if len(blocks) < 2:
            raise
        puzzles, errors = [], []
        for block in blocks:
            try:
                puzzles.append(_read_lines(block, source)[0])
            except ParseError as error:
                errors.append(error)
        if not puzzles:
            raise
    if errors:
        raise errors[0]
    return puzzles


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    """The :func:`content_lines` of ``text`` in blocks that blank lines separate."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            if blocks[-1]:
                blocks.append([])
        elif not stripped.startswith("#"):
            blocks[-1].append((number, stripped))
    return [block for block in blocks if block]


def read_pencil_marks(text: str, source: str | None = None) -> tuple[Puzzle, Candidates]:
    """The puzzle of a grid and the candidates of each cell.

    A given has itself as its only candidate; a blank cell of a grid without
    pencil marks has every value.
    """
    return _read_lines(content_lines(text), source)


def _read_lines(lines: list[tuple[int, str]], source: str | None) -> tuple[Puzzle, Candidates]:
    """The puzzle and candidates of one grid's :func:`content_lines`."""
    if not lines:
        raise ParseError("empty input: no grid found", source)
    for number, line in lines:
        if len(line) > _MAX_LINE_LENGTH:
            raise ParseError(f"{len(line)} characters, too long for a grid row", source, number)
    if len(lines) > _MAX_LINES:
        raise ParseError(
            f"too many lines for one grid (at most {MAX_SIZE} rows)", source, lines[_MAX_LINES][0]
        )
    layout = _layout(lines)
    if not layout.rows:
        raise ParseError("no grid rows found, only separator lines", source, lines[0][0])
    n = layout.size
    _check_shape(layout, source)
    cells = [
        _cell(text, column, row.number, n, layout.mode, source)
        for row in layout.rows
        for text, column in row.cells
    ]
    givens = [next(iter(c)) if len(c) == 1 and not blank else 0 for blank, c in cells]
    puzzle = plain_puzzle(givens, n, _box(layout))
    return puzzle, tuple(c for _, c in cells)


def _layout(lines: list[tuple[int, str]]) -> _Layout:
    row_lines: list[tuple[int, str]] = []
    rules: list[int] = []
    for number, line in lines:
        if _is_rule(line):
            rules.append(len(row_lines))
        else:
            row_lines.append((number, line))
    rows = [_split(number, line) for number, line in row_lines]
    mode = _mode(rows)
    if mode == "chars":
        rows = [_split_chars(number, line) for number, line in row_lines]
    return _Layout(mode, rows, rules, _modal(rows))


def _is_rule(line: str) -> bool:
    return line.count("-") + line.count("=") >= 2 and not set(line) - _RULE_CHARS


def _split(number: int, line: str) -> _Row:
    row = _Row(number)
    for match in _PIECE.finditer(line):
        if match[0] in _SEPARATORS:
            row.cuts.add(len(row.cells))
        else:
            row.cells.append((match[0], match.start() + 1))
    return row


def _split_chars(number: int, line: str) -> _Row:
    row = _Row(number)
    for column, char in enumerate(line, 1):
        if char in _SEPARATORS:
            row.cuts.add(len(row.cells))
        elif not char.isspace():
            row.cells.append((char, column))
    return row


def _mode(rows: list[_Row]) -> str:
    """Single characters, numbers or candidate groups: whichever fits the row count."""
    pieces = [text for row in rows for text, _ in row.cells]
    long = [text for text in pieces if len(text) > 1]
    if not long or not all(text.isdigit() for text in long):
        return "chars"
    by_piece = _modal(rows)
    by_char = Counter(sum(len(text) for text, _ in row.cells) for row in rows).most_common(1)[0][0]
    if by_piece != len(rows) and abs(by_piece - len(rows)) >= abs(by_char - len(rows)):
        return "chars"
    return "pencil" if by_piece <= 9 else "numbers"


def _modal(rows: list[_Row]) -> int:
    """The most common number of cells in a row (ties: the row count, else the largest)."""
    counts = Counter(len(row.cells) for row in rows)
    if not counts:
        return 0
    best = max(counts.values())
    tied = [length for length, count in counts.items() if count == best]
    return len(rows) if len(rows) in tied else max(tied)


def _check_shape(layout: _Layout, source: str | None) -> None:
    n, rows = layout.size, layout.rows
    if n > MAX_SIZE:
        raise ParseError(
            f"rows of {n} cells: a {n}x{n} grid is larger than the {MAX_SIZE}x{MAX_SIZE} limit",
            source,
            rows[0].number,
        )
    for row in rows:
        if len(row.cells) != n:
            raise ParseError(
                f"{len(row.cells)} cells in this row, expected {n} like the other rows",
                source,
                row.number,
            )
    if len(rows) != n:
        where = rows[n].number if len(rows) > n else rows[-1].number
        raise ParseError(
            f"{len(rows)} rows of {n} cells: a {n}x{n} grid needs {n} rows", source, where
        )


def _cell(
    text: str, column: int, number: int, n: int, mode: str, source: str | None
) -> tuple[bool, frozenset[int]]:
    """Whether a cell is blank, and its candidates (every value for a blank)."""
    if text in _BLANKS:
        return True, frozenset(range(1, n + 1))
    if mode == "chars":
        value = value_of(text)
        if value is None or not text.isascii():
            raise ParseError(f"{text!r} is not a cell value", source, number, column)
        values = [value]
    elif text.isdigit() and text.isascii():
        values = [int(text)] if mode == "numbers" else [int(char) for char in text]
    else:
        raise ParseError(f"{text!r} is not a number", source, number, column)
    for value in values:
        if value > n:
            shown = text if mode != "pencil" else str(value)
            raise ParseError(value_problem(shown, value, n), source, number, column)
        if value < 1:
            raise ParseError(f"{text!r}: candidates are 1..{n}", source, number, column)
    if len(set(values)) != len(values):
        raise ParseError(f"candidates {text!r} repeat a digit", source, number, column)
    return False, frozenset(values)


def _box(layout: _Layout) -> tuple[int, int] | None:
    """The box shape the separators draw, or the usual one for the size."""
    n = layout.size
    cols = _period(set().union(*(row.cuts for row in layout.rows)) - {0, n}, n)
    rows = _period(set(layout.rules) - {0, len(layout.rows)}, n)
    usual = default_box(n)
    if cols == -1 or rows == -1:
        return usual
    if rows is None:
        return usual if cols is None else (n // cols, cols)
    if cols is None:
        return (rows, n // rows)
    return (rows, cols) if rows * cols == n else usual


def _period(positions: set[int], n: int) -> int | None:
    """The step of evenly spaced separators, None without any, -1 if uneven."""
    if not positions:
        return None
    step = min(positions)
    if n % step or positions != set(range(step, n, step)):
        return -1
    return step


def write(puzzle: Puzzle) -> str:
    """Spaced rows with ``0`` for blanks (the step-by-step seed's form)."""
    check_plain(puzzle, "grid", any_box=True)
    return spaced(puzzle, puzzle.givens)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid as spaced rows."""
    return spaced(puzzle, tuple(grid))


def spaced(puzzle: Puzzle, values: Sequence[int]) -> str:
    """``values`` as spaced rows; separators only when the box shape is unusual."""
    n = puzzle.size
    box = puzzle.geometry.box
    width = 1 if n <= 9 else 2
    cells = [str(v).rjust(width) for v in values]
    if box is None or box == default_box(n):
        lines = [" ".join(cells[r * n : r * n + n]) for r in range(n)]
        return "\n".join(lines) + "\n"
    return _drawn(cells, n, box, frame=False)


def write_boxed(puzzle: Puzzle) -> str:
    """The grid with ``+---+`` rules, ``|`` between boxes and ``.`` for blanks."""
    check_plain(puzzle, "boxed", any_box=True)
    return _boxed(puzzle, puzzle.givens)


def write_boxed_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid, boxed."""
    return _boxed(puzzle, tuple(grid))


def _boxed(puzzle: Puzzle, values: Sequence[int]) -> str:
    n = puzzle.size
    width = 1 if n <= 9 else 2
    cells = [("." if v == 0 else str(v)).rjust(width) for v in values]
    return _drawn(cells, n, puzzle.geometry.box or (n, n), frame=True)


def _drawn(cells: list[str], n: int, box: tuple[int, int], frame: bool) -> str:
    """Rows with ``|`` between boxes and rules between bands (and around, if ``frame``)."""
    box_rows, box_cols = box
    lines = []
    for r in range(n):
        chunks = [
            " ".join(cells[r * n + start : r * n + start + box_cols])
            for start in range(0, n, box_cols)
        ]
        lines.append(f"| {' | '.join(chunks)} |" if frame else " | ".join(chunks))
    if frame:
        segment = "-" * (len(chunks[0]) + 2)
        rule = "+" + "+".join([segment] * (n // box_cols)) + "+"
    else:
        rule = "-" * len(lines[0])
    out = [rule] if frame else []
    for r, line in enumerate(lines, 1):
        out.append(line)
        if r % box_rows == 0 and (frame or r < n):
            out.append(rule)
    return "\n".join(out) + "\n"


def sniff(text: str) -> bool:
    """A grid, or grids separated by blank lines (the last may be cut off with the
    start of a long input): see :func:`_looks_like_grid`."""
    if _looks_like_grid(content_lines(text, _MAX_LINES + 1)):
        return True
    blocks = _blocks(text)
    if len(text) >= SNIFF_CHARS - _MAX_LINE_LENGTH:
        blocks = blocks[:-1]
    return len(blocks) > 1 and all(_looks_like_grid(block) for block in blocks)


def _looks_like_grid(lines: list[tuple[int, str]]) -> bool:
    """2 to 55 lines of cells and separators, about as many rows as cells in a row."""
    if not 2 <= len(lines) <= _MAX_LINES:
        return False
    rows = [(number, line) for number, line in lines if not _is_rule(line)]
    if not rows:
        return False
    for _, line in rows:
        if len(line) > _MAX_LINE_LENGTH or not all(c.isalnum() or c in _ROW_CHARS for c in line):
            return False
    pieces = [line.replace("|", " ").replace(":", " ").split() for _, line in rows]
    single = [len(p) == 1 for p in pieces]
    if any(single) and not all(single):
        return False
    if all(single) and unspaced_kind([p[0] for p in pieces]) != "grid":
        return False
    layout = _layout(lines)
    n = layout.size
    if layout.mode == "pencil" and any(len(t) > n for row in layout.rows for t, _ in row.cells):
        return False  # more candidates than values: one-line puzzles with their solutions
    return 2 <= n <= 2 * MAX_SIZE and abs(len(layout.rows) - n) <= max(2, n // 4)


FORMAT = register(
    Format(
        name="grid",
        description="N rows of N cells (spaced or not, 0 . _ blanks, box lines ignored), "
        ".sdk, pencil marks",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        aliases=("sdk", "rows", "pencil"),
    )
)

BOXED = register(
    Format(
        name="boxed",
        description="grid drawn with +---+ rules and | between boxes, '.' blanks (read by grid)",
        read=read,
        sniff=lambda text: False,
        write=write_boxed,
        write_solution=write_boxed_solution,
        batch=True,
    )
)
