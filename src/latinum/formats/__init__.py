"""Reading and writing puzzles in every supported text format.

Each format lives in its own module and registers a :class:`Format`;
:func:`read_text` auto-detects the format unless one is named.
"""

from __future__ import annotations

from .registry import FORMATS, Format, detect, get, names, read_text, text_records, write

__all__ = ["FORMATS", "Format", "detect", "get", "names", "read_text", "text_records", "write"]
