"""Naked and hidden subsets: pairs, triples and quads (and locked pairs and triples)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from .registry import technique
from .state import State, digits_of
from .step import Step
from .words import cells, digit_set, removals

SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked(size: int) -> Callable[[State], Iterator[Step]]:
    """``size`` cells of one house whose candidates together are ``size`` values:
    those values leave every other cell that sees all of them."""

    def find(state: State) -> Iterator[Step]:
        seen: set[tuple[int, ...]] = set()
        for house in state.houses:
            open_cells = [c for c in house.cells if 1 < state.candidates[c].bit_count() <= size]
            for group in combinations(open_cells, size):
                union = 0
                for cell in group:
                    union |= state.candidates[cell]
                if union.bit_count() != size or group in seen:
                    continue
                seen.add(group)
                houses = [h for h in state.houses if set(group) <= set(h.cells)]
                values = digits_of(union)
                eliminations = tuple(
                    (cell, value)
                    for h in houses
                    for cell in h.cells
                    if cell not in group
                    for value in values
                    if state.has(cell, value)
                )
                eliminations = tuple(dict.fromkeys(eliminations))
                if not eliminations:
                    continue
                locked = len(houses) > 1 and size <= 3
                name = f"{'Locked' if locked else 'Naked'} {SIZE_NAMES[size]}"
                where = " and ".join(h.name for h in houses)
                yield Step(
                    name,
                    f"{name} {digit_set(values)} in {where} at {cells(state, group)}: "
                    f"{removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=group,
                    houses=tuple(h.name for h in houses),
                    digits=tuple(values),
                    weight=2.8 if locked else 0.0,
                )

    return find


def hidden(size: int) -> Callable[[State], Iterator[Step]]:
    """``size`` values of one house confined to ``size`` cells: those cells lose
    every other candidate."""

    def find(state: State) -> Iterator[Step]:
        for house, places in zip(state.houses, state.derived(_places, _places, state), strict=True):
            usable = [v for v, where in places.items() if 1 < len(where) <= size]
            for values in combinations(usable, size):
                group = sorted({cell for v in values for cell in places[v]})
                if len(group) != size:
                    continue
                keep = sum(1 << (v - 1) for v in values)
                eliminations = tuple(
                    (cell, value)
                    for cell in group
                    for value in digits_of(state.candidates[cell] & ~keep)
                )
                if not eliminations:
                    continue
                name = f"Hidden {SIZE_NAMES[size]}"
                yield Step(
                    name,
                    f"{name} {digit_set(values)} in {house.name} at {cells(state, group)}: "
                    f"{removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=tuple(group),
                    houses=(house.name,),
                    digits=values,
                )

    return find


def _places(state: State) -> list[dict[int, list[int]]]:
    """Per house, the cells holding each value (shared by the hidden subsets of a state)."""
    return [
        {value: state.cells_with(value, house.cells) for value in range(1, state.size + 1)}
        for house in state.houses
    ]


technique("Naked Pair", 3.0, codes=("0200", "0110"))(naked(2))
technique("Hidden Pair", 3.4, codes=("0210",))(hidden(2))
technique("Naked Triple", 3.6, codes=("0201", "0111"))(naked(3))
technique("Hidden Triple", 4.0, codes=("0211",))(hidden(3))
technique("Naked Quad", 5.0, codes=("0202",))(naked(4))
technique("Hidden Quad", 5.4, codes=("0212",))(hidden(4))
