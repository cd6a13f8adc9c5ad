"""The registry of formats and content-based auto-detection."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import wraps
from importlib import import_module

from ..errors import CannotWrite, InvalidPuzzle, LatinumError, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from .likeness import resembled
from .records import (
    EMPTY,
    ONLY_FILLER,
    Lines,
    RawLines,
    Record,
    filler,
    head,
    joined,
    numbered,
    past_filler,
    strict,
)


@dataclass(frozen=True)
class Format:
    """One text format.

    ``read(text, source)`` returns the puzzles in ``text`` (raising ParseError
    with the line); ``sniff(text)`` says whether the text looks like this
    format; ``write(puzzle)`` returns the text of one puzzle, or None if the
    format cannot hold it (raise :class:`~latinum.errors.CannotWrite` with the reason);
    ``write_solution(puzzle, grid)`` the text of a solved puzzle. A writer of one
    line (line, windoku, json, keen, solo, unequal, towers, a csv row) returns it
    without a newline; a writer of several lines (grid, boxed, pylist, calcudoku,
    mathdoku, futoshiki, skyscrapers, jigsaw, a Keen solution) ends its text with one.
    ``batch``: several puzzles written one after another read back as a batch
    (one per line, or a blank line between puzzles of several lines).
    ``stream(lines, source)``, for a format of one puzzle per record, yields the
    records of numbered lines one by one (see :mod:`.records`); the others are
    read whole, up to :data:`.records.MAX_WHOLE_CHARS`.
    ``relations``: the format holds Futoshiki's signs and bars; ``sightlines``: it
    holds the Skyscrapers clues around the grid; ``regions``: it holds the
    irregular regions of a Jigsaw Sudoku; ``windows``: it holds the four windows
    of a Windoku. The writer of a format without them refuses a puzzle that has
    some (CannotWrite), rather than drop them.
    ``outranks``: formats whose laxer sniffer also accepts some of this format's
    texts; when both claim a text, this format takes it.
    """

    name: str
    description: str
    read: Callable[[str, str | None], list[Puzzle]]
    sniff: Callable[[str], bool]
    write: Callable[[Puzzle], str] | None = None
    write_solution: Callable[[Puzzle, Grid], str] | None = None
    batch: bool = False
    aliases: tuple[str, ...] = ()
    stream: Callable[[Lines, str | None], Iterator[Record]] | None = None
    relations: bool = False
    sightlines: bool = False
    regions: bool = False
    windows: bool = False
    outranks: tuple[str, ...] = ()


FORMATS: dict[str, Format] = {}
_ALIASES: dict[str, str] = {}

# Sniffers are written to be exclusive: at most one claims any input, but for the
# formats a stricter one outranks (see Format.outranks).
_MODULES = (
    "json",
    "pylist",
    "tatham",
    "unequal",
    "mathdoku",
    "calcudoku",
    "csv",
    "line",
    "windoku",
    "jigsaw",
    "grid",
    "futoshiki",
    "skyscrapers",
    "towers",
)
_LOADED: list[str] = []
_LONG_NUMBER = re.compile(r"\d{4301}")
#: How many lines of the start vote for its format when no sniffer takes it whole.
VOTERS = 200


def register(fmt: Format) -> Format:
    """Add ``fmt`` to the registry (called by each format module); the registered
    format's writer refuses relations, sightlines, regions and windows unless it
    holds them."""
    if fmt.write is not None and not (
        fmt.relations and fmt.sightlines and fmt.regions and fmt.windows
    ):
        fmt = replace(fmt, write=_refusing(fmt, fmt.write))
    FORMATS[fmt.name] = fmt
    for alias in fmt.aliases:
        _ALIASES[alias] = fmt.name
    return fmt


def _refusing(fmt: Format, write: Callable[[Puzzle], str]) -> Callable[[Puzzle], str]:
    """``write``, refusing a puzzle with the relations, sightlines, regions or windows
    ``fmt`` cannot hold (CannotWrite) instead of dropping them."""

    @wraps(write)
    def checked(puzzle: Puzzle) -> str:
        if puzzle.relations and not fmt.relations:
            raise CannotWrite(f"format {fmt.name} cannot hold the relations of a futoshiki puzzle")
        if puzzle.sightlines and not fmt.sightlines:
            raise CannotWrite(
                f"format {fmt.name} cannot hold the clues of a skyscrapers puzzle "
                f"(write it as {holders('sightlines')})"
            )
        unheld = unheld_geometry(puzzle, fmt)
        if unheld:
            raise CannotWrite(f"format {fmt.name} cannot hold {unheld}")
        return write(puzzle)

    return checked


def unheld_geometry(puzzle: Puzzle, fmt: Format | None = None) -> str | None:
    """What of ``puzzle``'s jigsaw regions or Windoku windows ``fmt`` (None: a format
    of plain grids) cannot hold, with the formats that can: ``the regions of a
    Jigsaw Sudoku (write it as jigsaw or json)``; None if it holds them all."""
    geometry = puzzle.geometry
    if geometry.regions is not None and not (fmt and fmt.regions):
        return f"the regions of a Jigsaw Sudoku (write it as {holders('regions')})"
    if geometry.windows and not (fmt and fmt.windows):
        return f"the windows of a Windoku (write it as {holders('windows')})"
    return None


def holders(feature: str) -> str:
    """The names of the formats that hold ``feature`` (a flag of :class:`Format`),
    as ``a, b or c``."""
    _load()
    holding = sorted(fmt.name for fmt in FORMATS.values() if getattr(fmt, feature))
    if len(holding) < 2:
        return "".join(holding) or "no format"
    return f"{', '.join(holding[:-1])} or {holding[-1]}"


def _load() -> None:
    """Import every format module once (a module not written yet is skipped)."""
    if _LOADED:
        return
    for module in _MODULES:
        name = f"{__package__}.{module}"
        try:
            import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
        else:
            _LOADED.append(module)


def get(name: str) -> Format:
    """The format called ``name`` (or an alias of it)."""
    _load()
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise ParseError(f"unknown format {name!r} (known: {known})")
    return FORMATS[key]


def names() -> list[str]:
    """The name of every format, for ``format=`` and ``--from`` / ``--to``."""
    _load()
    return sorted(FORMATS)


def detect(text: str, source: str | None = None, offset: int = 0) -> Format:
    """The one format whose sniffer accepts the start of ``text`` (see :func:`.records.head`);
    ParseError if none or several.

    When no sniffer accepts the start as a whole, each of its first lines votes for
    the formats of one puzzle a line that accept it alone, and a format that most of
    them vote for wins: a few bad or foreign records (reported when read) do not
    hide the format of the rest. When no format takes it, the error is what the
    likeliest format finds wrong (see :func:`_unreadable`), its line counted after
    ``offset`` lines that came before ``text``.
    """
    _load()
    start = head(text)
    if not start.strip():
        raise ParseError(f"no puzzle found: {ONLY_FILLER}" if text.strip() else EMPTY, source)
    with _numbers_guarded(start, source):
        matches = _outranking([fmt for fmt in FORMATS.values() if fmt.sniff(start)])
        if not matches:
            matches = _voted(start)
    if not matches:
        matches = _unreadable(start, source, offset + text.count("\n", 0, text.find(start)))
    if len(matches) > 1:
        both = " or ".join(fmt.name for fmt in matches)
        raise ParseError(f"ambiguous input: could be {both} (name one with --from)", source)
    return matches[0]


def _unreadable(text: str, source: str | None, offset: int) -> list[Format]:
    """The format that reads ``text`` when a sniffer refused it but the reader of a
    format it resembles takes it; else ParseError with what the reader of the
    likeliest format (the one that read furthest) finds wrong."""
    problems: list[tuple[Format, ParseError]] = []
    for name in resembled(text):
        fmt = FORMATS[name]
        try:
            with _numbers_guarded(text, source):
                fmt.read(text, source)
        except ParseError as error:
            problems.append((fmt, error))
        else:
            return [fmt]
    if not problems:
        raise ParseError("not a puzzle in any known format (name one with --from)", source)
    fmt, found = max(problems, key=lambda problem: (problem[1].line or 0, problem[1].column or 0))
    line = None if found.line is None else found.line + offset
    reason = f"{found.problem} (read as {fmt.name}, which it looks like; or name one with --from)"
    raise ParseError(reason, found.source or source, line, found.column)


def _voted(text: str) -> list[Format]:
    """The formats of one puzzle a line that accept, each on its own, most of the
    first :data:`VOTERS` lines of ``text`` and those lines together."""
    lines = [line for line in text.splitlines() if not filler(line)][:VOTERS]
    claimed: dict[str, list[str]] = {}
    for line in lines:
        for fmt in _line_formats(line):
            claimed.setdefault(fmt.name, []).append(line)
    return [
        FORMATS[name]
        for name, own in claimed.items()
        if len(own) * 2 > len(lines) and FORMATS[name].sniff("\n".join(own))
    ]


def _line_formats(line: str) -> list[Format]:
    """The formats of one puzzle a line whose sniffers accept ``line`` alone."""
    return _outranking([fmt for fmt in FORMATS.values() if fmt.stream and fmt.sniff(line)])


def _outranking(matches: list[Format]) -> list[Format]:
    """``matches`` less the formats that another of them outranks."""
    beaten = {name for fmt in matches for name in fmt.outranks}
    return [fmt for fmt in matches if fmt.name not in beaten]


@contextmanager
def _numbers_guarded(text: str | None, source: str | None) -> Iterator[None]:
    """Turn Python's refusal of an absurdly long number into a ParseError naming it."""
    try:
        yield
    except ValueError as error:
        if isinstance(error, LatinumError) or "digits" not in str(error):
            raise
        raise long_number_error(text, source) from None


def long_number_error(text: str | None, source: str | None) -> ParseError:
    """The ParseError for the first number of ``text`` too long for Python to read
    (naming no line when the text is not at hand)."""
    problem = "a number too long to read (over 4300 digits)"
    if text is None:
        return ParseError(problem, source)
    found = _LONG_NUMBER.search(text)
    start = found.start() if found else 0
    line = text.count("\n", 0, start) + 1
    column = start - text.rfind("\n", 0, start)
    return ParseError(problem, source, line, column)


def read_text(
    text: str, format: str | None = None, source: str | None = None
) -> tuple[Format, list[Puzzle]]:
    """The format used and the puzzles read from ``text``; the first bad record is raised."""
    fmt, found = text_records(text, format, source)
    return fmt, list(strict(found))


def text_records(
    text: str, format: str | None = None, source: str | None = None
) -> tuple[Format, Records]:
    """The format used and the records of ``text``, read as they are asked for."""
    return read_records(past_filler(numbered(text, source)), text, format, source)


def read_records(
    lines: RawLines,
    start: str,
    format: str | None = None,
    source: str | None = None,
    offset: int = 0,
) -> tuple[Format, Records]:
    """The format (``format``, or the one the start of ``start`` shows, which comes
    after ``offset`` blank or comment lines) and the records of ``lines``, numbered
    as in the whole input. The records come as the lines are read; a ParseError
    raised while they come ends the input."""
    fmt = get(format) if format else detect(start, source, offset)
    return fmt, Records(fmt, lines, source)


def _foreign(error: ParseError, line: str, fmt: Format) -> ParseError:
    """``error``, saying which other format its ``line`` reads as, if one does."""
    others = [other.name for other in _line_formats(line) if other is not fmt]
    if not others:
        return error
    problem = f"{error.problem} (the line reads as {' or '.join(others)}, not {fmt.name})"
    return ParseError(problem, error.source, error.line, error.column, error.others)


class _Watched:
    """The lines of an input as a format reads them: a line that could not be
    decoded is given blank and its ParseError kept in ``broken``; ``last`` and
    ``text`` are the number and text of the line given last, ``ended`` says the
    lines ran out."""

    def __init__(self, lines: RawLines) -> None:
        self.lines = lines
        self.broken: deque[ParseError] = deque()
        self.last: int | None = None
        self.text = ""
        self.ended = False

    def __iter__(self) -> Iterator[tuple[int, str]]:
        for number, text in self.lines:
            if isinstance(text, ParseError):
                self.broken.append(text)
                text = ""
            self.last, self.text = number, text
            yield number, text
        self.ended = True


class Records(Iterator[Record]):
    """The records of one input, in order: each puzzle or bad record a format reads,
    and each line that could not be decoded, as a ParseError of its own.

    ``line`` is the line of the record given last, when known: the line a
    format of one puzzle a line read it from (None for a format read whole).
    ``lines`` are the input's lines, for a reader of its own in place of the
    records; ``ready``, for an input that may pause (a pipe, a terminal), says
    whether more of it can be read without waiting (None: always).
    """

    def __init__(self, fmt: Format, lines: RawLines, source: str | None) -> None:
        self.line: int | None = None
        self.lines = lines
        self.ready: Callable[[], bool] | None = None
        self._records = self._read(fmt, _Watched(lines), source)

    def __iter__(self) -> Iterator[Record]:
        return self._records

    def __next__(self) -> Record:
        return next(self._records)

    def _read(self, fmt: Format, lines: _Watched, source: str | None) -> Iterator[Record]:
        given = False
        if fmt.stream is not None:
            seen = None
            with _numbers_guarded(None, source):
                for record in fmt.stream(lines, source):
                    if lines.broken:
                        yield from self._broken(lines)
                    fresh = lines.last != seen and not lines.ended
                    self.line, seen = (lines.last if fresh else None), lines.last
                    if isinstance(record, ParseError) and fresh and record.line == lines.last:
                        record = _foreign(record, lines.text, fmt)
                    given = True
                    yield record
            given = given or bool(lines.broken)
            yield from self._broken(lines)
        else:
            text = joined(lines, f"the {fmt.name} format", source)
            if lines.broken:
                raise lines.broken[0]
            try:
                with _numbers_guarded(text, source):
                    puzzles = fmt.read(text, source)
            except ParseError as error:
                raise error.located(source) if source else error from None
            given = bool(puzzles)
            yield from puzzles
        if not given:
            raise ParseError("no puzzle found", source)

    def _broken(self, lines: _Watched) -> Iterator[ParseError]:
        while lines.broken:
            error = lines.broken.popleft()
            self.line = error.line
            yield error


def write(puzzle: Puzzle, format: str) -> str:
    """The text of ``puzzle`` in ``format`` (CannotWrite if the format cannot hold it).

    One-line formats (line, windoku, json, keen, solo, unequal, towers) come back
    without a newline, so that ``print(write(puzzle, "solo"))`` prints one line;
    multi-line ones (grid, boxed, pylist, calcudoku, mathdoku, mathdoku-print,
    futoshiki, skyscrapers, jigsaw) end with one, as the content of a file. Each
    format's ``write_solution`` follows the same rule (one-line solutions without a
    newline; a Keen solution, rows of values, ends with one).
    """
    fmt = get(format)
    if fmt.write is None:
        raise CannotWrite(f"format {fmt.name} is read-only")
    _check_cages(puzzle)
    return fmt.write(puzzle)


def _check_cages(puzzle: Puzzle) -> None:
    """Refuse cages that no format can write: no cells, cells off the grid, a target below 1."""
    last = puzzle.size**2 - 1
    for cage in puzzle.cages:
        if not cage.cells or not all(0 <= cell <= last for cell in cage.cells):
            raise InvalidPuzzle(f"cage {cage} names no cell or a cell outside 0..{last}")
        if cage.target < 1:
            raise InvalidPuzzle(f"cage {cage}: the target must be positive")
