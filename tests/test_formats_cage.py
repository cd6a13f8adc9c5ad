"""Cage formats: Calcudoku and Mathdoku seed files, Tatham's Keen and Solo game IDs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latinum import Cage, Grid, ParseError, Puzzle
from latinum.formats import calcudoku, mathdoku, tatham
from latinum.symbols import value_of

FIXTURES = Path(__file__).parent / "fixtures" / "cage"
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"

SNIFFERS = {
    "calcudoku": calcudoku.sniff,
    "mathdoku": mathdoku.sniff,
    "keen": tatham.sniff_keen,
    "solo": tatham.sniff_solo,
}


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def cage_key(cages) -> list[tuple]:
    """Comparable cages from records (dicts) or from a Puzzle (Cage objects).

    A one-cell sum is the same rule as ``=``.
    """
    if cages and isinstance(cages[0], dict):
        found = [(c["op"], c["target"], tuple(sorted(c["cells"]))) for c in cages]
    else:
        found = [(c.op, c.target, c.cells) for c in cages]
    return sorted(("=" if len(cells) == 1 else op, target, cells) for op, target, cells in found)


def solution(text: str) -> list[int]:
    return [value_of(char) for char in text]


def claimed_by(text: str) -> list[str]:
    return [name for name, sniff in SNIFFERS.items() if sniff(text)]


def read_error(read, text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        read(text, "t.txt")
    return caught.value


def errors(puzzle: Puzzle) -> list[str]:
    return [p.message for p in puzzle.validate() if p.severity == "error"]


# Calcudoku ---------------------------------------------------------------

CALPOLY = records(FIXTURES / "calcudoku_calpoly.jsonl")


@pytest.mark.parametrize("name", ["test1", "test2", "test3"])
def test_calcudoku_course_files(name: str) -> None:
    text = (FIXTURES / f"{name}_in.in").read_text()
    record = next(r for r in CALPOLY if r["path"] == f"{name}_in.in")
    [puzzle] = calcudoku.read(text)
    assert puzzle.variant == "kenken" and puzzle.size == record["w"]
    assert cage_key(puzzle.cages) == cage_key(record["cages"])
    assert errors(puzzle) == []
    assert calcudoku.write(puzzle) == text
    grid = Grid.of(solution(record["solution"]))
    assert puzzle.is_solution(grid)
    expected = (FIXTURES / f"{name}_out.out").read_text()
    assert calcudoku.write_solution(puzzle, grid) == expected
    assert claimed_by(text) == ["calcudoku"]


def test_calcudoku_seed_example() -> None:
    text = (FIXTURES / "calcudoku-5x5.in").read_text()
    out = (FIXTURES / "calcudoku-5x5.out").read_text()
    [puzzle] = calcudoku.read(text)
    grid = Grid.of([int(v) for v in out.split()])
    assert len(puzzle.cages) == 9 and puzzle.size == 5
    assert all(cage.op == ("+" if len(cage.cells) > 1 else "=") for cage in puzzle.cages)
    assert puzzle.is_solution(grid)
    assert calcudoku.write_solution(puzzle, grid) == out


@pytest.mark.parametrize("record", [r for r in CALPOLY if "COUNT" in r["source"]], ids=str)
@pytest.mark.parametrize("header", [True, False])
def test_calcudoku_counted_variant(record: dict, header: bool) -> None:
    lines = [
        " ".join(str(n) for n in (c["target"], len(c["cells"]), *c["cells"]))
        for c in record["cages"]
    ]
    text = "\n".join(([str(len(lines))] if header else []) + lines) + "\n"
    [puzzle] = calcudoku.read(text)
    assert cage_key(puzzle.cages) == cage_key(record["cages"])
    assert puzzle.is_solution(solution(record["solution"]))
    assert claimed_by(text) == ["calcudoku"]


def test_calcudoku_without_header() -> None:
    text = (FIXTURES / "test1_in.in").read_text().split("\n", 1)[1]
    [puzzle] = calcudoku.read(text)
    assert len(puzzle.cages) == 9


def test_calcudoku_one_cell_sums_read_as_values() -> None:
    [puzzle] = calcudoku.read("2\n1 0\n2 1 2 3\n")
    assert puzzle.size == 2
    assert [cage.op for cage in puzzle.cages] == ["=", "+"]
    assert calcudoku.write(puzzle) == "2\n1 0\n2 1 2 3\n"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("2\n3 0 1\n3 2 999\n", 3, "cell 999 is outside 0..3"),
        ("2\n3 0 1\n3 1 2\n", 3, "already in the cage on line 2"),
        ("3\n3 0 1\n3 2 3\n", 1, "announces 3 cages but 2 follow"),
        ("2\n3 0 1\n3 2 x3\n", 3, "'x3' is not a whole number"),
        ("2\n3 0 1\n3 2\n", 2, "not a square grid"),
        ("1\n5\n", 2, "a sum and at least one cell"),
    ],
)
def test_calcudoku_errors(text: str, line: int, words: str) -> None:
    error = read_error(calcudoku.read, text)
    assert error.line == line and words in error.problem and error.source == "t.txt"


def test_calcudoku_error_column() -> None:
    assert read_error(calcudoku.read, "2\n3 0 1\n3 2 999\n").column == 5


def test_calcudoku_ambiguous_reading() -> None:
    # "2 1 0" is cell 1 and 0 or one cell 0; "3 1 1" likewise; both cover 0..1? no: 4 cells.
    text = "1 1 0\n2 1 1\n3 1 2\n4 1 3\n"
    assert calcudoku.read(text)[0].size == 2  # only SUM COUNT covers 0..3 once
    error = read_error(calcudoku.read, "3 1 0\n3 1 3\n")
    assert "ambiguous" not in error.problem


def test_calcudoku_write_refuses_what_it_cannot_hold() -> None:
    keen = tatham.read_keen_id("3de:a_a3_a_,m2a7s1s1")
    with pytest.raises(ValueError, match="only sums"):
        calcudoku.write(keen)
    sums = Puzzle.kenken(2, [("+", 3, [0, 1]), ("=", 2, [2]), ("+", 1, [3])])
    assert calcudoku.write(sums) == "3\n3 0 1\n2 2\n1 3\n"
    with pytest.raises(ValueError, match="given"):
        calcudoku.write(sums.with_givens([1, 0, 0, 0]))
    with pytest.raises(ValueError):
        calcudoku.write(Puzzle.sudoku("1..." + "." * 12))


# Mathdoku ----------------------------------------------------------------

DAL = records(FIXTURES / "mathdoku_dal.jsonl")
MATHDOKU_FILES = sorted(p.name for p in FIXTURES.glob("mathdoku-*.txt"))


def dal_record(file_name: str) -> dict:
    name = file_name.removeprefix("mathdoku-")
    return next(r for r in DAL if r["path"].endswith(name))


@pytest.mark.parametrize("name", [n for n in MATHDOKU_FILES if "Error" not in n])
def test_mathdoku_course_files(name: str) -> None:
    text = (FIXTURES / name).read_text()
    record = dal_record(name)
    [puzzle] = mathdoku.read(text)
    assert puzzle.size == record["w"]
    assert cage_key(puzzle.cages) == cage_key(record["cages"])
    labels = {cage.cells: cage.label for cage in puzzle.cages}
    assert labels == {tuple(sorted(c["cells"])): c["label"] for c in record["cages"]}
    assert claimed_by(text) == ["mathdoku"]
    if record.get("solution"):
        grid = Grid.of(solution(record["solution"]))
        assert puzzle.is_solution(grid)
        assert mathdoku.write_solution(puzzle, grid) == "".join(
            record["solution"][r * puzzle.size : (r + 1) * puzzle.size] + "\n"
            for r in range(puzzle.size)
        )
    again = mathdoku.read(mathdoku.write(puzzle))[0]
    assert again == puzzle
    assert [c.label for c in again.cages] == [c.label for c in puzzle.cages]


def test_mathdoku_blank_line_in_grid_is_named() -> None:
    text = (FIXTURES / "mathdoku-Input_7Error.txt").read_text()
    assert claimed_by(text) == ["mathdoku"]
    error = read_error(mathdoku.read, text)
    assert error.line == 5 and "blank line inside the grid" in error.problem
    assert str(error).startswith("t.txt, line 5: ")
    # Without its blank lines it is the course's puzzle.
    cleaned = "\n".join(line for line in text.splitlines() if line.strip())
    [puzzle] = mathdoku.read(cleaned)
    assert cage_key(puzzle.cages) == cage_key(dal_record("mathdoku-Input_7Error.txt")["cages"])


GOOD_2X2 = "ab\nab\na 3 +\nb 1 -\n"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        # readyToSolve: every group has an operator and a result
        ("ab\nab\na 3 +\n", 1, "group 'b' has no"),
        ("ab\nab\na 3 +\nb + 3\n", 4, "not a whole number"),
        ("ab\nab\na 3 +\nb 1 #\n", 4, "unknown operator '#'"),
        ("ab\nab\na 3 +\nb 1\n", 4, "expected 'GROUP RESULT OP'"),
        ("ab\nab\na 3 +\nb 1 -\nc 1 =\n", 5, "group 'c' is not in the grid"),
        ("ab\nab\na 3 +\nb 1 -\na 4 +\n", 5, "already has a constraint on line 3"),
        ("ab\nab\na 3.5 +\nb 1 -\n", 3, "not a whole number"),
        ("ab\nab\na 3 +\n\nb 1 -\n", 4, "blank line inside the group constraints"),
        ("ab\n\nab\na 3 +\nb 1 -\n", 2, "blank line inside the grid"),
        # loadPuzzle: rows and columns must agree
        ("abc\nabc\nab\nabc\na 3 +\nb 1 -\nc 1 -\n", 3, "expected 3"),
        ("abcd\nabcd\nabcd\nabcd\nabcd\na 10 +\n", 5, "expected 'GROUP RESULT OP'"),
        ("a b\nab\n", 1, "spaces between its group characters; write the 2"),
    ],
)
def test_mathdoku_parse_errors(text: str, line: int, words: str) -> None:
    error = read_error(mathdoku.read, text)
    assert error.line == line, error
    assert words in error.problem


def test_mathdoku_missing_rows() -> None:
    assert "grid ends" in read_error(mathdoku.read, "abcde\nabcde\nabcde\nabcde\n").problem


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("aa\nbb\na 2 =\nb 1 -\n", "an = cage needs exactly 1 cell, not 2"),
        ("aaa\nbcd\ncdb\na 1 -\nb 3 =\nc 3 +\nd 3 +\n", "difference cage needs exactly 2 cells"),
        ("aaa\nbcd\ncdb\na 2 /\nb 3 =\nc 3 +\nd 3 +\n", "quotient cage needs exactly 2 cells"),
    ],
)
def test_mathdoku_cell_counts_are_model_checks(text: str, words: str) -> None:
    [puzzle] = mathdoku.read(text)
    assert any(words in message for message in errors(puzzle))


def test_mathdoku_valid_small_puzzles() -> None:
    [one] = mathdoku.read("a\n a 1 =")
    assert one.size == 1 and errors(one) == []
    [two] = mathdoku.read(GOOD_2X2)
    assert errors(two) == [] and two.is_solution([1, 2, 2, 1])
    [spaced] = mathdoku.read("ab\nab\n\n\na\t3   +\nb 1 -\n\n")
    assert spaced == two
    [aliased] = mathdoku.read("ab\nab\na 2 x\nb 2 ÷\n")
    assert [c.op for c in aliased.cages] == ["*", "/"]


def test_mathdoku_labels_are_case_sensitive_and_any_character() -> None:
    [puzzle] = mathdoku.read("aA\n$#\na 1 =\nA 2 =\n$ 2 =\n# 1 =\n")
    assert sorted(c.label for c in puzzle.cages) == ["#", "$", "A", "a"]


def test_mathdoku_write_generates_labels() -> None:
    keen = tatham.read_keen_id("3de:a_a3_a_,m2a7s1s1")
    text = mathdoku.write(keen)
    assert text == "aab\ncbb\ncdd\na 2 *\nb 7 +\nc 1 -\nd 1 -\n"
    assert mathdoku.read(text)[0] == keen


def test_mathdoku_write_avoids_label_clashes() -> None:
    cages = [
        Cage((0,), "=", 1),
        Cage((1,), "=", 2, label="a"),
        Cage((2,), "=", 2, label="a"),
        Cage((3,), "=", 1, label="b c"),
    ]
    text = mathdoku.write(Puzzle.kenken(2, cages))
    assert text.splitlines()[:2] == ["ba", "cd"]


def test_mathdoku_print_form() -> None:
    [puzzle] = mathdoku.read(GOOD_2X2)
    assert mathdoku.write_print(puzzle) == "ab\nab\n"
    assert mathdoku.write_print(puzzle.with_givens([1, 0, 0, 1])) == "1b\na1\n"
    assert mathdoku.write_solution(puzzle, Grid.of([1, 2, 2, 1])) == "12\n21\n"
    with pytest.raises(ValueError, match="given"):
        mathdoku.write(puzzle.with_givens([1, 0, 0, 0]))
    with pytest.raises(ParseError, match="write-only"):
        mathdoku.read_print("12\n21\n")


# Keen --------------------------------------------------------------------

KEEN = records(FIXTURES / "keen.jsonl")


def check_keen(record: dict) -> None:
    [puzzle] = tatham.read_keen(record["keen_id"] + "\n")
    assert puzzle.size == record["size"]
    assert cage_key(puzzle.cages) == cage_key(record["cages"])
    assert puzzle.is_solution(solution(record["solution"]))
    description = record["keen_id"].split(":", 1)[1]
    assert tatham.write_keen(puzzle) == f"{puzzle.size}:{description}"


@pytest.mark.parametrize("record", KEEN, ids=lambda r: r["keen_id"].split(":")[0])
def test_keen_ids_decode_and_reencode(record: dict) -> None:
    check_keen(record)
    assert claimed_by(record["keen_id"]) == ["keen"]


def test_keen_readme_example() -> None:
    [puzzle] = tatham.read_keen("4de:_a_a__a_ba_a__a__,m12m4s1a5d2s2a7d2")
    assert errors(puzzle) == [] and all(len(cage.cells) == 2 for cage in puzzle.cages)
    assert [cage.op + str(cage.target) for cage in puzzle.cages] == [
        "*12",
        "*4",
        "-1",
        "+5",
        "/2",
        "-2",
        "+7",
        "/2",
    ]


def test_keen_batch_one_per_line() -> None:
    text = "\n".join(r["keen_id"] for r in KEEN[:3]) + "\n\n"
    assert len(tatham.read_keen(text)) == 3
    assert claimed_by(text) == ["keen"]


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("3q:a_a3_a_,m2a7s1s1", 1, "not Keen parameters"),
        ("3dz:a_a3_a_,m2a7s1s1", 1, "unknown Keen difficulty"),
        ("0:_,a1", 1, "outside 1..25"),
        ("3:a_a3_a_", 3, "cage outlines, a comma and clues"),
        ("3de:a_a3_,m2a7s1s1", 10, "cover 10 of 13 borders"),
        ("3de:a_a3_a_a,m2a7s1s1", 12, "too many borders"),
        ("3de:a_a3_a_,m2a7s1", 19, "3 clues for 4 cages"),
        ("3de:a_a3_a_,m2a7s1s1a1", 23, "5 clues for 4 cages"),
        ("3de:a_a3_a_,m2a7x1s1", 17, "a, s, m or d"),
        ("3de:a_a3_A_,m2a7s1s1", 10, "unexpected 'A'"),
    ],
)
def test_keen_malformed_ids(text: str, column: int, words: str) -> None:
    error = read_error(tatham.read_keen, "\n" + text)
    assert error.line == 2 and error.column == column, error
    assert words in error.problem


def test_keen_model_checks() -> None:
    # a - cage of three cells, then a product no values reach
    [three] = tatham.read_keen("3:a_a3_a_,m2s7s1s1")
    assert any("difference cage needs exactly 2 cells, not 3" in m for m in errors(three))
    [bad] = tatham.read_keen("3:a_a3_a_,m5a7s1s1")
    assert any("prime factor 5" in m for m in errors(bad))


def test_keen_write_refuses_what_it_cannot_hold() -> None:
    keen = tatham.read_keen_id("3de:a_a3_a_,m2a7s1s1")
    with pytest.raises(ValueError, match="given"):
        tatham.write_keen(keen.with_givens([1] + [0] * 8))
    apart = Puzzle.kenken(2, [("+", 3, [0, 3]), ("+", 3, [1, 2])])
    with pytest.raises(ValueError, match="connected"):
        tatham.write_keen(apart)
    partial = Puzzle.kenken(2, [("+", 3, [0, 1])])
    with pytest.raises(ValueError, match="every cell"):
        tatham.write_keen(partial)
    with pytest.raises(ValueError, match="KenKen"):
        tatham.write_keen(Puzzle.sudoku("." * 16))
    assert tatham.write_keen_solution(keen, Grid.of(solution("123231312"))) == (
        "1 2 3\n2 3 1\n3 1 2\n"
    )


# Solo --------------------------------------------------------------------

SOLO = records(FIXTURES / "solo.jsonl")
SOLO_KILLER = records(FIXTURES / "solo-killer.jsonl")


def check_solo(record: dict) -> None:
    [puzzle] = tatham.read_solo(record["solo_id"])
    assert puzzle.givens == tuple(solution(record["givens"]))
    assert list(puzzle.geometry.box) == record["box"]
    assert puzzle.geometry.diagonals == record["x"]
    assert (puzzle.variant == "killer") == record["killer"]
    if record["killer"]:
        assert cage_key(puzzle.cages) == cage_key(record["cages"])
    assert puzzle.is_solution(solution(record["solution"]))
    assert tatham.write_solo(puzzle) == record["solo_id"]


@pytest.mark.parametrize("record", SOLO + SOLO_KILLER, ids=lambda r: r["solo_id"].split(":")[0])
def test_solo_ids_decode_and_reencode(record: dict) -> None:
    check_solo(record)
    assert claimed_by(record["solo_id"]) == ["solo"]


def test_solo_rows_and_columns_of_boxes() -> None:
    [puzzle] = tatham.read_solo("2x3:1_2_3_4_5_6" + "z" * 1 + "d")
    assert puzzle.geometry.box == (2, 3)
    assert puzzle.givens[:6] == (1, 2, 3, 4, 5, 6)
    assert tatham.write_solo(puzzle) == "2x3:1_2_3_4_5_6zd"


def test_solo_large_values_and_square_shorthand() -> None:
    [puzzle] = tatham.read_solo("4x4:16_10" + "z" * 9 + "t")
    assert puzzle.givens[:2] == (16, 10) and puzzle.size == 16
    [nine] = tatham.read_solo("3:1zzzb")
    assert nine.geometry.box == (3, 3)
    assert tatham.write_solo(nine) == "3x3:1zzzb"


def test_solo_solution_is_a_full_id() -> None:
    record = SOLO[0]
    [puzzle] = tatham.read_solo(record["solo_id"])
    text = tatham.write_solo_solution(puzzle, Grid.of(solution(record["solution"])))
    [solved] = tatham.read_solo(text)
    assert "".join(str(v) for v in solved.givens) == record["solution"]


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("3y3:zzc", 1, "not Solo parameters"),
        ("3x3j:zzc", 6, "GRID,REGIONS"),
        ("3x3q:zzc", 4, "unknown Solo parameter 'q'"),
        ("5x6:a", 1, "outside 1..25"),
        ("3x3:zzzb", 9, "holds 80 of 81 cells"),
        ("3x3:zzzd", 8, "more than 81 cells"),
        ("2x2:5o", 5, "5 is not a number 1..4"),
        ("2x2:1,o", 5, "GRID with no commas"),
        ("2x2:1o!", 7, "unexpected '!'"),
        ("2x2k:p", 6, "GRID,CAGES,SUMS"),
    ],
)
def test_solo_malformed_ids(text: str, column: int, words: str) -> None:
    error = read_error(tatham.read_solo, text)
    assert error.line == 1 and error.column == column, error
    assert words in error.problem


def test_solo_killer_sums_must_be_one_per_cage() -> None:
    # 2x2 killer: rows are cages (walls everywhere except inside rows).
    blocks = tatham.encode_blocks(4, [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]])
    good = f"2x2k:p,{blocks},10c10c10c10c"
    [puzzle] = tatham.read_solo(good)
    assert puzzle.variant == "killer" and len(puzzle.cages) == 4
    assert tatham.write_solo(puzzle) == good.replace(
        blocks, tatham.encode_blocks(4, [c.cells for c in puzzle.cages], compress=False)
    )
    assert "has 0 sums" in read_error(tatham.read_solo, f"2x2k:p,{blocks},10c10c10g").problem
    assert "has 2 sums" in read_error(tatham.read_solo, f"2x2k:p,{blocks},10_1b10c10c10c").problem


def test_solo_overlapping_or_partial_killer_cages_cannot_be_written() -> None:
    partial = Puzzle.killer([(3, [0, 1])], box=(2, 2))
    with pytest.raises(ValueError, match="every cell"):
        tatham.write_solo(partial)
    overlapping = Puzzle.killer([(3, [0, 1]), (3, [1, 2])], box=(2, 2))
    assert any("overlaps" in m for m in errors(overlapping))
    with pytest.raises(ValueError):
        tatham.write_solo(overlapping)


def test_solo_write_refuses_latin_squares() -> None:
    with pytest.raises(ValueError, match="Sudoku"):
        tatham.write_solo(Puzzle.latin("." * 25))


# Detection ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n"
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000\n",
        "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
        "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n",
        "[[5, 3, 0], [6, 0, 0], [0, 9, 8]]\n",
        '{"variant": "kenken", "size": 3}\n',
        "12\n21\n",
        "1234\n",
    ],
)
def test_other_formats_are_not_claimed(text: str) -> None:
    assert claimed_by(text) == []


def test_registry_detects_each_file() -> None:
    from latinum.formats import registry

    try:
        registry._load()
    except ImportError:
        pytest.skip("the other format modules are not written yet")
    for path in FIXTURES.glob("*"):
        if path.suffix in (".in", ".txt"):
            assert registry.detect(path.read_text()).name in ("calcudoku", "mathdoku"), path


# The full data sets (skipped without /work/shared/data) -----------------


def data_records(relative: str) -> list[dict]:
    path = DATA / relative
    if not path.exists():
        pytest.skip(f"{path} not found")
    return records(path)


def test_every_keen_id_in_the_data() -> None:
    for record in data_records("kenken/keen-graded.jsonl"):
        check_keen(record)


def test_every_solo_id_in_the_data() -> None:
    for record in data_records("sudoku/solo-graded.jsonl"):
        check_solo(record)


def test_every_solo_killer_id_in_the_data() -> None:
    for record in data_records("killer/solo-killer-graded.jsonl"):
        check_solo(record)


# benchmarks/check_data.py on a small copy of the data layout ------------


def test_check_data_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util
    import shutil
    import sys

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "check_data.py"
    spec = importlib.util.spec_from_file_location("check_data", script)
    assert spec is not None and spec.loader is not None
    check_data = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "check_data", check_data)
    spec.loader.exec_module(check_data)

    cage = tmp_path / "calcudoku-mathdoku"
    (cage / "raw").mkdir(parents=True)
    for path in FIXTURES.glob("*"):
        if path.name.startswith(("test", "mathdoku-")):
            shutil.copy(path, cage / "raw" / path.name)
    for name in ("calcudoku_calpoly.jsonl", "mathdoku_dal.jsonl"):
        shutil.copy(FIXTURES / name, cage / name)
    (tmp_path / "kenken").mkdir()
    shutil.copy(FIXTURES / "keen.jsonl", tmp_path / "kenken" / "keen-graded.jsonl")
    (tmp_path / "killer").mkdir()
    shutil.copy(FIXTURES / "solo-killer.jsonl", tmp_path / "killer" / "solo-killer-graded.jsonl")
    (tmp_path / "sudoku").mkdir()
    shutil.copy(FIXTURES / "solo.jsonl", tmp_path / "sudoku" / "solo-graded.jsonl")

    assert check_data.main(["--data", str(tmp_path), "--limit", "3"]) == 0
    table = capsys.readouterr().out
    assert "calcudoku-mathdoku/raw/mathdoku-*.txt" in table and "kenken/keen-graded.jsonl" in table
    assert check_data.main(["--data", str(tmp_path / "absent")]) == 0
    assert "data not found, skipping" in capsys.readouterr().out
