"""Jigsaw Sudoku from Tatham's own Solo generator and Windoku published elsewhere:
each fixture's solution is valid and the only one, by both engines."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from latinum import Puzzle, count_solutions, rate, solve
from latinum.formats.tatham import decode_blocks, decode_grid
from latinum.logic import explain

FIXTURES = Path(__file__).parent / "fixtures"
JIGSAW = list(
    csv.DictReader((FIXTURES / "jigsaw" / "jigsaw.tsv").open(encoding="utf-8"), delimiter="\t")
)
LEVELS = ["Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable"]


def windoku_rows() -> list[tuple[str, str]]:
    """The (givens, solution) pairs of windoku.txt."""
    rows = []
    for line in (FIXTURES / "windoku" / "windoku.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            givens, solution = line.split()
            rows.append((givens, solution))
    return rows


WINDOKU = windoku_rows()


def digits(text: str) -> list[int]:
    return [int(char) for char in text]


def decoded(game_id: str) -> Puzzle:
    """A Solo jigsaw ID (``9j:GRID,BLOCKS``) built from the decoders, not the reader."""
    params, _, description = game_id.partition(":")
    size = int(params.removesuffix("j"))
    grid, blocks = description.split(",")
    return Puzzle.jigsaw(decode_grid(grid, size, 0), decode_blocks(blocks, size, 0))


def test_the_jigsaw_fixtures_cover_both_sizes_at_every_level() -> None:
    seen: dict[tuple[int, str], int] = {}
    for row in JIGSAW:
        key = (len(row["solution"]), row["level"])
        seen[key] = seen.get(key, 0) + 1
    assert seen == {(cells, level): 3 for cells in (36, 81) for level in LEVELS}


@pytest.mark.parametrize("row", JIGSAW, ids=lambda row: row["id"][:14])
def test_the_reader_agrees_with_the_decoders(row: dict[str, str]) -> None:
    puzzle = Puzzle.from_string(row["id"])
    assert puzzle == decoded(row["id"])
    assert puzzle.geometry.regions is not None


@pytest.mark.parametrize("row", JIGSAW, ids=lambda row: row["id"][:14])
def test_tathams_jigsaws_have_his_solution_and_no_other(row: dict[str, str], engine: str) -> None:
    puzzle = Puzzle.from_string(row["id"])
    solution = digits(row["solution"])
    assert puzzle.is_solution(solution)
    assert count_solutions(puzzle, limit=2) == 1
    assert list(solve(puzzle)) == solution


def test_there_are_enough_published_windoku() -> None:
    assert len(WINDOKU) >= 5
    assert len(set(WINDOKU)) == len(WINDOKU)


@pytest.mark.parametrize(("givens", "solution"), WINDOKU, ids=lambda text: text[:12])
def test_published_windoku_have_their_solution_and_no_other(
    givens: str, solution: str, engine: str
) -> None:
    puzzle = Puzzle.windoku(givens)
    assert len(givens) == len(solution) == 81
    assert puzzle.geometry.windows
    assert puzzle.is_solution(digits(solution))
    assert count_solutions(puzzle, limit=2) == 1
    assert list(solve(puzzle)) == digits(solution)


def test_the_windows_matter_to_the_published_windoku() -> None:
    """Without its windows each is a plain Sudoku with more than one solution,
    so the checks above really test the windows."""
    for givens, _ in WINDOKU:
        assert count_solutions(Puzzle.sudoku(givens), limit=2) == 2


@pytest.mark.parametrize("row", JIGSAW, ids=lambda row: row["id"][:14])
def test_the_steps_solve_tathams_jigsaws_keeping_his_solution(row: dict[str, str]) -> None:
    puzzle = Puzzle.from_string(row["id"])
    solution = digits(row["solution"])
    filled = {cell for cell, value in enumerate(puzzle.givens) if value}
    for step in explain(puzzle):
        assert all(solution[cell] != value for cell, value in step.eliminations), step.text
        assert all(solution[cell] == value for cell, value in step.placements), step.text
        filled.update(cell for cell, _ in step.placements)
    assert len(filled) == puzzle.size**2


def test_the_ratings_follow_tathams_levels() -> None:
    scores: dict[str, list[float]] = {}
    for row in JIGSAW:
        scores.setdefault(row["level"], []).append(rate(Puzzle.from_string(row["id"])).score)
    assert max(scores["Trivial"]) <= min(scores["Intermediate"])
    assert max(scores["Intermediate"]) <= max(scores["Extreme"])
    assert max(scores["Unreasonable"]) >= 7


@pytest.mark.parametrize(("givens", "solution"), WINDOKU, ids=lambda text: text[:12])
def test_the_steps_solve_the_windokus_keeping_their_solution(givens: str, solution: str) -> None:
    values = digits(solution)
    puzzle = Puzzle.windoku(givens)
    placed = sum(1 for value in puzzle.givens if value)
    for step in explain(puzzle):
        assert all(values[cell] == value for cell, value in step.placements), step.text
        assert all(values[cell] != value for cell, value in step.eliminations), step.text
        placed += len(step.placements)
    assert placed == 81
