"""The check before explaining, hinting or rating: exactly one solution."""

from __future__ import annotations

from ..errors import SearchLimit
from ..logic.explainer import solution_count
from ..logic.state import State
from .common import EXIT_LIMIT, EXIT_NO_SOLUTION, Item, fail, first_error


def unique_start(item: Item, node_limit: int | None, time_limit: float | None) -> State:
    """The starting state of a valid puzzle that the exact solver proves has one solution;
    stops the command otherwise."""
    error = first_error(item)
    if error:
        fail(error)
    state = State.start(item.puzzle)
    require_one_solution(state, item.where, node_limit, time_limit)
    return state


def require_one_solution(
    state: State,
    where: str,
    node_limit: int | None,
    time_limit: float | None,
    none: str = "no solution",
) -> None:
    """Stop the command (saying ``none`` when there is no solution) unless the exact
    solver proves that ``state`` leads to exactly one solution."""
    try:
        found = solution_count(state, node_limit, time_limit)
    except SearchLimit as limit:
        fail(f"{where}: {limit}", EXIT_LIMIT)
    if found != 1:
        fail(f"{where}: {none if found == 0 else 'more than one solution'}", EXIT_NO_SOLUTION)
