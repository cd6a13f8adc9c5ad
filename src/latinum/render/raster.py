"""PNG pictures, drawn from the SVG by cairosvg (the optional ``print`` extra)."""

from __future__ import annotations

from types import ModuleType

from ..errors import InvalidArgument, MissingExtra

INSTALL = "pip install 'latinum[print]'"


def png(svg_text: str, scale: float = 1.0) -> bytes:
    """The PNG image of ``svg_text``, ``scale`` times its size in pixels.

    Raises MissingExtra, saying what to install, when cairosvg or the Cairo
    library it draws with is missing.
    """
    if not scale > 0:
        raise InvalidArgument(f"scale must be above 0, not {scale}")
    return load_cairosvg().svg2png(bytestring=svg_text.encode(), scale=scale)


def require() -> None:
    """Raise MissingExtra, saying what to install, unless PNG pictures can be drawn."""
    load_cairosvg()


def load_cairosvg(purpose: str = "PNG output") -> ModuleType:
    """cairosvg, or MissingExtra saying what ``purpose`` needs installed."""
    try:
        import cairosvg
    except ImportError:
        raise MissingExtra(f"{purpose} needs cairosvg: {INSTALL}") from None
    except OSError as error:  # cairosvg is there, the Cairo library it loads is not
        raise MissingExtra(
            f"{purpose} needs the Cairo library, which cairosvg could not load "
            f"({error}); install it with the system's packages (Debian and Ubuntu: "
            "apt install libcairo2, macOS: brew install cairo)"
        ) from None
    return cairosvg
