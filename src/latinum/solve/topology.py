"""Per-geometry tables shared by every puzzle of the same shape."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from ..geometry import Geometry


@dataclass(frozen=True)
class Topology:
    """Units, peers and unit intersections as plain tuples for fast loops."""

    size: int
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    # Getters of the cells in both units, the rest of the first and of the
    # second, then the cells of those two rests.
    intersections: tuple[tuple[Callable, Callable, Callable, tuple, tuple], ...]


@lru_cache(maxsize=64)
def topology(geometry: Geometry) -> Topology:
    """The tables of ``geometry`` (cached: geometries are hashable values)."""
    units = tuple(tuple(unit) for unit in geometry.units)
    peers = tuple(tuple(sorted(group)) for group in geometry.peers)
    intersections = []
    sets = [frozenset(unit) for unit in units]
    for i, first in enumerate(sets):
        for second in sets[i + 1 :]:
            both = first & second
            if len(both) >= 2 and len(both) < len(first):
                rest_first, rest_second = first - both, second - both
                intersections.append(
                    (
                        _getter(both),
                        _getter(rest_first),
                        _getter(rest_second),
                        tuple(sorted(rest_first)),
                        tuple(sorted(rest_second)),
                    )
                )
    return Topology(geometry.size, units, peers, tuple(intersections))


def _getter(cells: frozenset[int]) -> Callable:
    ordered = sorted(cells)
    if len(ordered) == 1:
        cell = ordered[0]
        return lambda dom: (dom[cell],)
    return itemgetter(*ordered)
