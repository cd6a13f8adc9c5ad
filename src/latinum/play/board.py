"""The game board drawn as rich Text: box-drawing grid, cage outlines and labels, cells.

A screen widget calls :func:`render_board` after each change and :func:`cell_at`
to map a mouse click back to a cell; :func:`choose_layout` picks the largest
drawing that fits the space it has.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import isqrt

from rich.style import Style
from rich.text import Text

from ..cages import Cage
from ..puzzle import Puzzle
from ..symbols import symbol

NONE, LIGHT, HEAVY = 0, 1, 2
_CELL, _CAGE, _BOX = 0, 1, 2  # what a line separates, which picks its style

# (weight, dashed) -> horizontal and vertical character
_SEGMENTS = {
    (NONE, False): "  ",
    (LIGHT, False): "─│",
    (HEAVY, False): "━┃",
    (LIGHT, True): "┄┆",
    (HEAVY, True): "┅┇",
}
_DIRECTIONS = {
    "UP": ("up",),
    "DOWN": ("down",),
    "LEFT": ("left",),
    "RIGHT": ("right",),
    "VERTICAL": ("up", "down"),
    "HORIZONTAL": ("left", "right"),
}
_WEIGHTS = {"LIGHT": LIGHT, "HEAVY": HEAVY}
_ARMS = ("up", "down", "left", "right")
_OPERATORS = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": ""}
CONFLICT_MARK = "!"
WRONG_MARK = "✗"
MORE_MARKS = "…"

_Edge = tuple[int, bool, int]  # weight, dashed, role
_Put = Callable[[int, int, str, Style], None]


@cache
def junctions() -> dict[tuple[int, int, int, int], str]:
    """The box-drawing character for each (up, down, left, right) arm weights."""
    table: dict[tuple[int, int, int, int], str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        if any(word in name for word in ("DOUBLE", "DASH", "ARC", "DIAGONAL")):
            continue
        arms = dict.fromkeys(_ARMS, NONE)
        weight = NONE
        for part in name.split(" AND "):
            words = part.split()
            # A part without a weight ("HEAVY VERTICAL AND LEFT") keeps the previous one.
            weight = next((_WEIGHTS[w] for w in words if w in _WEIGHTS), weight)
            for word in words:
                for arm in _DIRECTIONS.get(word, ()):
                    arms[arm] = weight
        table[arms["up"], arms["down"], arms["left"], arms["right"]] = chr(code)
    return table


@dataclass(frozen=True)
class Layout:
    """Cell interiors of ``cell_height`` lines by ``cell_width`` characters.

    ``thin_rows`` and ``thin_cols`` draw a line between every two rows or
    columns; without them only box boundaries and the border are drawn.
    """

    cell_height: int
    cell_width: int
    thin_rows: bool = True
    thin_cols: bool = True

    def size(self, puzzle: Puzzle) -> tuple[int, int]:
        """(width, height) of the whole board in characters."""
        frame = _frame(puzzle, self)
        return frame.width, frame.height


@dataclass(frozen=True)
class CellView:
    """What the app wants shown in one cell (bitmasks use bit d-1 for digit d).

    A hint shades its area (``hint_region``) softly and the cells of its step
    (``hint``) strongly, and shows the step's candidates (``hint_pattern``),
    eliminations (``hint_removes``) and placement (``hint_places``).
    """

    value: int = 0
    given: bool = False
    marks: int = 0
    cursor: bool = False
    peer: bool = False
    same: bool = False
    conflict: bool = False
    wrong: bool = False
    hint: bool = False
    hint_region: bool = False
    hint_pattern: int = 0
    hint_removes: int = 0
    hint_places: int = 0
    digit: int = 0


@dataclass(frozen=True)
class Palette:
    """Rich style strings for each part of the board.

    A hint's candidates tell pattern, elimination and placement apart by more
    than hue (underline, strike, a lone bold digit), for colour-blind players
    and the mono palette alike.
    """

    line_box: str
    line_cell: str
    line_cage: str
    cage_label: str
    given: str
    entered: str
    mark: str
    empty: str
    cursor: str
    peer: str
    same: str
    conflict: str
    wrong: str
    hint: str
    hint_region: str
    hint_pattern: str
    hint_remove: str
    hint_place: str


PALETTES: dict[str, Palette] = {
    "dark": Palette(
        line_box="bold bright_white",
        line_cell="grey46",
        line_cage="bright_yellow",
        cage_label="bold bright_yellow",
        given="bold bright_white",
        entered="bright_cyan",
        mark="grey66",
        empty="",
        cursor="on dodger_blue3",
        peer="on grey23",
        same="on dark_green",
        conflict="bold bright_red",
        wrong="bold bright_magenta",
        hint="on dark_magenta",
        hint_region="on #5f005f",
        hint_pattern="bold underline bright_cyan",
        hint_remove="strike bright_red",
        hint_place="bold bright_green",
    ),
    "light": Palette(
        line_box="bold black",
        line_cell="grey58",
        line_cage="dark_orange3",
        cage_label="bold dark_orange3",
        given="bold black",
        entered="blue",
        mark="grey35",
        empty="",
        cursor="on light_sky_blue1",
        peer="on grey89",
        same="on dark_sea_green2",
        conflict="bold red",
        wrong="bold magenta",
        hint="on plum1",
        hint_region="on thistle1",
        hint_pattern="bold underline blue3",
        hint_remove="strike red",
        hint_place="bold green4",
    ),
    "high-contrast": Palette(
        line_box="bold bright_white",
        line_cell="white",
        line_cage="bold bright_yellow",
        cage_label="bold black on bright_yellow",
        given="bold bright_white",
        entered="bright_cyan",
        mark="bright_white",
        empty="",
        cursor="black on bright_yellow",
        peer="on grey30",
        same="on dark_green",
        conflict="bold bright_white on red",
        wrong="bold black on bright_magenta",
        hint="on purple4",
        hint_region="on dark_blue",
        hint_pattern="bold underline black on bright_cyan",
        hint_remove="bold strike bright_red",
        hint_place="bold bright_green",
    ),
    "mono": Palette(
        line_box="bold",
        line_cell="dim",
        line_cage="",
        cage_label="bold",
        given="bold",
        entered="",
        mark="dim",
        empty="",
        cursor="reverse",
        peer="",
        same="underline",
        conflict="bold",
        wrong="bold strike",
        hint="bold",
        hint_region="italic",
        hint_pattern="bold underline",
        hint_remove="strike",
        hint_place="bold underline",
    ),
}


def layouts(puzzle: Puzzle) -> list[Layout]:
    """Candidate layouts, best (largest) first."""
    cols, rows = _marks_grid(puzzle.size)
    found = [Layout(rows, 2 * cols + 1), Layout(1, 5), Layout(1, 3)]
    if puzzle.variant == "sudoku" and puzzle.geometry.box is not None:
        found += [Layout(1, 3, False, True), Layout(1, 3, False, False), Layout(1, 2, False, False)]
    need = max((len(_label(puzzle, cage)) for cage in _lonely_cages(puzzle)), default=0)
    if need > 5:
        found.append(Layout(1, need))
    found = list(dict.fromkeys(found))
    return sorted(found, key=lambda layout: (-layout.cell_height, layout.cell_width < need))


def choose_layout(puzzle: Puzzle, width: int, height: int) -> Layout | None:
    """The first candidate layout that fits in ``width`` x ``height``, or None."""
    for layout in layouts(puzzle):
        needed_width, needed_height = layout.size(puzzle)
        if needed_width <= width and needed_height <= height:
            return layout
    return None


def smallest_size(puzzle: Puzzle) -> tuple[int, int]:
    """(width, height) of the smallest candidate layout."""
    sizes = [layout.size(puzzle) for layout in layouts(puzzle)]
    return min(sizes, key=lambda size: size[0] * size[1])


def cell_at(puzzle: Puzzle, layout: Layout, x: int, y: int) -> int | None:
    """The cell under board character (x, y), or None on a line or outside."""
    frame = _frame(puzzle, layout)
    col = _find(frame.xs, layout.cell_width, x)
    row = _find(frame.ys, layout.cell_height, y)
    return None if row is None or col is None else puzzle.geometry.index(row, col)


def render_board(
    puzzle: Puzzle, layout: Layout, cells: Sequence[CellView], palette: Palette
) -> Text:
    """The board with ``cells`` shown as asked, one line of Text per board line."""
    frame = _frame(puzzle, layout)
    chars = [[" "] * frame.width for _ in range(frame.height)]
    styles = [[Style.null()] * frame.width for _ in range(frame.height)]

    def put(x: int, y: int, char: str, style: Style) -> None:
        chars[y][x] = char
        styles[y][x] = style

    _draw_lines(puzzle, layout, frame, palette, put)
    for cell, view in enumerate(cells):
        _draw_cell(puzzle, layout, frame, cell, view, palette, put)
    _draw_labels(puzzle, frame, palette, put)

    text = Text(no_wrap=True, overflow="crop")
    for y, (line, line_styles) in enumerate(zip(chars, styles, strict=True)):
        if y:
            text.append("\n")
        start = 0
        for x in range(1, frame.width + 1):
            if x == frame.width or line_styles[x] != line_styles[start]:
                text.append("".join(line[start:x]), line_styles[start])
                start = x
    return text


# Geometry of the drawing ------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    xs: tuple[int, ...]  # first character of each column of cells
    ys: tuple[int, ...]
    xlines: tuple[int | None, ...]  # position of each vertical line, None where not drawn
    ylines: tuple[int | None, ...]
    width: int
    height: int


def _frame(puzzle: Puzzle, layout: Layout) -> _Frame:
    n, box = puzzle.size, puzzle.geometry.box
    xs, xlines, width = _axis(n, box and box[1], layout.thin_cols, layout.cell_width)
    ys, ylines, height = _axis(n, box and box[0], layout.thin_rows, layout.cell_height)
    return _Frame(xs, ys, xlines, ylines, width, height)


def _axis(
    count: int, box: int | None, thin: bool, length: int
) -> tuple[tuple[int, ...], tuple[int | None, ...], int]:
    """Cell starts, line positions and total length along one axis."""
    starts: list[int] = []
    lines: list[int | None] = []
    position = 0
    for i in range(count + 1):
        drawn = thin or i in (0, count) or bool(box and i % box == 0)
        lines.append(position if drawn else None)
        position += drawn
        if i < count:
            starts.append(position)
            position += length
    return tuple(starts), tuple(lines), position


def _find(starts: Sequence[int], length: int, position: int) -> int | None:
    index = bisect_right(starts, position) - 1
    return index if index >= 0 and position < starts[index] + length else None


def _marks_grid(n: int) -> tuple[int, int]:
    """Columns and rows of the pencil-mark block of an n x n puzzle."""
    cols = isqrt(n - 1) + 1
    return cols, -(-n // cols)


# Lines ----------------------------------------------------------------------


def _edge(puzzle: Puzzle, a: int | None, b: int | None) -> _Edge:
    """The line between cells ``a`` and ``b`` (None is outside the grid)."""
    if a is None or b is None:
        return (NONE, False, _CELL) if a == b else (HEAVY, False, _BOX)
    geometry = puzzle.geometry
    box_line = geometry.has_boxes and geometry.box_of(a) != geometry.box_of(b)
    cage_of = puzzle.cage_of
    boundary = cage_of.get(a) is not cage_of.get(b)
    if puzzle.variant == "kenken":
        if boundary:
            return HEAVY, False, _CAGE
        return (HEAVY, True, _BOX) if box_line else (LIGHT, False, _CELL)
    if puzzle.variant == "killer":
        if box_line:
            return HEAVY, not boundary and a in cage_of, _BOX
        return (LIGHT, False, _CAGE) if boundary else (LIGHT, a in cage_of, _CELL)
    return (HEAVY, False, _BOX) if box_line else (LIGHT, False, _CELL)


def _draw_lines(puzzle: Puzzle, layout: Layout, frame: _Frame, palette: Palette, put: _Put) -> None:
    n = puzzle.size
    role_styles = [Style.parse(s) for s in (palette.line_cell, palette.line_cage, palette.line_box)]

    def cell(row: int, col: int) -> int | None:
        return row * n + col if 0 <= row < n and 0 <= col < n else None

    def across(i: int, col: int) -> _Edge:  # on horizontal line i, above cell column col
        return _edge(puzzle, cell(i - 1, col), cell(i, col))

    def down(row: int, j: int) -> _Edge:  # on vertical line j, beside cell row row
        return _edge(puzzle, cell(row, j - 1), cell(row, j))

    rows = [(i, y) for i, y in enumerate(frame.ylines) if y is not None]
    cols = [(j, x) for j, x in enumerate(frame.xlines) if x is not None]
    for i, y in rows:
        for col, x0 in enumerate(frame.xs):
            weight, dashed, role = across(i, col)
            for x in range(x0, x0 + layout.cell_width):
                put(x, y, _SEGMENTS[weight, dashed][0], role_styles[role])
    for j, x in cols:
        for row, y0 in enumerate(frame.ys):
            weight, dashed, role = down(row, j)
            for y in range(y0, y0 + layout.cell_height):
                put(x, y, _SEGMENTS[weight, dashed][1], role_styles[role])
    for i, y in rows:
        for j, x in cols:
            arms = (down(i - 1, j), down(i, j), across(i, j - 1), across(i, j))
            up, below, left, right = (arm[0] for arm in arms)
            if up or below or left or right:
                role = max(arm[2] for arm in arms if arm[0])
                put(x, y, junctions()[up, below, left, right], role_styles[role])


# Cells ----------------------------------------------------------------------


def _draw_cell(
    puzzle: Puzzle,
    layout: Layout,
    frame: _Frame,
    cell: int,
    view: CellView,
    palette: Palette,
    put: _Put,
) -> None:
    row, col = puzzle.geometry.row_col(cell)
    fill = Style.parse(palette.empty)
    for wanted, spec in (
        (view.peer, palette.peer),
        (view.same and view.value, palette.same),
        (view.hint_region and not view.hint, palette.hint_region),
        (view.hint, palette.hint),
    ):
        if wanted:
            fill += Style.parse(spec)
    cursor = Style.parse(palette.cursor) if view.cursor else Style.null()
    glyphs = {
        (line, x): (" ", Style.null())
        for line in range(layout.cell_height)
        for x in range(layout.cell_width)
    }
    pad = int(frame.xlines[col] is None)
    glyphs.update(_glyphs(puzzle.size, layout, pad, view, palette))
    for (line, x), (char, style) in glyphs.items():
        put(frame.xs[col] + x, frame.ys[row] + line, char, fill + style + cursor)


def _glyphs(
    n: int, layout: Layout, pad: int, view: CellView, palette: Palette
) -> dict[tuple[int, int], tuple[str, Style]]:
    """The characters of one cell interior by (line, column), blanks left out."""
    shown: dict[tuple[int, int], tuple[str, Style]] = {}
    middle = (layout.cell_height // 2, layout.cell_width // 2)
    if view.value:
        style = Style.parse(palette.given if view.given else palette.entered)
        marker = ""
        if view.conflict:
            marker, style = CONFLICT_MARK, style + Style.parse(palette.conflict)
        elif view.wrong:
            marker, style = WRONG_MARK, style + Style.parse(palette.wrong)
        line, x = middle
        shown[line, x] = (symbol(view.value), style)
        for side in (x - 1, x + 1):
            if marker and 0 <= side < layout.cell_width:
                shown[line, side] = (marker, style)
        return shown
    if view.hint_places:
        return {middle: (symbol(view.hint_places), Style.parse(palette.hint_place))}
    mask = view.marks | view.hint_removes | view.hint_pattern
    digits = [d for d in range(1, n + 1) if mask >> (d - 1) & 1]
    for line, x, digit in _mark_places(n, layout, pad, digits):
        if not digit:
            shown[line, x] = (MORE_MARKS, Style.parse(palette.mark))
            continue
        style = Style.parse(palette.mark)
        if view.hint_removes >> (digit - 1) & 1:
            style = Style.parse(palette.hint_remove)
        elif view.hint_pattern >> (digit - 1) & 1:
            style = Style.parse(palette.hint_pattern)
        elif view.same and digit == view.digit:
            style += Style.parse(palette.same)
        shown[line, x] = (symbol(digit), style)
    return shown


def _mark_places(n: int, layout: Layout, pad: int, digits: list[int]) -> list[tuple[int, int, int]]:
    """(line, column, digit) of each pencil mark shown; digit 0 stands for "more"."""
    height, width = layout.cell_height, layout.cell_width - pad
    cols, rows = _marks_grid(n)
    if height >= rows and width >= 2 * cols - 1:
        top, left = (height - rows) // 2, pad + (width - 2 * cols + 1) // 2
        return [(top + (d - 1) // cols, left + 2 * ((d - 1) % cols), d) for d in digits]
    if height == 1 and width >= n:
        return [(0, pad + d - 1, d) for d in digits]
    slots = [(line, pad + x) for line in range(height) for x in range(width)]
    if len(digits) > len(slots):
        digits = [*digits[: len(slots) - 1], 0]
    return [(line, x, d) for (line, x), d in zip(slots, digits, strict=False)]


# Cage labels ----------------------------------------------------------------


def _label(puzzle: Puzzle, cage: Cage) -> str:
    """Target and operator, such as ``12+`` or ``2÷``; Killer cages show the sum alone."""
    return str(cage.target) + ("" if puzzle.variant == "killer" else _OPERATORS[cage.op])


def _lonely_cages(puzzle: Puzzle) -> list[Cage]:
    """Cages with a single cell in their top row (their label has one cell width)."""
    n = puzzle.size
    return [c for c in puzzle.cages if sum(cell // n == c.cells[0] // n for cell in c.cells) == 1]


def _draw_labels(puzzle: Puzzle, frame: _Frame, palette: Palette, put: _Put) -> None:
    if puzzle.variant not in ("kenken", "killer"):
        return
    style = Style.parse(palette.cage_label)
    for cage in puzzle.cages:
        row, col = puzzle.geometry.row_col(cage.cells[0])
        y = frame.ylines[row]
        if y is None:
            continue
        for offset, char in enumerate(_label(puzzle, cage)):
            x = frame.xs[col] + offset
            if x < frame.width - 1:
                put(x, y, char, style)
