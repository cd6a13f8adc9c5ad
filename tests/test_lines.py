"""solve_line, count_line, solve_lines and count_lines: the answers and errors of
solve and count_solutions on Puzzle.sudoku(line), on both engines."""

from __future__ import annotations

import doctest
import io
import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import latinum
from conftest import needs_native
from latinum import (
    InvalidArgument,
    InvalidPuzzle,
    LatinumError,
    Puzzle,
    Unsolvable,
    count_line,
    count_lines,
    count_solutions,
    solve,
    solve_line,
    solve_lines,
)
from latinum.solver import lines as line_module
from latinum.solver.engines import VARIABLE
from strategies import latin_puzzles, sudoku_puzzles

FIXTURES = Path(__file__).parent / "fixtures" / "solver"
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
BOXES = ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4), (4, 5), (5, 5))


def fixture_lines(name: str) -> list[str]:
    return [line.split()[0] for line in (FIXTURES / name).read_text().splitlines() if line]


def expected(line: str, **rules: object) -> str:
    """What solve gives on the puzzle of ``line``."""
    return solve(line_module.LineRules(**rules).puzzle(line)).line()  # type: ignore[arg-type]


def grid_of(line: str) -> latinum.Grid:
    return latinum.Grid.of(Puzzle.latin(line).givens)


def error_of(call: Callable[[], object]) -> tuple[type, str]:
    with pytest.raises(LatinumError) as raised:
        call()
    return type(raised.value), str(raised.value)


def test_the_doctests_pass() -> None:
    assert doctest.testmod(line_module).failed == 0


def test_a_line_is_solved_and_counted(engine: str) -> None:
    assert solve_line(PUZZLE) == SOLUTION
    assert solve_line(f"  {PUZZLE}\n") == SOLUTION
    assert count_line(PUZZLE) == 1
    assert count_line("." * 16, limit=None) == 288
    assert count_line("." * 16, limit=5) == 5
    assert count_line(".........", variant="latin", limit=None) == 12
    assert latinum.count_line("1" + "." * 15, box=(2, 2), limit=None) == 288 // 4


@pytest.mark.parametrize("name", ["sudoku9.txt", "multiple.txt"])
def test_every_form_answers_as_solve_does(engine: str, name: str) -> None:
    lines = fixture_lines(name)
    wanted = [expected(line) for line in lines]
    counts = [count_solutions(Puzzle.sudoku(line), 3) for line in lines]
    assert [solve_line(line) for line in lines] == wanted
    assert list(solve_lines(lines)) == wanted
    assert [count_line(line, 3) for line in lines] == counts
    assert list(count_lines(lines, 3)) == counts


@settings(max_examples=60, deadline=None)
@given(
    pair=st.one_of(sudoku_puzzles(boxes=BOXES[:7]), latin_puzzles(sizes=range(1, 8))),
    seed=st.integers(0, 3),
)
def test_random_lines_of_every_shape_answer_as_solve_does(
    pair: tuple[Puzzle, tuple], seed: int
) -> None:
    puzzle, _ = pair
    line = puzzle.grid.line()
    if puzzle.variant == "latin":
        rules: dict = {"variant": "latin"}
    else:
        rules = {"box": puzzle.geometry.box}
    found = solve_line(line, seed=seed, **rules)
    assert found == solve(puzzle, seed=seed).line()
    assert puzzle.is_solution(grid_of(found))
    assert count_line(line, 10, **rules) == count_solutions(puzzle, 10)


@needs_native
@settings(max_examples=30, deadline=None)
@given(pair=st.one_of(sudoku_puzzles(boxes=BOXES[:5]), latin_puzzles(sizes=range(1, 7))))
def test_rust_counts_agree_with_the_pure_engine(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    rules = {"variant": "latin"} if puzzle.variant == "latin" else {"box": puzzle.geometry.box}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(VARIABLE, "python")
        pure = count_solutions(puzzle, 30)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(VARIABLE, "native")
        assert count_line(puzzle.grid.line(), 30, **rules) == pure


def test_sudoku_x_and_big_grids(engine: str) -> None:
    x_line = "." * 81
    assert solve_line(x_line, diagonals=True) == expected(x_line, diagonals=True)
    grid = grid_of(solve_line(x_line, diagonals=True))
    assert Puzzle.sudoku(x_line, diagonals=True).is_solution(grid)
    if engine == "native":
        for size in (12, 16, 25):
            line = "." * size * size
            assert solve_line(line) == expected(line)


BAD_LINES = [
    "x" + PUZZLE[1:],  # no value
    "55" + PUZZLE[2:],  # two equal givens
    PUZZLE[1:],  # 80 cells
    "z" + PUZZLE[1:],  # a value above 9
    "*" + PUZZLE[1:],  # not a blank here
    "12" + PUZZLE[2:],  # no solution
    "1" + "." * 24,  # 5x5: no usual box
    "1" * 26 * 26,  # too big
    "",
]


@pytest.mark.parametrize("line", BAD_LINES)
def test_a_bad_line_raises_what_solve_raises(engine: str, line: str) -> None:
    wanted = error_of(lambda: solve(Puzzle.sudoku(line)))
    assert error_of(lambda: solve_line(line)) == wanted
    if wanted[0] is not Unsolvable:
        assert error_of(lambda: count_line(line)) == error_of(
            lambda: count_solutions(Puzzle.sudoku(line))
        )


def test_a_box_that_does_not_tile_is_refused_as_by_puzzle_sudoku(engine: str) -> None:
    wanted = error_of(lambda: Puzzle.sudoku(PUZZLE, (2, 2)))
    assert error_of(lambda: solve_line(PUZZLE, box=(2, 2))) == wanted
    assert wanted[0] is InvalidPuzzle


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve_line(PUZZLE, variant="killer"),
        lambda: solve_line(PUZZLE, box=3),
        lambda: solve_line(PUZZLE, box=(0, 9)),
        lambda: solve_line(PUZZLE, variant="latin", diagonals=True),
        lambda: solve_line(PUZZLE, seed=None),
        lambda: solve_line(81),
        lambda: count_line(PUZZLE, limit=0),
        lambda: solve_lines(PUZZLE),
    ],
)
def test_bad_arguments_are_refused_at_the_door(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument):
        call()


def test_lines_skip_blanks_and_comments_and_name_a_bad_line(engine: str) -> None:
    lines = ["# a comment", "", PUZZLE, "55" + PUZZLE[2:], "12" + PUZZLE[2:], "." * 16]
    answers = solve_lines(lines)
    assert next(answers) == SOLUTION
    with pytest.raises(InvalidPuzzle, match=r"^line 4: r1c1 and r1c2 both hold 5"):
        next(answers)
    errors: list[LatinumError] = []
    assert list(solve_lines(lines, on_error=errors.append)) == [SOLUTION, expected("." * 16)]
    assert [type(error) for error in errors] == [InvalidPuzzle, Unsolvable]
    assert str(errors[1]) == "line 5: the puzzle has no solution"
    counted: list[LatinumError] = []
    assert list(count_lines(lines, on_error=counted.append)) == [1, 0, 2]
    assert [str(error) for error in counted] == [str(errors[0])]


def test_lines_come_in_order_across_chunks_from_a_file(
    engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(line_module, "CHUNK", 7)
    lines = fixture_lines("sudoku9.txt") + fixture_lines("multiple.txt")
    text = io.StringIO("\n".join(lines) + "\n")
    assert list(solve_lines(text)) == [expected(line) for line in lines]


def test_lines_are_read_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_module, "CHUNK", 4)
    read = 0

    def endless() -> itertools.count:
        nonlocal read
        while True:
            read += 1
            yield PUZZLE

    first = list(itertools.islice(solve_lines(endless()), 6))
    assert first == [SOLUTION] * 6 and read <= 8


@needs_native
def test_rust_answers_the_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "native")
    monkeypatch.setattr(line_module, "solve", None)  # Python would fail
    monkeypatch.setattr(line_module, "count_solutions", None)
    lines = fixture_lines("sudoku9.txt")
    assert list(solve_lines(lines)) == [solve_line(line) for line in lines]
    assert list(count_lines(lines)) == [1] * len(lines)


@needs_native
@pytest.mark.skipif(not (DATA / "sudoku").is_dir(), reason="shared data absent")
def test_every_form_agrees_with_solve_on_samples_of_every_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(VARIABLE, "native")
    for path in sorted((DATA / "sudoku").glob("puzzles*.txt")):
        if ".solution" in path.name:
            continue
        every = path.read_text().split()
        lines = every[:: max(1, len(every) // 50)]
        wanted = [solve(Puzzle.sudoku(line)).line() for line in lines]
        assert [solve_line(line) for line in lines] == wanted, path.name
        assert list(solve_lines(lines)) == wanted, path.name
        counts = [count_solutions(Puzzle.sudoku(line)) for line in lines]
        assert list(count_lines(lines)) == counts, path.name


def test_a_line_that_is_no_text_is_refused_on_both_engines(engine: str) -> None:
    for call in (lambda: solve_line(81), lambda: count_line(None), lambda: list(solve_lines([1]))):
        with pytest.raises(InvalidArgument, match="a line is a str"):
            call()
