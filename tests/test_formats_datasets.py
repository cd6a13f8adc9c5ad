"""Datasets: puzzle-plus-solution lines, CSV tables, JSON solutions and Tatham's IDs."""

from __future__ import annotations

import json as jsonlib
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from latinum import Grid, ParseError, Puzzle, io
from latinum.formats import FORMATS, detect, read_text, write
from latinum.formats.tatham import write_keen, write_solo
from strategies import kenken_puzzles, killer_puzzles, latin_puzzles, sudoku_puzzles

FIXTURES = Path(__file__).parent / "fixtures" / "formats"
PUZZLE = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
SOLUTION = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
SOLO = "3x3:a5_7a4_2c2e5b3_6a1f2_8_6e5a9c4a8e5_7_9f6a5_9b3e4c2_7a8_3a"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def values(line: str) -> tuple[int, ...]:
    """The values of a line of digits."""
    return tuple(int(char) for char in line)


def read_error(text: str, fmt: str | None = None) -> ParseError:
    """The ParseError of reading ``text`` from the source ``in.txt``."""
    with pytest.raises(ParseError) as caught:
        read_text(text, fmt, "in.txt")
    return caught.value


# Puzzle-plus-solution lines ---------------------------------------------------


@pytest.mark.parametrize("separator", [" ", ",", "\t"])
def test_pair_line_keeps_the_solution(separator: str) -> None:
    fmt, [puzzle] = read_text(f"{PUZZLE}{separator}{SOLUTION}\n")
    assert fmt.name == "line"
    assert puzzle == read_text(PUZZLE)[1][0]
    assert puzzle.solution == values(SOLUTION)
    assert puzzle.is_solution(puzzle.solution)


def test_mixed_batch_of_plain_and_pair_lines() -> None:
    puzzles = io.read_all(FIXTURES / "line-pairs.txt")
    assert [p.solution is not None for p in puzzles] == [True, True, True, False]
    for puzzle in puzzles[:3]:
        assert puzzle.is_solution(puzzle.solution)
    lines = [f"{PUZZLE}", f"{PUZZLE},{SOLUTION}", f"{PUZZLE}\t{SOLUTION}"]
    assert [p.solution for p in io.read_all("\n".join(lines))] == [None, *[values(SOLUTION)] * 2]


def test_a_pair_on_the_first_line_is_detected() -> None:
    text = f"{PUZZLE} {SOLUTION}\n{PUZZLE}\n"
    assert detect(text).name == "line"
    assert io.read(text).solution == values(SOLUTION)


def test_16x16_pairs_in_either_style() -> None:
    givens, solution = (FIXTURES / "expected-16x16.txt").read_text().split()[:2]
    hex_line = (FIXTURES / "line-16x16-hex.txt").read_text().split()[-1]
    hex_solution = "".join("0123456789ABCDEF"[int(char, 17) - 1] for char in solution)
    expected = io.read(givens)
    for puzzle_text in (givens, hex_line):
        for solution_text in (solution, hex_solution):
            puzzle = io.read(f"{puzzle_text} {solution_text}")
            assert puzzle == expected
            assert puzzle.solution == tuple(int(char, 17) for char in solution)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 9])
def test_pairs_of_digits_only_are_lines_not_pencil_marks(count: int) -> None:
    text = f"{PUZZLE.replace('.', '0')} {SOLUTION}\n" * count
    assert detect(text).name == "line"


def test_written_lines_hold_the_puzzle_only() -> None:
    puzzle = io.read(f"{PUZZLE} {SOLUTION}")
    assert write(puzzle, "line") == PUZZLE


BLANKED = SOLUTION[:10] + "." + SOLUTION[11:]
# text, line, column, words in the message (each text is read after a good line)
MALFORMED_PAIRS = [
    (f"{PUZZLE} {SOLUTION} 2.3", 164, ["space after the solution"]),
    (f"{PUZZLE}  {SOLUTION}", 83, ["two separators"]),
    (f"{PUZZLE},,{SOLUTION}", 83, ["two separators"]),
    (f"{PUZZLE} {SOLUTION[:-1]}", 83, ["80 characters", "81"]),
    (f"{PUZZLE}\t{SOLUTION}9", 83, ["82 characters"]),
    (f"{PUZZLE} {BLANKED}", 93, ["blank '.'", "complete grid"]),
    (f"{PUZZLE} {SOLUTION[:10]}?{SOLUTION[11:]}", 93, ["'?'"]),
    (f"{PUZZLE},{SOLUTION[:10]}A{SOLUTION[11:]}", 93, ["letter 'A'"]),
    (f"{PUZZLE[:36]} {PUZZLE[36:]}", 37, ["space inside"]),
    (f"{PUZZLE[:40]},{PUZZLE[40:]}", 41, ["',' inside"]),
]


@pytest.mark.parametrize(("text", "column", "words"), MALFORMED_PAIRS)
def test_malformed_pair_names_line_and_column(text: str, column: int, words: list[str]) -> None:
    error = read_error(f"{PUZZLE} {SOLUTION}\n{text}\n")
    assert (error.source, error.line, error.column) == ("in.txt", 2, column), str(error)
    for word in words:
        assert word in error.problem


@SETTINGS
@given(
    pair=st.one_of(sudoku_puzzles(boxes=((2, 2), (2, 3), (3, 3), (4, 4))), latin_puzzles()),
    separator=st.sampled_from([" ", ",", "\t"]),
)
def test_pair_lines_round_trip(pair: tuple[Puzzle, tuple[int, ...]], separator: str) -> None:
    puzzle, solution = pair
    text = f"{puzzle.grid.line()}{separator}{Grid(puzzle.size, solution).line()}\n"
    [back] = read_text(text, "line")[1]
    assert (back.givens, back.solution) == (puzzle.givens, solution)
    if puzzle.size > 3:
        assert detect(text * 2).name == "line", text


# CSV datasets --------------------------------------------------------------------


def test_kaggle_csv() -> None:
    text = (FIXTURES / "kaggle.csv").read_text()
    puzzles = io.read_all(FIXTURES / "kaggle.csv")
    assert detect(text).name == "csv"
    rows = [line.split(",") for line in text.splitlines()[1:]]
    assert len(puzzles) == len(rows) == 5
    for puzzle, (quiz, solution) in zip(puzzles, rows, strict=True):
        assert puzzle == read_text(quiz, "line")[1][0]
        assert puzzle.solution == values(solution)
        assert puzzle.is_solution(puzzle.solution)


def test_wider_header_with_quotes_and_other_columns() -> None:
    text = (
        "id,Puzzle,SOLUTION,clues,difficulty\n"
        f'1,"{PUZZLE}",{SOLUTION},36,0.0\n'
        "\n"
        f'2,{PUZZLE},"{SOLUTION}","36","1,5"\n'
    )
    fmt, puzzles = read_text(text)
    assert fmt.name == "csv"
    assert [p.solution for p in puzzles] == [values(SOLUTION)] * 2


@pytest.mark.parametrize("header", ["quizzes", "puzzle,rating", "question,id"])
def test_csv_without_a_solution_column(header: str) -> None:
    row = ",".join([PUZZLE, "7"][: header.count(",") + 1])
    fmt, [puzzle] = read_text(f"{header}\n{row}\n")
    assert fmt.name == "csv"
    assert puzzle.solution is None
    assert puzzle == read_text(PUZZLE)[1][0]


# text, line, column, words in the message
MALFORMED_CSV = [
    (f"id,grid,solution\n1,{PUZZLE},{SOLUTION}\n", 1, None, ["no puzzle column", "quizzes"]),
    (f"puzzle,solution\n{PUZZLE},{SOLUTION}\n{PUZZLE}\n", 3, None, ["1 columns", "has 2"]),
    (f"puzzle,solution\n{PUZZLE},{SOLUTION},9\n", 2, None, ["3 columns"]),
    (f'id,puzzle\n7,"{PUZZLE[:5]}?{PUZZLE[6:]}"\n', 2, 9, ["'?'"]),
    (f"quizzes,solutions\n{PUZZLE},{BLANKED}\n", 2, 93, ["blank"]),
    (f"quizzes,solutions\n{PUZZLE[:80]},{SOLUTION}\n", 2, None, ["80 characters"]),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), MALFORMED_CSV)
def test_malformed_csv_names_the_line(
    text: str, line: int, column: int | None, words: list[str]
) -> None:
    error = read_error(text)
    assert (error.source, error.line, error.column) == ("in.txt", line, column), str(error)
    for word in words:
        assert word in error.problem


def test_csv_is_read_only_and_writes_solved_rows() -> None:
    puzzle = io.read(f"{PUZZLE} {SOLUTION}")
    with pytest.raises(ValueError, match="read-only"):
        write(puzzle, "csv")
    row = FORMATS["csv"].write_solution(puzzle, Grid(9, values(SOLUTION)))  # type: ignore[misc]
    assert row == f"{PUZZLE},{SOLUTION}"
    assert io.read(row).solution == values(SOLUTION)


@SETTINGS
@given(pairs=st.lists(sudoku_puzzles(boxes=((2, 2), (3, 3))), min_size=1, max_size=4))
def test_csv_rows_read_back(pairs: list[tuple[Puzzle, tuple[int, ...]]]) -> None:
    rows = [f"{p.grid.line()},{Grid(p.size, s).line()}" for p, s in pairs]
    fmt, puzzles = read_text("\n".join(["puzzle,solution", *rows]))
    assert fmt.name == "csv"
    assert [(p.givens, p.solution) for p in puzzles] == [(p.givens, s) for p, s in pairs]


# JSON keeps the solution -------------------------------------------------------


def test_json_keeps_the_solution_of_a_dataset() -> None:
    puzzle = io.read(f"{PUZZLE},{SOLUTION}")
    text = write(puzzle, "json")
    assert jsonlib.loads(text)["solution"] == SOLUTION
    fmt, [back] = read_text(text)
    assert fmt.name == "json"
    assert (back, back.solution) == (puzzle, values(SOLUTION))
    assert "solution" not in jsonlib.loads(write(io.read(PUZZLE), "json"))


@SETTINGS
@given(pair=st.one_of(sudoku_puzzles(), latin_puzzles(), kenken_puzzles(), killer_puzzles()))
def test_json_round_trip_with_solution(pair: tuple[Puzzle, tuple[int, ...]]) -> None:
    puzzle, solution = pair
    with_solution = Puzzle(
        puzzle.variant, puzzle.geometry, puzzle.givens, puzzle.cages, solution=solution
    )
    [back] = FORMATS["json"].read(write(with_solution, "json"), None)
    assert (back, back.solution) == (puzzle, solution)


# Simon Tatham's IDs ---------------------------------------------------------------

SOLO_SUFFIXES = ["db", "dt", "du", "a", "r2", "r4", "m2", "m4", "m8", "md2", "md4", "r4de", "adi"]


def _with_params(game_id: str, suffix: str) -> str:
    params, description = game_id.split(":", 1)
    return f"{params}{suffix}:{description}"


@pytest.mark.parametrize("suffix", SOLO_SUFFIXES)
def test_solo_suffixes_do_not_change_the_puzzle(suffix: str) -> None:
    fmt, [puzzle] = read_text(_with_params(SOLO, suffix))
    assert fmt.name == "solo"
    assert puzzle == io.read(SOLO)


def test_solo_x_and_k_are_kept_with_suffixes() -> None:
    plain = io.read(SOLO)
    diagonal = io.read(_with_params(SOLO, "xm4db"))
    assert diagonal.geometry.diagonals and diagonal.givens == plain.givens
    assert io.read(_with_params(SOLO, "x")) == diagonal


@SETTINGS
@given(
    pair=st.one_of(sudoku_puzzles(boxes=((2, 2), (3, 3))), killer_puzzles()),
    symmetry=st.sampled_from(["", "a", "r2", "r4", "m2", "m4", "m8", "md2", "md4"]),
    level=st.sampled_from(["", "dt", "db", "di", "da", "de", "du"]),
)
def test_solo_ids_with_suffixes_round_trip(
    pair: tuple[Puzzle, tuple[int, ...]], symmetry: str, level: str
) -> None:
    puzzle, _ = pair
    game_id = write_solo(puzzle).strip()
    assert io.read(_with_params(game_id, symmetry + level)) == puzzle


@SETTINGS
@given(
    pair=kenken_puzzles(sizes=range(3, 8)),
    suffix=st.sampled_from(["de", "dn", "dh", "dx", "du", "dhm", "m", "dem"]),
)
def test_keen_suffixes_round_trip(pair: tuple[Puzzle, tuple[int, ...]], suffix: str) -> None:
    puzzle, _ = pair
    text = _with_params(write_keen(puzzle).strip(), suffix)
    fmt, [back] = read_text(text)
    assert fmt.name == "keen"
    assert back == FORMATS["keen"].read(write_keen(puzzle), None)[0]


# game ID, format it is routed to, column, words in the message
REFUSED_IDS = [
    ("9j:" + "a" * 3 + ",abc", "solo", 7, ["the grid holds 3 of 81 cells"]),
    ("3j:abc,_a", "solo", 7, ["the grid holds 6 of 9 cells"]),
    ("3x3j:abc,_a", "solo", 9, ["the grid holds 6 of 81 cells"]),
    ("6dh#381974617", "keen", 4, ["random seed", "game ID", "':'"]),
    ("3x3#12345", "solo", 4, ["random seed"]),
    ("3x3kdb#12345", "solo", 7, ["random seed"]),
    ("4dnm#1", "keen", 5, ["random seed"]),
    (_with_params(SOLO, "dq"), "solo", 4, ["unknown Solo parameter 'dq'"]),
    (_with_params(SOLO, "mdr2"), "solo", 4, ["unknown Solo parameter"]),
    ("4dq:_a_a__a_ba_a__a__,m12m4s1a5d2s2a7d2", "keen", 1, ["difficulty 'q'"]),
]


@pytest.mark.parametrize(("game_id", "fmt", "column", "words"), REFUSED_IDS)
def test_refused_ids_say_why(game_id: str, fmt: str, column: int, words: list[str]) -> None:
    assert detect(game_id).name == fmt
    error = read_error(game_id + "\n")
    assert (error.line, error.column) == (1, column), str(error)
    for word in words:
        assert word in error.problem
    with pytest.raises(ParseError, match=re.escape(words[0])):
        io.read(game_id)
