"""Reading puzzles from files, text or standard input."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .errors import ParseError
from .formats import Format, read_text
from .puzzle import Puzzle

MAX_INPUT_BYTES = 64 * 1024 * 1024


def load(path: str | os.PathLike, format: str | None = None) -> tuple[Format, list[Puzzle]]:
    """The format and puzzles of the file at ``path`` (``-`` is standard input)."""
    source = str(path)
    if source == "-":
        return read_text(sys.stdin.read(MAX_INPUT_BYTES + 1), format, "<stdin>")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise ParseError("no such file", source) from None
    except IsADirectoryError:
        raise ParseError("is a directory, not a puzzle file", source) from None
    except OSError as error:
        raise ParseError(error.strerror or "cannot be read", source) from None
    return read_text(decode(data, source), format, source)


def decode(data: bytes, source: str | None) -> str:
    """Text of ``data``: UTF-8 (with or without BOM); binary data is refused."""
    if len(data) > MAX_INPUT_BYTES:
        raise ParseError(f"larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB", source)
    if b"\0" in data:
        raise ParseError("binary data, not a text puzzle file", source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(f"not UTF-8 text (byte {error.start + 1})", source) from None
    return text


def read(path_or_text: str | os.PathLike, format: str | None = None) -> Puzzle:
    """The first puzzle in a file, or in text given directly.

    A string naming an existing file is read as that file; any other string is
    read as puzzle text. ``format`` overrides auto-detection.
    """
    return read_all(path_or_text, format)[0]


def read_all(path_or_text: str | os.PathLike, format: str | None = None) -> list[Puzzle]:
    """Every puzzle in a file or text (a batch file holds many)."""
    if isinstance(path_or_text, os.PathLike) or _is_file(path_or_text):
        return load(path_or_text, format)[1]
    return read_text(str(path_or_text), format)[1]


def _is_file(text: str) -> bool:
    if "\n" in text or len(text) >= 4096:
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL
        return False
