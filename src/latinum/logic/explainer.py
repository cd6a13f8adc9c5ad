"""Solving step by step the way a person does: the easiest technique that applies, each time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from time import perf_counter

from ..errors import InvalidArgument, LatinumError, MultipleSolutions, Unsolvable
from ..puzzle import Puzzle
from ..solver import count_solutions
from .drawing import drawn
from .registry import TECHNIQUES, Technique, by_name
from .state import State
from .step import Step


def chosen(names: Iterable[str] | None = None, exclude: Iterable[str] = ()) -> list[Technique]:
    """The techniques called ``names`` (all when None), minus ``exclude``, easiest first."""
    picked = TECHNIQUES if names is None else [by_name(name) for name in names]
    dropped = {by_name(name).name for name in exclude}
    return sorted((t for t in picked if t.name not in dropped), key=lambda t: t.weight)


def next_step(
    state: State, techniques: list[Technique], deadline: float | None = None
) -> Step | None:
    """The first step of the easiest technique that finds one, with what to draw of it
    (see :func:`~latinum.logic.drawing.drawn`), or None when stuck.

    Raises SearchLimit when ``deadline`` (a ``perf_counter`` time) passes.
    """
    state.deadline = deadline
    for known in techniques:
        state.check_time()
        for step in known.find(state):
            if step.changes:
                return drawn(step if step.weight else _weighted(step, known), state)
    return None


def solution_count(
    state: State, node_limit: int | None = None, time_limit: float | None = None
) -> int:
    """The solutions (0, 1 or 2 for several) of the puzzle with the values of ``state``."""
    puzzle = state.puzzle.with_givens(state.values)
    return count_solutions(puzzle, 2, node_limit=node_limit, time_limit=time_limit)


def time_left(time_limit: float | None, started: float) -> float | None:
    """What remains of ``time_limit`` seconds since ``started`` (a ``perf_counter`` time)."""
    if time_limit is None:
        return None
    return max(time_limit - (perf_counter() - started), 1e-9)


def unique_error(found: int) -> LatinumError:
    """The error for a puzzle with ``found`` solutions (0, or 2 for several) where one is needed."""
    if found == 0:
        return Unsolvable("the puzzle has no solution")
    return MultipleSolutions("the puzzle has more than one solution")


def explain(
    puzzle: Puzzle | State,
    techniques: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    unique: bool | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[Step]:
    """Yield human-style steps until the puzzle is solved or no technique applies.

    ``techniques`` limits the techniques used (by name) and ``exclude`` drops
    some. When ``unique`` is None the exact solver first counts the
    solutions: none raises Unsolvable, and uniqueness techniques are used
    only when there is exactly one; ``unique`` true or false skips the count.
    ``node_limit`` bounds that count's search and ``time_limit`` (seconds)
    the whole explanation; reaching either raises SearchLimit. A cell left
    without candidates, or a full grid that breaks a rule, raises Unsolvable.
    """
    check_puzzle(puzzle)
    usable = chosen(techniques, exclude)
    return _steps(puzzle, usable, unique, node_limit, time_limit)


def check_puzzle(puzzle: object) -> None:
    """:class:`~latinum.errors.InvalidArgument` unless ``puzzle`` is a Puzzle or a State."""
    if not isinstance(puzzle, (Puzzle, State)):
        raise InvalidArgument(f"a Puzzle is needed, not {type(puzzle).__name__}")


def _steps(
    puzzle: Puzzle | State,
    usable: list[Technique],
    unique: bool | None,
    node_limit: int | None,
    time_limit: float | None,
) -> Iterator[Step]:
    deadline = None if time_limit is None else perf_counter() + time_limit
    state = puzzle.copy() if isinstance(puzzle, State) else State.start(puzzle)
    if unique is None:
        found = solution_count(state, node_limit, time_limit)
        if found == 0:
            raise unique_error(found)
        unique = found == 1
    if not unique:
        usable = [t for t in usable if not t.needs_unique]
    while not state.solved:
        check_alive(state)
        step = next_step(state, usable, deadline)
        if step is None:
            return
        state.apply(step)
        yield step
    broken = state.puzzle.violations(state.values)
    if broken:
        raise Unsolvable(f"the puzzle has no solution: the filled grid breaks a rule ({broken[0]})")


def check_alive(state: State) -> None:
    """Raise Unsolvable if an empty cell of ``state`` has no candidate left."""
    if state.candidates.count(0) == len(state.values) - state.values.count(0):
        return  # only the solved cells have none
    for cell, (value, candidates) in enumerate(zip(state.values, state.candidates, strict=True)):
        if not value and not candidates:
            name = state.name(cell)
            raise Unsolvable(f"the puzzle has no solution: {name} has no candidate left")


def _weighted(step: Step, known: Technique) -> Step:
    return replace(step, weight=known.weight)
