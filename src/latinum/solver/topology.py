"""Per-geometry tables shared by every puzzle of the same shape."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from ..geometry import Geometry


@dataclass(frozen=True)
class Segments:
    """Box/line segments (the cells a row or a column shares with a box).

    All getters work on whole lists at once so that a locked-candidates pass
    is a handful of C-level ``map`` calls. Segments shorter than the longest
    repeat a cell, and segments with fewer mates repeat a mate (OR is
    idempotent).
    """

    #: Getter ``k`` gives the ``k``-th cell's domain of every segment.
    cells: tuple[Callable, ...]
    #: Over the segment ORs, getter ``k`` gives a ``k``-th other segment of
    #: the same line (``line_mates``) or of the same box (``box_mates``).
    line_mates: tuple[Callable, ...]
    box_mates: tuple[Callable, ...]
    #: For each segment, the other cells of its line and of its box.
    line_rest: tuple[tuple[int, ...], ...]
    box_rest: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Topology:
    """Units, peers and unit intersections as plain tuples for fast loops."""

    size: int
    units: tuple[tuple[int, ...], ...]
    #: Bit ``i`` for unit ``i``.
    unit_bits: tuple[int, ...]
    #: For each cell, the indices of the units holding it, and the same as
    #: a bit mask (bit ``i`` for unit ``i``).
    cell_units: tuple[tuple[int, ...], ...]
    cell_unit_bits: tuple[int, ...]
    peers: tuple[tuple[int, ...], ...]
    #: For each cell, a getter of its peers' entries as a tuple.
    peer_getters: tuple[Callable, ...]
    #: Box/line intersections, or None without boxes of at least 2x2.
    segments: Segments | None
    #: The other intersections (diagonals): getters of the cells in both
    #: units, the rest of the first and of the second, then the cells of
    #: those two rests.
    intersections: tuple[tuple[Callable, Callable, Callable, tuple, tuple], ...]


@lru_cache(maxsize=64)
def topology(geometry: Geometry) -> Topology:
    """The tables of ``geometry`` (cached: geometries are hashable values)."""
    units = tuple(tuple(unit) for unit in geometry.units)
    peers = tuple(tuple(sorted(group)) for group in geometry.peers)
    segments = _segments(geometry)
    # Box/line pairs are left to the segments when there are some.
    boxes = set(geometry.boxes) if segments else set()
    lines = set(geometry.rows + geometry.columns) if segments else set()
    intersections = []
    for i, first_unit in enumerate(units):
        first = frozenset(first_unit)
        for second_unit in units[i + 1 :]:
            if first_unit in lines and second_unit in boxes:
                continue
            second = frozenset(second_unit)
            both = first & second
            if len(both) >= 2 and len(both) < len(first):
                rest_first, rest_second = first - both, second - both
                intersections.append(
                    (
                        tuple_getter(both),
                        tuple_getter(rest_first),
                        tuple_getter(rest_second),
                        tuple(sorted(rest_first)),
                        tuple(sorted(rest_second)),
                    )
                )
    cell_units: list[list[int]] = [[] for _ in geometry.cells]
    for index, unit in enumerate(units):
        for cell in unit:
            cell_units[cell].append(index)
    return Topology(
        size=geometry.size,
        units=units,
        unit_bits=tuple(1 << index for index in range(len(units))),
        cell_units=tuple(map(tuple, cell_units)),
        cell_unit_bits=tuple(sum(1 << index for index in group) for group in cell_units),
        peers=peers,
        peer_getters=tuple(map(tuple_getter, peers)),
        segments=segments,
        intersections=tuple(intersections),
    )


def _segments(geometry: Geometry) -> Segments | None:
    """The box/line segment tables, or None unless boxes have 2+ rows and 2+ columns."""
    if geometry.box is None or min(geometry.box) < 2:
        return None
    # (cells, line, box number, direction) of every segment.
    found = []
    for direction, lines in enumerate((geometry.rows, geometry.columns)):
        for line in lines:
            groups: dict[int, list[int]] = {}
            for cell in line:
                groups.setdefault(geometry.box_of(cell), []).append(cell)  # type: ignore[arg-type]
            for box, group in groups.items():
                found.append((tuple(group), line, box, direction))
    line_mates, box_mates, line_rest, box_rest = [], [], [], []
    for index, (cells, line, box, direction) in enumerate(found):
        others = [(k, seg) for k, seg in enumerate(found) if k != index]
        line_mates.append([k for k, seg in others if seg[1] == line])
        box_mates.append([k for k, seg in others if seg[2] == box and seg[3] == direction])
        line_rest.append(tuple(c for c in line if c not in cells))
        box_rest.append(tuple(c for c in geometry.boxes[box] if c not in cells))
    return Segments(
        cells=_columns_of([seg[0] for seg in found]),
        line_mates=_columns_of(line_mates),
        box_mates=_columns_of(box_mates),
        line_rest=tuple(line_rest),
        box_rest=tuple(box_rest),
    )


def _columns_of(rows: list) -> tuple[Callable, ...]:
    """Getters ``k`` picking the ``k``-th entry of every row, padding short rows."""
    width = max(len(row) for row in rows)
    padded = [list(row) + [row[-1]] * (width - len(row)) for row in rows]
    return tuple(itemgetter(*(row[k] for row in padded)) for k in range(width))


def tuple_getter(cells: Iterable[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """Like ``itemgetter`` over the sorted ``cells``, but always giving a tuple."""
    chosen = sorted(cells)
    if len(chosen) == 1:
        cell = chosen[0]
        return lambda dom: (dom[cell],)
    if not chosen:
        return lambda dom: ()
    return itemgetter(*chosen)
