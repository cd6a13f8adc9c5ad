"""The plain-grid formats (line, grid, boxed, pylist, json) and auto-detection."""

from __future__ import annotations

import json as jsonlib
from pathlib import Path

import pytest

from latinum import Geometry, ParseError, Puzzle
from latinum.formats import FORMATS, detect, get, read_text, registry, write
from latinum.formats.grid import read_pencil_marks
from latinum.formats.json import Progress, dumps, loads
from latinum.formats.line import is_hex

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
SEED = "..4....673..47...515.82...3..6....318.21.56.441....9..7...8..466...12...93....71."
STEPS = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
VALID = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ROWS = [VALID[i : i + 9] for i in range(0, 81, 9)]

# fixture, format detection must choose, puzzles, size, box
PLAIN_FIXTURES = [
    ("line-9x9.txt", "line", 7, 9, (3, 3)),
    ("line-16x16.txt", "line", 1, 16, (4, 4)),
    ("line-16x16-hex.txt", "line", 1, 16, (4, 4)),
    ("line-latin-5x5.txt", "line", 3, 5, None),
    ("grid-steps.txt", "grid", 1, 9, (3, 3)),
    ("grid-16x16-numbers.txt", "grid", 1, 16, (4, 4)),
    ("grid-12x12.txt", "grid", 1, 12, (3, 4)),
    ("grid-6x6-boxes-3x2.txt", "grid", 1, 6, (3, 2)),
    ("boxed-6x6.txt", "grid", 1, 6, (2, 3)),
    ("boxed-9x9.txt", "grid", 1, 9, (3, 3)),
    ("puzzle.sdk", "grid", 1, 9, (3, 3)),
    ("pencil-marks.txt", "grid", 1, 9, (3, 3)),
    ("pylist-sets.py.txt", "pylist", 1, 9, (3, 3)),
    ("json-killer.json", "json", 1, 4, (2, 2)),
    ("json-batch.jsonl", "json", 2, None, None),
    ("json-list.json", "json", 2, None, None),
]
OTHER_FIXTURES = [
    ("calcudoku-5x5.in", "calcudoku"),
    ("calcudoku-test1.in", "calcudoku"),
    ("mathdoku-4hard.txt", "mathdoku"),
    ("keen-id.txt", "keen"),
    ("solo-id.txt", "solo"),
]


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text()


@pytest.mark.parametrize(("name", "fmt", "count", "size", "box"), PLAIN_FIXTURES)
def test_fixture_is_detected_and_read(
    name: str, fmt: str, count: int, size: int | None, box: tuple[int, int] | None
) -> None:
    found, puzzles = read_text(fixture(name), source=name)
    assert found.name == fmt
    assert len(puzzles) == count
    if size is not None:
        assert {p.size for p in puzzles} == {size}
        assert {p.geometry.box for p in puzzles} == {box}
    for puzzle in puzzles:
        assert not [p for p in puzzle.validate() if p.severity == "error"], name


@pytest.mark.parametrize(("name", "fmt"), OTHER_FIXTURES)
def test_other_formats_are_not_claimed(name: str, fmt: str) -> None:
    registry._load()
    plain = {"line", "grid", "boxed", "pylist", "json"}
    claimed = [f.name for f in FORMATS.values() if f.name in plain and f.sniff(fixture(name))]
    assert claimed == []
    if fmt in FORMATS:
        assert detect(fixture(name)).name == fmt


def test_seed_examples_agree() -> None:
    pylist = read_text(fixture("pylist-sets.py.txt"))[1][0]
    boxed = read_text(fixture("boxed-9x9.txt"))[1][0]
    assert pylist == boxed == Puzzle.sudoku(SEED)
    assert read_text(fixture("grid-steps.txt"))[1][0] == Puzzle.sudoku(STEPS)


def test_sixteen_by_sixteen_spellings_agree() -> None:
    givens, solution = fixture("expected-16x16.txt").split()
    expected = Puzzle.sudoku(givens)
    for name in ("line-16x16.txt", "line-16x16-hex.txt", "grid-16x16-numbers.txt"):
        assert read_text(fixture(name))[1][0] == expected, name
    assert expected.is_solution(Puzzle.sudoku(solution).givens)


def test_hex_rule() -> None:
    hex_line = fixture("line-16x16-hex.txt").strip()
    assert is_hex(hex_line)
    assert not is_hex(fixture("line-16x16.txt").strip())
    assert not is_hex(hex_line.replace(".", "0"))  # 0 could be the blank
    assert not is_hex(hex_line.replace("F", "G"))


def test_box_shape_from_separators() -> None:
    expected = fixture("expected-6x6-3x2.txt").strip()
    puzzle = read_text(fixture("grid-6x6-boxes-3x2.txt"))[1][0]
    assert puzzle == Puzzle.sudoku(expected, box=(3, 2))


def test_pencil_marks() -> None:
    puzzle, candidates = read_pencil_marks(fixture("pencil-marks.txt"))
    assert candidates[2] == {3, 5}
    assert candidates[0] == {8} and puzzle.givens[0] == 8
    assert puzzle.givens[2] == 0
    assert all(len(c) == 1 for c, v in zip(candidates, puzzle.givens, strict=True) if v)
    _, full = read_pencil_marks(fixture("grid-steps.txt"))
    assert full[0] == frozenset(range(1, 10)) and full[1] == {4}


def test_prime_sizes_are_latin_squares() -> None:
    puzzles = read_text(fixture("line-latin-5x5.txt"))[1]
    assert {p.variant for p in puzzles} == {"latin"}


def test_line_blanks_and_comments() -> None:
    text = "# comment\n\n" + VALID.replace(".", "0") + "\n" + VALID.replace(".", "_") + "\n"
    fmt, puzzles = read_text(text)
    assert fmt.name == "line"
    assert puzzles == [Puzzle.sudoku(VALID)] * 2


def test_grid_variants_read_the_same() -> None:
    expected = Puzzle.sudoku(VALID)
    spaced = "\n".join(" ".join(row.replace(".", "0")) for row in ROWS)
    grouped = "\n".join(" ".join(row[i : i + 3] for i in range(0, 9, 3)) for row in ROWS)
    underscores = "\n".join(row.replace(".", "_") for row in ROWS)
    dashed = "\n".join([*ROWS[:3], "---------", *ROWS[3:6], "---------", *ROWS[6:]])
    for text in (spaced, grouped, underscores, dashed, "\n".join(ROWS)):
        fmt, puzzles = read_text(text + "\n")
        assert fmt.name == "grid", text
        assert puzzles == [expected]


def test_pylist_variants() -> None:
    rows = [[int(c) if c != "." else 0 for c in row] for row in ROWS]
    text = f"# the seed's puzzle\nsudoku = {rows!r}  # trailing comment\n"
    assert read_text(text)[1] == [Puzzle.sudoku(VALID)]
    with_none = repr([[v or None for v in row] for row in rows]).replace("]]", "],]")
    assert read_text(with_none)[1] == [Puzzle.sudoku(VALID)]
    flat = repr([v for row in rows for v in row])
    assert read_text(flat, "pylist")[1] == [Puzzle.sudoku(VALID)]


def test_json_documents() -> None:
    docs = loads(fixture("json-killer.json"))
    assert len(docs) == 1
    doc = docs[0]
    assert doc.puzzle.variant == "killer" and doc.solution is not None
    assert doc.puzzle.is_solution(doc.solution)
    assert doc.progress is not None and doc.progress.seconds == 42.5
    text = dumps(doc.puzzle, doc.solution, doc.progress)
    again = loads(text)[0]
    assert again == doc
    batch = loads(fixture("json-batch.jsonl"))
    assert [d.puzzle.variant for d in batch] == ["kenken", "sudoku"]
    assert batch[1].puzzle.geometry.box == (2, 3)


def test_json_progress_round_trip() -> None:
    puzzle = Puzzle.sudoku(VALID)
    pencil = tuple(frozenset({1, 2}) if cell == 2 else frozenset() for cell in range(81))
    progress = Progress(values=(0, 0, 4, *([0] * 78)), pencil=pencil)
    doc = loads(dumps(puzzle, progress=progress, indent=2))[0]
    assert doc.progress == progress and doc.solution is None


def test_json_rating_is_kept_and_written_back() -> None:
    rated = loads(_json(**{"x-rating": {"level": "Hard", "score": 4, "hardest": "X-Wing"}}))
    puzzle = rated[0].puzzle
    assert (puzzle.level, puzzle.score) == ("Hard", 4.0)
    assert jsonlib.loads(dumps(puzzle))["x-rating"] == {"level": "Hard", "score": 4.0}
    assert "x-rating" not in jsonlib.loads(dumps(Puzzle.sudoku(VALID)))


@pytest.mark.parametrize(
    "rating", [None, "Hard", [], {"level": 3, "score": "4"}, {"score": True}, {"score": 1e999}]
)
def test_json_rating_of_the_wrong_kind_is_left_out(rating: object) -> None:
    puzzle = loads(_json(**{"x-rating": rating}))[0].puzzle
    assert puzzle.level is None and puzzle.score is None


def _json(**fields: object) -> str:
    base: dict = {"format": "latinum", "version": 1, "variant": "sudoku", "size": 4}
    base["givens"] = "1..." + "." * 12
    base.update(fields)
    return jsonlib.dumps({k: v for k, v in base.items() if v is not ...})


# format (None: detected), text, line, column, words in the message; a JSON object on
# one line is a JSON-lines batch of one, so its problems name line 1
MALFORMED = [
    ("line", VALID[:80], 1, None, ["80", "square"]),
    (None, "# c\n" + VALID + "\n" + VALID[:40] + "?" + VALID[41:], 3, 41, ["'?'"]),
    (None, "123434122143435.", 1, 15, ["5", "above 4"]),
    (None, "." * 676, 1, None, ["26x26", "25x25"]),
    ("line", "." * 1000, 1, None, ["1000", "625"]),
    ("line", VALID[:40] + " " + VALID[41:], 1, 41, ["space"]),
    (None, "\n".join(ROWS[:8]), 8, None, ["8 rows", "9x9"]),
    (None, "\n".join([*ROWS[:4], ROWS[4][:7], *ROWS[5:]]), 5, None, ["7 cells", "9"]),
    (None, "\n".join([*ROWS[:2], "x" + ROWS[2][1:], *ROWS[3:]]), 3, 1, ["'x'"]),
    (None, "\n".join([*ROWS, ROWS[0]]), 10, None, ["10 rows"]),
    ("grid", "\n".join(["." * 26] * 26), 1, None, ["26x26", "25x25"]),
    ("grid", "", None, None, ["empty"]),
    ("grid", "1 2\n2 ?\n", 2, 3, ["'?'"]),
    (None, "[[1, 2, 3, 4], [3, 4, 1], [2, 1, 4, 3], [4, 3, 2, 1]]", 1, 16, ["row 2", "3 values"]),
    (None, "[[1, 2],\n [2, 'x']]", 2, 6, ["not a number"]),
    (None, "[[1, 2],\n [2, 3]]", 2, 6, ["outside"]),
    (None, "[[1, 2],\n [2, 1]", 1, 1, ["not a Python list"]),
    ("pylist", "__import__('os').system('echo hacked')", 1, 1, ["list"]),
    ("pylist", "a = [[1]]\nb = [[1]]", 2, 1, ["one list"]),
    ("json", "[1, 2, 3]", None, None, ["object"]),
    ("json", '"text"', 1, None, ["object"]),
    ("json", '{"format": "latinum"', 1, 21, ["not JSON"]),
    (None, _json(version=99), 1, None, ["version 99"]),
    (None, _json(size=...), 1, None, ["'size'"]),
    (None, _json(size=26), 1, None, ["26", "25x25"]),
    (None, _json(size="9"), 1, None, ["'size'", "string"]),
    (None, _json(format="other"), 1, None, ["'format'"]),
    (None, _json(variant="chess"), 1, None, ["'variant'"]),
    (None, _json(givens="1" * 15), 1, None, ["15 cells"]),
    (None, _json(box=[3, 3]), 1, None, ["'box'"]),
    (
        None,
        _json(variant="kenken", cages=[{"op": "%", "target": 1, "cells": [0]}]),
        1,
        None,
        ["'op'"],
    ),
    (
        None,
        _json(variant="kenken", cages=[{"op": "+", "cells": [0]}]),
        1,
        None,
        ["cages[0].'target'"],
    ),
    (None, _json() + "\n" + _json(version=2), 2, None, ["version 2"]),
    (None, _json() + "\nnot json", 2, 1, ["not JSON"]),
]


@pytest.mark.parametrize(("fmt", "text", "line", "column", "words"), MALFORMED)
def test_malformed_input_raises_parse_error(
    fmt: str | None, text: str, line: int | None, column: int | None, words: list[str]
) -> None:
    with pytest.raises(ParseError) as caught:
        read_text(text, fmt, "in.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("in.txt", line, column), str(error)
    for word in words:
        assert word in error.problem, error.problem


def test_huge_line_is_refused_fast() -> None:
    with pytest.raises(ParseError, match="MB"):
        read_text("1" * (50 * 1024 * 1024 + 10))
    with pytest.raises(ParseError, match="MB"):
        read_text("1" * (10 * 1024 * 1024), "line")


def test_unknown_format_and_ambiguity(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ParseError, match="nonsense"):
        get("nonsense")
    with pytest.raises(ParseError, match="any known format"):
        detect("hello world, this is prose\n")
    registry._load()
    greedy = registry.Format("greedy", "claims all", lambda t, s: [], lambda t: True)
    monkeypatch.setitem(FORMATS, "greedy", greedy)
    with pytest.raises(ParseError, match=r"ambiguous input.*--from"):
        detect(VALID)


def test_aliases() -> None:
    assert get("sdk").name == "grid"
    assert get("JSONL").name == "json"


@pytest.mark.parametrize("fmt", ["line", "pylist"])
def test_plain_formats_refuse_what_they_cannot_hold(fmt: str) -> None:
    kenken = Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [2, 3])])
    with pytest.raises(ValueError, match="cages"):
        write(kenken, fmt)
    with pytest.raises(ValueError, match="diagonals"):
        write(Puzzle.sudoku(VALID, diagonals=True), fmt)
    with pytest.raises(ValueError, match="3x2"):
        write(Puzzle.sudoku("." * 36, box=(3, 2)), fmt)
    with pytest.raises(ValueError, match="Latin"):
        write(Puzzle.latin("." * 16), fmt)


def test_grid_writes_the_seed_form_and_unusual_boxes() -> None:
    assert write(Puzzle.sudoku(STEPS), "grid") == fixture("grid-steps.txt")
    puzzle = Puzzle("sudoku", Geometry(6, (3, 2)), (1, *([0] * 35)))
    text = write(puzzle, "grid")
    assert "|" in text and read_text(text)[1] == [puzzle]
    big = Puzzle.sudoku(fixture("expected-16x16.txt").split()[0])
    assert "16" in write(big, "grid")
    assert write(Puzzle.sudoku(SEED), "boxed") == fixture("boxed-9x9.txt")


def test_read_takes_text_too_long_to_be_a_file_name() -> None:
    from latinum import read

    solo = "4x4:" + "p" * 300
    with pytest.raises(ParseError):
        read(solo)
