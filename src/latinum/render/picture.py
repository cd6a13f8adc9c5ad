"""The drawing of one SVG picture, layer by layer (see :mod:`latinum.render.pictures`)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..puzzle import Puzzle
from .outlines import Segment, inset_outline, walls

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
INK, THIN_INK, ENTERED_INK, MARK_INK = "#000", "#808080", "#2b5c9e", "#555"
CELL_FILL, DIAGONAL_FILL, HOUSE_FILL, CELL_HIGHLIGHT = "#fff", "#e6e6e6", "#e3eefa", "#ffe98a"
PLACED_FILL, PLACED_INK, ELIMINATED_INK = "#b9e4b9", "#1b6e1b", "#c62828"
#: Operators as printed on KenKen cages.
PRINTED_OPS = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": ""}
#: The way each sign points, in a row ("<", ">") or between rows ("^", "v").
_SIGN_POINTS = {"<": (1, 0), ">": (-1, 0), "^": (0, 1), "v": (0, -1)}


class Picture:
    """The picture of ``puzzle`` with cells of ``cell`` pixels."""

    def __init__(self, puzzle: Puzzle, cell: float) -> None:
        self.puzzle, self.cell = puzzle, cell
        n = self.puzzle.size
        self.n = n
        # Futoshiki cells stand apart, with room for the signs between them.
        self.gap = self.cell / 2 if self.puzzle.variant == "futoshiki" else 0.0
        self.margin = self.cell / 4
        self.thin = max(1.0, self.cell / 40)
        self.thick = 3 * self.cell / 40
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

    def draw(
        self,
        values: Sequence[int],
        marks: Sequence[frozenset[int]],
        placed: set[tuple[int, int]],
        struck: set[tuple[int, int]],
        shaded: set[int],
        houses: set[int],
    ) -> str:
        """The picture: ``values`` in the empty cells, pencil ``marks``, the
        ``placed`` and ``struck`` candidates of a step, ``shaded`` cells and the
        cells of highlighted ``houses``."""
        ET.SubElement(self.root, "rect", width="100%", height="100%", fill=CELL_FILL)
        fills = self.fills(shaded, houses)
        self.shade(fills)
        if self.gap:
            self.separate_cells()
            self.signs()
        else:
            self.cell_lines()
            self.killer_cages()
            self.thick_lines()
        self.cage_labels(fills)
        self.values(values)
        self.candidates(values, marks, placed, struck)
        ET.indent(self.root)
        return ET.tostring(self.root, encoding="unicode") + "\n"

    def fills(self, shaded: set[int], houses: set[int]) -> dict[int, str]:
        fills = dict.fromkeys(houses, HOUSE_FILL)
        if self.puzzle.geometry.diagonals:
            fills.update(
                (c, DIAGONAL_FILL) for unit in self.puzzle.geometry.diagonal_units for c in unit
            )
        fills.update(dict.fromkeys(shaded, CELL_HIGHLIGHT))
        return fills

    def shade(self, fills: dict[int, str]) -> None:
        if not fills:
            return
        layer = self.group("shading")
        for cell, fill in sorted(fills.items()):
            x, y = self.corner(cell)
            kind = {HOUSE_FILL: "house", DIAGONAL_FILL: "diagonal"}.get(fill, "highlight")
            self.rect(layer, x, y, self.cell, self.cell, fill=fill, **{"class": kind})

    def cell_lines(self) -> None:
        layer = self.group("cell-lines", stroke=THIN_INK, **{"stroke-width": _num(self.thin)})
        for i in range(1, self.n):
            self.line(layer, (i, 0), (i, self.n), "cell-line")
            self.line(layer, (0, i), (self.n, i), "cell-line")

    def thick_lines(self) -> None:
        """The frame, the box lines and the KenKen cage walls."""
        layer = self.group(
            "thick-lines",
            stroke=INK,
            **{"stroke-width": _num(self.thick), "stroke-linecap": "square"},
        )
        geometry = self.puzzle.geometry
        if geometry.box is not None:
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
        self,
        values: Sequence[int],
        marks: Sequence[frozenset[int]],
        placed: set[tuple[int, int]],
        struck: set[tuple[int, int]],
    ) -> None:
        shown: dict[int, set[int]] = {}
        for cell, digits in enumerate(marks):
            if digits and not (self.puzzle.givens[cell] or values[cell]):
                shown[cell] = set(digits)
        for cell, value in placed | struck:
            shown.setdefault(cell, set()).add(value)
        if not shown:
            return
        across = math.ceil(math.sqrt(self.n))
        down = math.ceil(self.n / across)
        # Marks keep clear of the cage label and inside a Killer cage's dashed outline.
        edge = 0.12 if self.puzzle.variant == "killer" else 0.06
        top = 0.26 if self.puzzle.cages else edge
        pitch_x = (1 - 2 * edge) / across
        pitch_y = (1 - edge - top) / down
        size = min(pitch_x, pitch_y) * self.cell * (0.8 if self.n < 10 else 0.62)
        layer = self.group("candidates", **{"text-anchor": "middle", "font-size": _num(size)})
        for cell in sorted(shown):
            x, y = self.corner(cell)
            for value in sorted(shown[cell]):
                row, col = divmod(value - 1, across)
                cx = x + self.cell * (edge + pitch_x * (col + 0.5))
                cy = y + self.cell * (top + pitch_y * (row + 0.5))
                kind = "candidate"
                ink = MARK_INK
                if (cell, value) in placed:
                    kind, ink = "placement", PLACED_INK
                    radius = 0.5 * min(pitch_x, pitch_y) * self.cell
                    ET.SubElement(
                        layer,
                        "circle",
                        {
                            "cx": _num(cx),
                            "cy": _num(cy),
                            "r": _num(radius),
                            "fill": PLACED_FILL,
                            "class": "placement-mark",
                        },
                    )
                elif (cell, value) in struck:
                    kind, ink = "elimination", ELIMINATED_INK
                text = ET.SubElement(
                    layer,
                    "text",
                    {"class": kind, "x": _num(cx), "y": _num(cy + 0.36 * size), "fill": ink},
                )
                text.text = str(value)
                if kind == "elimination":
                    half = 0.4 * size
                    self.line_at(
                        layer,
                        (cx - half, cy + half),
                        (cx + half, cy - half),
                        "elimination-mark",
                        stroke=ELIMINATED_INK,
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


def _num(value: float) -> str:
    """A coordinate as short text: at most two decimals, no trailing zeros."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
