"""Locked candidates: pointing (box to line) and claiming (line to box)."""

from __future__ import annotations

from collections.abc import Iterator

from .registry import technique
from .state import House, State
from .step import Step
from .words import cells, removals


def _locked(state: State, source: House, target_kind: str, name: str) -> Iterator[Step]:
    for value in range(1, state.size + 1):
        places = state.cells_with(value, source.cells)
        if len(places) < 2:
            continue
        shared = set.intersection(*(set(h for h in state.houses_of[c]) for c in places))
        for target in shared:
            if target is source or target.kind not in target_kind:
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


@technique("Pointing", 2.6, codes=("0100",))
def pointing(state: State) -> Iterator[Step]:
    """A value confined to one line within a box is removed from the rest of that line."""
    for house in state.houses:
        if house.kind == "box":
            yield from _locked(state, house, ("row", "column", "diagonal"), "Pointing")


@technique("Claiming", 2.8, codes=("0101",))
def claiming(state: State) -> Iterator[Step]:
    """A value confined to one box within a line is removed from the rest of that box."""
    for house in state.houses:
        if house.kind != "box":
            yield from _locked(state, house, ("box",), "Claiming")
