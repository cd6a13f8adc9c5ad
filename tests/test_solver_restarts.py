"""The first-solution search's randomised restarts, on both engines.

The first descent is cut at once here (FIRST_CUTOFF = 0), so that even small
puzzles go through the random restarts.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from latinum import Grid, InvalidArgument, InvalidPuzzle, Puzzle, SearchLimit, Unsolvable, solve
from latinum.cli import main
from latinum.solver import Solver, api, count_solutions, restarts
from latinum.solver.stats import Stats
from strategies import _blanked, latin_puzzles, sudoku_puzzles, sudoku_solution

pytestmark = pytest.mark.usefixtures("engine", "restart_at_once")
ONCE_PER_TEST = [HealthCheck.function_scoped_fixture]

#: One of the forum's hardest 9x9, with r1c1 = 2 added: its only solution has
#: 6 there, so there is none, and the search takes hundreds of nodes to see it.
NO_SOLUTION = "2.......8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


@pytest.fixture
def restart_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(restarts, "FIRST_CUTOFF", 0)


def test_luby_sequence() -> None:
    assert [restarts.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@st.composite
def maybe_solvable(draw: st.DrawFn) -> Puzzle:
    """A valid small Sudoku or Latin square, sometimes given one value its solution
    does not hold."""
    puzzle, solution = draw(st.one_of(sudoku_puzzles(sizes=[4, 6, 9]), latin_puzzles(range(2, 8))))
    if draw(st.booleans()):
        cell = draw(st.integers(0, len(solution) - 1))
        givens = list(puzzle.givens)
        givens[cell] = draw(st.integers(1, puzzle.size))
        puzzle = puzzle.with_givens(givens)
    try:
        puzzle.check()
    except InvalidPuzzle:
        assume(False)
    return puzzle


@settings(max_examples=150, deadline=None, suppress_health_check=ONCE_PER_TEST)
@given(puzzle=maybe_solvable(), seed=st.integers(0, 2**70))
def test_restarts_find_a_solution_whenever_the_complete_search_does(
    puzzle: Puzzle, seed: int
) -> None:
    if count_solutions(puzzle, limit=1):
        assert puzzle.is_solution(solve(puzzle, seed=seed))
    else:
        with pytest.raises(Unsolvable):
            solve(puzzle, seed=seed)


@pytest.mark.parametrize("box", [(4, 4), (4, 5), (5, 5)])
def test_big_half_open_grids_are_solved_through_restarts(engine: str, box: tuple[int, int]) -> None:
    if engine == "python" and box != (4, 4):
        pytest.skip("the pure engine takes seconds on 20x20 and 25x25")
    rng = random.Random(f"restarts {box}")
    for _ in range(3):
        puzzle = Puzzle.sudoku(_blanked(sudoku_solution(box, rng), rng, 0.4), box=box)
        stats = Stats()
        grid = solve(puzzle, stats=stats)
        assert puzzle.is_solution(grid), puzzle.violations(grid)
        assert stats.restarts >= 1


def test_the_same_seed_gives_the_same_answer_and_others_differ() -> None:
    empty = Puzzle.sudoku("0" * 81)
    found = set()
    for seed in range(6):
        grid = solve(empty, seed=seed)
        assert empty.is_solution(grid)
        assert solve(empty, seed=seed) == grid
        found.add(grid)
    assert len(found) > 1


def test_no_solution_is_proved_and_the_limits_keep_their_meaning() -> None:
    puzzle = Puzzle.sudoku(NO_SOLUTION)
    stats = Stats()
    with pytest.raises(Unsolvable):
        solve(puzzle, stats=stats)
    assert stats.restarts >= 1
    stats = Stats()
    with pytest.raises(SearchLimit, match=r"node limit \(50\)"):
        solve(puzzle, node_limit=50, stats=stats)
    assert stats.nodes == 51
    with pytest.raises(SearchLimit, match="time limit"):
        solve(puzzle, time_limit=1e-9)


def test_counting_checking_and_a_seed_of_none_search_completely() -> None:
    puzzle = Puzzle.sudoku("0" * 16)
    solver = Solver(puzzle)
    assert solver.count(limit=None) == 288
    assert len(solver.solutions(3)) == 3
    assert solver.solve_checked()[1] is False
    assert solver.stats.restarts == 0
    stats = Stats()
    solve(Puzzle.sudoku("." + NO_SOLUTION[1:]), seed=None, stats=stats)
    assert stats.restarts == 0


@pytest.mark.parametrize("seed", [1.5, "7", True])
def test_a_seed_must_be_a_whole_number(seed: object) -> None:
    with pytest.raises(InvalidArgument, match="seed must be a whole number"):
        solve(Puzzle.sudoku("0" * 16), seed=seed)  # type: ignore[arg-type]


def test_solve_first_takes_a_seed_on_the_command_line() -> None:
    runner = CliRunner()
    empty = "." * 81

    def first(*options: str) -> str:
        result = runner.invoke(main, ["solve", "--first", "--to", "line", *options, empty])
        assert result.exit_code == 0, result.output
        return result.output.strip()

    answers = {first("--seed", str(seed)) for seed in range(4)}
    assert all(Puzzle.sudoku(empty).is_solution(Grid(9, tuple(map(int, a)))) for a in answers)
    assert first("--seed", "2") == first("--seed", "2")
    result = runner.invoke(main, ["solve", "--first", "--seed", "-1", empty])
    assert result.exit_code == 2
    assert "--seed" in result.output


@pytest.fixture
def turns_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """solve_checked takes turns between restarts and the complete search at once."""
    monkeypatch.setattr(api, "CHECK_BUDGET", 1)


@pytest.mark.usefixtures("turns_at_once")
@settings(max_examples=150, deadline=None, suppress_health_check=ONCE_PER_TEST)
@given(puzzle=maybe_solvable(), seed=st.integers(0, 2**70))
def test_the_uniqueness_check_by_turns_agrees_with_the_complete_count(
    puzzle: Puzzle, seed: int
) -> None:
    solver = Solver(puzzle, seed=seed)
    count = count_solutions(puzzle, limit=2)
    if not count:
        with pytest.raises(Unsolvable):
            solver.solve_checked()
        return
    grid, unique = solver.solve_checked()
    assert puzzle.is_solution(grid)
    assert unique is (count == 1)


@pytest.mark.usefixtures("turns_at_once")
def test_the_uniqueness_check_by_turns_keeps_the_callers_limits() -> None:
    puzzle = Puzzle.sudoku("." + NO_SOLUTION[1:])
    solver = Solver(puzzle, node_limit=30)
    try:
        grid, unique = solver.solve_checked()
        assert puzzle.is_solution(grid) and unique is None  # a limit stopped the check
    except SearchLimit as stop:
        assert "node limit (30)" in str(stop)
    assert solver.stats.nodes <= 31
    with pytest.raises(SearchLimit, match="time limit"):
        Solver(puzzle, time_limit=1e-9).solve_checked()
    grid, unique = Solver(puzzle).solve_checked()
    assert puzzle.is_solution(grid) and unique is True


def test_a_big_open_grid_is_shown_to_have_several_solutions(engine: str) -> None:
    box = (5, 5) if engine == "native" else (4, 4)
    rng = random.Random("several")
    for _ in range(3):
        puzzle = Puzzle.sudoku(_blanked(sudoku_solution(box, rng), rng, 0.4), box=box)
        grid, unique = Solver(puzzle, time_limit=60).solve_checked()
        assert puzzle.is_solution(grid) and unique is False


@pytest.mark.usefixtures("turns_at_once")
def test_the_tries_for_another_solution_are_random_from_their_first_node(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A first descent that always ends would find the first solution again.
    monkeypatch.setattr(restarts, "FIRST_CUTOFF", 10**9)
    empty = Puzzle.sudoku("0" * 81)
    solver = Solver(empty)
    grid, unique = solver.solve_checked()
    assert empty.is_solution(grid) and unique is False
    assert solver.stats.restarts >= 1
