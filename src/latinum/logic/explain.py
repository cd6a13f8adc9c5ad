"""Solving step by step the way a person does: the easiest technique that applies, each time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ..puzzle import Puzzle
from ..solve import count_solutions
from .registry import TECHNIQUES, Technique, by_name
from .state import State
from .step import Step


def chosen(names: Iterable[str] | None = None, exclude: Iterable[str] = ()) -> list[Technique]:
    """The techniques called ``names`` (all when None), minus ``exclude``, easiest first."""
    picked = TECHNIQUES if names is None else [by_name(name) for name in names]
    dropped = {by_name(name).name for name in exclude}
    return sorted((t for t in picked if t.name not in dropped), key=lambda t: t.weight)


def next_step(state: State, techniques: list[Technique]) -> Step | None:
    """The first step of the easiest technique that finds one, or None when stuck."""
    for known in techniques:
        for step in known.find(state):
            if step.changes:
                return step if step.weight else _weighted(step, known)
    return None


def explain(
    puzzle: Puzzle | State,
    techniques: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    unique: bool | None = None,
) -> Iterator[Step]:
    """Yield human-style steps until the puzzle is solved or no technique applies.

    ``techniques`` limits the techniques used (by name) and ``exclude`` drops
    some. Uniqueness techniques are used only when ``unique`` is true, or,
    when it is None, when the exact solver proves the puzzle has one solution.
    """
    state = puzzle.copy() if isinstance(puzzle, State) else State.start(puzzle)
    usable = chosen(techniques, exclude)
    if any(t.needs_unique for t in usable):
        if unique is None:
            unique = count_solutions(state.puzzle) == 1
        if not unique:
            usable = [t for t in usable if not t.needs_unique]
    while not state.solved:
        step = next_step(state, usable)
        if step is None:
            return
        state.apply(step)
        yield step


def _weighted(step: Step, known: Technique) -> Step:
    return replace(step, weight=known.weight)
