"""The drawing of one SVG picture, layer by layer (see :mod:`latinum.render.pictures`)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..puzzle import Puzzle
from .outlines import Segment, inset_outline, walls

if TYPE_CHECKING:
    from ..logic.step import Candidate, Link

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
INK, THIN_INK, ENTERED_INK, MARK_INK = "#000", "#808080", "#2b5c9e", "#555"
CELL_FILL, DIAGONAL_FILL, REGION_FILL, CELL_HIGHLIGHT = "#fff", "#e6e6e6", "#e3eefa", "#ffe98a"
WINDOW_FILL = "#e9e9e9"
# A step's marks differ in shape as well as colour (Okabe and Ito's colour-blind
# safe hues): pattern candidates in squares, placements in circles, eliminations
# crossed out; strong links solid, weak ones dashed.
PATTERN_FILL, PATTERN_INK = "#cfe6f7", "#0b4f8a"
PLACED_FILL, PLACED_INK = "#bfe8d6", "#00704f"
ELIMINATED_INK, LINK_INK = "#c24e00", "#7a3a8c"
#: Operators as printed on KenKen cages.
PRINTED_OPS = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": ""}
#: Skyscrapers clues: their ink, and the band around the grid they stand in (in
#: cells; with the margin outside it, each clue is centred in a cell's width).
CLUE_INK, CLUE_BAND = "#333", 0.75
#: The way each sign points, in a row ("<", ">") or between rows ("^", "v").
_SIGN_POINTS = {"<": (1, 0), ">": (-1, 0), "^": (0, 1), "v": (0, -1)}


@dataclass(frozen=True)
class Marked:
    """What to draw of a step: the ``region`` to look at, the pattern's ``cells`` and
    candidates (``pattern``), the ``placed`` and ``struck`` candidates and the links."""

    region: frozenset[int] = frozenset()
    cells: frozenset[int] = frozenset()
    pattern: frozenset[Candidate] = frozenset()
    placed: frozenset[Candidate] = frozenset()
    struck: frozenset[Candidate] = frozenset()
    links: tuple[Link, ...] = ()


class Picture:
    """The picture of ``puzzle`` with cells of ``cell`` pixels."""

    def __init__(self, puzzle: Puzzle, cell: float) -> None:
        self.puzzle, self.cell = puzzle, cell
        n = self.puzzle.size
        self.n = n
        # Futoshiki cells stand apart, with room for the signs between them.
        self.gap = self.cell / 2 if self.puzzle.variant == "futoshiki" else 0.0
        self.margin = margin(self.puzzle, self.cell)
        self.thin = max(1.0, self.cell / 40)
        self.thick = 3 * self.cell / 40
        # Pencil marks keep clear of the cage label and inside a Killer cage's dashed outline.
        self.marks_across = math.ceil(math.sqrt(n))
        self.mark_edge = 0.12 if self.puzzle.variant == "killer" else 0.06
        self.mark_top = 0.26 if self.puzzle.cages else self.mark_edge
        self.mark_step = (
            (1 - 2 * self.mark_edge) / self.marks_across,
            (1 - self.mark_edge - self.mark_top) / math.ceil(n / self.marks_across),
        )
        #: The distance between neighbouring pencil marks, in pixels.
        self.mark_pitch = min(self.mark_step) * self.cell
        self.side = 2 * self.margin + n * self.cell + (n - 1) * self.gap
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": _num(self.side),
                "height": _num(self.side),
                "viewBox": f"0 0 {_num(self.side)} {_num(self.side)}",
                "font-family": FONT,
            },
        )
        ET.SubElement(self.root, "title").text = self.puzzle.title or self.puzzle.describe()

    # Coordinates

    def x(self, col: float) -> float:
        return self.margin + col * (self.cell + self.gap)

    def y(self, row: float) -> float:
        return self.margin + row * (self.cell + self.gap)

    def corner(self, cell: int) -> tuple[float, float]:
        row, col = divmod(cell, self.n)
        return self.x(col), self.y(row)

    def group(self, name: str, **attributes: str) -> ET.Element:
        return ET.SubElement(self.root, "g", {"class": name, **attributes})

    # The layers, bottom to top

    def draw(self, values: Sequence[int], marks: Sequence[frozenset[int]], marked: Marked) -> str:
        """The picture: ``values`` in the empty cells, pencil ``marks``, and what is
        ``marked`` of a step."""
        ET.SubElement(self.root, "rect", width="100%", height="100%", fill=CELL_FILL)
        fills = self.fills(marked)
        self.shade(fills)
        if self.gap:
            self.separate_cells()
            self.signs()
        else:
            self.cell_lines()
            self.killer_cages()
            self.thick_lines()
        self.cage_labels(fills)
        self.clues()
        self.links(marked.links)
        self.values(values)
        self.candidates(values, marks, marked)
        ET.indent(self.root)
        return ET.tostring(self.root, encoding="unicode") + "\n"

    def fills(self, marked: Marked) -> dict[int, str]:
        geometry = self.puzzle.geometry
        fills = {c: WINDOW_FILL for unit in geometry.window_units for c in unit}
        fills.update((c, DIAGONAL_FILL) for unit in geometry.diagonal_units for c in unit)
        fills.update(dict.fromkeys(marked.region, REGION_FILL))
        fills.update(dict.fromkeys(marked.cells, CELL_HIGHLIGHT))
        return fills

    def shade(self, fills: dict[int, str]) -> None:
        if not fills:
            return
        layer = self.group("shading")
        for cell, fill in sorted(fills.items()):
            x, y = self.corner(cell)
            kind = {REGION_FILL: "region", DIAGONAL_FILL: "diagonal", WINDOW_FILL: "window"}.get(
                fill, "highlight"
            )
            self.rect(
                layer,
                x,
                y,
                self.cell,
                self.cell,
                fill=fill,
                **{"class": kind, "data-cell": str(cell)},
            )

    def cell_lines(self) -> None:
        layer = self.group("cell-lines", stroke=THIN_INK, **{"stroke-width": _num(self.thin)})
        for i in range(1, self.n):
            self.line(layer, (i, 0), (i, self.n), "cell-line")
            self.line(layer, (0, i), (self.n, i), "cell-line")

    def thick_lines(self) -> None:
        """The frame, the box (or jigsaw region) lines and the KenKen cage walls."""
        layer = self.group(
            "thick-lines",
            stroke=INK,
            **{"stroke-width": _num(self.thick), "stroke-linecap": "square"},
        )
        geometry = self.puzzle.geometry
        if geometry.has_boxes:
            for segment in walls(self.n, geometry.box_of):
                self.line(layer, *segment, "box-line")
        if self.puzzle.cages and self.puzzle.variant != "killer":
            owner = {c: i for i, cage in enumerate(self.puzzle.cages) for c in cage.cells}
            for segment in walls(self.n, lambda c: owner.get(c, -1 - c)):
                self.line(layer, *segment, "cage-wall")
        side = self.x(self.n) - self.margin
        self.rect(layer, self.margin, self.margin, side, side, fill="none", **{"class": "frame"})

    def killer_cages(self) -> None:
        if self.puzzle.variant != "killer":
            return
        dash = _num(self.cell / 10)
        layer = self.group(
            "cage-outlines",
            fill="none",
            stroke=INK,
            **{"stroke-width": _num(self.thin), "stroke-dasharray": f"{dash} {dash}"},
        )
        for cage in self.puzzle.cages:
            segments = inset_outline(cage.cells, self.n, 0.09)
            path = " ".join(self.segment_path(segment) for segment in segments)
            ET.SubElement(layer, "path", {"class": "cage-outline", "d": path})

    def cage_labels(self, fills: dict[int, str]) -> None:
        if not self.puzzle.cages:
            return
        size = 0.26 * self.cell
        layer = self.group("cage-labels", **{"font-size": _num(size)})
        for cage in self.puzzle.cages:
            label = str(cage.target)
            if not cage.distinct:
                label += PRINTED_OPS[cage.op]
            x, y = self.corner(cage.cells[0])
            pad = 0.05 * self.cell
            if self.puzzle.variant == "killer":
                # The sum breaks the dashed outline, as in print.
                fill = fills.get(cage.cells[0], CELL_FILL)
                width = 0.62 * size * len(label) + 2 * pad
                self.rect(layer, x + pad, y + pad, width, size + pad, fill=fill, stroke="none")
            text = ET.SubElement(
                layer, "text", {"class": "cage-label", "x": _num(x + 2 * pad), "y": _num(y + size)}
            )
            text.text = label

    def clues(self) -> None:
        """Skyscrapers clues outside the frame, each in line with its row or column
        and centred in a cell's width, as Tatham prints them: plain digits, lighter
        than the givens."""
        if not self.puzzle.sightlines:
            return
        # Two digits fit a cell's width at this size too: no need to shrink them.
        size = 0.5 * self.cell
        layer = self.group(
            "clues", fill=CLUE_INK, **{"text-anchor": "middle", "font-size": _num(size)}
        )
        half = self.cell / 2
        for line in self.puzzle.sightlines:
            # In the middle of its column or row, half a cell beyond the frame.
            if line.side in ("top", "bottom"):
                cx = self.x(line.index) + half
                cy = self.y(0) - half if line.side == "top" else self.y(self.n) + half
            else:
                cy = self.y(line.index) + half
                cx = self.x(0) - half if line.side == "left" else self.x(self.n) + half
            attributes = {
                "class": "clue",
                "data-side": line.side,
                "data-index": str(line.index),
                "x": _num(cx),
                "y": _num(cy + 0.36 * size),
            }
            ET.SubElement(layer, "text", attributes).text = str(line.seen)

    def values(self, values: Sequence[int]) -> None:
        labelled = bool(self.puzzle.cages) and self.puzzle.variant != "killer"
        layer = self.group("values", **{"text-anchor": "middle"})
        for cell, given in enumerate(self.puzzle.givens):
            value = given or values[cell]
            if not value:
                continue
            text = str(value)
            size = self.cell * (0.62 if len(text) == 1 else 0.48)
            x, y = self.corner(cell)
            middle = y + self.cell * (0.58 if labelled else 0.5)
            attributes = {
                "class": "given" if given else "value",
                "x": _num(x + self.cell / 2),
                "y": _num(middle + 0.36 * size),
                "font-size": _num(size),
            }
            if given:
                attributes["font-weight"] = "bold"
            else:
                attributes["fill"] = ENTERED_INK
            ET.SubElement(layer, "text", attributes).text = text

    def candidates(
        self, values: Sequence[int], marks: Sequence[frozenset[int]], marked: Marked
    ) -> None:
        shown: dict[int, set[int]] = {}
        for cell, digits in enumerate(marks):
            if digits and not (self.puzzle.givens[cell] or values[cell]):
                shown[cell] = set(digits)
        for cell, value in marked.placed | marked.struck | marked.pattern:
            shown.setdefault(cell, set()).add(value)
        if not shown:
            return
        size = self.mark_pitch * (0.8 if self.n < 10 else 0.62)
        layer = self.group("candidates", **{"text-anchor": "middle", "font-size": _num(size)})
        for cell in sorted(shown):
            for value in sorted(shown[cell]):
                self.candidate(layer, (cell, value), marked, size)

    def candidate(
        self, layer: ET.Element, candidate: Candidate, marked: Marked, size: float
    ) -> None:
        """One pencil mark: in a square when of the pattern, in a circle when placed,
        crossed out when eliminated."""
        cx, cy = self.mark_centre(candidate)
        half = 0.5 * self.mark_pitch
        where = {"data-cell": str(candidate[0]), "data-value": str(candidate[1])}
        kind, ink = "candidate", MARK_INK
        if candidate in marked.pattern:
            kind, ink = "pattern", PATTERN_INK
            corner = {"x": _num(cx - half), "y": _num(cy - half), "rx": _num(half / 3)}
            sides = {"width": _num(2 * half), "height": _num(2 * half)}
            self.mark(
                layer, "rect", "pattern-mark", where, PATTERN_FILL, PATTERN_INK, corner | sides
            )
        if candidate in marked.placed:
            kind, ink = "placement", PLACED_INK
            circle = {"cx": _num(cx), "cy": _num(cy), "r": _num(half)}
            self.mark(layer, "circle", "placement-mark", where, PLACED_FILL, PLACED_INK, circle)
        elif candidate in marked.struck:
            kind, ink = "elimination", ELIMINATED_INK
        text = {"class": kind, **where, "x": _num(cx), "y": _num(cy + 0.36 * size), "fill": ink}
        if kind != "candidate":
            text["font-weight"] = "bold"
        ET.SubElement(layer, "text", text).text = str(candidate[1])
        if kind == "elimination":
            arm = 0.5 * size
            cross = (
                f"M{_num(cx - arm)} {_num(cy - arm)}L{_num(cx + arm)} {_num(cy + arm)}"
                f"M{_num(cx - arm)} {_num(cy + arm)}L{_num(cx + arm)} {_num(cy - arm)}"
            )
            cross_mark = {"d": cross, "stroke-linecap": "round"}
            self.mark(
                layer, "path", "elimination-mark", where, "none", ELIMINATED_INK, cross_mark, 2
            )

    def mark(
        self,
        layer: ET.Element,
        tag: str,
        kind: str,
        where: dict[str, str],
        fill: str,
        stroke: str,
        shape: dict[str, str],
        weight: float = 1,
    ) -> None:
        """A shape of class ``kind`` marking the candidate ``where`` names, its outline
        ``weight`` times the usual."""
        width = _num(weight * max(0.8, self.thin / 1.5))
        attributes = {"class": kind, **where, **shape, "fill": fill, "stroke": stroke}
        ET.SubElement(layer, tag, {**attributes, "stroke-width": width})

    def links(self, links: Sequence[Link]) -> None:
        """Each chain link as a curve between the nearest candidates of its two ends:
        solid when strong, dashed when weak."""
        if not links:
            return
        width = max(1.2, 1.5 * self.thin)
        dash = _num(self.mark_pitch / 2.5)
        layer = self.group("links", fill="none", stroke=LINK_INK, **{"stroke-width": _num(width)})
        for link in links:
            a, b = min(
                ((a, b) for a in link.start for b in link.end),
                key=lambda ends: math.dist(*map(self.mark_centre, ends)),
            )
            start, end = self.mark_centre(a), self.mark_centre(b)
            attributes = {
                "class": "link strong" if link.strong else "link weak",
                "data-from": f"{a[0]}:{a[1]}",
                "data-to": f"{b[0]}:{b[1]}",
                "d": self.curve(start, end),
            }
            if not link.strong:
                attributes["stroke-dasharray"] = f"{dash} {dash}"
            ET.SubElement(layer, "path", attributes)

    def curve(self, start: tuple[float, float], end: tuple[float, float]) -> str:
        """A gentle arc from the edge of the mark at ``start`` to the one at ``end``,
        bowed towards the middle of the grid, so that a link along a row does not run
        through the marks between or leave the grid."""
        (x1, y1), (x2, y2) = start, end
        length = math.dist(start, end) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        trim = min(0.55 * self.mark_pitch, length / 3)
        x1, y1, x2, y2 = x1 + ux * trim, y1 + uy * trim, x2 - ux * trim, y2 - uy * trim
        bend = min(0.15 * length, 0.3 * self.cell)
        middle = self.side / 2
        cx, cy = min(
            (((x1 + x2) / 2 - uy * side, (y1 + y2) / 2 + ux * side) for side in (bend, -bend)),
            key=lambda point: math.dist(point, (middle, middle)),
        )
        return f"M{_num(x1)} {_num(y1)}Q{_num(cx)} {_num(cy)} {_num(x2)} {_num(y2)}"

    def mark_centre(self, candidate: Candidate) -> tuple[float, float]:
        """Where the pencil mark of ``candidate`` is drawn: each value keeps its place."""
        cell, value = candidate
        row, col = divmod(value - 1, self.marks_across)
        x, y = self.corner(cell)
        return (
            x + self.cell * (self.mark_edge + self.mark_step[0] * (col + 0.5)),
            y + self.cell * (self.mark_top + self.mark_step[1] * (row + 0.5)),
        )

    def separate_cells(self) -> None:
        layer = self.group(
            "cells", fill="none", stroke=INK, **{"stroke-width": _num(1.5 * self.thin)}
        )
        for cell in range(self.n * self.n):
            x, y = self.corner(cell)
            self.rect(layer, x, y, self.cell, self.cell, **{"class": "cell"})

    def signs(self) -> None:
        """Futoshiki's signs pointing at the smaller value, or the adjacent mode's bars."""
        layer = self.group(
            "signs",
            fill="none",
            stroke=INK,
            **{"stroke-width": _num(2 * self.thin), "stroke-linejoin": "round"},
        )
        for relation in self.puzzle.relations:
            (a, b), sign = relation.oriented
            if sign == "!":
                continue
            across = b == a + 1
            x, y = self.corner(a)
            # The middle of the gap between the two cells.
            if across:
                mx, my = x + self.cell + self.gap / 2, y + self.cell / 2
            else:
                mx, my = x + self.cell / 2, y + self.cell + self.gap / 2
            if sign == "|":
                half = 0.3 * self.cell
                dx, dy = (0, half) if across else (half, 0)
                ends = (mx - dx, my - dy), (mx + dx, my + dy)
                self.line_at(layer, *ends, "bar", **{"stroke-width": _num(self.thick)})
                continue
            point = _SIGN_POINTS[sign if across else {"<": "^", ">": "v"}[sign]]
            arm = 0.36 * self.gap
            tip = (mx - point[0] * arm, my - point[1] * arm)
            spread = (point[1] * arm, point[0] * arm)
            back = (mx + point[0] * arm, my + point[1] * arm)
            points = (
                (back[0] + spread[0], back[1] + spread[1]),
                tip,
                (back[0] - spread[0], back[1] - spread[1]),
            )
            ET.SubElement(
                layer,
                "polyline",
                {
                    "class": "sign",
                    "data-sign": sign,
                    "points": " ".join(f"{_num(px)},{_num(py)}" for px, py in points),
                },
            )

    # Shapes

    def rect(self, parent: ET.Element, x: float, y: float, w: float, h: float, **more) -> None:
        sizes = {"x": _num(x), "y": _num(y), "width": _num(w), "height": _num(h)}
        ET.SubElement(parent, "rect", {**sizes, **more})

    def line(self, parent: ET.Element, start, end, kind: str) -> None:
        """A line between two points in cell units."""
        self.line_at(parent, self.point(start), self.point(end), kind)

    def line_at(self, parent: ET.Element, start, end, kind: str, **more) -> None:
        (x1, y1), (x2, y2) = start, end
        ends = {"x1": _num(x1), "y1": _num(y1), "x2": _num(x2), "y2": _num(y2)}
        ET.SubElement(parent, "line", {"class": kind, **ends, **more})

    def point(self, at: tuple[float, float]) -> tuple[float, float]:
        return self.x(at[0]), self.y(at[1])

    def segment_path(self, segment: Segment) -> str:
        (x1, y1), (x2, y2) = (self.point(end) for end in segment)
        return f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}"


def clue_band(puzzle: Puzzle) -> float:
    """The width of the band of clues around the grid, in cells: none but for
    Skyscrapers, whose pictures keep it on every side (clues or not) and so stay
    square and centred."""
    return CLUE_BAND if puzzle.variant == "skyscrapers" or puzzle.sightlines else 0.0


def margin(puzzle: Puzzle, cell: float) -> float:
    """The room between the picture's edge and the grid, in pixels: a quarter of a
    cell, and the band of clues if any."""
    return cell * (0.25 + clue_band(puzzle))


def _num(value: float) -> str:
    """A coordinate as short text: at most two decimals, no trailing zeros."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
