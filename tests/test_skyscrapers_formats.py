"""Skyscrapers formats: Tatham's Towers game IDs, the text layout and JSON sightlines."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import latinum
from latinum import Cage, CannotWrite, Geometry, Grid, ParseError, Puzzle
from latinum.cli import main
from latinum.formats import FORMATS, detect, read_text, registry, skyscrapers, towers, write
from latinum.formats.json import loads
from latinum.sightlines import SIDES, Sightline, by_side, sightlines_of
from latinum.symbols import symbol
from strategies import latin_solution

registry._load()
FIXTURES = Path(__file__).parent / "fixtures"
FORMAT_FIXTURES = FIXTURES / "formats"
TATHAM = FIXTURES / "towers" / "towers.tsv"
ROWS = list(csv.DictReader(TATHAM.open(encoding="utf-8"), delimiter="\t"))
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# From Tatham's generator (towers.tsv): every clue, some clues, clues and givens.
FULL = "5:4/2/2/1/2/1/3/2/5/2/4/3/2/3/1/2/1/3/2/2"
HARD = "5:4////2//4////////3//2/2//,r1f"
GIVENS = "6:/2/3/2///5/2//4////2//2/3//3/2/3//1/,b2k4u"
HARD_TEXT = """\
skyscrapers 5x5
    4       2
    . . . . .
    . . . . .  2
    . . . . .  2
    . . . 1 .
 3  . . . . .
      4
"""
FULL_TEXT = """\
skyscrapers 5x5
    4 2 2 1 2
 4  . . . . .  2
 3  . . . . .  1
 2  . . . . .  3
 3  . . . . .  2
 1  . . . . .  2
    1 3 2 5 2
"""


def read_one(text: str, fmt: str | None = None) -> Puzzle:
    puzzles = read_text(text, fmt)[1]
    assert len(puzzles) == 1
    return puzzles[0]


def read_error(text: str, fmt: str | None) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read_text(text, fmt)
    return caught.value


def values(line: str) -> tuple[int, ...]:
    return tuple(int(char) for char in line)


def tatham_text(puzzle: Puzzle) -> str:
    """The layout as Tatham's Towers copies it: no header, no margin, a blank line
    after the top clues and one before the bottom clues, trailing spaces kept."""
    n = puzzle.size
    sides = by_side(puzzle.sightlines, n)

    def clue(seen: int) -> str:
        return symbol(seen) if seen else " "

    def clue_line(side: str) -> str:
        return "   " + " ".join(clue(seen) for seen in sides[side])

    rows = [
        f"{clue(sides['left'][row])}  "
        + " ".join(symbol(v) for v in puzzle.givens[row * n : row * n + n])
        + f"  {clue(sides['right'][row])}"
        for row in range(n)
    ]
    return "\n".join([clue_line("top"), "", *rows, "", clue_line("bottom")]) + "\n"


# Tatham's Towers IDs ---------------------------------------------------------


@pytest.mark.parametrize("row", ROWS, ids=[f"{row['level']}-{row['id']}" for row in ROWS])
def test_tatham_ids_read_solve_to_his_solution_and_write_back(row: dict[str, str]) -> None:
    game_id = row["id"]
    assert detect(game_id).name == "towers"
    puzzle = read_one(game_id)
    assert puzzle.variant == "skyscrapers"
    assert not [p for p in puzzle.validate() if p.severity == "error"]
    assert tuple(latinum.solve(puzzle)) == values(row["solution"])
    assert latinum.count_solutions(puzzle) == 1
    assert write(puzzle, "towers") == game_id


def test_the_fixture_covers_every_size_and_level() -> None:
    assert {int(row["id"].split(":")[0]) for row in ROWS} == set(range(3, 10))
    assert {row["level"] for row in ROWS} == {"Easy", "Hard", "Extreme", "Unreasonable"}
    assert any("," in row["id"] for row in ROWS) and any("_" in row["id"] for row in ROWS)


def test_clues_go_top_bottom_left_right() -> None:
    puzzle = read_one(FULL)
    sides = by_side(puzzle.sightlines, 5)
    assert sides == {
        "top": [4, 2, 2, 1, 2],
        "bottom": [1, 3, 2, 5, 2],
        "left": [4, 3, 2, 3, 1],
        "right": [2, 1, 3, 2, 2],
    }
    assert puzzle == Puzzle.skyscrapers(5, **sides)


def test_empty_fields_are_missing_clues_and_the_grid_holds_the_givens() -> None:
    puzzle = read_one(HARD)
    assert puzzle.sightlines == (
        Sightline("top", 0, 4),
        Sightline("top", 4, 2),
        Sightline("bottom", 1, 4),
        Sightline("left", 4, 3),
        Sightline("right", 1, 2),
        Sightline("right", 2, 2),
    )
    assert puzzle.givens == (0,) * 18 + (1,) + (0,) * 6  # r: 18 empty, 1, f: 6 empty


def test_numbers_that_meet_are_parted_by_an_underscore() -> None:
    puzzle = read_one("3:3/1/2/1/2/2/2/2/1/2/1/3,1_3_2_2_1_3a2_1")
    assert puzzle.givens == (1, 3, 2, 2, 1, 3, 0, 2, 1)
    assert write(puzzle, "towers") == "3:3/1/2/1/2/2/2/2/1/2/1/3,1_3_2_2_1_3a2_1"


def test_the_level_and_zero_clues_are_read_and_dropped() -> None:
    puzzle = read_one(HARD)
    for level in "ehxu":
        assert read_one(HARD.replace("5:", f"5d{level}:")) == puzzle
    clues, grid = HARD.split(":")[1].split(",")
    zeros = "5:" + "/".join(field or "0" for field in clues.split("/")) + f",{grid}"
    assert zeros.startswith("5:4/0/0/0/2/0/4/0/")
    assert read_one(zeros) == puzzle
    assert write(read_one(zeros), "towers") == HARD


def test_an_id_without_clues_is_a_skyscrapers_without_clues() -> None:
    puzzle = read_one("4:" + "/" * 15)
    assert puzzle == Puzzle.skyscrapers(4)
    assert write(puzzle, "towers") == "4:" + "/" * 15


def test_sizes_above_nine_read_and_write() -> None:
    rng = random.Random(12)
    solution = latin_solution(12, rng)
    lines = sightlines_of(solution)[::3]
    givens = [value if rng.random() < 0.3 else 0 for value in solution]
    puzzle = Puzzle.skyscrapers(12, lines, givens)
    game_id = write(puzzle, "towers")
    assert game_id.startswith("12:")
    assert read_one(game_id) == puzzle
    text = write(puzzle, "skyscrapers")
    assert "C" in text  # 12 as a letter, in the clues or the cells
    assert read_one(text) == puzzle


def test_the_solution_is_the_id_of_the_solved_grid() -> None:
    puzzle = read_one(HARD)
    grid = latinum.solve(puzzle)
    text = FORMATS["towers"].write_solution(puzzle, grid)  # type: ignore[misc]
    assert text.startswith("5:4////2//4////////3//2/2//,1_5_2_3_4_")
    solved = read_one(text)
    assert solved.givens == tuple(grid) and solved.sightlines == puzzle.sightlines


def test_a_batch_streams_past_a_bad_id() -> None:
    text = f"{FULL}\n3:1/2\n\n{HARD}\n"
    found = list(registry.text_records(text, "towers", "ids.txt")[1])
    assert [type(record) for record in found] == [Puzzle, ParseError, Puzzle]
    assert (found[1].line, found[1].column, found[1].source) == (2, 6, "ids.txt")


def test_the_fixture_files_are_detected_and_agree() -> None:
    ids = (FORMAT_FIXTURES / "towers-ids.txt").read_text()
    fmt, puzzles = read_text(ids)
    assert fmt.name == "towers" and [p.size for p in puzzles] == [3, 4, 5, 6, 7]
    assert write(puzzles[0], "towers") + "\n" == ids.splitlines(keepends=True)[0]
    layout = (FORMAT_FIXTURES / "skyscrapers-5x5.txt").read_text()
    assert layout == HARD_TEXT
    assert read_text(layout)[0].name == "skyscrapers"
    assert read_one(layout) == read_one(HARD) == puzzles[2]


def test_latinum_read_takes_the_format_name(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text(f"{HARD}\n{FULL}\n")
    assert latinum.read(path, format="towers") == read_one(HARD)
    assert latinum.read(str(path)) == read_one(HARD)
    assert latinum.read_all(path) == [read_one(HARD), read_one(FULL)]
    layout = tmp_path / "puzzle.txt"
    layout.write_text(HARD_TEXT)
    assert latinum.read(layout) == read_one(HARD)


def _id(clues: list[str], size: int = 3, grid: str | None = None) -> str:
    """An ID of ``size`` whose first clues are ``clues``, the rest empty."""
    fields = [*clues, *[""] * (4 * size - len(clues))]
    return f"{size}:" + "/".join(fields) + ("" if grid is None else f",{grid}")


# text, column, words in the message
TOWERS_ERRORS = [
    ("3:/2////////2/", 15, "11 clues, a 3x3 grid needs 12 (3 on each side"),
    ("3:/2////////2///", 16, "more than the 12 clues of a 3x3 grid"),
    ("3:/2////////2///4", 16, "more than the 12 clues"),
    (_id(["", "4"]), 4, "clue 4 above column 2 is outside 1..3"),
    (_id([""] * 10 + ["7"]), 13, "clue 7 right of row 2 is outside 1..3"),
    (_id(["1", "x"]), 5, "unexpected 'x' in the clues"),
    (_id(["", "-1"]), 4, "unexpected '-' in the clues"),
    (_id(["", "2 "]), 5, "unexpected ' ' in the clues"),
    (_id([], grid="a"), 16, "the grid holds 1 of 9 cells"),
    (_id([], grid=""), 15, "the grid holds 0 of 9 cells"),
    (_id([], grid="i1"), 16, "the grid holds more than 9 cells"),
    (_id([], grid="h4"), 16, "4 is not a number 1..3"),
    (_id([], grid="h0"), 16, "0 is not a number 1..3"),
    (_id([], grid="hX"), 16, "unexpected 'X' in the grid"),
    (_id([], grid="a,b"), 16, "unexpected ',' in the grid"),
    ("2:///////", 1, "size 2 is outside 3..25 (Tatham's Towers plays 3..9)"),
    ("26:" + "/" * 103, 1, "size 26 is outside 3..25"),
    ("3dq:" + "/" * 11, 3, "unknown Towers difficulty 'q' (one of e, h, x, u)"),
    ("3b:" + "/" * 11, 1, "'3b' is not Towers parameters like 5 or 5dh"),
    ("3x3:" + "/" * 11, 1, "is not Towers parameters"),
    ("5de#1234", 4, "random-seed ID"),
]


@pytest.mark.parametrize(("text", "column", "words"), TOWERS_ERRORS)
def test_towers_errors_name_line_and_column(text: str, column: int, words: str) -> None:
    error = read_error(f"{HARD}\n{text}\n", "towers")
    assert (error.line, error.column) == (2, column), str(error)
    assert words in error.problem, error.problem
    assert not error.others
    indented = read_error(f"  {text}", "towers")
    assert (indented.line, indented.column) == (1, column + 2)


def test_a_broken_id_is_reported_as_towers_without_the_format_named() -> None:
    error = read_error(_id(["", "4"]), None)
    assert error.problem == "clue 4 above column 2 is outside 1..3"
    assert (error.line, error.column) == (1, 4)
    strange = read_error(_id(["", "2", "", "x"]), None)  # no sniffer takes it
    assert "unexpected 'x' in the clues" in strange.problem
    assert "(read as towers, which it looks like" in strange.problem
    assert (strange.line, strange.column) == (1, 7)


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (Puzzle.kenken(3, [Cage(tuple(range(9)), "+", 18)]), "not kenken"),
        (Puzzle.sudoku("0" * 16), "not sudoku"),
        (Puzzle.latin("123231312"), "not latin"),
        (Puzzle.futoshiki(3, [(0, 1)]), "format towers cannot hold the relations"),
        (Puzzle.skyscrapers(2, top=[1, 2]), "a size of 3..25, not 2"),
        (Puzzle.skyscrapers(3, [("top", 0, 4)]), "clue 4 above column 1: a clue is 1..3"),
        (Puzzle.skyscrapers(3, [("left", 3, 1)]), "clue 1 left of row 4: no such line"),
        (Puzzle.skyscrapers(3, [("top", 0, 1), ("top", 0, 2)]), "one clue above column 1"),
        (Puzzle.skyscrapers(3, givens=[4] + [0] * 8), "givens must be values 1..3"),
        (Puzzle("skyscrapers", Geometry(4, (2, 2)), (0,) * 16), "cannot hold boxes"),
    ],
)
def test_what_a_towers_id_cannot_hold(puzzle: Puzzle, words: str) -> None:
    with pytest.raises(CannotWrite, match=words):
        write(puzzle, "towers")


# The text layout -------------------------------------------------------------


def test_the_layout_puts_the_clues_around_the_grid() -> None:
    assert write(read_one(FULL), "skyscrapers") == FULL_TEXT
    assert write(read_one(HARD), "skyscrapers") == HARD_TEXT
    assert read_one(FULL_TEXT) == read_one(FULL)
    assert read_one(HARD_TEXT) == read_one(HARD)


def test_the_givens_stand_in_the_grid() -> None:
    puzzle = read_one(GIVENS)
    text = write(puzzle, "skyscrapers")
    assert text.splitlines()[2:5] == [
        "    . . 2 . . .  3",
        " 2  . . . . . .  2",
        "    . . 4 . . .  3",
    ]
    assert read_one(text) == puzzle


@pytest.mark.parametrize("row", ROWS[::4], ids=[row["id"] for row in ROWS[::4]])
def test_tatham_s_own_layout_reads(row: dict[str, str]) -> None:
    puzzle = read_one(row["id"])
    text = tatham_text(puzzle)
    assert detect(text).name == "skyscrapers"
    assert read_one(text) == puzzle
    assert read_one(f"skyscrapers {puzzle.size}x{puzzle.size}\n{text}") == puzzle
    stripped = "\n".join(line.rstrip() for line in text.splitlines() if line.strip())
    assert read_one(stripped, "skyscrapers") == puzzle


def test_header_and_clue_lines_are_optional() -> None:
    puzzle = Puzzle.skyscrapers(3, right=[0, 2, 0], givens="100000000")
    text = write(puzzle, "skyscrapers")
    assert text == "skyscrapers 3x3\n    1 . .\n    . . .  2\n    . . .\n"
    headless = text.split("\n", 1)[1]
    assert detect(headless).name == "skyscrapers"
    assert read_one(headless) == puzzle
    assert read_one("SkyScrapers\n1 . .\n. . .  2\n. . .\n") == puzzle
    assert read_one("skyscrapers  3 x 3\n\n1 . .\n. . .  2\n. . .\n\n") == puzzle


def test_clues_below_alone_are_parted_from_the_grid_by_a_blank_line() -> None:
    """A full row of values with no side clue reads as a clue line too: the blank
    line says which line holds the clues."""
    solution = values("123231312")
    puzzle = Puzzle.skyscrapers(3, bottom=[2, 2, 1])
    grid = Grid(3, solution)
    text = FORMATS["skyscrapers"].write_solution(puzzle, grid)  # type: ignore[misc]
    assert text == "skyscrapers 3x3\n    1 2 3\n    2 3 1\n    3 1 2\n\n    2 2 1\n"
    solved = read_one(text)
    assert solved.givens == solution and solved.sightlines == puzzle.sightlines
    # Without the blank line the full line first is the top one.
    above = read_one(text.replace("\n\n", "\n"))
    assert above.sightlines == (
        Sightline("top", 0, 1),
        Sightline("top", 1, 2),
        Sightline("top", 2, 3),
    )


def test_clues_above_alone_read_with_a_full_last_row() -> None:
    solution = values("123231312")
    puzzle = Puzzle.skyscrapers(3, top=[3, 2, 1])
    text = FORMATS["skyscrapers"].write_solution(puzzle, Grid(3, solution))  # type: ignore[misc]
    assert text == "skyscrapers 3x3\n    3 2 1\n    1 2 3\n    2 3 1\n    3 1 2\n"
    solved = read_one(text)
    assert solved.givens == solution and solved.sightlines == puzzle.sightlines


def test_headers_separate_puzzles() -> None:
    batch = HARD_TEXT + "\n" + FULL_TEXT + FULL_TEXT.replace("skyscrapers 5x5", "skyscrapers")
    found = skyscrapers.read(batch)
    assert found == [read_one(HARD), read_one(FULL), read_one(FULL)]
    assert read_text(HARD_TEXT.split("\n", 1)[1] + FULL_TEXT)[1] == found[:2]


# text, line, column, words in the message
H3 = "skyscrapers 3x3\n"
LAYOUT_ERRORS = [
    (H3 + "    . ? .\n    . . .\n    . . .\n", 2, 7, "'?' is not a cell value"),
    (H3 + "    . 4 .\n    . . .\n    . . .\n", 2, 7, "4 is above 3"),
    (H3 + "    . . .\n    .   .\n    . . .\n", 3, 7, "a space where a cell belongs"),
    (H3 + "    . . .\n    . .\n    . . .\n", 3, 8, "a row of 2 cells, but the grid has 3"),
    (H3 + "    . . .\n    . . . .\n    . . .\n", 3, 11, "a row longer than 3 cells"),
    (H3 + "    . . .\n    . . . 2\n    . . .\n", 3, 11, "a clue stands two spaces right"),
    (H3 + "    . . .\n    . . .. \n    . . .\n", 3, 10, "'.' right after the last cell"),
    (H3 + "    . . .\n    .x. .\n    . . .\n", 3, 6, "'x' between two cells"),
    (H3 + "    . . .\n  2 . . .\n    . . .\n", 3, 3, "'2' just before the first cell"),
    (H3 + "    . . .\n 12 . . .\n    . . .\n", 3, 3, "more than one character left"),
    (H3 + "    . . .\n    . . .  12\n    . . .\n", 3, 13, "more than one character right"),
    (H3 + "    . . .\n    . . .  4\n    . . .\n", 3, 12, "clue 4 is above 3: a clue is 1..3"),
    (H3 + "    . . .\n    . . .  .\n    . . .\n", 3, 12, "'.' is not a clue (a number 1..3)"),
    (H3 + "    2 A\n    . . .\n    . . .\n    . . .\n", 2, 7, "clue 'A' stands for 10"),
    (H3 + "     2\n    . . .\n    . . .\n    . . .\n", 2, 6, "'2' between two columns"),
    (H3 + "  2\n    . . .\n    . . .\n    . . .\n", 2, 3, "'2' left of the first column"),
    (H3 + "    . . .\n    . . .\n    . . .\n          2\n", 5, 11, "'2' right of the last"),
    (H3 + "    . . .\n\n    . . .\n    . . .\n", 3, None, "a blank line between two rows"),
    (H3 + "    . . .\n    . . .\n", 3, None, "2 lines, but a 3x3 puzzle has 3 rows"),
    (H3 + "    1\n" + "    . . .\n" * 3 + "    1\n    2\n", 7, None, "a line after the clues"),
    ("skyscrapers 4x4\n" + "    . . .\n" * 4, 2, 10, "a row of 3 cells, but the grid has 4"),
    ("skyscrapers\n\nskyscrapers 2x2\n. .\n. .\n", 1, None, "a header with no grid below it"),
    ("skyscrapers 3x4\n. . .\n", 1, 1, "a skyscrapers grid is square, not 3x4"),
    ("skyscrapers 26x26\n", 1, 1, "size 26 is outside 2..25"),
    (". . .\n\n  skyscrapers of 3\n", 3, 3, "unknown header 'skyscrapers of 3'"),
    ("   2\n" + "   . . .\n" * 3 + "\n   2\n" + "   . . .\n" * 3, 7, None, "'skyscrapers 3x3'"),
    ("5\n", 1, None, "a row of 1 cell: a grid is 2x2 to 25x25"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), LAYOUT_ERRORS)
def test_layout_errors_name_line_and_column(
    text: str, line: int, column: int | None, words: str
) -> None:
    error = read_error(text, "skyscrapers")
    assert (error.line, error.column) == (line, column), str(error)
    assert words in error.problem, error.problem
    assert not error.others


def test_a_broken_layout_is_reported_as_skyscrapers_without_the_format_named() -> None:
    with_header = read_error(H3 + "    . . .\n    . ? .\n    . . .\n", None)
    assert with_header.problem == "'?' is not a cell value"  # the header says which
    headless = read_error("2  . . .  1\n   . . .\n   . ? .\n", None)
    assert "'?' is not a cell value (read as skyscrapers" in headless.problem
    assert (headless.line, headless.column) == (3, 6)


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (Puzzle.latin("1221"), "holds Skyscrapers puzzles, not latin"),
        (Puzzle.futoshiki(3, [(0, 1)]), "format skyscrapers cannot hold the relations"),
        (Puzzle.skyscrapers(1), "a size of 2..25, not 1"),
        (Puzzle.skyscrapers(3, [("bottom", 1, 5)]), "clue 5 below column 2: a clue is 1..3"),
        (Puzzle.skyscrapers(3, [("right", 0, 1), ("right", 0, 3)]), "one clue right of row 1"),
    ],
)
def test_what_the_layout_cannot_hold(puzzle: Puzzle, words: str) -> None:
    with pytest.raises(CannotWrite, match=words):
        write(puzzle, "skyscrapers")


# JSON ------------------------------------------------------------------------


def test_json_lists_the_clues_of_each_side() -> None:
    puzzle = read_one(HARD)
    obj = json.loads(write(puzzle, "json"))
    assert obj["variant"] == "skyscrapers"
    assert obj["sightlines"] == {
        "top": [4, 0, 0, 0, 2],
        "bottom": [0, 4, 0, 0, 0],
        "left": [0, 0, 0, 0, 3],
        "right": [0, 2, 2, 0, 0],
    }
    assert obj["givens"] == "." * 18 + "1" + "." * 6
    assert read_one(json.dumps(obj)) == puzzle


def _document(**fields: object) -> str:
    obj = {"format": "latinum", "version": 1, "variant": "skyscrapers", "size": 3}
    return json.dumps({**obj, **fields})


def test_json_takes_null_missing_sides_and_the_towers_variant() -> None:
    text = _document(variant="towers", sightlines={"left": [None, 2, 0], "top": None})
    puzzle = read_one(text)
    assert puzzle == Puzzle.skyscrapers(3, [("left", 1, 2)])
    assert puzzle.givens == (0,) * 9
    assert json.loads(write(puzzle, "json"))["sightlines"]["left"] == [0, 2, 0]


def test_json_without_clues_is_still_a_skyscrapers() -> None:
    puzzle = Puzzle.skyscrapers(3)
    obj = json.loads(write(puzzle, "json"))
    assert obj["sightlines"] == {side: [0, 0, 0] for side in SIDES}
    assert read_one(json.dumps(obj)) == puzzle
    assert read_one(_document()) == puzzle


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"sightlines": [1, 2, 3]}, "field 'sightlines' is a list, not an object (top, bottom"),
        ({"sightlines": {"up": [1, 2, 3]}}, "field 'sightlines' has the key 'up', not one of"),
        ({"sightlines": {"top": [1, 2]}}, "'sightlines.top' is a list of 2, not a list of 3"),
        ({"sightlines": {"top": "123"}}, "'sightlines.top' is a string, not a list of 3 clues"),
        ({"sightlines": {"left": [1, "2", 3]}}, "'sightlines.left' holds a string, not a number"),
        ({"sightlines": {"right": [1, True, 3]}}, "'sightlines.right' holds a boolean"),
        ({"sightlines": {"bottom": [4, 0, 0]}}, "'sightlines.bottom' holds 4, outside 1..3"),
        ({"sightlines": {"bottom": [-1, 0, 0]}}, "'sightlines.bottom' holds -1, outside 1..3"),
    ],
)
def test_json_sightline_errors_name_the_field(fields: dict, words: str) -> None:
    error = read_error(_document(**fields), "json")
    assert words in error.problem, error.problem


def test_json_refuses_clues_it_cannot_place() -> None:
    with pytest.raises(CannotWrite, match="clue 1 above column 5: no such line"):
        write(Puzzle.skyscrapers(3, [("top", 4, 1)]), "json")
    assert json.loads(write(Puzzle.skyscrapers(3, [("top", 2, 1)]), "json"))["sightlines"]


# Formats that cannot hold the clues, detection -------------------------------


@pytest.mark.parametrize(
    "name",
    sorted(n for n, f in FORMATS.items() if f.write is not None and not f.sightlines),
)
def test_other_writers_refuse_the_clues(name: str) -> None:
    puzzle = read_one(HARD)
    message = f"format {name} cannot hold the clues of a skyscrapers puzzle"
    with pytest.raises(CannotWrite, match=message):
        write(puzzle, name)
    with pytest.raises(CannotWrite, match="write it as json, skyscrapers or towers"):
        FORMATS[name].write(puzzle)  # type: ignore[misc]


def test_writers_of_sightlines_are_flagged() -> None:
    holding = sorted(name for name, fmt in FORMATS.items() if fmt.sightlines)
    assert holding == ["json", "skyscrapers", "towers"]
    assert not FORMATS["towers"].relations and not FORMATS["skyscrapers"].relations


def test_a_puzzle_without_clues_is_left_to_the_format() -> None:
    """Without clues a skyscrapers puzzle loses nothing to a grid but its variant."""
    puzzle = Puzzle.skyscrapers(4, givens="1" + "0" * 15)
    with pytest.raises(CannotWrite) as caught:
        write(puzzle, "unequal")
    assert "cannot hold the clues" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (FULL, "towers"),
        (HARD, "towers"),
        (GIVENS + "\n" + FULL + "\n", "towers"),
        ("5dh:4////2//4////////3//2/2//,r1f", "towers"),
        ("4:" + "/" * 15, "towers"),
        (HARD_TEXT, "skyscrapers"),
        (FULL_TEXT, "skyscrapers"),
        (FULL_TEXT.split("\n", 1)[1], "skyscrapers"),
        ("skyscrapers\n1 2\n2 1\n", "skyscrapers"),
        ("   2\n   . . .\n   . . .\n   . . .\n", "skyscrapers"),
        (". . .  1\n. . .\n. . .\n", "skyscrapers"),
        ("5:0D,0D,0,0,0,0,0,0,0,0,3,0R,0D,0,0,0D,0,0,0,0,0R,0R,0,1,0,", "unequal"),
        ("3:_a_a__,a3a3a3", "keen"),
        ("1 2 3\n2 3 1\n3 1 2\n", "grid"),
        (". . .\n. .<.\n. . .\n", "futoshiki"),
    ],
)
def test_detection_picks_one_format(text: str, fmt: str) -> None:
    assert detect(text).name == fmt


def test_the_new_sniffers_claim_no_other_fixture() -> None:
    paths = sorted(FORMAT_FIXTURES.iterdir()) + sorted((FIXTURES / "futoshiki").iterdir())
    for path in paths:
        if path.name.startswith(("towers", "skyscrapers")) or path.suffix == ".py":
            continue
        text = path.read_text()
        assert not towers.sniff(text), path
        assert not skyscrapers.sniff(text), path


def test_other_sniffers_claim_neither_new_format() -> None:
    texts = [FULL, HARD, GIVENS, HARD_TEXT, FULL_TEXT, FULL_TEXT.split("\n", 1)[1]]
    texts.append(tatham_text(read_one(HARD)))
    for text in texts:
        claimed = {fmt.name for fmt in FORMATS.values() if fmt.sniff(text)}
        assert claimed - {"grid"} in ({"towers"}, {"skyscrapers"}), (text, claimed)


def test_plain_grids_and_prose_are_not_skyscrapers() -> None:
    for text in ("1 2 3\n2 3 1\n3 1 2\n", ". . .\n. . .\n. . .\n", "a  b c d\n", "2  . . .\n"):
        assert not skyscrapers.sniff(text), text


# The command line ------------------------------------------------------------


def cli(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def test_convert_between_the_formats() -> None:
    text = cli("convert", "--to", "skyscrapers", stdin=HARD)
    assert text.exit_code == 0, text.output
    assert text.stdout == HARD_TEXT
    back = cli("convert", "--from", "skyscrapers", "--to", "towers", stdin=text.stdout)
    assert back.stdout == HARD + "\n"
    named = cli("convert", "--from", "towers", "--to", "json", stdin=f"{HARD}\n{FULL}\n")
    assert [loads(line)[0].puzzle for line in named.stdout.splitlines()] == [
        read_one(HARD),
        read_one(FULL),
    ]
    refused = cli("convert", "--to", "line", stdin=HARD)
    assert refused.exit_code != 0
    assert "cannot hold the clues of a skyscrapers puzzle" in refused.stderr


def test_a_batch_of_layouts_converts_and_reads_back() -> None:
    ids = (FORMAT_FIXTURES / "towers-ids.txt").read_text()
    layouts = cli("convert", "--to", "skyscrapers", stdin=ids).stdout
    assert layouts.count("skyscrapers ") == 5
    assert cli("convert", "--to", "towers", stdin=layouts).stdout == ids


def test_help_says_which_formats_hold_the_clues() -> None:
    shown = cli("help", "towers").stdout
    assert "  towers:    holds Skyscrapers' clues" in shown
    assert "  towers:    no Skyscrapers clues" in cli("help", "grid").stdout
    assert "towers, skyscrapers" in cli("convert", "--help").stdout


# Round trips -----------------------------------------------------------------


@st.composite
def skyscrapers_puzzles(
    draw: st.DrawFn, sizes: tuple[int, int] = (3, 9)
) -> tuple[Puzzle, tuple[int, ...]]:
    """A Skyscrapers made from a random Latin square: on each side none, some or
    all of the clues it shows, and some of its values as givens."""
    n = draw(st.integers(*sizes))
    rng: random.Random = draw(st.randoms(use_true_random=False))
    solution = latin_solution(n, rng)
    density = draw(st.floats(0, 1))
    givens = tuple(v if rng.random() < density * 0.5 else 0 for v in solution)
    share = draw(st.floats(0, 1))
    kept = {side: draw(st.sampled_from(["none", "some", "all"])) for side in SIDES}
    lines = tuple(
        line
        for line in sightlines_of(solution)
        if kept[line.side] == "all" or (kept[line.side] == "some" and rng.random() < share)
    )
    return Puzzle.skyscrapers(n, lines, givens), solution


FORMAT_NAMES = ["towers", "skyscrapers", "json"]


@pytest.mark.parametrize("name", FORMAT_NAMES)
@SETTINGS
@given(pair=skyscrapers_puzzles())
def test_write_then_read_gives_the_same_puzzle(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    assert puzzle.is_solution(solution)
    assert not [p for p in puzzle.validate() if p.severity == "error"]
    text = write(puzzle, name)
    assert FORMATS[name].read(text, None) == [puzzle], text
    assert detect(text).name == name, text
    assert FORMATS[name].read(text + "\n" + text, None) == [puzzle] * 2


@pytest.mark.parametrize("name", FORMAT_NAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=skyscrapers_puzzles(sizes=(10, 25)))
def test_large_puzzles_round_trip(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    text = write(puzzle, name)
    assert FORMATS[name].read(text, None) == [puzzle], text
    assert detect(text).name == name


@pytest.mark.parametrize("name", FORMAT_NAMES)
@SETTINGS
@given(pair=skyscrapers_puzzles())
def test_solutions_read_back_with_the_clues(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    grid = Grid(puzzle.size, solution)
    text = FORMATS[name].write_solution(puzzle, grid)  # type: ignore[misc]
    if name == "json":
        assert loads(text)[0].solution == grid
        return
    back = FORMATS[name].read(text, None)[0]
    assert back.givens == solution
    assert back.sightlines == puzzle.sightlines


@SETTINGS
@given(pair=skyscrapers_puzzles())
def test_tatham_s_layout_of_any_puzzle_reads(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    assert read_one(tatham_text(puzzle), "skyscrapers") == puzzle
