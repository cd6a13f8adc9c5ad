"""Simon Tatham's Unequal game IDs (Futoshiki), one per line: ``5:0D,0,3R,...``.

An ID is ``N[a][dX]:F,F,...,F,``: the size N (3..25 here; Tatham allows up to
32), ``a`` for the adjacent mode, Tatham's difficulty ``dX`` (t, e, k, x or r;
ignored), then N*N fields row by row, each ended by a comma (the last comma
may be missing). A field is the cell's value (0 = empty) followed by flags
``U``, ``R``, ``D`` and ``L`` naming neighbours:

* plain mode: the cell is greater than that neighbour (``0R`` is ``>`` to its right);
* adjacent mode: the two cells differ by one (Tatham flags both cells; either
  will do); every neighbouring pair without a flag does not.

The writer writes what Tatham writes: flags in the order U, R, D, L, on the
larger cell of each sign, on both cells of each bar. Random-seed IDs
(``5#1234``) are refused with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import CannotWrite
from ..geometry import Geometry
from ..grid import Grid
from ..puzzle import Puzzle
from ..relations import Relation
from ..symbols import MAX_SIZE
from .futoshiki import check_writable, pair_signs
from .records import Lines, Record, text_reader
from .registry import Format, register
from .tatham import SEED_PROBLEM, UNEQUAL_LINE, IdProblem, each_id

MIN_SIZE = 3
TATHAM_MAX_SIZE = 32
LEVELS = "tekxr"
#: Each flag's step from a cell to its neighbour, as (rows, columns).
STEPS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
_PARAMS = re.compile(r"([0-9]+)(a?)(?:d(.))?")
_FIELD = re.compile(r"([0-9]*)(.*)", re.DOTALL)


# Reading ---------------------------------------------------------------


def read_id(text: str, offset: int = 0) -> Puzzle:
    """The puzzle of one Unequal game ID (``offset``: where it starts in its line)."""
    params, colon, description = text.partition(":")
    if "#" in params:
        raise IdProblem(SEED_PROBLEM, offset + params.index("#"))
    size, adjacent = _params(params, colon, offset)
    start = offset + len(params) + 1
    givens: list[int] = []
    marks: list[Relation] = []
    for field, at in _fields(description, size, start):
        value, flags, flags_at = _field(field, size, at)
        givens.append(value)
        marks.extend(_marks(len(givens) - 1, flags, size, adjacent, flags_at))
    return Puzzle.futoshiki(size, marks, givens, adjacent=adjacent)


def _params(params: str, colon: str, offset: int) -> tuple[int, bool]:
    """The size and the adjacent mode of ``N[a][dX]``."""
    match = _PARAMS.fullmatch(params)
    if not colon or match is None:
        raise IdProblem(f"{params!r} is not Unequal parameters like 5, 5a or 6adk", offset)
    size = int(match[1])
    if not MIN_SIZE <= size <= MAX_SIZE:
        beyond = MAX_SIZE < size <= TATHAM_MAX_SIZE
        why = f" (Tatham allows up to {TATHAM_MAX_SIZE}, latinum {MAX_SIZE})" if beyond else ""
        raise IdProblem(f"size {size} is outside {MIN_SIZE}..{MAX_SIZE}{why}", offset)
    level = match[3]
    if level is not None and level not in LEVELS:
        known = ", ".join(LEVELS)
        raise IdProblem(
            f"unknown Unequal difficulty {level!r} (one of {known})", offset + match.start(3)
        )
    return size, bool(match[2])


def _fields(description: str, size: int, start: int) -> Iterator[tuple[str, int]]:
    """Each comma-ended field with its offset, checked to be N*N of them."""
    parts = description.split(",")
    if parts[-1] == "":
        parts.pop()
    at = start
    for index, part in enumerate(parts):
        if index == size * size:
            raise IdProblem(f"more than the {size * size} fields of a {size}x{size} grid", at)
        yield part, at
        at += len(part) + 1
    if len(parts) < size * size:
        end = start + len(description)
        raise IdProblem(f"{len(parts)} fields, a {size}x{size} grid needs {size * size}", end)


def _field(field: str, size: int, at: int) -> tuple[int, str, int]:
    """The value, the flags and the flags' offset of one field."""
    match = _FIELD.fullmatch(field)
    number, flags = match[1], match[2]  # type: ignore[index]
    if not number:
        shown = f"{field!r} does" if field else "an empty field does"
        raise IdProblem(f"{shown} not start with a number", at)
    value = int(number)
    if value > size:
        raise IdProblem(f"{number} is not a value 0..{size} (0 is an empty cell)", at)
    return value, flags, at + len(number)


def _marks(cell: int, flags: str, size: int, adjacent: bool, at: int) -> list[Relation]:
    """The relations the flags of ``cell`` make."""
    found = []
    for index, flag in enumerate(flags):
        if flag not in STEPS:
            raise IdProblem(f"unknown flag {flag!r} (U, R, D or L)", at + index)
        other = _neighbour(cell, flag, size)
        if other is None:
            where = Geometry(size).name(cell)
            raise IdProblem(f"flag {flag} on {where} points off the grid", at + index)
        found.append(Relation(cell, other, "|") if adjacent else Relation(other, cell))
    return found


def _neighbour(cell: int, flag: str, size: int) -> int | None:
    """The cell that ``flag`` names from ``cell``, or None off the grid."""
    row, col = divmod(cell, size)
    step_row, step_col = STEPS[flag]
    row, col = row + step_row, col + step_col
    return row * size + col if 0 <= row < size and 0 <= col < size else None


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """The puzzle (or ParseError) of each Unequal game ID of ``lines``, one per line."""
    return each_id(lines, source, read_id)


read = text_reader(stream)


# Writing ---------------------------------------------------------------


def write_unequal(puzzle: Puzzle) -> str:
    """The Unequal game ID of a Futoshiki (one line, no newline)."""
    check_writable(puzzle, "an Unequal ID")
    n = puzzle.size
    if not MIN_SIZE <= n <= TATHAM_MAX_SIZE:
        raise CannotWrite(
            f"Tatham's Unequal needs a size of {MIN_SIZE}..{TATHAM_MAX_SIZE}, not {n}"
        )
    flags: list[set[str]] = [set() for _ in puzzle.givens]
    for (a, b), sign in pair_signs(puzzle, "an Unequal ID").items():
        if sign in "<|":
            flags[b].add(_flag_towards(b, a, n))
        if sign in ">|":
            flags[a].add(_flag_towards(a, b, n))
    fields = "".join(
        f"{value}{''.join(flag for flag in STEPS if flag in flags[cell])},"
        for cell, value in enumerate(puzzle.givens)
    )
    return f"{n}{'a' if puzzle.adjacent else ''}:{fields}"


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The ID of the solved grid: every cell given, the same flags."""
    return write_unequal(puzzle.with_givens(grid))


def _flag_towards(cell: int, other: int, size: int) -> str:
    """The flag on ``cell`` that names its neighbour ``other``."""
    return next(flag for flag in STEPS if _neighbour(cell, flag, size) == other)


# Detection -------------------------------------------------------------


def sniff(text: str) -> bool:
    """Every non-blank line looks like ``N[a][dX]:F,F,...`` with numeric fields."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and all(UNEQUAL_LINE.fullmatch(line) for line in lines)


FORMAT = register(
    Format(
        name="unequal",
        description="Simon Tatham's Unequal (Futoshiki) game IDs, one per line (5:0D,0,3R,...)",
        read=read,
        stream=stream,
        sniff=sniff,
        write=write_unequal,
        write_solution=write_solution,
        batch=True,
        relations=True,
    )
)
