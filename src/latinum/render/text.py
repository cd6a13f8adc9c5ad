"""Plain-text drawings: a boxed grid for Sudoku, region walls for Jigsaw Sudoku, cage
outlines for KenKen and Killer, signs between the cells for Futoshiki, clues around
the boxed grid for Skyscrapers."""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzle import Puzzle
from ..sightlines import by_side
from ..symbols import symbol

#: The sign between two rows for each sign read from the upper cell.
_DOWN = {"<": "^", ">": "v", "|": "-"}


def draw(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """The usual drawing of ``puzzle``: cage outlines if it has cages, signs if it has
    relations, region walls if it has jigsaw regions, else a boxed grid (with
    Skyscrapers clues around it, if any)."""
    if puzzle.cages:
        return cages(puzzle, values)
    if puzzle.relations:
        return signed(puzzle, values)
    return walled(puzzle, values) if puzzle.geometry.regions else boxed(puzzle, values)


def walled(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """The grid with walls (``|``, ``---``) around its jigsaw regions, ``.`` for blanks."""
    values = puzzle.givens if values is None else values
    n, region = puzzle.size, puzzle.geometry.box_of
    width = 1 if n <= 9 else 2

    def across(row: int, col: int) -> bool:  # a wall above cell (row, col)
        inside = 0 < row < n and 0 <= col < n
        return not inside or region(row * n + col) != region((row - 1) * n + col)

    def down(row: int, col: int) -> bool:  # a wall left of cell (row, col)
        inside = 0 < col < n and 0 <= row < n
        return not inside or region(row * n + col) != region(row * n + col - 1)

    def corner(row: int, col: int) -> str:
        sideways = (col > 0 and across(row, col - 1)) or (col < n and across(row, col))
        upright = (row > 0 and down(row - 1, col)) or (row < n and down(row, col))
        return "+" if sideways and upright else "-" if sideways else "|" if upright else " "

    lines = []
    for row in range(n + 1):
        rule = [
            corner(row, col) + ("-" if across(row, col) else " ") * (width + 2) for col in range(n)
        ]
        lines.append("".join(rule) + corner(row, n))
        if row == n:
            break
        cells = []
        for col in range(n):
            value = values[row * n + col]
            shown = (symbol(value) if n <= 9 else str(value)) if value else "."
            cells.append(("|" if down(row, col) else " ") + f" {shown.rjust(width)} ")
        lines.append("".join(cells) + "|")
    return "\n".join(lines)


def signed(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """Cells three columns apart with the signs between them: ``<`` and ``>`` in a
    row, ``^`` (the upper cell is less) and ``v`` between rows; in the adjacent
    mode ``|`` and ``-`` bar the neighbours that differ by one."""
    values = puzzle.givens if values is None else values
    n = puzzle.size
    between: dict[tuple[int, int], str] = {}
    for relation in puzzle.relations:
        (a, b), sign = relation.oriented
        if sign != "!":
            between[a, b] = sign if b == a + 1 else _DOWN[sign]
    lines = []
    for row in range(n):
        cells = [row * n + col for col in range(n)]
        line = ""
        for cell in cells:
            shown = symbol(values[cell]) if values[cell] else "."
            line += f" {shown} {between.get((cell, cell + 1), ' ') if cell % n < n - 1 else ''}"
        lines.append(line.rstrip())
        if row < n - 1:
            signs = "".join(f" {between.get((cell, cell + n), ' ')}  " for cell in cells)
            lines.append(signs.rstrip())
    return "\n".join(lines)


def boxed(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """The grid with ``+---+`` rules and ``|`` between boxes, ``.`` for blanks; a
    Skyscrapers puzzle's clues stand around it, beside their rows and columns."""
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
    rows = []  # the line of each row
    for row in range(n):
        parts = []
        for start in range(0, n, box_cols):
            chunk = cells[row * n + start : row * n + start + box_cols]
            parts.append(" " + " ".join(chunk) + " ")
        rows.append(len(lines))
        lines.append("|" + "|".join(parts) + "|")
        if (row + 1) % box_rows == 0:
            lines.append(rule)
    if puzzle.sightlines:
        lines = _with_clues(puzzle, lines, rows, width, box_cols)
    return "\n".join(lines)


def _with_clues(
    puzzle: Puzzle, lines: list[str], rows: list[int], width: int, box_cols: int
) -> list[str]:
    """The boxed grid's ``lines`` with the Skyscrapers clues around it: the top and
    bottom ones over and under their columns, the left and right ones beside the
    lines of their ``rows``; a side without clues takes no room."""
    n = puzzle.size
    clues = {
        side: [str(seen).rjust(width) if seen else " " * width for seen in found]
        for side, found in by_side(puzzle.sightlines, n).items()
    }
    has = {side: any(text.strip() for text in found) for side, found in clues.items()}
    indent = width + 1 if has["left"] else 0
    # Where each column's cell starts in a row's line: after the frame, the boxes
    # before it (each its cells and two spaces, and a bar) and the cells before it.
    starts = [
        indent
        + 2
        + (col // box_cols) * (box_cols * (width + 1) + 2)
        + (col % box_cols) * (width + 1)
        for col in range(n)
    ]

    def across(side: str) -> str:
        line = [" "] * (starts[-1] + width)
        for col, text in enumerate(clues[side]):
            line[starts[col] : starts[col] + width] = text
        return "".join(line).rstrip()

    drawn = [" " * indent + line for line in lines]
    for row, at in enumerate(rows):
        left = clues["left"][row] + " " if has["left"] else ""
        right = " " + clues["right"][row] if has["right"] else ""
        drawn[at] = (left + lines[at] + right).rstrip()
    above = [across("top")] if has["top"] else []
    below = [across("bottom")] if has["bottom"] else []
    return above + drawn + below


def cages(puzzle: Puzzle, values: Sequence[int] | None = None) -> str:
    """Cells drawn with walls between cages; each cage's target in its first cell.

    Box edges inside a cage are dotted; corners appear only where walls meet.
    """
    values = puzzle.givens if values is None else values
    n = puzzle.size
    geometry = puzzle.geometry
    owner = {cell: index for index, cage in enumerate(puzzle.cages) for cell in cage.cells}
    labels = {
        cage.cells[0]: f"{cage.target}{'' if cage.op == '=' or cage.distinct else cage.op}"
        for cage in puzzle.cages
    }
    width = max([4, *(len(label) + 1 for label in labels.values())])

    def cell_at(row: int, col: int) -> int | None:
        return row * n + col if 0 <= row < n and 0 <= col < n else None

    def border(a: int | None, b: int | None) -> str:
        """'wall', 'box' or '' for the border between two cells (None is outside)."""
        if a is None or b is None or owner.get(a, -1 - a) != owner.get(b, -1 - b):
            return "wall" if a is not None or b is not None else ""
        if geometry.has_boxes and geometry.box_of(a) != geometry.box_of(b):
            return "box"
        return ""

    def across(row: int, col: int) -> str:  # the border above cell (row, col)
        return border(cell_at(row - 1, col), cell_at(row, col))

    def down(row: int, col: int) -> str:  # the border left of cell (row, col)
        return border(cell_at(row, col - 1), cell_at(row, col))

    def corner(row: int, col: int) -> str:
        sideways = {across(row, col - 1), across(row, col)}
        upright = {down(row - 1, col), down(row, col)}
        if "wall" in sideways:
            return "+" if "wall" in upright else "-"
        if "wall" in upright:
            return "|"
        return "." if "box" in sideways | upright else " "

    def rule(row: int) -> str:
        line = ""
        for col in range(n):
            kind = across(row, col)
            fill = "-" if kind == "wall" else ("." if kind == "box" else " ")
            line += corner(row, col) + fill * width
        return line + corner(row, n)

    lines = [rule(0)]
    for row in range(n):
        label_line, value_line = "", ""
        for col in range(n):
            cell = row * n + col
            kind = down(row, col)
            edge = "|" if kind == "wall" else (":" if kind == "box" else " ")
            label_line += edge + labels.get(cell, "").ljust(width)
            shown = symbol(values[cell]) if values[cell] else ""
            value_line += edge + shown.center(width)
        lines += [label_line + "|", value_line + "|", rule(row + 1)]
    return "\n".join(lines)
