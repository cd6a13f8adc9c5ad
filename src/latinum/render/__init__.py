"""Drawing puzzles as text: boxed grids and cage outlines."""

from __future__ import annotations

from .text import boxed, cages, draw

__all__ = ["boxed", "cages", "draw"]
