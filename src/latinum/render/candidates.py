"""The pencil-mark grid: every cell's value or candidates, in boxes (readable back by
the ``grid`` format)."""

from __future__ import annotations

from collections.abc import Sequence

from ..geometry import Geometry
from ..symbols import symbol


def pencil_grid(geometry: Geometry, values: Sequence[int], candidates: Sequence[int]) -> str:
    """Each cell's value, or its candidate digits run together, in aligned columns."""
    n = geometry.size
    texts = [
        symbol(value)
        if value
        else "".join(symbol(v) for v in range(1, n + 1) if mask >> (v - 1) & 1)
        for value, mask in zip(values, candidates, strict=True)
    ]
    texts = [text or "-" for text in texts]
    widths = [max(len(texts[row * n + col]) for row in range(n)) for col in range(n)]
    box_rows, box_cols = geometry.box or (n, n)
    segments = [
        sum(widths[start : start + box_cols]) + 2 * box_cols for start in range(0, n, box_cols)
    ]
    rule = "+" + "+".join("-" * (width + 1) for width in segments) + "+"
    lines = [rule]
    for row in range(n):
        parts = []
        for start in range(0, n, box_cols):
            cells = [
                texts[row * n + col].ljust(widths[col]) for col in range(start, start + box_cols)
            ]
            parts.append(" " + "  ".join(cells) + "  ")
        lines.append("|" + "|".join(parts) + "|")
        if (row + 1) % box_rows == 0:
            lines.append(rule)
    return "\n".join(lines)
