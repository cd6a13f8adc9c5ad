"""Steps in HoDoKu's notation: ``Naked Pair: 3,6 in r8c27 => r8c15<>3, r8c15<>6``.

Cells of one row are written ``r8c27``, of one column ``r12c3``; placements
``r9c3=7``, eliminations ``r1c3<>5``. Grids larger than 9x9 write each cell
apart (``r10c1,r10c2``), since their numbers need more than one digit.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..geometry import Geometry
from .step import Step

#: HoDoKu's names where they differ from latinum's.
NAMES = {
    "Pointing": "Locked Candidates Type 1 (Pointing)",
    "Claiming": "Locked Candidates Type 2 (Claiming)",
    "Simple Colouring": "Simple Colors",
    "Multi-Colouring": "Multi Colors",
    "Alternating Inference Chain": "AIC",
    "Grouped Alternating Inference Chain": "Grouped AIC",
}


def hodoku(step: Step, geometry: Geometry) -> str:
    """``step`` in one line of HoDoKu's notation."""
    name = NAMES.get(step.technique, step.technique)
    results = [f"{cells(geometry, [c])}={v}" for c, v in step.placements]
    by_digit: dict[int, list[int]] = {}
    for cell, value in step.eliminations:
        by_digit.setdefault(value, []).append(cell)
    results += [f"{cells(geometry, found)}<>{v}" for v, found in sorted(by_digit.items())]
    pattern = ",".join(str(d) for d in step.digits)
    where = cells(geometry, step.cells) if step.cells else ", ".join(step.houses)
    lead = " in ".join(part for part in (pattern, where) if part)
    if not step.eliminations or not lead:
        return f"{name}: {', '.join(results)}"
    return f"{name}: {lead} => {', '.join(results)}"


def cells(geometry: Geometry, group: Iterable[int]) -> str:
    """``r1c2``, ``r8c27`` (one row), ``r12c3`` (one column), else groups by row."""
    places = sorted(geometry.row_col(c) for c in set(group))
    if geometry.size > 9:
        return ",".join(f"r{r + 1}c{c + 1}" for r, c in places)
    rows = sorted({r for r, _ in places})
    columns = sorted({c for _, c in places})
    if len(columns) == 1 and len(rows) > 1:
        return f"r{_digits(rows)}c{columns[0] + 1}"
    by_row: dict[int, list[int]] = {}
    for r, c in places:
        by_row.setdefault(r, []).append(c)
    return ",".join(f"r{r + 1}c{_digits(cols)}" for r, cols in by_row.items())


def _digits(indices: Iterable[int]) -> str:
    return "".join(str(i + 1) for i in indices)
