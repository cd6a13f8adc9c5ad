"""Human-style solving: steps are always right, hints grade, ratings and the commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from latinum import Puzzle, explain, hint, rate, solve
from latinum.cli import main
from latinum.formats.json import Progress, dumps
from latinum.logic import State, Step
from latinum.rating import GUESS_SCORE, level_of
from strategies import latin_puzzles, sudoku_puzzles

SOLVER = Path(__file__).parent / "fixtures" / "solver"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
PAIRS = (SOLVER / "sudoku9.txt").read_text().split()


def checked_steps(puzzle: Puzzle) -> tuple[list[Step], State]:
    """Every step of ``explain``, each checked against the solution."""
    answer = solve(puzzle).values
    state = State.start(puzzle)
    steps = []
    for step in explain(puzzle):
        for cell, value in step.placements:
            assert answer[cell] == value, step.text
        for cell, value in step.eliminations:
            assert answer[cell] != value, step.text
            assert state.has(cell, value), f"removes what is not there: {step.text}"
        state.apply(step)
        steps.append(step)
    return steps, state


@pytest.mark.parametrize("line", [CLASSIC, *PAIRS[::2]])
def test_no_step_is_ever_wrong(line: str) -> None:
    checked_steps(Puzzle.sudoku(line))


@settings(max_examples=40, deadline=None)
@given(pair=st.one_of(sudoku_puzzles(sizes=[4, 6, 8, 9]), latin_puzzles(sizes=range(2, 7))))
def test_steps_agree_with_the_solution_on_any_shape(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    state = State.start(puzzle)
    for step in explain(puzzle):
        assert all(solution[cell] == value for cell, value in step.placements), step.text
        assert all(solution[cell] != value for cell, value in step.eliminations), step.text
        state.apply(step)


def test_classic_is_solved_by_singles_with_plain_words() -> None:
    steps, state = checked_steps(Puzzle.sudoku(CLASSIC))
    assert state.solved
    assert {step.technique for step in steps} <= {"Full House", "Hidden Single", "Naked Single"}
    assert steps[0].text == "Hidden single: in box 2, 8 fits only in r1c6"


def test_naked_pair_text_names_cells_and_removals() -> None:
    puzzle = Puzzle.sudoku("." * 81)
    state = State.start(puzzle)
    for cell in range(2, 9):
        state.candidates[cell] &= ~0b100100  # no 3 or 6 outside r1c1 and r1c2
    state.candidates[0] = state.candidates[1] = 0b100100
    step = next(s for s in explain(state, ["Naked Pair"]))
    assert step.text.startswith("Locked Pair {3,6} in row 1 and box 1 at r1c1 and r1c2: removes")


def test_hint_levels() -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    assert hint(puzzle, 1).text == "Look for a Hidden Single."
    assert hint(puzzle, 2).text == "Look for a Hidden Single on {8} in box 2."
    assert hint(puzzle, 3).text == "Hidden single: in box 2, 8 fits only in r1c6"
    with pytest.raises(ValueError):
        hint(puzzle, 4)


def test_rating() -> None:
    easy = rate(Puzzle.sudoku(CLASSIC))
    assert (easy.level, easy.score, easy.hardest, easy.solved) == (
        "Easy",
        1.2,
        "Hidden Single",
        True,
    )
    assert level_of(GUESS_SCORE) == "Extreme"
    assert [level_of(s) for s in (2.3, 3.0, 4.2, 6.5, 7.5)] == [
        "Easy",
        "Medium",
        "Hard",
        "Expert",
        "Extreme",
    ]


def test_cli_steps_rate_and_hint(tmp_path: Path) -> None:
    runner = CliRunner()
    steps = runner.invoke(main, ["steps", "--plain", "--grid", "none", "-"], input=CLASSIC)
    assert steps.exit_code == 0, steps.output
    assert "  1. Hidden single: in box 2, 8 fits only in r1c6 (1.2)" in steps.stdout
    assert steps.stdout.rstrip().endswith("Solved in 51 steps.")
    rated = runner.invoke(main, ["rate", "--json", "-"], input=CLASSIC)
    assert json.loads(rated.stdout)["level"] == "Easy"
    for level in (1, 2, 3):
        given = runner.invoke(main, ["hint", "--level", str(level), "-"], input=CLASSIC)
        assert given.stdout.strip() == hint(Puzzle.sudoku(CLASSIC), level).text


def test_hint_from_a_game_in_progress(tmp_path: Path) -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    values = [0] * 81
    values[5] = 8  # the player already placed the first hidden single
    game = tmp_path / "game.json"
    game.write_text(dumps(puzzle, progress=Progress(values=tuple(values))))
    result = CliRunner().invoke(main, ["hint", "--state", str(game), "--level", "3"])
    assert result.exit_code == 0, result.output
    assert "r1c6" not in result.stdout
    clash = list(values)
    clash[2] = 5  # r1c3 = 5 repeats r1c1
    game.write_text(dumps(puzzle, progress=Progress(values=tuple(clash))))
    bad = CliRunner().invoke(main, ["hint", "--state", str(game)])
    assert bad.exit_code == 2 and "r1c3 holds 5, like r1c1" in bad.stderr


def test_kenken_rating_has_tathams_level() -> None:
    from importlib import resources

    from latinum import read

    text = resources.files("latinum.examples").joinpath("kenken.txt").read_text()
    rating = rate(read(text))
    assert rating.solved and rating.tatham == "Hard"
    assert rate(Puzzle.sudoku(CLASSIC)).tatham is None
