"""Reading puzzles from files, text or standard input."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from time import monotonic, sleep

from .errors import ParseError
from .formats import Format, read_text
from .puzzle import Puzzle

MAX_INPUT_BYTES = 64 * 1024 * 1024
FIFO_WAIT = 0.5
NONBLOCKING = getattr(os, "O_NONBLOCK", 0)


def load(path: str | os.PathLike, format: str | None = None) -> tuple[Format, list[Puzzle]]:
    """The format and puzzles of the file at ``path`` (``-`` is standard input)."""
    source = str(path)
    if source == "-":
        return read_text(sys.stdin.read(MAX_INPUT_BYTES + 1), format, "<stdin>")
    return read_text(decode(read_bytes(path), source), format, source)


def read_bytes(path: str | os.PathLike) -> bytes:
    """The first ``MAX_INPUT_BYTES + 1`` bytes of the file at ``path``.

    A FIFO that no program writes to is refused after :data:`FIFO_WAIT`
    seconds instead of blocking for ever.
    """
    source = str(path)
    try:
        handle = os.open(path, os.O_RDONLY | NONBLOCKING)
    except FileNotFoundError:
        raise ParseError("no such file", source) from None
    except OSError as error:
        raise ParseError(error.strerror or "cannot be read", source) from None
    try:
        kind = os.fstat(handle).st_mode
        if stat.S_ISDIR(kind):
            raise ParseError("is a directory, not a puzzle file", source)
        first = _first_of_fifo(handle, source) if NONBLOCKING and stat.S_ISFIFO(kind) else b""
        os.set_blocking(handle, True)
        with os.fdopen(handle, "rb", closefd=False) as file:
            return first + file.read(MAX_INPUT_BYTES + 1 - len(first))
    except OSError as error:
        raise ParseError(error.strerror or "cannot be read", source) from None
    finally:
        os.close(handle)


def _first_of_fifo(handle: int, source: str) -> bytes:
    """The first bytes of a FIFO opened without blocking, once a writer is there."""
    deadline = monotonic() + FIFO_WAIT
    while True:
        try:
            first = os.read(handle, 1 << 16)
        except BlockingIOError:  # a writer is there, with nothing written yet
            return b""
        if first or monotonic() > deadline:
            break
        sleep(0.01)
    if not first:
        raise ParseError(
            f"nothing to read: no program wrote to this FIFO within {FIFO_WAIT:g} s", source
        )
    return first


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
