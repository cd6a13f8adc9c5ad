"""PDF books: each SVG page drawn by cairosvg, the pages bound by pypdf (the ``print`` extra)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from types import ModuleType

from ..errors import InvalidArgument, MissingExtra
from .raster import INSTALL, load_cairosvg


def pdf(pages: Iterable[str], title: str | None = None) -> bytes:
    """One PDF of the SVG ``pages`` (as :func:`latinum.render.book.pages` draws them),
    in vector form, with ``title`` in its document information.

    Raises MissingExtra, saying what to install, when cairosvg or pypdf is missing.
    """
    draw, pypdf = _libraries()
    writer = pypdf.PdfWriter()
    for page in pages:
        writer.append(pypdf.PdfReader(io.BytesIO(draw.svg2pdf(bytestring=page.encode()))))
    if not writer.pages:
        raise InvalidArgument("a PDF needs at least one page")
    writer.add_metadata({"/Title": title or "Puzzles", "/Creator": "latinum"})
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def require() -> None:
    """Raise MissingExtra, saying what to install, unless PDF books can be made."""
    _libraries()


def _libraries() -> tuple[ModuleType, ModuleType]:
    """cairosvg and pypdf, or MissingExtra saying what to install."""
    draw = load_cairosvg("PDF output")
    try:
        import pypdf
    except ImportError:
        raise MissingExtra(f"PDF output needs pypdf: {INSTALL}") from None
    return draw, pypdf
