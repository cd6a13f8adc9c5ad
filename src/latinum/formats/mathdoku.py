"""The Mathdoku seed's file: a grid of group characters, then ``CHAR RESULT OP`` lines.

Group characters are any non-space characters and case-sensitive; each group
is one cage whose label is its character. Blank lines may separate the grid
from the constraints, nowhere else. Also ``mathdoku-print``, the seed's
``print()``: a value where one is known, else the group character.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..cages import Cage, normalize_operator
from ..errors import CannotWrite, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE, symbol
from .registry import Format, register

_CONSTRAINT = re.compile(r"\s*\S\s+-?[0-9]+\s+\S\s*")
_LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """The one puzzle of a Mathdoku file."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ParseError("no grid found", source)
    size = len(lines[first].strip())
    spaced = lines[first].split()
    if len(spaced) > 1 and all(len(char) == 1 for char in spaced):
        raise ParseError(
            f"grid row 1 has spaces between its group characters; write the {len(spaced)} "
            f"characters of a row together, like {''.join(spaced)!r}",
            source,
            first + 1,
        )
    if size > MAX_SIZE:
        raise ParseError(f"a grid row of {size} cells is wider than {MAX_SIZE}", source, first + 1)
    group_of: list[str] = []
    for number in range(first + 1, first + size + 1):
        row = lines[number - 1].strip() if number <= len(lines) else None
        if row is None:
            raise ParseError(
                f"the grid ends after {len(group_of) // size} of {size} rows", source, len(lines)
            )
        if not row:
            raise ParseError(
                f"blank line inside the grid (expected {size} rows of {size} group characters)",
                source,
                number,
            )
        if len(row) != size or re.search(r"\s", row):
            raise ParseError(
                f"grid row {number - first} has {len(row)} characters, expected {size} "
                "group characters with no spaces",
                source,
                number,
            )
        group_of.extend(row)
    problems: list[ParseError] = []
    broken: set[str] = set()
    constraints = _constraints(lines, first + size, source, problems, broken)
    cells: dict[str, list[int]] = {}
    for cell, char in enumerate(group_of):
        cells.setdefault(char, []).append(cell)
    cages = []
    for char, members in cells.items():
        if char in constraints:
            op, target, _ = constraints[char]
            cages.append(Cage(tuple(members), op, target, label=char))
        elif char not in broken:
            at_row, at_col = divmod(members[0], size)
            problems.append(
                ParseError(
                    f"group {char!r} has no 'GROUP RESULT OP' line",
                    source,
                    first + at_row + 1,
                    at_col + 1,
                )
            )
    for char, (_, _, number) in constraints.items():
        if char not in cells:
            problems.append(ParseError(f"group {char!r} is not in the grid", source, number))
    if problems:
        raise ParseError.of(problems)
    return [Puzzle.kenken(size, cages)]


def _constraints(
    lines: list[str],
    start: int,
    source: str | None,
    problems: list[ParseError],
    broken: set[str],
) -> dict[str, tuple[str, int, int]]:
    """Operator, result and line number of each group, from 0-based line ``start`` on.

    What is wrong with each line goes to ``problems`` (the seed's
    ``readyToSolve`` rules: a result and a known operator for each group, in
    that order), and the groups of those lines to ``broken``.
    """
    found: dict[str, tuple[str, int, int]] = {}
    blank: int | None = None
    seen_any = False
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1]
        if not line.strip():
            blank = blank or number
            continue
        if blank and seen_any:
            raise ParseError("blank line inside the group constraints", source, blank)
        blank = None
        seen_any = True
        problem = _constraint(line, number, source, found)
        if problem is not None:
            problems.append(problem)
            broken.add(line.split()[0])
    if not seen_any:
        raise ParseError("no 'GROUP RESULT OP' lines after the grid", source)
    return found


def _constraint(
    line: str, number: int, source: str | None, found: dict[str, tuple[str, int, int]]
) -> ParseError | None:
    """Record the constraint on ``line`` in ``found``, or return what is wrong with it."""
    fields = line.split()
    column = len(line) - len(line.lstrip()) + 1
    if len(fields) != 3 or len(fields[0]) != 1:
        return ParseError(
            f"expected 'GROUP RESULT OP' (one character, a number, an operator), "
            f"got {line.strip()!r}{_advice(fields)}",
            source,
            number,
            column,
        )
    char, result, op = fields
    if char in found:
        return ParseError(
            f"group {char!r} already has a constraint on line {found[char][2]}",
            source,
            number,
            column,
        )
    if not re.fullmatch(r"-?[0-9]+", result):
        order = " (the order is GROUP RESULT OP)" if re.fullmatch(r"-?[0-9]+", op) else ""
        return ParseError(
            f"result {result!r} of group {char!r} is not a whole number{order}",
            source,
            number,
            line.index(result, column) + 1,
        )
    try:
        op = normalize_operator(op)
    except ValueError as error:
        return ParseError(f"group {char!r}: {error}", source, number, line.rindex(op) + 1)
    found[char] = (op, int(result), number)
    return None


def _advice(fields: list[str]) -> str:
    """How to mend a constraint line of two fields, when that is clear."""
    if len(fields) != 2 or len(fields[0]) != 1:
        return ""
    glued = re.fullmatch(r"(-?[0-9]+)(\S)", fields[1])
    if glued:
        return f": put a space before the operator, {' '.join([fields[0], *glued.groups()])!r}"
    if re.fullmatch(r"-?[0-9]+", fields[1]):
        return f": the operator is missing ('=' for a group of one cell, {' '.join(fields)} =)"
    return ""


def sniff(text: str) -> bool:
    """A square of group characters followed by ``CHAR RESULT OP`` lines."""
    lines = [line.strip() for line in text.splitlines()[: 2 * MAX_SIZE + MAX_SIZE**2]]
    lines = [line for line in lines if line]
    if not lines or re.search(r"\s", lines[0]) or len(lines[0]) > MAX_SIZE:
        return False
    size = len(lines[0])
    grid, rest = lines[:size], lines[size:]
    if len(grid) != size or any(len(row) != size or re.search(r"\s", row) for row in grid):
        return False
    return (
        bool(rest)
        and all(len(line.split()) == 3 for line in rest)
        and any(_CONSTRAINT.fullmatch(line) for line in rest)
    )


def labels(puzzle: Puzzle) -> list[str]:
    """One distinct group character per cage: its own label when usable, else a new one."""
    kept: list[str | None] = []
    used: set[str] = set()
    for cage in puzzle.cages:
        label = cage.label
        usable = label is not None and len(label) == 1 and not label.isspace()
        kept.append(label if usable and label not in used else None)
        if kept[-1]:
            used.add(kept[-1])
    fresh = (char for char in _pool() if char not in used)
    return [label or next(fresh) for label in kept]


def _pool() -> Iterator[str]:
    yield from _LABELS
    for code in range(0x21, 0x3000):
        char = chr(code)
        if char not in _LABELS and char.isprintable() and not char.isspace():
            yield char


def write(puzzle: Puzzle) -> str:
    """The Mathdoku file of a KenKen without givens."""
    if puzzle.variant != "kenken":
        raise CannotWrite(f"a Mathdoku file holds KenKen puzzles, not {puzzle.variant}")
    if any(puzzle.givens):
        raise CannotWrite("a Mathdoku file cannot hold given values")
    cells = sorted(cell for cage in puzzle.cages for cell in cage.cells)
    if cells != list(range(puzzle.size**2)):
        raise CannotWrite("the cages must cover every cell exactly once")
    names = labels(puzzle)
    return _grid_text(puzzle, names) + "".join(
        f"{name} {cage.target} {cage.op}\n" for name, cage in zip(names, puzzle.cages, strict=True)
    )


def _grid_text(puzzle: Puzzle, names: list[str], values: tuple[int, ...] = ()) -> str:
    chars = [""] * puzzle.size**2
    for name, cage in zip(names, puzzle.cages, strict=True):
        for cell in cage.cells:
            chars[cell] = name
    for cell, value in enumerate(values):
        if value:
            chars[cell] = _digit(value)
    n = puzzle.size
    return "".join("".join(chars[r * n : r * n + n]) + "\n" for r in range(n))


def _digit(value: int) -> str:
    return str(value) if value <= 9 else symbol(value)


def write_print(puzzle: Puzzle) -> str:
    """The seed's ``print()``: each known value, else the cell's group character."""
    if puzzle.variant != "kenken":
        raise CannotWrite(f"the Mathdoku print form shows KenKen puzzles, not {puzzle.variant}")
    return _grid_text(puzzle, labels(puzzle), puzzle.givens)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The seed's ``print()`` of a solved puzzle: each row's values run together."""
    return "".join("".join(_digit(v) for v in row) + "\n" for row in grid.rows())


def read_print(text: str, source: str | None = None) -> list[Puzzle]:
    """The print form cannot be read back: it has no operators or results."""
    raise ParseError("mathdoku-print is write-only (it has no cage results)", source)


register(
    Format(
        name="mathdoku",
        description="Mathdoku file: N rows of group characters, then 'CHAR RESULT OP' lines",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
    )
)

register(
    Format(
        name="mathdoku-print",
        description="the Mathdoku seed's print(): known values, else group characters (write-only)",
        read=read_print,
        sniff=lambda text: False,
        write=write_print,
        write_solution=write_solution,
    )
)
