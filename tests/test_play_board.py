"""The game board drawing: box-drawing lines, cage outlines and labels, cells, layouts."""

from __future__ import annotations

from itertools import product

import pytest
from rich.style import Style
from rich.text import Text

import latinum
from latinum import Cage, Puzzle
from latinum.play.board import (
    PALETTES,
    CellView,
    Layout,
    cell_at,
    choose_layout,
    junctions,
    layouts,
    render_board,
    smallest_size,
)

DARK = PALETTES["dark"]
BOX_CHARS = {chr(code) for code in range(0x2500, 0x2580)}
# 12.. / ..12 / 2..3 / .32.
FOUR = Puzzle.sudoku("12....122..3.32.")


@pytest.fixture(scope="module")
def puzzles() -> dict[str, Puzzle]:
    return {
        "sudoku": latinum.generate("sudoku", size=9, seed=1),
        "kenken": latinum.generate("kenken", size=6, seed=1),
        "kenken9": latinum.generate("kenken", size=9, seed=1),
        "killer": latinum.generate("killer", size=9, seed=1),
        "four": latinum.generate("sudoku", size=4, seed=1),
        "six": latinum.generate("sudoku", size=6, seed=1),
        "sixteen": latinum.generate("sudoku", size=16, seed=1),
    }


def givens(puzzle: Puzzle) -> list[CellView]:
    return [CellView(value=v, given=bool(v)) for v in puzzle.givens]


def lines(text: Text) -> list[str]:
    return text.plain.split("\n")


def style_at(text: Text, x: int, y: int) -> Style:
    """The combined style of the character at board position (x, y)."""
    offset = y * (len(lines(text)[0]) + 1) + x
    style = Style()
    for span in text.spans:
        if span.start <= offset < span.end:
            style += Style.parse(span.style) if isinstance(span.style, str) else span.style
    return style


def origin(layout: Layout, row: int, col: int) -> tuple[int, int]:
    """Top-left interior character of a cell when every line is drawn."""
    return col * (layout.cell_width + 1) + 1, row * (layout.cell_height + 1) + 1


def interior(text: Text, layout: Layout, row: int, col: int) -> list[str]:
    x, y = origin(layout, row, col)
    return [line[x : x + layout.cell_width] for line in lines(text)[y : y + layout.cell_height]]


def label(puzzle: Puzzle, cage: Cage) -> str:
    if puzzle.variant == "killer":
        return str(cage.target)
    return f"{cage.target}{ {'+': '+', '-': '−', '*': '×', '/': '÷', '=': ''}[cage.op] }"


# Junctions ------------------------------------------------------------------


def test_every_mix_of_arms_has_a_junction_character():
    table = junctions()
    for arms in product(range(3), repeat=4):
        if any(arms):
            assert arms in table
    assert len(set(table.values())) == 80
    assert table[0, 1, 0, 1] == "┌" and table[1, 1, 1, 1] == "┼" and table[2, 2, 2, 2] == "╋"
    assert table[0, 1, 2, 2] == "┯" and table[2, 2, 0, 1] == "┠" and table[1, 2, 0, 0] == "╽"
    assert table[2, 1, 2, 1] == "╃" and table[0, 0, 2, 1] == "╾"


# Plain drawings ---------------------------------------------------------------


def test_four_by_four_sudoku_small_layout():
    text = render_board(FOUR, Layout(1, 3), givens(FOUR), DARK)
    assert text.plain == (
        "┏━━━┯━━━┳━━━┯━━━┓\n"
        "┃ 1 │ 2 ┃   │   ┃\n"
        "┠───┼───╂───┼───┨\n"
        "┃   │   ┃ 1 │ 2 ┃\n"
        "┣━━━┿━━━╋━━━┿━━━┫\n"
        "┃ 2 │   ┃   │ 3 ┃\n"
        "┠───┼───╂───┼───┨\n"
        "┃   │ 3 ┃ 2 │   ┃\n"
        "┗━━━┷━━━┻━━━┷━━━┛"
    )


def test_four_by_four_sudoku_box_lines_only():
    text = render_board(FOUR, Layout(1, 2, False, False), givens(FOUR), DARK)
    assert text.plain == (
        "┏━━━━┳━━━━┓\n┃ 1 2┃    ┃\n┃    ┃ 1 2┃\n┣━━━━╋━━━━┫\n┃ 2  ┃   3┃\n┃   3┃ 2  ┃\n┗━━━━┻━━━━┛"
    )


@pytest.mark.parametrize("name", ["kenken", "killer"])
def test_cage_boundaries_and_labels(puzzles, name):
    puzzle = puzzles[name]
    killer = puzzle.variant == "killer"
    n, geometry, cage_of = puzzle.size, puzzle.geometry, puzzle.cage_of
    layout = Layout(1, 5)
    board = lines(render_board(puzzle, layout, givens(puzzle), DARK))
    for row, col in product(range(n), repeat=2):
        cell = geometry.index(row, col)
        x, y = origin(layout, row, col)
        neighbours = []
        if col + 1 < n:
            neighbours.append((geometry.index(row, col + 1), board[y][x + layout.cell_width]))
        if row + 1 < n:
            below = board[y + 1][x + layout.cell_width - 1]  # clear of the cage labels
            neighbours.append((geometry.index(row + 1, col), below))
        for other, char in neighbours:
            box_line = killer and geometry.box_of(cell) != geometry.box_of(other)
            if cage_of[cell] is not cage_of[other]:
                assert char in ("┃━" if box_line or not killer else "│─"), (cell, other)
            elif killer:
                assert char in ("┇┅" if box_line else "┆┄"), (cell, other)
            else:
                assert char in "│─", (cell, other)
    for cage in puzzle.cages:
        row, col = geometry.row_col(cage.cells[0])
        x, y = origin(layout, row, col)
        assert board[y - 1][x:].startswith(label(puzzle, cage)), cage


def test_label_may_run_over_the_cage_top_row_but_not_past_the_board():
    cages = [Cage((0, 1), "*", 12), Cage((2, 5), "/", 2), Cage((3, 4, 6, 7, 8), "+", 9999)]
    puzzle = Puzzle.kenken(3, cages)
    board = lines(render_board(puzzle, Layout(1, 3), [CellView()] * 9, DARK))
    assert board[:3] == ["┏12×┯━━━┳2÷━┓", "┃   │   ┃   ┃", "┣9999+━━╉───┨"]
    board = lines(render_board(puzzle, Layout(1, 2), [CellView()] * 9, DARK))
    assert board[0] == "┏12×━━┳2÷┓"
    assert board[2] == "┣9999+╉──┨"
    cages[2] = Cage((3, 4, 6, 7, 8), "+", 999999999)
    board = lines(render_board(Puzzle.kenken(3, cages), Layout(1, 2), [CellView()] * 9, DARK))
    assert board[2] == "┣99999999┨"


# Cells ------------------------------------------------------------------------


def test_givens_differ_from_entries_in_style_not_only_colour(puzzles):
    puzzle = puzzles["sudoku"]
    empty = puzzle.givens.index(0)
    filled = puzzle.givens.index(next(v for v in puzzle.givens if v))
    cells = givens(puzzle)
    cells[empty] = CellView(value=puzzle.givens[filled])
    layout = Layout(1, 5)
    for palette in PALETTES.values():
        text = render_board(puzzle, layout, cells, palette)
        styles = []
        for cell in (filled, empty):
            x, y = origin(layout, *puzzle.geometry.row_col(cell))
            assert lines(text)[y][x + 2] == str(puzzle.givens[filled])
            styles.append(style_at(text, x + 2, y))
        given, entered = styles
        assert given.bold and not entered.bold


def test_marks_stay_in_fixed_places(puzzles):
    puzzle = puzzles["sudoku"]
    cells = [CellView() for _ in puzzle.givens]
    cells[0] = CellView(marks=0b111111111)
    cells[1] = CellView(marks=0b000010000)
    cells[2] = CellView(marks=0b100000001)
    layout = Layout(3, 7)
    text = render_board(puzzle, layout, cells, DARK)
    assert interior(text, layout, 0, 0) == [" 1 2 3 ", " 4 5 6 ", " 7 8 9 "]
    assert interior(text, layout, 0, 1) == ["       ", "   5   ", "       "]
    assert interior(text, layout, 0, 2) == [" 1     ", "       ", "     9 "]

    four = puzzles["four"]
    cells = [CellView(marks=0b1010 if c == 0 else 0) for c in range(16)]
    text = render_board(four, Layout(1, 5), cells, DARK)
    assert interior(text, Layout(1, 5), 0, 0) == [" 2 4 "]

    cells = [CellView(marks=0b111111) if c == 0 else CellView() for c in range(81)]
    text = render_board(puzzle, Layout(1, 5), cells, DARK)
    assert interior(text, Layout(1, 5), 0, 0) == ["1234…"]


def test_marks_in_a_one_line_cell_sit_at_their_digit(puzzles):
    four = puzzles["four"]
    layout = Layout(1, 5)
    for digit in range(1, 5):
        cells = [CellView(marks=1 << (digit - 1))] + [CellView()] * 15
        line = interior(render_board(four, layout, cells, DARK), layout, 0, 0)[0]
        assert line.index(str(digit)) == digit - 1


def test_six_by_six_marks_block_is_two_rows_of_three(puzzles):
    six = puzzles["six"]
    layout = layouts(six)[0]
    assert layout == Layout(2, 7)
    cells = [CellView(marks=0b111111)] + [CellView()] * 35
    assert interior(render_board(six, layout, cells, DARK), layout, 0, 0) == [
        " 1 2 3 ",
        " 4 5 6 ",
    ]


def test_conflict_and_wrong_have_markers(puzzles):
    puzzle = puzzles["sudoku"]
    cells = [CellView() for _ in puzzle.givens]
    cells[0] = CellView(value=5, conflict=True)
    cells[1] = CellView(value=6, wrong=True)
    for layout, conflict, wrong in ((Layout(1, 3), "!5!", "✗6✗"), (Layout(1, 5), " !5! ", " ✗6✗ ")):
        text = render_board(puzzle, layout, cells, DARK)
        assert interior(text, layout, 0, 0) == [conflict]
        assert interior(text, layout, 0, 1) == [wrong]
        x, y = origin(layout, 0, 0)
        for offset in (-1, 0, 1):
            style = style_at(text, x + layout.cell_width // 2 + offset, y)
            assert style.color == Style.parse(DARK.conflict).color


def test_cursor_same_digit_and_hints_in_mono(puzzles):
    puzzle = puzzles["sudoku"]
    mono = PALETTES["mono"]
    cells = [CellView() for _ in puzzle.givens]
    cells[0] = CellView(value=3, cursor=True)
    cells[1] = CellView(marks=0b1100, same=True, digit=4)
    cells[2] = CellView(marks=0b0110, hint=True, hint_removes=0b0100)
    cells[3] = CellView(hint=True, hint_places=7)
    layout = Layout(3, 7)
    text = render_board(puzzle, layout, cells, mono)
    x, y = origin(layout, 0, 0)
    assert style_at(text, x, y).reverse and style_at(text, x + 3, y + 1).reverse
    x, y = origin(layout, 0, 1)
    assert lines(text)[y + 1][x + 1] == "4" and style_at(text, x + 1, y + 1).underline
    assert lines(text)[y][x + 5] == "3" and not style_at(text, x + 5, y).underline
    x, y = origin(layout, 0, 2)
    assert lines(text)[y][x + 5] == "3" and style_at(text, x + 5, y).strike
    assert lines(text)[y][x + 3] == "2" and not style_at(text, x + 3, y).strike
    assert interior(text, layout, 0, 3)[1] == "   7   "


@pytest.mark.parametrize("name", list(PALETTES))
def test_hint_region_pattern_and_eliminations_differ_without_colour(puzzles, name):
    palette = PALETTES[name]
    puzzle = puzzles["sudoku"]
    cells = [CellView() for _ in puzzle.givens]
    cells[0] = CellView(marks=0b0110, hint_region=True)
    # Pattern candidate 1 although not pencilled in, 2 eliminated, 3 a plain mark.
    cells[1] = CellView(
        marks=0b0110, hint=True, hint_region=True, hint_pattern=0b0001, hint_removes=0b0010
    )
    layout = Layout(3, 7)
    text = render_board(puzzle, layout, cells, palette)
    x, y = origin(layout, 0, 0)
    assert style_at(text, x, y + 2) == Style.parse(palette.hint_region)
    x, y = origin(layout, 0, 1)
    assert style_at(text, x, y + 2) == Style.parse(palette.hint)  # the pattern cell wins
    assert interior(text, layout, 0, 1)[0] == " 1 2 3 "
    pattern, removed, mark = (style_at(text, x + offset, y) for offset in (1, 3, 5))
    assert pattern.underline and pattern.bold and not pattern.strike
    assert removed.strike and not removed.underline
    assert not (mark.underline or mark.strike)
    x, y = origin(layout, 0, 2)
    assert style_at(text, x, y + 2) == Style()


def test_hint_styles_are_all_different():
    for palette in PALETTES.values():
        assert Style.parse(palette.hint) != Style.parse(palette.hint_region)
        marks = [palette.hint_pattern, palette.hint_remove, palette.mark]
        assert len({Style.parse(style) for style in marks}) == len(marks)
        # A placement stands alone in its cell; it differs from the marks it replaces.
        assert palette.hint_place not in (palette.hint_remove, palette.mark)


def test_mono_palette_has_no_colour():
    for field, value in vars(PALETTES["mono"]).items():
        style = Style.parse(value)
        assert style.color is None and style.bgcolor is None, field
    assert Style.parse(PALETTES["mono"].cursor).reverse
    for palette in PALETTES.values():
        for value in vars(palette).values():
            Style.parse(value)


# Layouts and clicks ---------------------------------------------------------


def test_layout_targets(puzzles):
    for name in ("sudoku", "kenken9", "killer"):
        layout = choose_layout(puzzles[name], 55, 23)
        assert layout is not None and (layout.cell_height, layout.cell_width) == (1, 5), name
    assert choose_layout(puzzles["sixteen"], 55, 22) is not None
    assert choose_layout(puzzles["four"], 55, 23) == Layout(2, 5)
    assert choose_layout(puzzles["six"], 55, 23) == Layout(2, 7)
    full = choose_layout(puzzles["sudoku"], 120, 45)
    assert full == Layout(3, 7) and full.size(puzzles["sudoku"]) == (73, 37)
    assert choose_layout(puzzles["sudoku"], 10, 10) is None
    assert smallest_size(puzzles["sudoku"]) == (9 * 2 + 4, 9 + 4)


def test_layouts_for_cage_puzzles_draw_every_line(puzzles):
    for name in ("kenken", "killer"):
        assert all(layout.thin_rows and layout.thin_cols for layout in layouts(puzzles[name]))
    assert not layouts(puzzles["sudoku"])[-1].thin_rows


def test_wide_labels_rank_wider_layouts_first():
    cages = [Cage((0, 9, 18, 27, 36), "*", 15120)]
    cages += [Cage((cell,), "=", 1) for cell in range(81) if cell % 9 or cell > 36]
    puzzle = Puzzle.kenken(9, cages)
    heights_widths = [(layout.cell_height, layout.cell_width) for layout in layouts(puzzle)]
    assert heights_widths == [(3, 7), (1, 6), (1, 5), (1, 3)]


def starts(positions: list[int], length: int) -> list[int]:
    """First position of each cell among the interior ``positions`` along one axis."""
    found, run = [], []
    for position in [*positions, -2]:
        if run and position != run[-1] + 1:
            found += run[::length]
            run = []
        run.append(position)
    return found


@pytest.mark.parametrize("name", ["sudoku", "sixteen", "killer", "six"])
def test_cell_at_inverts_every_layout(puzzles, name):
    puzzle = puzzles[name]
    n = puzzle.size
    for layout in layouts(puzzle):
        board = lines(render_board(puzzle, layout, givens(puzzle), DARK))
        width, height = layout.size(puzzle)
        assert (len(board[0]), len(board)) == (width, height)
        rows = [y for y, line in enumerate(board) if line[0] == "┃"]
        cols = [x for x, char in enumerate(board[rows[0]]) if char not in BOX_CHARS]
        ys, xs = starts(rows, layout.cell_height), starts(cols, layout.cell_width)
        assert len(ys) == len(xs) == n
        for cell in range(n * n):
            row, col = puzzle.geometry.row_col(cell)
            centre = (xs[col] + layout.cell_width // 2, ys[row] + layout.cell_height // 2)
            assert cell_at(puzzle, layout, *centre) == cell, (layout, cell)
        for y, line in enumerate(board):
            for x, char in enumerate(line):
                if char in BOX_CHARS or y not in rows:
                    assert cell_at(puzzle, layout, x, y) is None, (layout, x, y)
        for x, y in ((-1, 1), (1, -1), (width, 1), (1, height)):
            assert cell_at(puzzle, layout, x, y) is None
