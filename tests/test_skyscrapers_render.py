"""Drawing Skyscrapers: the clues around the grid, as text and in SVG pictures (and so
in PNG, step pictures and PDF books), each beside its own row or column."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import latinum
from latinum import Puzzle
from latinum.logic.step import Step
from latinum.render import draw, svg
from latinum.render.pictures import pencil_marks, step_svg
from latinum.sightlines import SIDES, Sightline, by_side, sightlines_of

SVG = "{http://www.w3.org/2000/svg}"
CELL = 40

#: Solutions the clues are read from: Tatham's (tests/fixtures/towers) and a 12x12.
SOLUTIONS = {
    3: "132213321",
    5: "2345131245451321452352314",
    9: "729416538892564713413285967651847392236951874578632149184379256367198425945723681",
}


def solution(n: int) -> tuple[int, ...]:
    if n in SOLUTIONS:
        return tuple(int(digit) for digit in SOLUTIONS[n])
    return tuple((row + n - col) % n + 1 for row in range(n) for col in range(n))


def clued(n: int, keep=lambda line: True, givens_every: int = 0) -> Puzzle:
    """The ``n`` x ``n`` puzzle with the clues of its solution that ``keep`` keeps, and
    every ``givens_every``-th cell given."""
    values = solution(n)
    lines = [line for line in sightlines_of(values) if keep(line)]
    givens = [v if givens_every and i % givens_every == 0 else 0 for i, v in enumerate(values)]
    return Puzzle.skyscrapers(n, lines, givens)


PUZZLES = {
    "3x3 all sides": clued(3),
    "3x3 top and right": clued(3, lambda line: line.side in ("top", "right")),
    "5x5 some clues, givens": clued(5, lambda line: (line.index + len(line.side)) % 3 == 0, 4),
    "5x5 left and bottom": clued(5, lambda line: line.side in ("left", "bottom")),
    "9x9 all sides, givens": clued(9, givens_every=7),
    "9x9 no left, odd lines": clued(9, lambda line: line.side != "left" and line.index % 2, 5),
    "12x12 two digits": clued(12, lambda line: line.index % 3 != 1, 7),
    "6x6 no clues": Puzzle.skyscrapers(6),
}


# Text --------------------------------------------------------------------------


def read_drawing(text: str, n: int) -> dict:
    """What a text drawing shows, found by its look alone: the values in each row,
    the clue beside each row and under or over each column (keyed by side), and
    where the grid's lines start."""
    lines = text.split("\n")
    rules = [i for i, line in enumerate(lines) if line.lstrip().startswith("+")]
    first, last = rules[0], rules[-1]
    rows = [line for line in lines[first + 1 : last] if not line.lstrip().startswith("+")]
    assert len(rows) == n
    found: dict = {side: [0] * n for side in SIDES}
    ends = []  # where each column's cell ends, from the first row
    values = []
    for row, line in enumerate(rows):
        left, _, rest = line.partition("|")
        inside, _, right = rest.rpartition("|")
        found["left"][row] = int(left) if left.strip() else 0
        found["right"][row] = int(right) if right.strip() else 0
        assert not right or right.startswith(" ")
        start = len(left) + 1
        cells = [(m.end() + start, m.group()) for m in re.finditer(r"[^\s|]+", inside)]
        assert len(cells) == n
        values.append([int(c) if c != "." else 0 for _, c in cells])
        if not ends:
            ends = [end for end, _ in cells]
        assert [end for end, _ in cells] == ends  # the columns line up
    for side, index in (("top", first - 1), ("bottom", last + 1)):
        outside = lines[index] if 0 <= index < len(lines) and index not in (first, last) else ""
        for match in re.finditer(r"\S+", outside):
            assert match.end() in ends, f"{side} clue {match.group()} is not over a column"
            found[side][ends.index(match.end())] = int(match.group())
    extra = len(lines) - (last - first + 1)
    return {
        "clues": found,
        "values": [v for row in values for v in row],
        "indent": len(lines[first]) - len(lines[first].lstrip()),
        "lines beyond": extra,
        "trailing": [line for line in lines if line != line.rstrip()],
    }


@pytest.mark.parametrize("name", PUZZLES)
def test_each_clue_is_drawn_beside_its_row_or_column(name: str) -> None:
    puzzle = PUZZLES[name]
    n = puzzle.size
    drawn = read_drawing(draw(puzzle), n)
    expected = by_side(puzzle.sightlines, n)
    assert drawn["clues"] == expected
    assert drawn["values"] == list(puzzle.givens)
    # A side without clues takes no room: no line above or below, no indent.
    assert drawn["lines beyond"] == any(expected["top"]) + any(expected["bottom"])
    width = 1 if n <= 9 else 2
    assert drawn["indent"] == (width + 1 if any(expected["left"]) else 0)
    assert not drawn["trailing"]


@pytest.mark.parametrize("name", PUZZLES)
def test_a_solution_is_drawn_with_the_same_clues(name: str) -> None:
    puzzle = PUZZLES[name]
    values = solution(puzzle.size)
    drawn = read_drawing(draw(puzzle, values), puzzle.size)
    assert drawn["clues"] == by_side(puzzle.sightlines, puzzle.size)
    assert drawn["values"] == list(values)
    # The solved drawing is the puzzle's with the blanks filled in.
    assert len(draw(puzzle, values).split("\n")) == len(draw(puzzle).split("\n"))


def test_the_text_drawing_of_a_small_puzzle() -> None:
    puzzle = Puzzle.skyscrapers(
        3, givens="1.......1", top=[3, 0, 2], bottom=[1, 2, 2], left=[2, 0, 1], right=[0, 1, 3]
    )
    assert str(puzzle) == draw(puzzle)
    assert str(puzzle) == (
        "    3   2\n  +-------+\n2 | 1 . . |\n  | . . . | 1\n1 | . . 1 | 3\n  +-------+\n    1 2 2"
    )
    solved = latinum.solve(puzzle)
    assert solved.values == solution(3)
    assert draw(puzzle, solved.values) == (
        "    3   2\n  +-------+\n2 | 1 3 2 |\n  | 2 1 3 | 1\n1 | 3 2 1 | 3\n  +-------+\n    1 2 2"
    )


def test_one_side_only() -> None:
    assert str(Puzzle.skyscrapers(4, right=[0, 2, 0, 1])) == (
        "+---------+\n| . . . . |\n| . . . . | 2\n| . . . . |\n| . . . . | 1\n+---------+"
    )
    assert str(Puzzle.skyscrapers(4, bottom=[0, 0, 4, 0])) == (
        "+---------+\n" + "| . . . . |\n" * 4 + "+---------+\n      4"
    )


def test_other_puzzles_draw_as_before() -> None:
    latin = Puzzle.latin("1.........2.....")
    assert draw(latin) == "\n".join(
        ["+---------+", "| 1 . . . |", "| . . . . |", "| . . 2 . |", "| . . . . |", "+---------+"]
    )


# SVG ---------------------------------------------------------------------------


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def of_class(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == kind]


def frame(root: ET.Element) -> tuple[float, float, float]:
    """The grid's left, top and side, from its frame."""
    rect = of_class(root, "frame")[0]
    x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
    assert w == h
    return x, y, w


@pytest.mark.parametrize("name", PUZZLES)
@pytest.mark.parametrize("cell", [CELL, 25])
def test_one_clue_mark_per_sightline_outside_the_grid(name: str, cell: int) -> None:
    puzzle = PUZZLES[name]
    n = puzzle.size
    root = parse(svg(puzzle, cell=cell))
    left, top, side = frame(root)
    assert side == pytest.approx(n * cell)
    # A band of one cell (margin included) on every side: square, grid in the middle.
    width, height = float(root.get("width")), float(root.get("height"))
    assert width == height == pytest.approx((n + 2) * cell)
    assert left == top == pytest.approx(cell)
    clues = of_class(root, "clue")
    assert len(clues) == len(puzzle.sightlines)
    found = {}
    size = 0.5 * cell
    for text in clues:
        key = (text.get("data-side"), int(text.get("data-index")))
        assert key not in found
        found[key] = int(text.text)
        x, y = float(text.get("x")), float(text.get("y"))
        middle = y - 0.36 * size  # the middle of the digits
        line_side, index = key
        along = left + (index + 0.5) * cell
        beyond = {"top": top - cell / 2, "left": left - cell / 2}.get(
            line_side, top + side + cell / 2
        )
        if line_side in ("top", "bottom"):
            assert x == pytest.approx(along, abs=0.01) and middle == pytest.approx(beyond, abs=0.01)
        else:
            assert middle == pytest.approx(along, abs=0.01) and x == pytest.approx(beyond, abs=0.01)
        # Outside the grid, inside the picture: not clipped, clear of the frame.
        glyph = 0.75 * size
        half_width = 0.35 * size * len(text.text)
        assert half_width < x < width - half_width and glyph < y < height
        outside = x + half_width < left or x - half_width > left + side
        outside |= y < top or y - glyph > top + side
        assert outside
    assert found == {(line.side, line.index): line.seen for line in puzzle.sightlines}


def test_clues_are_plain_and_lighter_than_the_givens() -> None:
    root = parse(svg(PUZZLES["9x9 all sides, givens"]))
    layer = next(g for g in root.iter() if g.get("class") == "clues")
    assert layer.get("fill") not in (None, "#000")
    assert all(text.get("font-weight") is None for text in of_class(root, "clue"))
    given = of_class(root, "given")[0]
    assert float(layer.get("font-size")) < float(given.get("font-size"))
    assert given.get("font-weight") == "bold"


def test_givens_and_values_stay_in_their_cells() -> None:
    puzzle = PUZZLES["5x5 some clues, givens"]
    root = parse(svg(puzzle, solution=solution(5)))
    left, top, _ = frame(root)
    for kind in ("given", "value"):
        for text in of_class(root, kind):
            col = (float(text.get("x")) - left) / CELL
            row = (float(text.get("y")) - top) / CELL
            assert 0 < col < 5 and 0 < row < 5
            assert int(text.text) == solution(5)[int(row) * 5 + int(col)]
    assert len(of_class(root, "given")) + len(of_class(root, "value")) == 25


def test_other_puzzles_have_no_clue_band() -> None:
    for puzzle in (Puzzle.latin("." * 16), Puzzle.futoshiki(4, [(0, 1)])):
        root = parse(svg(puzzle))
        assert not of_class(root, "clue") and not of_class(root, "clues")
    assert frame(parse(svg(Puzzle.latin("." * 16))))[:2] == (CELL / 4, CELL / 4)


def test_jupyter_shows_the_clues() -> None:
    puzzle = PUZZLES["3x3 all sides"]
    assert len(of_class(parse(puzzle._repr_svg_()), "clue")) == 12


def test_a_step_picture_draws_the_clues_and_the_step() -> None:
    puzzle = PUZZLES["5x5 some clues, givens"]
    values = puzzle.givens
    blank = next(cell for cell, value in enumerate(values) if not value)
    wrong = next(v for v in range(1, 6) if v != solution(5)[blank])
    step = Step(
        "Naked Single",
        f"r1c{blank + 1} is {solution(5)[blank]}",
        placements=((blank, solution(5)[blank]),),
        eliminations=((blank, wrong),),
        cells=(blank,),
        houses=("row 1",),
    )
    root = parse(step_svg(puzzle, values, pencil_marks(puzzle), step))
    assert len(of_class(root, "clue")) == len(puzzle.sightlines)
    assert len(of_class(root, "placement-mark")) == 1
    assert of_class(root, "region") and of_class(root, "candidate")


def cairosvg_or_skip() -> None:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as error:
        pytest.skip(f"PNG and PDF need cairosvg and Cairo: {error}")


def test_png_of_a_puzzle_and_a_solution() -> None:
    cairosvg_or_skip()
    from latinum.render import png

    puzzle = PUZZLES["9x9 all sides, givens"]
    for picture in (svg(puzzle), svg(puzzle, solution=solution(9))):
        data = png(picture)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == 11 * CELL


def test_a_book_prints_the_clues_with_puzzles_and_answers() -> None:
    from latinum.render.book import Entry, pages

    entries = [Entry(PUZZLES[name], solution(PUZZLES[name].size)) for name in list(PUZZLES)[:4]]
    drawn = list(pages(entries, per_page=2, title="Towers"))
    clues = sum(len(e.puzzle.sightlines) for e in entries)
    puzzle_pages, answer_pages = drawn[:2], drawn[2:]
    for group in (puzzle_pages, answer_pages):
        found = [e for page in group for e in of_class(parse(page), "clue")]
        assert len(found) == clues
    for page in drawn:
        root = parse(page)
        width = float(root.get("viewBox").split()[2])
        for picture in root.findall(f"{SVG}svg"):
            x, side = float(picture.get("x")), float(picture.get("width"))
            assert x > 42 and x + side < width - 42
    # The puzzle's number stands over the grid's left edge, past the band of clues.
    root = parse(puzzle_pages[0])
    picture = root.findall(f"{SVG}svg")[0]
    number = next(
        t for t in root.findall(f"{SVG}text") if t.text == "1" and t.get("font-weight") == "bold"
    )
    x, side = float(picture.get("x")), float(picture.get("width"))
    assert float(number.get("x")) == pytest.approx(x + side / 5, abs=0.01)  # 3x3: 1 in 5 cells


def test_a_pdf_page() -> None:
    pytest.importorskip("pypdf")
    cairosvg_or_skip()
    from latinum.render import pdf
    from latinum.render.book import Entry, pages

    puzzle = PUZZLES["5x5 some clues, givens"]
    data = pdf(pages([Entry(puzzle, solution(5))], per_page=1), title="Towers")
    assert data.startswith(b"%PDF")


def test_sightlines_given_as_tuples_draw_the_same() -> None:
    lines = [("top", 0, 3), ("right", 2, 3)]
    assert str(Puzzle.skyscrapers(3, lines)) == str(
        Puzzle.skyscrapers(3, [Sightline(*line) for line in lines])
    )
