"""Drawing puzzles: as text (boxed grids, cage outlines) and as SVG and PNG pictures."""

from __future__ import annotations

from .png import png
from .svg import svg
from .text import boxed, cages, draw

__all__ = ["boxed", "cages", "draw", "png", "svg"]
