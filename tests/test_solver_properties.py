"""Property tests of the exact solver on random valid puzzles of every variant."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from independent import count_independently
from latinum import Geometry, Puzzle, SearchLimit, count_solutions, solve
from latinum.solver import Solver
from strategies import (
    any_puzzles,
    kenken_puzzles,
    killer_puzzles,
    latin_puzzles,
    sudoku_puzzles,
)

#: Every test runs on each engine; the fixture is set once per test, not per example.
pytestmark = pytest.mark.usefixtures("engine")
ONCE_PER_TEST = [HealthCheck.function_scoped_fixture]

EMPTY_X = Puzzle("sudoku", Geometry(4, (2, 2), diagonals=True), (0,) * 16)
X_GRIDS = [grid.values for grid in Solver(EMPTY_X).solutions()]


@st.composite
def x_sudoku_puzzles(draw: st.DrawFn) -> tuple[Puzzle, tuple]:
    """A 4x4 Sudoku-X blanked from one of the complete 4x4 Sudoku-X grids."""
    solution = draw(st.sampled_from(X_GRIDS))
    keep = draw(st.lists(st.booleans(), min_size=16, max_size=16))
    givens = [value if kept else 0 for value, kept in zip(solution, keep, strict=True)]
    return EMPTY_X.with_givens(givens), solution


SMALL = st.one_of(
    sudoku_puzzles(sizes=[4]),
    x_sudoku_puzzles(),
    latin_puzzles(sizes=range(1, 6)),
    kenken_puzzles(sizes=range(2, 5)),
    killer_puzzles(boxes=[(2, 2)]),
)


def test_every_complete_x_grid_is_found() -> None:
    assert len(X_GRIDS) == count_independently(EMPTY_X) == 48


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, *ONCE_PER_TEST],
)
@given(pair=any_puzzles())
def test_solve_returns_a_valid_solution(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    try:
        grid = solve(puzzle, time_limit=5)
        # The complete search behind a count has a heavy tail on a few big half-open grids.
        assert count_solutions(puzzle, limit=1, time_limit=5) == 1
    except SearchLimit:
        reject()
    assert puzzle.is_solution(grid), puzzle.violations(grid)


@settings(max_examples=80, deadline=None, suppress_health_check=ONCE_PER_TEST)
@given(pair=SMALL)
def test_count_agrees_with_an_independent_counter(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    expected = count_independently(puzzle)
    assert expected >= 1
    assert count_solutions(puzzle, limit=10**6) == expected
    grids = Solver(puzzle).solutions()
    assert len(set(grids)) == expected
    assert all(puzzle.is_solution(grid) for grid in grids)
    assert tuple(solution) in {grid.values for grid in grids}


@settings(max_examples=40, deadline=None, suppress_health_check=ONCE_PER_TEST)
@given(pair=SMALL, limit=st.integers(1, 5))
def test_count_stops_at_the_limit(pair: tuple[Puzzle, tuple], limit: int) -> None:
    puzzle, _ = pair
    assert count_solutions(puzzle, limit=limit) == min(limit, count_independently(puzzle))
