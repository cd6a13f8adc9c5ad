"""The lines around groups of cells, in cell units (x is the column, y the row).

A segment is ``((x1, y1), (x2, y2))``, horizontal or vertical, with ``x1 <= x2``
and ``y1 <= y2``; touching segments on one line are merged into one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

Point = tuple[float, float]
Segment = tuple[Point, Point]

#: Each side of a cell: its outward normal (rows, columns).
_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def walls(size: int, owner: Callable[[int], object]) -> list[Segment]:
    """The edges inside a ``size`` grid between two cells of different owners."""
    found: list[Segment] = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        if col + 1 < size and owner(cell) != owner(cell + 1):
            found.append(((col + 1, row), (col + 1, row + 1)))
        if row + 1 < size and owner(cell) != owner(cell + size):
            found.append(((col, row + 1), (col + 1, row + 1)))
    return merged(found)


def inset_outline(cells: Collection[int], size: int, inset: float) -> list[Segment]:
    """The outline of the group of ``cells`` drawn ``inset`` inside its border, as printed
    Killer cages are: it turns inward at outer corners and outward at inner ones, so that
    the outlines of two neighbouring cages run side by side."""
    group = set(cells)

    def inside(row: int, col: int) -> bool:
        return 0 <= row < size and 0 <= col < size and row * size + col in group

    found: list[Segment] = []
    for cell in group:
        row, col = divmod(cell, size)
        for normal in _SIDES:
            if not inside(row + normal[0], col + normal[1]):
                found.append(_inset_side(row, col, normal, inside, inset))
    return merged(found)


def _inset_side(
    row: int, col: int, normal: tuple[int, int], inside: Callable[[int, int], bool], inset: float
) -> Segment:
    """The inset line along the side of cell (``row``, ``col``) facing ``normal``."""
    down, across = normal
    # Top and bottom sides run along the columns, left and right ones along the rows.
    along = (abs(across), abs(down))
    origin = col if down else row

    def reach(step: int, corner: float) -> float:
        beside = (row + along[0] * step, col + along[1] * step)
        if not inside(*beside):
            return corner - step * inset
        if inside(beside[0] + down, beside[1] + across):
            return corner + step * inset
        return corner

    level = (row if down else col) + (1 - inset if down + across > 0 else inset)
    first, last = reach(-1, origin), reach(1, origin + 1)
    return ((first, level), (last, level)) if down else ((level, first), (level, last))


def merged(segments: Iterable[Segment]) -> list[Segment]:
    """``segments`` with those that touch end to end on one line joined, in a stable order."""
    lines: dict[tuple[bool, float], list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segments:
        if y1 == y2:
            lines.setdefault((True, y1), []).append((min(x1, x2), max(x1, x2)))
        else:
            lines.setdefault((False, x1), []).append((min(y1, y2), max(y1, y2)))
    found: list[Segment] = []
    for (flat, level), spans in sorted(lines.items()):
        runs: list[list[float]] = []
        for low, high in sorted(spans):
            if runs and low <= runs[-1][1]:
                runs[-1][1] = max(runs[-1][1], high)
            else:
                runs.append([low, high])
        for low, high in runs:
            found.append(((low, level), (high, level)) if flat else ((level, low), (level, high)))
    return found
