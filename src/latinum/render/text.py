"""Plain-text drawings: a boxed grid for Sudoku, cage outlines for KenKen and Killer."""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzle import Puzzle
from ..symbols import symbol


def draw(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """The usual drawing of ``puzzle``: cage outlines if it has cages, else a boxed grid."""
    return cages(puzzle, values) if puzzle.cages else boxed(puzzle, values)


def boxed(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """The grid with ``+---+`` rules and ``|`` between boxes, ``.`` for blanks."""
    values = puzzle.givens if values is None else values
    n = puzzle.size
    box_rows, box_cols = puzzle.geometry.box or (n, n)
    width = 1 if n <= 9 else 2
    cells = [symbol(v).rjust(width) if n <= 9 or v == 0 else str(v).rjust(width) for v in values]
    if n > 9:
        cells = [c if c.strip() != "." else " ." for c in cells]
    segment = "-" * (box_cols * (width + 1) + 1)
    rule = "+" + "+".join([segment] * (n // box_cols)) + "+"
    lines = [rule]
    for row in range(n):
        parts = []
        for start in range(0, n, box_cols):
            chunk = cells[row * n + start : row * n + start + box_cols]
            parts.append(" " + " ".join(chunk) + " ")
        lines.append("|" + "|".join(parts) + "|")
        if (row + 1) % box_rows == 0:
            lines.append(rule)
    return "\n".join(lines)


def cages(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """Cells drawn with walls between cages; each cage's target in its first cell."""
    values = puzzle.givens if values is None else values
    n = puzzle.size
    owner = {cell: index for index, cage in enumerate(puzzle.cages) for cell in cage.cells}
    labels = {
        cage.cells[0]: f"{cage.target}{'' if cage.op in '=' or cage.distinct else cage.op}"
        for cage in puzzle.cages
    }
    width = max([4, *(len(label) + 1 for label in labels.values())])
    box = puzzle.geometry.box

    def wall(a: int | None, b: int | None) -> bool:
        return a is None or b is None or owner.get(a, -1 - a) != owner.get(b, -1 - b)

    def box_edge(a: int | None, b: int | None) -> bool:
        if box is None or a is None or b is None:
            return False
        return puzzle.geometry.box_of(a) != puzzle.geometry.box_of(b)

    def horizontal(row: int) -> str:
        line = "+"
        for col in range(n):
            above = (row - 1) * n + col if row > 0 else None
            below = row * n + col if row < n else None
            if wall(above, below):
                line += "-" * width
            elif box_edge(above, below):
                line += "." * width
            else:
                line += " " * width
            line += "+"
        return line

    lines = [horizontal(0)]
    for row in range(n):
        label_line, value_line = "", ""
        for col in range(n):
            cell = row * n + col
            left = cell - 1 if col > 0 else None
            edge = "|" if wall(left, cell) else (":" if box_edge(left, cell) else " ")
            label_line += edge + labels.get(cell, "").ljust(width)
            shown = symbol(values[cell]) if values[cell] else ""
            value_line += edge + shown.center(width)
        lines += [label_line + "|", value_line + "|", horizontal(row + 1)]
    return "\n".join(lines)
