"""The Law of Leftovers, for Jigsaw Sudoku.

``k`` consecutive rows (or columns) hold every value ``k`` times, and so do any
``k`` regions. Take the regions lying wholly inside the rows and enough of
those crossing their edge to make ``k``: the cells of the rows outside those
regions (the leftovers inside) then hold exactly the values of the regions'
cells outside the rows (the leftovers outside). A value that cannot be on one
side cannot be on the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..geometry import Geometry
from .hints import PLURALS
from .registry import technique
from .state import State, digits_of
from .step import Step
from .words import and_list, cells, removals

#: The most leftover cells on each side worth looking at, as a player would.
MOST_LEFTOVERS = 4


@dataclass(frozen=True)
class Leftovers:
    """Lines (``kind``: rows or columns) and regions that hold every value ``count``
    times; ``inside``: the lines' cells outside the regions, ``outside``: the
    regions' cells outside the lines."""

    lines: str
    kind: str
    regions: str
    count: int
    inside: tuple[int, ...]
    outside: tuple[int, ...]


@lru_cache(maxsize=32)
def leftovers(geometry: Geometry) -> tuple[Leftovers, ...]:
    """Every pairing of consecutive lines with regions that leaves at most
    :data:`MOST_LEFTOVERS` cells on each side (none without jigsaw regions)."""
    if geometry.regions is None:
        return ()
    size = geometry.size
    regions = [frozenset(region) for region in geometry.boxes]
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Leftovers] = {}
    for kind, lines in (("row", geometry.rows), ("column", geometry.columns)):
        for start in range(size):
            for stop in range(start + 1, size):
                band = frozenset().union(*lines[start:stop])
                inside = [i for i, region in enumerate(regions) if region <= band]
                crossing = [
                    i for i, region in enumerate(regions) if region & band and not region <= band
                ]
                need = stop - start - len(inside)
                if not 0 <= need <= len(crossing):
                    continue
                name = _lines_name(kind, start, stop)
                for picked in combinations(crossing, need):
                    chosen = sorted((*inside, *picked))
                    covered = frozenset().union(*(regions[i] for i in chosen))
                    left_in, left_out = tuple(sorted(band - covered)), tuple(sorted(covered - band))
                    if 0 < len(left_in) <= MOST_LEFTOVERS and (left_in, left_out) not in found:
                        words = and_list([str(i + 1) for i in chosen])
                        noun = "region" if len(chosen) == 1 else PLURALS["region"]
                        found[left_in, left_out] = Leftovers(
                            name, PLURALS[kind], f"{noun} {words}", stop - start, left_in, left_out
                        )
    return tuple(found.values())


def _lines_name(kind: str, start: int, stop: int) -> str:
    """``row 3`` or ``rows 1-3``."""
    if stop == start + 1:
        return f"{kind} {start + 1}"
    return f"{PLURALS[kind]} {start + 1}-{stop}"


@technique("Law of Leftovers", 2.9)
def law_of_leftovers(state: State) -> Iterator[Step]:
    """Values missing from one side of a pairing of lines and regions are removed
    from the other side."""
    for found in leftovers(state.puzzle.geometry):
        inside, outside = _possible(state, found.inside), _possible(state, found.outside)
        eliminations = _outside_of(state, found.inside, outside)
        eliminations += _outside_of(state, found.outside, inside)
        if not eliminations:
            continue
        times = {1: "once", 2: "twice"}.get(found.count, f"{found.count} times")
        same = "holds the same value" if len(found.inside) == 1 else "hold the same values"
        yield Step(
            "Law of Leftovers",
            f"Law of Leftovers: {found.lines} and {found.regions} each hold every value "
            f"{times}, so {cells(state, found.inside)} (in the {found.kind}, outside the "
            f"regions) {same} as {cells(state, found.outside)} (in the regions, outside "
            f"the {found.kind}); {removals(state, eliminations)}",
            eliminations=eliminations,
            cells=found.inside + found.outside,
            houses=(),
        )


def _possible(state: State, group: tuple[int, ...]) -> int:
    """The values ``group``'s cells hold or may still hold, as a bitmask."""
    mask = 0
    for cell in group:
        value = state.values[cell]
        mask |= 1 << (value - 1) if value else state.candidates[cell]
    return mask


def _outside_of(state: State, group: tuple[int, ...], allowed: int) -> tuple[tuple[int, int], ...]:
    """The candidates of ``group`` that are not in ``allowed``."""
    return tuple(
        (cell, value)
        for cell in group
        for value in digits_of(state.candidates[cell] & ~allowed)
        if not state.values[cell]
    )
