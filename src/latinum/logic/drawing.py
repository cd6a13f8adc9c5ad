"""What to draw of a step, completed from the state it was found in."""

from __future__ import annotations

from dataclasses import replace

from .state import House, State
from .step import Candidate, Step


def drawn(step: Step, state: State) -> Step:
    """``step`` with its ``pattern`` and ``region`` filled in where its technique left
    them out, from ``state`` (the candidates before the step).

    The pattern defaults to the candidates of the step's cells among its digits
    (all of them when it names no digit), less those it places or eliminates; the region
    to the cells of its houses, else the boxes (rows where there are no boxes)
    of its cells and placements.
    """
    pattern = step.pattern or default_pattern(step, state)
    region = step.region or default_region(step, state)
    if pattern is step.pattern and region is step.region:
        return step
    return replace(step, pattern=pattern, region=region)


def at_level(step: Step, level: int) -> Step:
    """What a hint of ``level`` shows of ``step``: nothing at 1, the region at 2, the
    whole step at 3 (with the region only where the step names its houses)."""
    if level >= 3:
        return step if step.houses else replace(step, region=())
    region = step.region if level == 2 else ()
    return Step(step.technique, step.text, region=region)


def default_pattern(step: Step, state: State) -> tuple[Candidate, ...]:
    changed = {*step.eliminations, *step.placements}
    wanted = 0
    for digit in step.digits:
        wanted |= 1 << (digit - 1)
    found = []
    for cell in dict.fromkeys(step.cells):
        mask = state.candidates[cell] & (wanted or state.full)
        found += [(cell, v) for v in _values(mask) if (cell, v) not in changed]
    return tuple(found)


def default_region(step: Step, state: State) -> tuple[int, ...]:
    return tuple(sorted({cell for house in looked_at(step, state) for cell in house.cells}))


def looked_at(step: Step, state: State) -> list[House]:
    """The houses ``step`` names, else the boxes (rows where there are no boxes) of its
    cells and placements, in order."""
    named = set(step.houses)
    found = [house for house in state.houses if house.name in named]
    if found:
        return found
    kind = "box" if state.puzzle.geometry.has_boxes else "row"
    cells = {*step.cells, *(c for c, _ in step.placements)}
    return [h for h in state.houses if h.kind == kind and not cells.isdisjoint(h.cells)]


def kept(
    state: State, cells: tuple[int, ...], eliminations: tuple[Candidate, ...]
) -> tuple[Candidate, ...]:
    """The candidates of ``cells`` that ``eliminations`` leave."""
    struck = set(eliminations)
    found = ((cell, v) for cell in cells for v in _values(state.candidates[cell]))
    return tuple(candidate for candidate in found if candidate not in struck)


def _values(mask: int) -> list[int]:
    return [v for v in range(1, mask.bit_length() + 1) if mask >> (v - 1) & 1]
