"""Reading puzzles from files, text or standard input."""

from __future__ import annotations

import itertools
import os
import re
import select
import stat
import sys
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from time import monotonic, sleep
from typing import IO

from .errors import InvalidArgument, ParseError
from .formats import Format
from .formats.records import (
    MAX_LINE_CHARS,
    ONLY_FILLER,
    SNIFF_CHARS,
    filler,
    long_line,
    strict,
)
from .formats.registry import Records, get, read_records, text_records
from .puzzle import Puzzle

MAX_INPUT_BYTES = 64 * 1024 * 1024
FIFO_WAIT = 0.5
#: Seconds a pipe may pause before its first lines are sniffed without the rest.
HEAD_WAIT = 0.2
CHUNK = 1 << 20
NONBLOCKING = getattr(os, "O_NONBLOCK", 0)
STDIN = "<stdin>"
BINARY = "binary data, not a text puzzle file"
NUL = "a NUL byte"
TOO_LARGE = f"larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB"
#: One line that reads as no puzzle but has the shape of a file name.
_PATH = re.compile(r"[^\s]*([/\\][^\s]*|\.[A-Za-z][A-Za-z0-9]{0,5})")


def not_utf8(byte: int) -> str:
    return f"not UTF-8 text (byte {byte})"


def stream(path: str | os.PathLike, format: str | None = None) -> tuple[Format, Records]:
    """The format and the records of the file at ``path`` (``-`` is standard input).

    Only the start of the input is read here, to find its format; the records
    come as they are read, so memory does not grow with the length of a batch
    of one-line puzzles (or CSV rows, or Tatham IDs). Each line is decoded on
    its own: a line of binary data, of bytes that are not UTF-8 or of
    megabytes is a bad record of its own, and the reading goes on past it.
    """
    source = source_name(path)
    chunks = _stdin_chunks() if source == STDIN else _file_chunks(path, source)
    passed, first, ended = _first_bytes(chunks)
    if passed and not first:
        raise ParseError(f"no puzzle found: {ONLY_FILLER}", source)
    start = _sniffed(first, ended, source, passed)
    lines = _lines(itertools.chain([first], chunks), source, passed)
    fmt, records = read_records(lines, start, format, source, passed)
    if chunks.pauses or chunks.typed:
        records.ready = lambda: chunks.ended or chunks.ready(0)
    return fmt, records


def source_name(path: str | os.PathLike) -> str:
    """How messages name the input at ``path``: ``<stdin>`` for ``-``."""
    return STDIN if str(path) == "-" else str(path)


def _first_bytes(chunks: _Chunks) -> tuple[int, bytes, bool]:
    """How many blank and comment lines the input starts with (passed over, so that
    any number of them fits in memory); the input after them up to :data:`SNIFF_CHARS`
    bytes, or less if it ends or (a pipe) pauses first; and whether it ended."""
    data = b""
    passed = 0
    in_filler = True
    for chunk in chunks:
        data += chunk
        if in_filler:
            count, data = _past_filler(data, first=not passed)
            passed += count
            in_filler = _filler_start(data)
        if not in_filler and (
            len(data) >= SNIFF_CHARS or (chunks.pauses and not chunks.ready(HEAD_WAIT))
        ):
            return passed, data, False
    return passed, data, True


def _past_filler(data: bytes, first: bool) -> tuple[int, bytes]:
    """The number of whole blank or comment lines ``data`` starts with, and the rest."""
    count = 0
    while True:
        end = data.find(b"\n")
        if end < 0:
            return count, data
        lines = (data[:end].decode("utf-8", "replace") + "\n").splitlines()
        if first and not count:
            lines[0] = lines[0].removeprefix("\ufeff")
        if not all(filler(line) for line in lines):
            return count, data
        count += len(lines)
        data = data[end + 1 :]


def _filler_start(data: bytes) -> bool:
    """True if ``data`` is the start of a blank or comment line (not too long for one)."""
    if b"\n" in data or len(data) > MAX_LINE_CHARS:
        return False
    return filler(data.decode("utf-8", "replace").lstrip("\ufeff") or " ")


def _sniffed(first: bytes, ended: bool, source: str, passed: int) -> str:
    """The text the sniffers see: all of ``first`` when the input ended there within
    :data:`SNIFF_CHARS`, else the whole lines of its start (or that start, when its
    first line is longer); a line that cannot be decoded is left blank.

    Refused as a whole when most of its lines cannot be decoded (a binary file).
    """
    whole = ended and len(first) <= SNIFF_CHARS
    data = first if whole else first[:SNIFF_CHARS]
    end = -1 if whole else data.rfind(b"\n")
    raws = (data if end < 0 else data[:end]).split(b"\n")
    texts: list[str] = []
    broken: list[ParseError] = []
    for index, raw in enumerate(raws):
        last = index == len(raws) - 1 and end < 0 and not whole
        problem = _problem(raw, source, passed + index + 1, partial=last)
        if problem is None:
            text = raw.decode("utf-8", "ignore" if last else "strict")
            texts.append(text.removeprefix("\ufeff") if index + passed == 0 else text)
        else:
            broken.append(problem)
            texts.append("")
    readable = sum(1 for text in texts if not filler(text))
    if len(broken) > readable:
        error = broken[0]
        raise ParseError(BINARY, source) if error.problem.startswith(NUL) else error
    return "\n".join(texts)


def _lines(
    chunks: Iterable[bytes], source: str, number: int = 0
) -> Iterator[tuple[int, str | ParseError]]:
    """``(number, text)`` of each line of the bytes ``chunks``, numbered as
    :meth:`str.splitlines` numbers them from ``number + 1``; a line that cannot be
    decoded (or is too long, whose rest is passed over) is ``(number, ParseError)``."""
    pending = b""
    skipping = False
    for chunk in chunks:
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            chunk, skipping = chunk[end + 1 :], False
        pending += chunk
        if b"\n" not in chunk:
            if len(pending) > MAX_LINE_CHARS:
                number += 1
                yield number, long_line(source, number)
                pending, skipping = b"", True
            continue
        *complete, pending = pending.split(b"\n")
        for raw in complete:
            for text in _decoded(raw, source, number + 1):
                number += 1
                yield number, text
    if pending and not skipping:
        for text in _decoded(pending, source, number + 1, last=True):
            number += 1
            yield number, text


def _decoded(raw: bytes, source: str, number: int, last: bool = False) -> list[str | ParseError]:
    """The lines of one ``\\n``-ended line of bytes (a ``\\r`` or other line break
    inside it ends a line too); the ``last`` one has no ``\\n``. A line that cannot
    be decoded is its ParseError."""
    if len(raw) > MAX_LINE_CHARS or b"\0" in raw:
        return [_problem(raw, source, number)]  # type: ignore[list-item]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return [_problem(raw, source, number)]  # type: ignore[list-item]
    if number == 1 and text.startswith("\ufeff"):
        text = text[1:]
    return [*(text if last else text + "\n").splitlines()]


def _problem(raw: bytes, source: str, number: int, partial: bool = False) -> ParseError | None:
    """Why the line of bytes ``raw`` cannot be read as text, if it cannot; a
    ``partial`` line may end inside a character."""
    if len(raw) > MAX_LINE_CHARS:
        return long_line(source, number)
    nul = raw.find(b"\0")
    if nul >= 0:
        return ParseError(f"{NUL} (byte {nul + 1}): binary data, not text", source, number)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if partial and error.reason == "unexpected end of data":
            return None
        return ParseError(not_utf8(error.start + 1), source, number)
    return None


class _Chunks:
    """The bytes of an input, chunk by chunk; ``pauses`` when it is a pipe, whose
    writer may stop for a while. A descriptor it ``owns`` is closed at the end."""

    def __init__(
        self,
        source: str,
        fd: int | None,
        read: Callable[[], bytes] | None = None,
        owns: bool = False,
    ) -> None:
        self.source = source
        self.fd = fd
        self.read = read or self._read
        self.waiting: list[bytes] = []  # read before the first chunk was asked for
        self.ended = False
        kind = os.fstat(fd).st_mode if fd is not None else 0
        self.pauses = stat.S_ISFIFO(kind) or stat.S_ISSOCK(kind)
        self.typed = fd is not None and os.isatty(fd)
        self._close = weakref.finalize(self, os.close, fd) if owns and fd is not None else None

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        if self.ended:
            raise StopIteration
        chunk = self.waiting.pop() if self.waiting else self.read()
        if not chunk:
            self.ended = True
            if self._close:
                self._close()
            raise StopIteration
        return chunk

    def _read(self) -> bytes:
        if (self.pauses or self.typed) and not self.ready(0):
            sys.stdout.flush()  # what was printed is shown before waiting for more input
        try:
            return os.read(self.fd, CHUNK)  # type: ignore[arg-type]
        except OSError as error:
            raise ParseError(error.strerror or "cannot be read", self.source) from None

    def ready(self, timeout: float) -> bool:
        """True if more bytes (or the end) come within ``timeout`` seconds."""
        if self.fd is None:
            return True
        return bool(select.select([self.fd], [], [], timeout)[0])


def _stdin_chunks() -> _Chunks:
    if sys.stdin is None:  # closed before the program started
        raise ParseError("standard input is closed: give a file, or pipe puzzles in", STDIN)
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by an object in memory
        return _Chunks(STDIN, None, _memory_reader(sys.stdin))
    return _Chunks(STDIN, fd)


def _memory_reader(stdin: object) -> Callable[[], bytes]:
    buffer = getattr(stdin, "buffer", None)
    if buffer is not None:
        return lambda: buffer.read(CHUNK)
    return lambda: stdin.read(CHUNK).encode()  # type: ignore[attr-defined]


def _file_chunks(path: str | os.PathLike, source: str) -> _Chunks:
    """The chunks of the file at ``path``; it is closed at their end, or when they
    are dropped."""
    handle = _open(path, source)
    chunks = _Chunks(source, handle, owns=True)
    if _is_fifo(handle):
        first = _first_of_fifo(handle, source)
        if first:
            chunks.waiting.append(first)
    os.set_blocking(handle, True)
    return chunks


def _open(path: str | os.PathLike, source: str) -> int:
    """A descriptor of the file at ``path``, opened without blocking on a FIFO."""
    try:
        handle = os.open(path, os.O_RDONLY | NONBLOCKING)
    except FileNotFoundError:
        raise ParseError("no such file", source) from None
    except OSError as error:
        raise ParseError(error.strerror or "cannot be read", source) from None
    if stat.S_ISDIR(os.fstat(handle).st_mode):
        os.close(handle)
        raise ParseError("is a directory, not a puzzle file", source)
    return handle


def _is_fifo(handle: int) -> bool:
    return bool(NONBLOCKING) and stat.S_ISFIFO(os.fstat(handle).st_mode)


def read_bytes(path: str | os.PathLike) -> bytes:
    """The first ``MAX_INPUT_BYTES + 1`` bytes of the file at ``path``.

    A FIFO that no program writes to is refused after :data:`FIFO_WAIT`
    seconds instead of blocking for ever.
    """
    source = str(path)
    handle = _open(path, source)
    try:
        first = _first_of_fifo(handle, source) if _is_fifo(handle) else b""
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
        raise ParseError(TOO_LARGE, source)
    if b"\0" in data:
        raise ParseError(BINARY, source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(not_utf8(error.start + 1), source) from None
    return text


#: What :func:`read` takes: a path, puzzle text, or a file object open for reading.
Source = str | os.PathLike | IO[str] | IO[bytes]


def read(source: Source, format: str | None = None) -> Puzzle:
    """The first puzzle in a file, in text, or in a file object.

    ``source`` is a path (a string naming an existing file, or a
    :class:`~pathlib.Path`), puzzle text, or a file object open for reading
    (text or binary). ``format`` names the format (``"mathdoku"``, ``"json"``,
    ...: see :func:`latinum.formats.names`); without it, the format is detected
    from the content. Only as much of a batch is read as the first puzzle needs.
    Raises :class:`~latinum.errors.ParseError` naming the source, line and problem.
    """
    return next(read_each(source, format))


def read_all(source: Source, format: str | None = None) -> list[Puzzle]:
    """Every puzzle in a file, text or file object (a batch holds many)."""
    return list(read_each(source, format))


def read_each(source: Source, format: str | None = None) -> Iterator[Puzzle]:
    """Every puzzle in a file, text or file object, one at a time as the input is
    read: a batch of millions takes no more memory than one puzzle. A bad record
    raises ParseError when it is reached."""
    if format is not None:
        get(format)
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _exists(source)):
        return strict(stream(source, format)[1])
    if isinstance(source, str):
        return _text_puzzles(source, format)
    if callable(getattr(source, "read", None)):
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else None
        data = source.read(MAX_INPUT_BYTES + 1)
        text = decode(data, name) if isinstance(data, bytes) else _checked_text(data, name)
        return strict(text_records(text, format, name)[1])
    raise InvalidArgument(
        f"read takes a path, puzzle text or a file object, not {type(source).__name__}"
    )


def _text_puzzles(text: str, format: str | None) -> Iterator[Puzzle]:
    """The puzzles of ``text``; a one-line ``text`` that reads as no puzzle but looks
    like a file name is a file that does not exist."""
    try:
        found = text_records(text, format)[1]
    except ParseError:
        if _PATH.fullmatch(text):
            raise ParseError("no such file", text) from None
        raise
    yield from strict(found)


def _checked_text(data: object, source: str | None) -> str:
    if not isinstance(data, str):
        raise InvalidArgument(f"the file object gave {type(data).__name__}, not text or bytes")
    if len(data) > MAX_INPUT_BYTES:
        raise ParseError(TOO_LARGE, source)
    return data.removeprefix("\ufeff")


def _exists(text: str) -> bool:
    if "\n" in text or len(text) >= 4096:
        return False
    try:
        return Path(text).exists()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL
        return False
