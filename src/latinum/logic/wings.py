"""Wings: a pivot cell and two pincers that together force a value out of the cells
seeing both pincers (XY-Wing, XYZ-Wing, W-Wing)."""

from __future__ import annotations

from collections.abc import Iterator

from .registry import technique
from .state import State, digits_of
from .step import Link, Step
from .words import digit_set, removals


def _bit(value: int) -> int:
    return 1 << (value - 1)


def _described(state: State, cell: int) -> str:
    """``r2c2 {4,7}``: a cell and its candidates."""
    return f"{state.name(cell)} {digit_set(state.digits(cell))}"


def _victims(state: State, value: int, seeing: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(cell, value)`` for every cell with ``value`` that sees all of ``seeing``."""
    common = set(state.peers[seeing[0]])
    for cell in seeing[1:]:
        common &= state.peers[cell]
    bit = _bit(value)
    return tuple((cell, value) for cell in sorted(common) if state.candidates[cell] & bit)


def _bivalue(state: State) -> list[int]:
    return [cell for cell, mask in enumerate(state.candidates) if mask.bit_count() == 2]


def _pincer_pairs(state: State, pivot: int, pivot_mask: int) -> Iterator[tuple[int, int, int]]:
    """Bivalue peers ``a``, ``b`` of ``pivot`` and the value ``z`` they share, where
    ``a`` holds ``z`` and one pivot value, ``b`` holds ``z`` and another."""
    # For each z: the pincers holding z and exactly one of the pivot's values.
    by_z: dict[int, list[tuple[int, int]]] = {}
    for peer in state.peers[pivot]:
        mask = state.candidates[peer]
        if mask.bit_count() != 2:
            continue
        shared = mask & pivot_mask
        extra = mask & ~pivot_mask
        if shared.bit_count() == 1 and extra:
            by_z.setdefault(extra, []).append((peer, shared))
    for extra, group in by_z.items():
        group.sort()
        for i, (a, shared_a) in enumerate(group):
            for b, shared_b in group[i + 1 :]:
                if shared_a != shared_b:
                    yield a, b, extra.bit_length()


@technique("XY-Wing", 4.2, codes=("0800",))
def xy_wing(state: State) -> Iterator[Step]:
    """Pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot is, one pincer
    is z, so z leaves every cell seeing both pincers."""
    for pivot in _bivalue(state):
        mask = state.candidates[pivot]
        for a, b, z in _pincer_pairs(state, pivot, mask):
            eliminations = _victims(state, z, (a, b))
            if not eliminations:
                continue
            yield Step(
                "XY-Wing",
                f"XY-Wing with pivot {_described(state, pivot)} and pincers "
                f"{_described(state, a)}, {_described(state, b)}: "
                f"{removals(state, eliminations)}",
                eliminations=eliminations,
                cells=(pivot, a, b),
                digits=tuple(digits_of(mask | _bit(z))),
            )


@technique("XYZ-Wing", 4.4, codes=("0801",))
def xyz_wing(state: State) -> Iterator[Step]:
    """Pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so z
    leaves every cell seeing all three."""
    for pivot, mask in enumerate(state.candidates):
        if mask.bit_count() != 3:
            continue
        for value in digits_of(mask):
            rest = mask & ~_bit(value)
            for a, b, z in _pincer_pairs(state, pivot, rest):
                if z != value:
                    continue
                eliminations = _victims(state, z, (pivot, a, b))
                if not eliminations:
                    continue
                yield Step(
                    "XYZ-Wing",
                    f"XYZ-Wing with pivot {_described(state, pivot)} and pincers "
                    f"{_described(state, a)}, {_described(state, b)}: "
                    f"{removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=(pivot, a, b),
                    digits=tuple(digits_of(mask)),
                )


@technique("W-Wing", 4.4, codes=("0803",))
def w_wing(state: State) -> Iterator[Step]:
    """Two cells {x,y} that do not see each other, joined by a strong link on x
    (x in only two cells of a house, one seeing each): one of the two cells is y,
    so y leaves every cell seeing both."""
    links: dict[int, list[tuple[int, int, str]]] = {}
    for house in state.houses:
        for value in range(1, state.size + 1):
            places = state.cells_with(value, house.cells)
            if len(places) == 2:
                links.setdefault(value, []).append((places[0], places[1], house.name))
    by_pair: dict[int, list[int]] = {}
    for cell in _bivalue(state):
        by_pair.setdefault(state.candidates[cell], []).append(cell)
    for mask, group in by_pair.items():
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                if second in state.peers[first]:
                    continue
                for x in digits_of(mask):
                    y = (mask & ~_bit(x)).bit_length()
                    eliminations = _victims(state, y, (first, second))
                    if not eliminations:
                        continue
                    for one, two, house_name in links.get(x, ()):
                        if {one, two} & {first, second}:
                            continue
                        for end_a, end_b in ((one, two), (two, one)):
                            if end_a in state.peers[first] and end_b in state.peers[second]:
                                yield Step(
                                    "W-Wing",
                                    f"W-Wing on {digit_set((x, y))} at {state.name(first)} "
                                    f"and {state.name(second)}, joined by the strong link on "
                                    f"{x} in {house_name} ({state.name(end_a)} - "
                                    f"{state.name(end_b)}): one of them is {y}, so "
                                    f"{removals(state, eliminations)}",
                                    eliminations=eliminations,
                                    cells=(first, second, end_a, end_b),
                                    houses=(house_name,),
                                    digits=(x, y),
                                    pattern=(
                                        (first, x),
                                        (first, y),
                                        (end_a, x),
                                        (end_b, x),
                                        (second, x),
                                        (second, y),
                                    ),
                                    links=(
                                        Link(((first, y),), ((first, x),), True),
                                        Link(((first, x),), ((end_a, x),), False),
                                        Link(((end_a, x),), ((end_b, x),), True),
                                        Link(((end_b, x),), ((second, x),), False),
                                        Link(((second, x),), ((second, y),), True),
                                    ),
                                )
                                break
