"""Full house, hidden single and naked single."""

from __future__ import annotations

from collections.abc import Iterator

from .registry import technique
from .state import State, digits_of
from .step import Step


@technique("Full House", 1.0, codes=("0000",))
def full_house(state: State) -> Iterator[Step]:
    """The last empty cell of a house takes the one value the house lacks."""
    for house in state.houses:
        row = house.read(state.values)
        if row.count(0) != 1:
            continue
        cell = house.cells[row.index(0)]
        missing = state.full
        for value in row:
            if value:
                missing &= ~(1 << (value - 1))
        if missing & (missing - 1) or not missing & state.candidates[cell]:
            continue
        value = missing.bit_length()
        yield Step(
            "Full House",
            f"Full house: {state.name(cell)} is the last empty cell of {house.name}, "
            f"so it is {value}",
            placements=((cell, value),),
            cells=(cell,),
            houses=(house.name,),
            digits=(value,),
        )


@technique("Hidden Single", 1.2, codes=("0002",))
def hidden_single(state: State) -> Iterator[Step]:
    """A value with one possible cell in a house goes there (boxes first)."""
    candidates = state.candidates
    for house in state.boxes_first:
        for value in digits_of(_once(candidates, house.cells)):
            bit = 1 << (value - 1)
            cell = next(cell for cell in house.cells if candidates[cell] & bit)
            yield Step(
                "Hidden Single",
                f"Hidden single: in {house.name}, {value} fits only in {state.name(cell)}",
                placements=((cell, value),),
                cells=(cell,),
                houses=(house.name,),
                digits=(value,),
                weight=1.2 if house.kind == "box" else 1.5,
            )


def _once(candidates: list[int], cells: tuple[int, ...]) -> int:
    """The bits of the values that are candidates in exactly one of ``cells``."""
    once = twice = 0
    for cell in cells:
        mask = candidates[cell]
        twice |= once & mask
        once |= mask
    return once & ~twice


@technique("Naked Single", 2.3, codes=("0003",))
def naked_single(state: State) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    for cell, mask in enumerate(state.candidates):
        if mask and not mask & (mask - 1):
            value = mask.bit_length()
            yield Step(
                "Naked Single",
                f"Naked single: {state.name(cell)} can only be {value}",
                placements=((cell, value),),
                cells=(cell,),
                digits=(value,),
            )
