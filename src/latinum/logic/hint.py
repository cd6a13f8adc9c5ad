"""Graded hints: the technique, then where to look, then the whole step."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..puzzle import Puzzle
from .explain import chosen, next_step
from .state import State
from .step import Step
from .words import and_list, cells, digit_set

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Hint:
    """What to tell a player at ``level``, and the step it comes from."""

    level: int
    text: str
    step: Step


def hint(
    puzzle: Puzzle | State, level: int = 1, techniques: Iterable[str] | None = None
) -> Hint | None:
    """A hint for the next step (None when no known technique applies or it is solved).

    Level 1 names the technique, level 2 adds where to look, level 3 gives
    the whole step.
    """
    if level not in LEVELS:
        raise ValueError(f"hint level {level} is not 1, 2 or 3")
    state = puzzle if isinstance(puzzle, State) else State.start(puzzle)
    step = next_step(state, [t for t in chosen(techniques) if not t.needs_unique])
    if step is None:
        return None
    return Hint(level, hint_text(state, step, level), step)


def hint_text(state: State, step: Step, level: int) -> str:
    """The words of ``step`` at hint ``level``."""
    article = _article(step.technique)
    if level == 1:
        return f"Look for {article} {step.technique}."
    if level == 2:
        where = and_list(list(step.houses)) if step.houses else cells(state, step.cells)
        digits = f" on {digit_set(step.digits)}" if step.digits else ""
        return f"Look for {article} {step.technique}{digits} in {where}."
    return step.text


def _article(name: str) -> str:
    """``an`` before a vowel sound (``an X-Wing``, ``an ALS-XZ``, ``a Unique Rectangle``)."""
    vowel = name[0] in "AEIOX" or (name[0] == "U" and not name.startswith("Uni"))
    return "an" if vowel else "a"
