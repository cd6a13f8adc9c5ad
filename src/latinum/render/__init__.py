"""Drawing puzzles: as text (boxed grids, cage outlines), as SVG and PNG pictures
(of a puzzle, or of a solving step with ``step_svg``), and as PDF books
(:mod:`latinum.render.book` lays out the pages, ``pdf`` binds them).

``svg``, ``step_svg``, ``png`` and ``pdf`` load on first use, so that the text
drawings start quickly.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .text import boxed, cages, draw

if TYPE_CHECKING:
    from .bind import pdf
    from .pictures import step_svg, svg
    from .raster import png

#: The module of each picture function.
_HOMES = {"svg": "pictures", "step_svg": "pictures", "png": "raster", "pdf": "bind"}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{home}", __name__), name)


__all__ = ["boxed", "cages", "draw", "pdf", "png", "step_svg", "svg"]
