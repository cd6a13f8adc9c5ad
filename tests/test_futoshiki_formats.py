"""Futoshiki formats: Tatham's Unequal game IDs, the text layout and JSON relations."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import latinum
from latinum import Cage, Geometry, Grid, ParseError, Puzzle, Relation
from latinum.formats import FORMATS, detect, futoshiki, read_text, registry, unequal, write
from latinum.formats.json import loads
from latinum.relations import signs_of
from strategies import latin_solution

registry._load()
FIXTURES = Path(__file__).parent / "fixtures" / "formats"
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Made by sgt-unequal --generate (plain and adjacent mode, sizes 3 to 12).
PLAIN = "5:0D,0D,0,0,0,0,0,0,0,0,3,0R,0D,0,0,0D,0,0,0,0,0R,0R,0,1,0,"
ADJACENT = (
    "5a:1,0R,0RDL,0RDL,0DL,0D,1,0U,0URD,0UDL,0U,0RD,0RDL,0UL,0UD,0RD,0URL,0UL,4RD,0UL,"
    "0U,0R,0L,0U,0,"
)
NO_FLAGS = "4:0,0,0,0,1,0,0,0,0,1,2,0,2,3,1,0,"
TATHAM_IDS = [
    PLAIN,
    ADJACENT,
    NO_FLAGS,
    "3:0,0,0,0,0,0U,0,0L,0L,",
    "3a:0,0RD,0DL,0RD,0URDL,0UL,0UR,0UL,3,",
    "4a:0D,0R,0DL,0,0UD,1R,0UDL,0,0UR,0DL,0UR,0DL,0R,0UL,0R,0UL,",
    "6:3,0,0,0,0,0,0,3,0R,0U,0U,0D,0,0,0R,0D,0,0,0R,0,0,0,0,0,0D,0,0,0,0,2,0,0,0U,2,0,0L,",
    "7:4,0L,0R,0,0,0,0,0,0,0,0,0D,0,0U,0R,0,6,0,0,0,0,0,0R,0,2,0D,0R,0U,0,0R,0,0L,0D,0,0U,"
    "0,6UDL,0,0UD,0L,0,0,0,0,0,0,0,0,0,",
    "7a:0D,0D,2RD,0DL,0,0D,1D,0UD,7U,0U,0UR,0RL,0UL,0U,0UR,0L,0R,0L,0,0R,0L,0RD,0L,0,1,0,"
    "2D,0,0U,0,0R,0L,0RD,0URL,0L,0R,0L,0,0R,0UL,0,0,0R,0L,0R,0RL,0RL,0L,0,",
    "10:8,0,0,0L,0,0,0R,5,0L,0L,2,0,0R,4,0R,0R,0U,0L,0D,0D,0,0,9L,2,0,0,0,0,0,0,0U,0,0,0,"
    "0U,0,0,0,0,0,0,0,0,0U,0L,0,0L,0R,0,0,0,0,0,0L,2,0D,0,8UR,0R,0,0,0R,0U,0,8,0,0,3,0,0,"
    "0,0U,0,0,0,0,0,0R,0,0,0UD,0UL,8UL,0,0R,0,0,0L,6,0L,0,0,0,0U,0R,0,10,7,1,5,",
]
PLAIN_TEXT = """\
futoshiki
. . . . .
v v
. . . . .

3 .>. . .
    v
. . . . .
v
.>.>. 1 .
"""
# Tatham's sign lines keep their trailing spaces.
ADJACENT_LINES = [
    "futoshiki adjacent",
    "1 .|.|.|.",
    "    - - -",
    ". 1 . .|.",
    "-     - -",
    ". .|.|. .",
    "  - -   -",
    ".|.|. 4|.",
    "-     -  ",
    ". .|. . .",
]
ADJACENT_TEXT = "\n".join(ADJACENT_LINES) + "\n"


def read_one(text: str, fmt: str | None = None) -> Puzzle:
    puzzles = read_text(text, fmt)[1]
    assert len(puzzles) == 1
    return puzzles[0]


def read_error(text: str, fmt: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read_text(text, fmt)
    return caught.value


# Tatham's Unequal IDs ------------------------------------------------------


@pytest.mark.parametrize("game_id", TATHAM_IDS)
def test_tatham_ids_are_detected_read_and_solved(game_id: str) -> None:
    assert detect(game_id).name == "unequal"
    puzzle = read_one(game_id)
    puzzle.check()
    grid = latinum.solve(puzzle)
    assert puzzle.is_solution(grid)
    assert latinum.count_solutions(puzzle) == 1


@pytest.mark.parametrize("game_id", TATHAM_IDS)
def test_tatham_ids_round_trip_byte_for_byte(game_id: str) -> None:
    assert write(read_one(game_id), "unequal") == game_id


def test_flags_of_the_plain_mode_sit_on_the_larger_cell() -> None:
    puzzle = read_one(PLAIN)
    assert puzzle.variant == "futoshiki" and not puzzle.adjacent
    assert puzzle.givens[10] == 3 and puzzle.givens[23] == 1
    # 0D on r1c1: r1c1 > r2c1; 0R on r3c2: r3c2 > r3c3.
    assert Relation(5, 0) in puzzle.relations
    assert Relation(12, 11) in puzzle.relations
    assert len(puzzle.relations) == 7


def test_adjacent_mode_bars_flagged_pairs_and_marks_the_others() -> None:
    puzzle = read_one(ADJACENT)
    assert puzzle.adjacent
    assert Relation(1, 2, "|") in puzzle.relations
    assert Relation(0, 1, "!") in puzzle.relations
    assert len(puzzle.relations) == 2 * 5 * 4
    assert sum(r.kind == "|" for r in puzzle.relations) == 21


def test_an_adjacent_flag_on_one_cell_of_the_pair_is_enough() -> None:
    both = read_one("3a:0R,0L,0,0,0,0,0,0,0,")
    assert read_one("3a:0R,0,0,0,0,0,0,0,0,") == both == read_one("3a:0,0L,0,0,0,0,0,0,0,")
    assert write(both, "unequal") == "3a:0R,0L,0,0,0,0,0,0,0,"


def test_difficulty_and_the_last_comma_are_optional() -> None:
    puzzle = read_one(PLAIN)
    assert read_one(PLAIN.replace("5:", "5dx:").rstrip(",")) == puzzle
    adjacent = read_one(ADJACENT)
    for level in "tekxr":
        assert read_one(ADJACENT.replace("5a:", f"5ad{level}:")) == adjacent


def test_an_id_without_flags_is_a_futoshiki_without_signs() -> None:
    puzzle = read_one(NO_FLAGS)
    assert puzzle == Puzzle.futoshiki(4, [], "0000100001202310")
    assert write(puzzle, "unequal") == NO_FLAGS


def test_the_solution_is_the_id_of_the_solved_grid() -> None:
    puzzle = read_one(PLAIN)
    grid = latinum.solve(puzzle)
    text = FORMATS["unequal"].write_solution(puzzle, grid)  # type: ignore[misc]
    solved = read_one(text)
    assert solved.givens == tuple(grid)
    assert solved.relations == puzzle.relations
    assert text.replace("4", "0").count("D") == PLAIN.count("D")


def test_a_batch_streams_past_a_bad_id() -> None:
    records = registry.text_records(f"{PLAIN}\n3:0,0\n\n{ADJACENT}\n", "unequal", "ids.txt")[1]
    found = list(records)
    assert [type(record) for record in found] == [Puzzle, ParseError, Puzzle]
    assert (found[1].line, found[1].column, found[1].source) == (2, 6, "ids.txt")


def test_latinum_read_takes_the_format_name(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text(f"{PLAIN}\n{ADJACENT}\n")
    assert latinum.read(path, format="unequal") == read_one(PLAIN)
    assert latinum.read(str(path)) == read_one(PLAIN)
    assert latinum.read_all(path) == [read_one(PLAIN), read_one(ADJACENT)]


def _fields(*fields: str, size: int = 3) -> str:
    """An ID of ``size`` whose first fields are ``fields``, the rest empty."""
    rest = ["0"] * (size * size - len(fields))
    return f"{size}:" + ",".join([*fields, *rest]) + ","


# text, column, words in the message
UNEQUAL_ERRORS = [
    ("3:0,0,0,0,0,0,0,0,", 19, "8 fields, a 3x3 grid needs 9"),
    ("3:0,0,0,0,0,0,0,0,0,0,", 21, "more than the 9 fields"),
    (_fields("0", "4"), 5, "4 is not a value 0..3"),
    (_fields("0", "12"), 5, "12 is not a value 0..3"),
    (_fields("0U"), 4, "flag U on r1c1 points off the grid"),
    (_fields("0", "0", "2DR"), 9, "flag R on r1c3 points off the grid"),
    (_fields("0L"), 4, "flag L on r1c1 points off the grid"),
    ("3:" + "0," * 6 + "0,0D,0,", 18, "flag D on r3c2 points off the grid"),
    (_fields("0X"), 4, "unknown flag 'X'"),
    (_fields("1", "0Rr"), 7, "unknown flag 'r'"),
    (_fields("0", "R"), 5, "'R' does not start with a number"),
    ("3:0,,0,0,0,0,0,0,0,", 5, "an empty field"),
    ("2:0,0,0,0,", 1, "size 2 is outside 3..25"),
    ("30:" + "0," * 900, 1, "Tatham allows up to 32"),
    ("33:0,0,", 1, "size 33 is outside 3..25"),
    ("5#1234", 2, "random-seed ID"),
    ("5adk#1234", 5, "random-seed ID"),
    ("3dq:" + "0," * 9, 3, "unknown Unequal difficulty 'q'"),
    ("3b:" + "0," * 9, 1, "is not Unequal parameters"),
    ("3x3:" + "0," * 9, 1, "is not Unequal parameters"),
]


@pytest.mark.parametrize(("text", "column", "words"), UNEQUAL_ERRORS)
def test_unequal_errors_name_line_and_column(text: str, column: int, words: str) -> None:
    error = read_error(f"{PLAIN}\n{text}\n", "unequal")
    assert (error.line, error.column) == (2, column), str(error)
    assert words in error.problem
    indented = read_error(f"  {text}", "unequal")
    assert (indented.line, indented.column) == (1, column + 2)


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (Puzzle.kenken(3, [Cage(tuple(range(9)), "+", 18)]), "not kenken"),
        (Puzzle.sudoku("0" * 16), "not sudoku"),
        (Puzzle.latin("123231312"), "not latin"),
        (Puzzle.futoshiki(2, []), "size of 3..32"),
        (Puzzle.futoshiki(3, [(0, 4)]), "neighbours only, not r1c1 and r2c2"),
        (Puzzle.futoshiki(3, [(0, 1), (1, 0)]), "one relation between r1c1 and r1c2"),
        (Puzzle.futoshiki(3, [(0, 1), (1, 2, "|")]), "cannot mix signs"),
    ],
)
def test_what_an_unequal_id_cannot_hold(puzzle: Puzzle, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        write(puzzle, "unequal")


# The text layout -----------------------------------------------------------


def test_the_text_of_a_plain_puzzle_is_tatham_s_layout() -> None:
    puzzle = read_one(PLAIN)
    text = write(puzzle, "futoshiki")
    lines = text.splitlines()
    assert lines[0] == "futoshiki"
    assert lines[1:4] == [". . . . .", "v v      ", ". . . . ."]
    assert lines[4] == " " * 9
    assert lines[-1] == ".>.>. 1 ."
    assert read_one(text) == puzzle
    assert read_one(PLAIN_TEXT) == puzzle


def test_the_text_of_an_adjacent_puzzle() -> None:
    puzzle = read_one(ADJACENT)
    assert write(puzzle, "futoshiki") == ADJACENT_TEXT
    assert read_one(ADJACENT_TEXT) == puzzle


@pytest.mark.parametrize("game_id", TATHAM_IDS)
def test_the_layout_reads_back_with_or_without_spaces_and_empty_lines(game_id: str) -> None:
    puzzle = read_one(game_id)
    text = write(puzzle, "futoshiki")
    stripped = "\n".join(line.rstrip() for line in text.splitlines())
    without = "\n".join(line for line in stripped.splitlines() if line)
    headless = without.split("\n", 1)[1]
    assert read_one(stripped) == read_one(without) == puzzle
    if puzzle.relations:
        assert detect(headless).name == "futoshiki"
        assert read_one(headless) == puzzle


def test_values_above_nine_are_letters() -> None:
    puzzle = read_one(TATHAM_IDS[-1])
    text = write(puzzle, "futoshiki")
    assert text.splitlines()[-1] == ". . . . .>. A 7 1 5"
    assert read_one(text) == puzzle


def test_a_sign_line_may_be_missing_or_blank() -> None:
    expected = Puzzle.futoshiki(3, [(0, 1), (5, 8)], "100000000")
    full = "1<. .\n     \n. . .\n    ^\n. . .\n"
    assert read_one(full, "futoshiki") == expected
    assert read_one("1<. .\n. . .\n    ^\n. . .\n", "futoshiki") == expected
    assert read_one("1<. .\n\n. . .\n    ^\n. . .\n", "futoshiki") == expected
    assert read_one("futoshiki\n\n1<. .\n\n\n. . .\n    ^\n. . .\n") == expected


def test_headers_and_blank_lines_separate_puzzles() -> None:
    one = "futoshiki\n1<. .\n. . .\n. . .\n"
    two = "futoshiki adjacent\n.|.\n. .\n"
    found = futoshiki.read(one + two + "\n" + one.split("\n", 1)[1] + "\n\n" + one)
    assert [p.size for p in found] == [3, 2, 3, 3]
    assert found[1].adjacent and not found[0].adjacent
    assert found[0] == found[2] == found[3]


def test_the_header_is_optional_and_in_any_case() -> None:
    assert read_one("FUTOSHIKI Adjacent\n. .\n\n. .\n").adjacent
    assert read_one(". .\n-\n. .\n", "futoshiki").adjacent
    assert read_one("Futoshiki\n1 2\n\n2 1\n") == Puzzle.futoshiki(2, [], "1221")


def test_v_and_capital_v_are_both_greater() -> None:
    small = read_one(". .\nv V\n. .\n", "futoshiki")
    assert small.relations == (Relation(2, 0), Relation(3, 1))


# text, line, column, words in the message
TEXT_ERRORS = [
    ("1 ? 3\n. . .\n. . .\n", 1, 3, "'?' is not a cell value"),
    ("1 2 3\n. 4 .\n. . .\n", 2, 3, "4 is above 3"),
    ("1 2 3\n.   .\n. . .\n", 2, 3, "a space where a cell belongs"),
    ("1 2 3\n. .\n. . .\n", 2, 4, "a row of 2 cells, but the first row has 3"),
    ("1 2 3\n. . . .\n. . .\n", 2, 6, "a row longer than the first row (3 cells)"),
    ("1 2 3<\n. . .\n. . .\n", 1, 6, "'<' after the last cell"),
    ("12 3\n", 1, 2, "'2' between two cells"),
    ("1^2 3\n. . .\n. . .\n", 1, 2, "'^' between two cells"),
    ("1 2 3\n.<^ .\n. . .\n", 2, 3, "'^' where a cell belongs"),
    ("1 2 3\n ^\n. . .\n. . .\n", 2, 2, "between two columns"),
    ("1 2 3\n^    v\n. . .\n. . .\n", 2, 6, "a sign past the last column"),
    ("1 2 3\n^\nv\n. . .\n. . .\n", 3, 1, "a second line of signs"),
    ("futoshiki\n^\n1 2 3\n", 2, 1, "signs above the first row"),
    ("1<2 3\n. . .\n", 2, None, "2 rows, but the first row has 3 cells"),
    ("1<2 3\n. . .\n. . .\n. . .\n", 4, None, "a row after the last row"),
    ("1<2 3\n. . .\n. . .\n  v\n", 4, None, "signs below the last row"),
    ("futoshiki adjacent\n1|2 3\n. . .\n. .<.\n", 4, 4, "'<' in the adjacent mode"),
    ("1|2 3\n. . .\n^\n. . .\n", 3, 1, "'^' in the adjacent mode (its bars say so)"),
    ("futoshiki\n\nfutoshiki\n. .\n\n. .\n", 1, None, "a header with no grid"),
    (". .\n. .\n\n  futoshiki 5x5\n", 4, 3, "unknown header 'futoshiki 5x5'"),
    ("futoshiki\n" + ". " * 26 + "\n", 2, None, "larger than the 25x25 limit"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), TEXT_ERRORS)
def test_text_errors_name_line_and_column(
    text: str, line: int, column: int | None, words: str
) -> None:
    error = read_error(text, "futoshiki")
    assert (error.line, error.column) == (line, column), str(error)
    assert words in error.problem


@pytest.mark.parametrize(
    ("puzzle", "words"),
    [
        (Puzzle.kenken(3, [Cage(tuple(range(9)), "+", 18)]), "not kenken"),
        (Puzzle.latin("1221"), "not latin"),
        (Puzzle.futoshiki(3, [(0, 4)]), "neighbours only"),
        (Puzzle.futoshiki(3, [(0, 1), (1, 2, "|")]), "cannot mix signs"),
    ],
)
def test_what_the_layout_cannot_hold(puzzle: Puzzle, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        write(puzzle, "futoshiki")


def test_the_solution_keeps_the_signs() -> None:
    puzzle = read_one(ADJACENT)
    grid = latinum.solve(puzzle)
    text = FORMATS["futoshiki"].write_solution(puzzle, grid)  # type: ignore[misc]
    solved = read_one(text)
    assert solved.givens == tuple(grid) and solved.relations == puzzle.relations


# JSON ----------------------------------------------------------------------


def test_json_lists_signs_as_triples_of_cell_numbers() -> None:
    puzzle = read_one(PLAIN)
    obj = json.loads(write(puzzle, "json"))
    assert obj["variant"] == "futoshiki" and "adjacent" not in obj
    assert [5, "<", 0] in obj["relations"] and len(obj["relations"]) == 7
    assert read_one(json.dumps(obj)) == puzzle


def test_json_of_the_adjacent_mode_lists_the_bars_only() -> None:
    puzzle = read_one(ADJACENT)
    obj = json.loads(write(puzzle, "json"))
    assert obj["adjacent"] is True
    assert len(obj["relations"]) == 21 and {kind for _, kind, _ in obj["relations"]} == {"|"}
    assert read_one(json.dumps(obj)) == puzzle


def _document(**fields: object) -> str:
    obj = {"format": "latinum", "version": 1, "variant": "futoshiki", "size": 3}
    return json.dumps({**obj, **fields})


def test_json_takes_cell_names_greater_signs_and_no_givens() -> None:
    puzzle = read_one(_document(relations=[["r1c2", ">", "r1c1"], [4, "!", "r2c3"]]))
    assert puzzle.givens == (0,) * 9
    assert puzzle.relations == (Relation(0, 1), Relation(4, 5, "!"))
    assert json.loads(write(puzzle, "json"))["relations"] == [[0, "<", 1], [4, "!", 5]]


def test_json_without_relations_is_still_a_futoshiki() -> None:
    puzzle = Puzzle.futoshiki(3, [])
    obj = json.loads(write(puzzle, "json"))
    assert obj["relations"] == []
    assert read_one(json.dumps(obj)) == puzzle


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"relations": {}}, "field 'relations' is an object, not a list"),
        ({"relations": [[0, "<", 1], [0, "<"]]}, "'relations[1]' is a list of 2 items"),
        ({"relations": [[0, "<", 1], "0<1"]}, "'relations[1]' is a string, not [cell, sign"),
        ({"relations": [[0, "<", 1], [0, "=", 1]]}, "'relations[1]' has the sign '='"),
        ({"relations": [[0, "<", 9]]}, "'relations[0]' holds 9, outside 0..8"),
        ({"relations": [[0, "<", True]]}, "'relations[0]' holds a boolean, not a cell"),
        ({"relations": [["r4c1", "<", 0]]}, "'relations[0]': r4c1 is outside the 3x3 grid"),
        ({"relations": [["a1", "<", 0]]}, "'relations[0]': 'a1' is not a cell name"),
        ({"adjacent": 1}, "field 'adjacent' must be true or false"),
        ({"adjacent": True, "relations": [[0, "|", 1], [1, "<", 2]]}, "'relations[1]' is a sign"),
    ],
)
def test_json_relation_errors_name_the_field(fields: dict, words: str) -> None:
    error = read_error(_document(**fields), "json")
    assert words in error.problem, error.problem


# Detection and the other formats -------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (PLAIN, "unequal"),
        (ADJACENT + "\n" + PLAIN, "unequal"),
        (NO_FLAGS, "unequal"),
        ("5a:" + "0," * 25, "unequal"),
        ("3de:" + "0," * 9, "unequal"),
        ("3x3:a5_7a4_2c2e5b3_6a1f2_8_6e5a9c4a8e5_7_9f6a5_9b3e4c2_7a8_3a", "solo"),
        ("3:_a_a__,a3a3a3", "keen"),
        (PLAIN_TEXT, "futoshiki"),
        (ADJACENT_TEXT, "futoshiki"),
        (ADJACENT_TEXT.split("\n", 1)[1], "futoshiki"),
        ("futoshiki\n1 2\n\n2 1\n", "futoshiki"),
        ("1 . .\nv\n. . .\n. . .\n", "futoshiki"),
        (". . .\n. .<.\n. . .\n", "futoshiki"),
        ("1 2 3\n2 3 1\n3 1 2\n", "grid"),
        ("1 2 | 3 4\n3 4 | 1 2\n----------\n2 1 | 4 3\n4 3 | 2 1\n", "grid"),
    ],
)
def test_detection_picks_one_format(text: str, fmt: str) -> None:
    assert detect(text).name == fmt


def test_the_new_sniffers_claim_no_other_fixture() -> None:
    for path in sorted(FIXTURES.iterdir()):
        if path.name.startswith(("unequal", "futoshiki")):
            continue
        text = path.read_text()
        assert not unequal.sniff(text), path
        assert not futoshiki.sniff(text), path


def test_prose_and_single_rows_are_not_futoshiki() -> None:
    for text in ("a < b\n", "1<2 3\n", "I<3 U\nme and you\n", "x v y\n. . .\n"):
        assert not futoshiki.sniff(text), text


@pytest.mark.parametrize(
    "name",
    sorted(n for n, f in FORMATS.items() if f.write is not None and not f.relations),
)
def test_other_writers_refuse_relations(name: str) -> None:
    puzzle = read_one(PLAIN)
    with pytest.raises(ValueError, match=f"format {name} cannot hold the relations"):
        write(puzzle, name)
    with pytest.raises(ValueError, match="cannot hold the relations"):
        FORMATS[name].write(puzzle)  # type: ignore[misc]


def test_writers_of_relations_are_flagged() -> None:
    holding = sorted(name for name, fmt in FORMATS.items() if fmt.relations)
    assert holding == ["futoshiki", "json", "unequal"]


# Round trips ---------------------------------------------------------------


@st.composite
def futoshiki_puzzles(draw: st.DrawFn) -> tuple[Puzzle, tuple[int, ...]]:
    """A Futoshiki of size 3..9 made from a random Latin square: some of its signs,
    or (adjacent mode) all its bars."""
    n = draw(st.integers(3, 9))
    rng: random.Random = draw(st.randoms(use_true_random=False))
    solution = latin_solution(n, rng)
    density = draw(st.floats(0, 1))
    givens = tuple(v if rng.random() < density * 0.5 else 0 for v in solution)
    if draw(st.booleans()):
        relations = signs_of(solution, n, adjacent=True)
    else:
        share = draw(st.floats(0, 1))
        relations = [r for r in signs_of(solution, n) if rng.random() < share]
    return Puzzle("futoshiki", Geometry(n), givens, relations=tuple(relations)), solution


FORMAT_NAMES = ["unequal", "futoshiki", "json"]


@pytest.mark.parametrize("name", FORMAT_NAMES)
@SETTINGS
@given(pair=futoshiki_puzzles())
def test_write_then_read_gives_the_same_puzzle(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    assert puzzle.is_solution(solution)
    assert not [p for p in puzzle.validate() if p.severity == "error"]
    text = write(puzzle, name)
    assert FORMATS[name].read(text, None) == [puzzle], text
    assert detect(text).name == name, text
    assert FORMATS[name].read(text + "\n" + text, None) == [puzzle] * 2


@pytest.mark.parametrize("name", FORMAT_NAMES)
@SETTINGS
@given(pair=futoshiki_puzzles())
def test_solutions_read_back_with_the_relations(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    grid = Grid(puzzle.size, solution)
    text = FORMATS[name].write_solution(puzzle, grid)  # type: ignore[misc]
    if name == "json":
        assert loads(text)[0].solution == grid
        return
    back = FORMATS[name].read(text, None)[0]
    assert back.givens == solution
    assert back.relations == puzzle.relations
