"""The pencil-mark grid: every cell's value or candidates, in boxes (readable back by
the ``grid`` format), plain or with a step drawn on it.

A drawn grid is lines of :class:`Segment`, each saying what its text shows, for a
caller to style (this module knows nothing of terminals). It reads without
colour too: the region's and the pattern's cells are in brackets, and a marker
stands before every pattern candidate (``*5``), elimination (``-5``) and
placement (``+5``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..geometry import Geometry
from ..symbols import symbol

if TYPE_CHECKING:
    from ..logic.step import Candidate, Step

#: The character before a candidate of each role.
MARKERS = {"pattern": "*", "eliminated": "-", "placed": "+"}


class Segment(NamedTuple):
    """A piece of a line of a drawn grid.

    ``role`` is what the text shows: a candidate of the step's ``pattern``, one it
    ``eliminated`` or a digit it ``placed`` (or ``""``); ``area`` where it lies: in
    a ``cell`` of the pattern, in the ``region``, or neither (``""``).
    """

    text: str
    role: str = ""
    area: str = ""


Line = list[Segment]


def pencil_grid(geometry: Geometry, values: Sequence[int], candidates: Sequence[int]) -> str:
    """Each cell's value, or its candidate digits run together, in aligned columns."""
    return text_of(drawn_grid(geometry, values, candidates))


def drawn_grid(
    geometry: Geometry,
    values: Sequence[int],
    candidates: Sequence[int],
    step: Step | None = None,
) -> list[Line]:
    """The pencil-mark grid of ``values`` and ``candidates`` (bitmasks) with ``step``
    drawn on it: its region, cells, pattern, eliminations and placements.

    Without a step, or with one that shows nothing, its text is :func:`pencil_grid`.
    """
    n = geometry.size
    roles, areas = _roles(step), _areas(step)
    texts = [
        _cell(cell, value, mask, n, roles, areas.get(cell, ""))
        for cell, (value, mask) in enumerate(zip(values, candidates, strict=True))
    ]
    widths = [max(_width(texts[row * n + col]) for row in range(n)) for col in range(n)]
    gap = 1 if areas else 0  # room between bracketed cells
    box_rows, box_cols = geometry.box or (n, n)
    boxes = range(0, n, box_cols)
    spans = [sum(w + 2 + gap for w in widths[start : start + box_cols]) + 1 for start in boxes]
    rule = [Segment("+" + "+".join("-" * span for span in spans) + "+")]
    lines = [rule]
    for row in range(n):
        line = [Segment("|")]
        for start in boxes:
            for col in range(start, start + box_cols):
                cell = row * n + col
                line += _slot(texts[cell], widths[col], gap, areas.get(cell, ""))
            line.append(Segment(" |"))
        lines.append(line)
        if (row + 1) % box_rows == 0:
            lines.append(rule)
    return lines


def legend(step: Step) -> Line:
    """One line saying what the drawing of ``step`` shows (empty when nothing)."""
    areas = set(_areas(step).values())
    roles = set(_roles(step).values())
    shown = [(Segment(f"{mark}n", role), role) for role, mark in MARKERS.items() if role in roles]
    if areas:
        area = "region" if "region" in areas else "cell"
        shown.insert(0, (Segment("[ ]", area=area), "cells to look at"))
    line: Line = []
    for sample, words in shown:
        line += [Segment("  " if line else "key: "), sample, Segment(f" {words}")]
    return line


def text_of(lines: Sequence[Line]) -> str:
    """The plain text of drawn ``lines``."""
    return "\n".join("".join(segment.text for segment in line) for line in lines)


def _roles(step: Step | None) -> dict[Candidate, str]:
    """The role of each candidate the step draws: a placement wins over an
    elimination, which wins over the pattern."""
    if step is None:
        return {}
    roles = dict.fromkeys(step.pattern, "pattern")
    roles.update(dict.fromkeys(step.eliminations, "eliminated"))
    roles.update(dict.fromkeys(step.placements, "placed"))
    return roles


def _areas(step: Step | None) -> dict[int, str]:
    """The area of each cell the step draws: the pattern's cells in its region."""
    if step is None:
        return {}
    areas = dict.fromkeys(step.region, "region")
    areas.update(dict.fromkeys((*step.cells, *(cell for cell, _ in step.pattern)), "cell"))
    return areas


def _cell(cell: int, value: int, mask: int, n: int, roles: dict[Candidate, str], area: str) -> Line:
    """The value of ``cell``, or its candidates each after its marker."""
    if value:
        return [Segment(symbol(value), area=area)]
    found = [v for v in range(1, n + 1) if mask >> (v - 1) & 1]
    if not found:
        return [Segment("-", area=area)]
    line: Line = []
    for v in found:
        role = roles.get((cell, v), "")
        line.append(Segment(MARKERS.get(role, "") + symbol(v), role, area))
    return line


def _slot(text: Line, width: int, gap: int, area: str) -> Line:
    """A cell's text in its column of ``width``, after ``gap`` spaces: in brackets when
    in an area, else between spaces."""
    opening, closing = "[]" if area else "  "
    padding = " " * (width - _width(text))
    return [
        Segment(" " * gap + opening, area=area),
        *text,
        Segment(closing + padding, area=area),
    ]


def _width(text: Line) -> int:
    return sum(len(segment.text) for segment in text)
