"""SVG pictures: lines, outlines, clues and values are where the puzzle model says.

The layout these tests assume: cells of 40 pixels, a margin of 10, and for
Futoshiki a gap of 20 between cells.
"""

from __future__ import annotations

import random
import re
import struct
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings

import latinum
from latinum import Grid, Puzzle, Step
from latinum.relations import signs_of
from latinum.render import png, svg
from strategies import any_puzzles, kenken_puzzles, killer_puzzles, latin_solution

CELL, MARGIN, GAP = 40, 10, 20
SVG = "{http://www.w3.org/2000/svg}"


def elements(picture: str, kind: str) -> list[ET.Element]:
    """The elements of class ``kind``."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return [e for e in root.iter() if e.get("class") == kind]


def lines(picture: str, kind: str) -> list[tuple[float, float, float, float]]:
    return [
        tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2")) for e in elements(picture, kind)
    ]


def corner(cell: int, n: int, gap: float = 0) -> tuple[float, float]:
    row, col = divmod(cell, n)
    return MARGIN + col * (CELL + gap), MARGIN + row * (CELL + gap)


def cell_at(x: float, y: float, n: int) -> int | None:
    col, row = (x - MARGIN) / CELL, (y - MARGIN) / CELL
    if 0 < col < n and 0 < row < n:
        return int(row) * n + int(col)
    return None


def covers(segments, x: float, y: float) -> bool:
    """True if a horizontal or vertical segment passes through (x, y)."""
    for x1, y1, x2, y2 in segments:
        if x1 == x2 == x and min(y1, y2) <= y <= max(y1, y2):
            return True
        if y1 == y2 == y and min(x1, x2) <= x <= max(x1, x2):
            return True
    return False


def edges(n: int):
    """Each pair of neighbouring cells and the middle of the edge between them."""
    for cell in range(n * n):
        row, col = divmod(cell, n)
        x, y = corner(cell, n)
        if col + 1 < n:
            yield cell, cell + 1, (x + CELL, y + CELL / 2)
        if row + 1 < n:
            yield cell, cell + n, (x + CELL / 2, y + CELL)


def check_grid_lines(puzzle: Puzzle, picture: str) -> None:
    n = puzzle.size
    end = MARGIN + n * CELL
    expected = {(MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, end) for i in range(1, n)}
    expected |= {(MARGIN, MARGIN + i * CELL, end, MARGIN + i * CELL) for i in range(1, n)}
    assert set(lines(picture, "cell-line")) == expected
    frame = elements(picture, "frame")[0]
    assert [float(frame.get(k)) for k in ("x", "y", "width", "height")] == [
        MARGIN,
        MARGIN,
        n * CELL,
        n * CELL,
    ]
    boxes = lines(picture, "box-line")
    geometry = puzzle.geometry
    for a, b, (x, y) in edges(n):
        apart = geometry.box is not None and geometry.box_of(a) != geometry.box_of(b)
        assert covers(boxes, x, y) == apart


def check_givens(puzzle: Puzzle, picture: str, values=None) -> None:
    n = puzzle.size
    for kind, shown in (("given", puzzle.givens), ("value", values or (0,) * n * n)):
        found = {}
        for text in elements(picture, kind):
            x, y = float(text.get("x")), float(text.get("y"))
            cell = cell_at(x, y, n)
            assert cell is not None and x == corner(cell, n)[0] + CELL / 2
            found[cell] = int(text.text)
        expected = {
            c: v for c, v in enumerate(shown) if v and not (kind == "value" and puzzle.givens[c])
        }
        assert found == expected


def check_labels(puzzle: Puzzle, picture: str) -> None:
    printed = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": ""}
    labels = {}
    for text in elements(picture, "cage-label"):
        labels[cell_at(float(text.get("x")), float(text.get("y")), puzzle.size)] = text.text
    expected = {
        cage.cells[0]: f"{cage.target}{'' if cage.distinct else printed[cage.op]}"
        for cage in puzzle.cages
    }
    assert labels == expected


@settings(max_examples=40, deadline=None)
@given(any_puzzles())
def test_every_variant_draws_its_lines_givens_and_clues(drawn) -> None:
    puzzle, _ = drawn
    picture = svg(puzzle)
    check_grid_lines(puzzle, picture)
    check_givens(puzzle, picture)
    check_labels(puzzle, picture)
    assert not elements(picture, "value") and not elements(picture, "candidate")


@settings(max_examples=25, deadline=None)
@given(kenken_puzzles())
def test_kenken_cage_walls_lie_between_cages(drawn) -> None:
    puzzle, solution = drawn
    picture = svg(puzzle, solution=solution)
    walls = lines(picture, "cage-wall")
    owner = puzzle.cage_of
    for a, b, (x, y) in edges(puzzle.size):
        assert covers(walls, x, y) == (owner[a] is not owner[b])
    check_givens(puzzle, picture, solution)


def outline(path: str) -> list[tuple[float, float, float, float]]:
    numbers = [float(v) for v in re.findall(r"-?[\d.]+", path)]
    assert path.count("M") * 4 == len(numbers)
    return [tuple(numbers[i : i + 4]) for i in range(0, len(numbers), 4)]


@settings(max_examples=25, deadline=None)
@given(killer_puzzles())
def test_killer_cages_are_closed_dashed_outlines_inside_their_cells(drawn) -> None:
    puzzle, _ = drawn
    picture = svg(puzzle)
    n = puzzle.size
    paths = elements(picture, "cage-outline")
    assert len(paths) == len(puzzle.cages)
    assert elements(picture, "cage-outlines")[0].get("stroke-dasharray")
    inset = 0.09 * CELL
    for cage, path in zip(puzzle.cages, paths, strict=True):
        segments = outline(path.get("d"))
        ends = Counter()
        for x1, y1, x2, y2 in segments:
            assert x1 == x2 or y1 == y2
            middle = ((x1 + x2) / 2, (y1 + y2) / 2)
            assert cell_at(*middle, n) in cage.cells
            ends.update([(x1, y1), (x2, y2)])
        assert all(count % 2 == 0 for count in ends.values()), "the outline is not closed"
        # Each side of the cage on its border has its dashed line just inside it.
        for cell in cage.cells:
            x, y = corner(cell, n)
            row, col = divmod(cell, n)
            if row == 0 or cell - n not in cage.cells:
                assert covers(segments, x + CELL / 2, round(y + inset, 2))
            if col == 0 or cell - 1 not in cage.cells:
                assert covers(segments, round(x + inset, 2), y + CELL / 2)
    check_grid_lines(puzzle, picture)
    check_labels(puzzle, picture)
    assert not lines(picture, "cage-wall")


def futoshiki(n: int, seed: int, adjacent: bool) -> tuple[Puzzle, tuple[int, ...]]:
    rng = random.Random(seed)
    solution = latin_solution(n, rng)
    relations = [r for r in signs_of(solution, n, adjacent) if rng.random() < 0.4]
    givens = [v if rng.random() < 0.2 else 0 for v in solution]
    return Puzzle.futoshiki(n, relations, givens, adjacent=adjacent), solution


@pytest.mark.parametrize("adjacent", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_futoshiki_signs_and_bars_lie_between_their_cells(seed: int, adjacent: bool) -> None:
    n = 4 + seed % 3
    puzzle, solution = futoshiki(n, seed, adjacent)
    picture = svg(puzzle, solution=solution)
    assert len(elements(picture, "cell")) == n * n
    assert not lines(picture, "cell-line")
    signs = {}
    for sign in elements(picture, "sign"):
        points = [tuple(map(float, p.split(","))) for p in sign.get("points").split()]
        signs[points[1]] = (sign.get("data-sign"), points)
    bars = [((x1 + x2) / 2, (y1 + y2) / 2) for x1, y1, x2, y2 in lines(picture, "bar")]
    expected_signs, expected_bars = 0, 0
    for relation in puzzle.relations:
        (a, b), mark = relation.oriented
        (ax, ay), (bx, by) = corner(a, n, GAP), corner(b, n, GAP)
        middle = ((ax + bx) / 2 + CELL / 2, (ay + by) / 2 + CELL / 2)
        if mark == "|":
            expected_bars += 1
            assert middle in bars
        elif mark != "!":
            expected_signs += 1
            smaller = relation.first
            tip = min(signs, key=lambda t: abs(t[0] - middle[0]) + abs(t[1] - middle[1]))
            assert abs(tip[0] - middle[0]) + abs(tip[1] - middle[1]) < GAP / 2
            sx, sy = corner(smaller, n, GAP)
            # The sign points at the smaller value.
            points = signs[tip][1]
            back = ((points[0][0] + points[2][0]) / 2, (points[0][1] + points[2][1]) / 2)
            to_smaller = (sx + CELL / 2 - middle[0], sy + CELL / 2 - middle[1])
            assert (tip[0] - back[0]) * to_smaller[0] + (tip[1] - back[1]) * to_smaller[1] > 0
    assert len(signs) == expected_signs and len(bars) == expected_bars
    for text in elements(picture, "given") + elements(picture, "value"):
        x, y = float(text.get("x")), float(text.get("y"))
        col, row = round((x - MARGIN - CELL / 2) / (CELL + GAP)), int((y - MARGIN) // (CELL + GAP))
        value = puzzle.givens[row * n + col] or solution[row * n + col]
        assert text.text == str(value)


def test_sudoku_x_shades_its_diagonals() -> None:
    puzzle = Puzzle.sudoku("." * 81, diagonals=True)
    shaded = {
        cell_at(float(r.get("x")) + 1, float(r.get("y")) + 1, 9)
        for r in elements(svg(puzzle), "diagonal")
    }
    assert shaded == {i * 10 for i in range(9)} | {8 + i * 8 for i in range(9)}


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5), (3, 4), (2, 5)])
def test_every_sudoku_size_and_box_shape(box: tuple[int, int]) -> None:
    n = box[0] * box[1]
    rng = random.Random(n)
    from strategies import sudoku_solution

    solution = sudoku_solution(box, rng)
    puzzle = Puzzle.sudoku([v if rng.random() < 0.4 else 0 for v in solution], box=box)
    picture = svg(puzzle, solution=solution)
    check_grid_lines(puzzle, picture)
    check_givens(puzzle, picture, solution)


def candidate_places(picture: str, kind: str, n: int) -> dict[tuple[int, int], tuple]:
    """Where each candidate is drawn within its cell, by (cell, value)."""
    found = {}
    for text in elements(picture, kind):
        x, y = float(text.get("x")), float(text.get("y"))
        cell = cell_at(x, y, n)
        cx, cy = corner(cell, n)
        found[cell, int(text.text)] = (round(x - cx, 2), round(y - cy, 2))
    return found


def test_pencil_marks_keep_a_fixed_place_for_each_value() -> None:
    puzzle = Puzzle.sudoku("." * 81)
    marks = [set(random.Random(c).sample(range(1, 10), 4)) for c in range(81)]
    places = candidate_places(svg(puzzle, candidates=marks), "candidate", 9)
    assert set(places) == {(c, v) for c in range(81) for v in marks[c]}
    by_value: dict[int, set] = {}
    for (_, value), offset in places.items():
        by_value.setdefault(value, set()).add(offset)
    assert all(len(offsets) == 1 for offsets in by_value.values())
    assert len({offsets.pop() for offsets in by_value.values()}) == 9
    # As bitmasks, and none drawn where a cell has a value.
    masks = [sum(1 << (v - 1) for v in m) for m in marks]
    values = [1] + [0] * 80
    assert set(candidate_places(svg(puzzle, values, masks), "candidate", 9)) == {
        key for key in places if key[0] != 0
    }


def test_a_step_is_drawn_with_its_cells_region_placements_and_eliminations() -> None:
    puzzle = Puzzle.sudoku("." * 81)
    step = Step(
        "Pointing",
        "in box 1, 8 can only be in row 1",
        placements=((40, 5),),
        eliminations=((3, 8), (5, 8)),
        cells=(0, 2),
        houses=("box 1", "row 1"),
    )
    marks = [(1 << 9) - 1] * 81
    picture = svg(puzzle, candidates=marks, highlight=step)

    def shaded(kind: str) -> set[int]:
        return {
            cell_at(float(r.get("x")) + 1, float(r.get("y")) + 1, 9)
            for r in elements(picture, kind)
        }

    assert shaded("highlight") == {0, 2}
    assert shaded("region") == {0, 1, 2, 9, 10, 11, 18, 19, 20, *range(9)} - {0, 2}
    assert set(candidate_places(picture, "elimination", 9)) == {(3, 8), (5, 8)}
    assert set(candidate_places(picture, "placement", 9)) == {(40, 5)}
    assert len(elements(picture, "elimination-mark")) == 2
    assert len(elements(picture, "placement-mark")) == 1
    assert len(elements(picture, "candidate")) == 81 * 9 - 3
    # Without pencil marks, only the step's own candidates are drawn.
    bare = svg(puzzle, highlight=step)
    assert not elements(bare, "candidate") and len(elements(bare, "elimination")) == 2


def test_highlighted_cells() -> None:
    picture = svg(Puzzle.latin("." * 16), highlight=[0, 5])
    assert len(elements(picture, "highlight")) == 2


def test_jupyter_shows_puzzles_and_grids() -> None:
    puzzle = Puzzle.sudoku("." * 36, box=(2, 3))
    assert elements(puzzle._repr_svg_(), "frame")
    picture = Grid.of(latinum.solve(puzzle).values)._repr_svg_()
    assert len(elements(picture, "value")) == 36
    assert len(lines(picture, "box-line")) == 3  # the usual 2x3 boxes of a 6x6 grid


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"cell": 5}, "cell size 5 is outside"),
        ({"solution": (1, 2, 3)}, "solution has 3 values; a 4x4 grid needs 16"),
        ({"solution": (9,) * 16}, "solution values must be whole numbers from 0 to 4"),
        ({"candidates": [0] * 3}, "candidates for 3 cells"),
        ({"candidates": [{7}] * 16}, "candidates must be values from 1 to 4"),
        ({"highlight": [16]}, "highlighted cells must be cell numbers from 0 to 15"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(arguments, problem) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        svg(Puzzle.latin("." * 16), **arguments)


@pytest.mark.parametrize("cell", [12, 40, 75])
def test_cell_size_sets_the_picture_size(cell: int) -> None:
    root = ET.fromstring(svg(Puzzle.sudoku("." * 81), cell=cell))
    side = 9 * cell + cell / 2
    assert float(root.get("width")) == float(root.get("height")) == pytest.approx(side, abs=0.01)


def cairo_or_skip() -> None:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as error:
        pytest.skip(f"PNG needs cairosvg and Cairo: {error}")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize(
    ("puzzle", "side"),
    [
        (Puzzle.sudoku("." * 81), 380),
        (Puzzle.sudoku("." * 256), 660),
        (Puzzle.futoshiki(5, [(0, 1)]), 300),
    ],
)
def test_png_has_the_size_of_the_picture(puzzle: Puzzle, side: int) -> None:
    cairo_or_skip()
    assert png_size(png(svg(puzzle))) == (side, side)
    assert png_size(png(svg(puzzle), scale=2)) == (2 * side, 2 * side)
