"""Reading puzzles record by record, so that a batch of any length streams.

A reader takes numbered lines and yields a :data:`Record` for each puzzle:
the puzzle, or the ParseError of a record that cannot be read (the reading
goes on after it). A ParseError raised instead ends the reading: the input
as a whole is broken (a CSV file with no puzzle column).

The lines an input gives may start past line 1 (the blank and ``#`` comment
lines before the first puzzle are passed over) and may be ParseErrors (a line
of binary data or of bytes that are not UTF-8): :mod:`.registry` reports those
as records of their own and gives the format a blank line in their place.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator

from ..errors import ParseError
from ..puzzle import Puzzle

Record = Puzzle | ParseError
Lines = Iterable[tuple[int, str]]
#: Lines as an input gives them: a line that cannot be decoded is its ParseError.
RawLines = Iterable[tuple[int, str | ParseError]]

#: How much of an input the format sniffers see.
SNIFF_CHARS = 64 * 1024
#: No format has a line this long; a longer one ends the reading.
MAX_LINE_CHARS = 8 * 1024 * 1024
#: The most a format that does not stream reads at once.
MAX_WHOLE_CHARS = 64 * 1024 * 1024
_MB = 1024 * 1024
EMPTY = "empty input: no puzzle found"
ONLY_FILLER = "only blank lines and # comments"


def numbered(text: str, source: str | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of each line of ``text``, refusing absurdly long lines."""
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE_CHARS:
            raise long_line(source, number)
        yield number, line


def long_line(source: str | None, number: int) -> ParseError:
    return ParseError(
        f"a line of over {MAX_LINE_CHARS // _MB} MB: far longer than any puzzle format allows",
        source,
        number,
    )


def filler(line: str) -> bool:
    """True for a blank line or a ``#`` comment: no format holds a puzzle in one."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def past_filler(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """``lines`` from the first one that is not :func:`filler`."""
    return itertools.dropwhile(lambda numbered: filler(numbered[1]), lines)


def head(text: str) -> str:
    """The start of ``text`` the sniffers see: from its first line that is not
    :func:`filler`, up to :data:`SNIFF_CHARS`, whole lines only (unless the first
    line is longer)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end + 1
        if not filler(text[start:end]):
            break
        start = end
    text = text[start : start + SNIFF_CHARS + 1]
    if len(text) <= SNIFF_CHARS:
        return text
    cut = text.rfind("\n", 0, SNIFF_CHARS)
    return text[:SNIFF_CHARS] if cut < 0 else text[:cut]


def each_line(
    lines: Lines,
    source: str | None,
    parse: Callable[[str, int], Puzzle],
    comments: bool = True,
) -> Iterator[Record]:
    """``parse(line, number)`` of each line that is not blank (nor a ``#`` comment when
    ``comments``), or the ParseError it raised, naming ``source``."""
    for number, line in lines:
        stripped = line.strip()
        if not stripped or (comments and stripped.startswith("#")):
            continue
        try:
            yield parse(line, number)
        except ParseError as error:
            yield error.located(source) if source else error
        except ValueError as error:
            if "digits" not in str(error):
                raise
            yield ParseError("a number too long to read (over 4300 digits)", source, number)


def strict(records: Iterable[Record]) -> Iterator[Puzzle]:
    """The puzzles of ``records`` as they come; the first bad record is raised."""
    for record in records:
        if isinstance(record, ParseError):
            raise record
        yield record


def text_reader(
    stream: Callable[[Lines, str | None], Iterator[Record]],
) -> Callable[[str, str | None], list[Puzzle]]:
    """The whole-text reader of a format that streams: the first bad record is raised."""

    def read(text: str, source: str | None = None) -> list[Puzzle]:
        return list(strict(stream(numbered(text, source), source)))

    return read


def joined(lines: Lines, what: str, source: str | None) -> str:
    """The text of ``lines``, refused (never cut) when over :data:`MAX_WHOLE_CHARS`;
    lines passed over before the first are blank in it, so its line numbers are
    the input's."""
    limit = MAX_WHOLE_CHARS
    parts: list[str] = []
    size = 0
    for number, line in lines:
        if not parts and number > 1:
            parts = [""] * (number - 1)
        size += len(line) + 1
        if size > limit:
            raise ParseError(
                f"larger than {limit // _MB} MB, the most {what} reads at once "
                "(one-line puzzles and CSV stream at any length)",
                source,
            )
        parts.append(line)
    return "\n".join(parts)
