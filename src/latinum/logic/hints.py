"""Graded hints: the technique, then where to look, then the whole step."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from time import perf_counter

from ..errors import InvalidArgument
from ..puzzle import Puzzle
from .drawing import looked_at
from .explainer import check_alive, check_puzzle, chosen, next_step, solution_count, unique_error
from .state import House, State
from .step import Step
from .words import and_list, cells, digit_set

LEVELS = (1, 2, 3)
PLURALS = {
    "row": "rows",
    "column": "columns",
    "box": "boxes",
    "region": "regions",
    "window": "windows",
}


@dataclass(frozen=True)
class Hint:
    """What to tell a player at ``level``, and the step it comes from."""

    level: int
    text: str
    step: Step


def hint(
    puzzle: Puzzle | State,
    level: int = 1,
    techniques: Iterable[str] | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Hint | None:
    """A hint for the next step (None when no known technique applies or it is solved).

    Level 1 names the technique, level 2 adds where to look, level 3 gives
    the whole step. A puzzle is first checked by the exact solver: unless it
    has exactly one solution this raises Unsolvable or MultipleSolutions
    (``node_limit`` bounds that search). A state (a game in progress) raises
    Unsolvable when a cell has no candidate left. ``time_limit`` (seconds)
    bounds the whole call; reaching a limit raises SearchLimit.
    """
    if level not in LEVELS:
        raise InvalidArgument(f"hint level {level} is not 1, 2 or 3")
    check_puzzle(puzzle)
    usable = [t for t in chosen(techniques) if not t.needs_unique]
    deadline = None if time_limit is None else perf_counter() + time_limit
    if isinstance(puzzle, State):
        state = puzzle
    else:
        state = State.start(puzzle)
        found = solution_count(state, node_limit, time_limit)
        if found != 1:
            raise unique_error(found)
    if state.solved:
        return None
    check_alive(state)
    step = next_step(state, usable, deadline)
    if step is None:
        return None
    return Hint(level, hint_text(state, step, level), step)


def hint_text(state: State, step: Step, level: int) -> str:
    """The words of ``step`` at hint ``level``."""
    article = _article(step.technique)
    if level == 1:
        return f"Look for {article} {step.technique}."
    if level == 2:
        where = and_list(list(step.houses)) if step.houses else _where(state, step)
        digits = f" on {digit_set(step.digits)}" if step.digits else ""
        return f"Look for {article} {step.technique}{digits} in {where}."
    return step.text


def _where(state: State, step: Step) -> str:
    """The boxes (or rows) of a step that names no house, as its region shows them; the
    cells where its technique chose another region (a cage)."""
    houses = looked_at(step, state)
    if step.region and set(step.region) != {cell for house in houses for cell in house.cells}:
        return cells(state, step.cells)
    return house_list(houses)


def house_list(houses: list[House]) -> str:
    """``box 5``, ``row 1 and box 3``, ``boxes 1, 3 and 6``."""
    words = {house.word for house in houses}
    if len(houses) > 1 and len(words) == 1 and words <= set(PLURALS):
        return f"{PLURALS[houses[0].word]} {and_list([str(h.index + 1) for h in houses])}"
    return and_list([house.name for house in houses])


def _article(name: str) -> str:
    """``an`` before a vowel sound (``an X-Wing``, ``an ALS-XZ``, ``a Unique Rectangle``)."""
    vowel = name[0] in "AEIOX" or (name[0] == "U" and not name.startswith("Uni"))
    return "an" if vowel else "a"
