"""explain, hint and rate claim only true solutions, and stop at their limits."""

from __future__ import annotations

from time import perf_counter

import pytest

from latinum import Puzzle, count_solutions, read
from latinum.errors import MultipleSolutions, SearchLimit, Unsolvable
from latinum.logic import State, explain, hint
from latinum.logic.cage_fill import cage_masks
from latinum.logic.forcing import forcing_chain
from latinum.rating import rate

NO_SOLUTION = [
    "3:a_a3_a_,m3a7s1s1",
    "2x2k:p,abbba____________,3a6a7a3a3a7a7a3a",
    "aab\ncdb\ncde\na 2 *\nb 3 *\nc 5 +\nd 5 +\ne 2 =\n",
]
HARD = "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5..........."


@pytest.mark.parametrize("text", NO_SOLUTION)
def test_no_solution_is_said_not_solved(text: str) -> None:
    puzzle = read(text)
    assert count_solutions(puzzle) == 0
    with pytest.raises(Unsolvable):
        list(explain(puzzle))
    with pytest.raises(Unsolvable):
        rate(puzzle)
    with pytest.raises(Unsolvable):
        hint(puzzle)


@pytest.mark.parametrize("text", NO_SOLUTION)
@pytest.mark.parametrize("unique", [True, False])
def test_trusted_uniqueness_never_ends_in_a_false_solution(text: str, unique: bool) -> None:
    puzzle = read(text)
    try:
        for _ in explain(puzzle, unique=unique):
            pass
    except Unsolvable:
        return
    pytest.fail("an explanation of a puzzle with no solution ended without saying so")


def test_several_solutions_are_not_rated() -> None:
    puzzle = Puzzle.sudoku("." * 81)
    with pytest.raises(MultipleSolutions):
        rate(puzzle)
    with pytest.raises(MultipleSolutions):
        hint(puzzle)


def test_a_state_with_a_dead_cell() -> None:
    state = State.start(read(NO_SOLUTION[0]))
    state.candidates[0] = 0
    assert cage_masks(state, state.puzzle.cage_of[0])[0] == 0
    with pytest.raises(Unsolvable, match="r1c1 has no candidate left"):
        hint(state)


def test_limits() -> None:
    puzzle = Puzzle.sudoku(HARD)
    with pytest.raises(SearchLimit):
        rate(puzzle, node_limit=1)
    with pytest.raises(SearchLimit):
        list(explain(puzzle, time_limit=0.2))
    with pytest.raises(SearchLimit):
        hint(puzzle, node_limit=1)
    assert rate(Puzzle.sudoku(HARD), time_limit=60).solved


def test_forcing_chains_stop_at_the_deadline_as_they_go() -> None:
    """The longest technique looks at the time between cells, not only before it starts
    (on an empty 16x16 grid it otherwise ran for seconds past a time limit)."""
    state = State.start(Puzzle.sudoku("0" * 256))
    state.deadline = perf_counter() - 1
    with pytest.raises(SearchLimit, match="time limit"):
        next(forcing_chain(state))
    state.deadline = None
    assert next(forcing_chain(State.start(Puzzle.sudoku(HARD))), None) is not None
