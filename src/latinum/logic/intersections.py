"""Locked candidates: pointing (box to line) and claiming (line to box).

Windoku's windows take part like boxes: a value locked in a window's line
points along the line, and a line or box locked in a window claims it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .registry import technique
from .state import House, State, remembered
from .step import Step
from .words import cells, removals


def _locked(
    state: State, source: House, target_kind: tuple[str, ...], name: str, values: Iterable[int]
) -> Iterator[Step]:
    for value in values:
        places = state.cells_with(value, source.cells)
        if len(places) < 2:
            continue
        shared = set.intersection(*(set(h for h in state.houses_of[c]) for c in places))
        for target in state.houses_of[places[0]]:  # in the houses' order, not the set's
            if target not in shared or target is source or target.kind not in target_kind:
                continue
            victims = [c for c in state.cells_with(value, target.cells) if c not in places]
            if not victims:
                continue
            eliminations = tuple((c, value) for c in victims)
            yield Step(
                name,
                f"{name}: in {source.name}, {value} can only be in {target.name} "
                f"({cells(state, places)}), so {removals(state, eliminations)}",
                eliminations=eliminations,
                cells=tuple(places),
                houses=(source.name, target.name),
                digits=(value,),
            )


def _all_locked(
    state: State, sources: list[House], target_kind: tuple[str, ...], name: str
) -> Iterator[Step]:
    """The steps of ``_locked`` for every source house, houses first, values second.
    Each value's steps depend only on the cells holding it, so they are remembered
    across states."""
    patterns = state.patterns()
    found: list[tuple[int, int, Step]] = []
    for value in range(1, state.size + 1):
        key = (state.context, name, value, patterns[value - 1])
        found += remembered(key, _value_locked, state, sources, target_kind, name, value)
    found.sort(key=lambda item: item[:2])  # stable: a house's steps keep their order
    for _, _, step in found:
        yield step


def _value_locked(
    state: State, sources: list[House], target_kind: tuple[str, ...], name: str, value: int
) -> tuple[tuple[int, int, Step], ...]:
    """(source position, ``value``, step) of every locked candidate on ``value``."""
    return tuple(
        (at, value, step)
        for at, source in enumerate(sources)
        for step in _locked(state, source, target_kind, name, (value,))
    )


#: Houses that point and are claimed: boxes (or jigsaw regions) and windows.
BLOCKS = ("box", "window")


@technique("Pointing", 2.6, codes=("0100",))
def pointing(state: State) -> Iterator[Step]:
    """A value confined to one line within a box is removed from the rest of that line."""
    boxes = [house for house in state.houses if house.kind in BLOCKS]
    yield from _all_locked(state, boxes, ("row", "column", "diagonal", *BLOCKS), "Pointing")


@technique("Claiming", 2.8, codes=("0101",))
def claiming(state: State) -> Iterator[Step]:
    """A value confined to one box within a line is removed from the rest of that box."""
    lines = [house for house in state.houses if house.kind not in BLOCKS]
    yield from _all_locked(state, lines, BLOCKS, "Claiming")
