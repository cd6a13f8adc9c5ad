"""``solve`` and ``count`` over files of one-line puzzles, a chunk of lines at a
time in Rust (see :mod:`latinum.solver.lines`).

A line Rust leaves aside (a comment, a puzzle with its solution, a line that
breaks a rule, a puzzle without a solution, a check past its budget) is read
and answered as in any other batch, so the output and the messages are the
same; a file in another format, or of one puzzle, is read as always.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..errors import ParseError
from ..formats import Format
from ..formats.records import RawLines, filler
from ..formats.registry import Records
from ..io import source_name
from ..solver.lines import CHUNK, native_lines_available
from . import common
from .common import (
    BatchWriter,
    Item,
    Outcome,
    place,
    progress_count,
    record_items,
    typed_items,
    warn,
)
from .workers import Spread

#: Rust's answers to a chunk of lines: one per line, None where it leaves the line aside.
Answer = Callable[[list[str]], Sequence[Any]]
#: The text printed for an answer, and a warning to print after it (or None);
#: the second argument gives where the puzzle is.
Show = Callable[[Any, Callable[[], str]], tuple[str, str | None]]
#: How the other puzzles are answered: as any batch is.
Slow = Callable[[Iterable[Item]], None]


def applies(example: str | None, target: Format | None, jobs: Spread, *options: object) -> bool:
    """Whether a command may answer its lines in Rust: the native engine is chosen,
    the input is files (no example), the output is lines (or the input's format),
    the work stays here and none of ``options`` (limits, --stats) is set."""
    if example or jobs.spread or any(options):
        return False
    return (target is None or target.name == "line") and native_lines_available()


@dataclass
class LineBatch:
    """One command's answers to its files: one-line files by ``answer``, a chunk
    of lines at a time, the rest (and what Rust leaves aside) by ``slow``; the
    texts printed by ``write``, the problems reported to ``outcome``."""

    label: str
    outcome: Outcome
    answer: Answer
    show: Show
    slow: Slow
    write: BatchWriter
    _pending: list[str] = field(default_factory=list, init=False)

    def files(self, files: tuple[str, ...], source_format: str | None) -> None:
        """Answer the puzzles of ``files`` (standard input when empty) in order."""
        for position, path in enumerate(files or ("-",), 1):
            try:
                if path != "-" and not os.path.lexists(path):
                    self.slow(typed_items(path, source_format, f"<argument {position}>"))
                    continue
                fmt, found = common.stream(path, source_format)
                source = source_name(path)
                if fmt.name == "line" and isinstance(found, Records):
                    self._lines(source, fmt, found.lines, found.ready)
                else:
                    self.slow(record_items(source, fmt, found, self.outcome))
            except ParseError as error:
                self.outcome.unreadable(error)

    def _lines(
        self, source: str, fmt: Format, lines: RawLines, ready: Callable[[], bool] | None
    ) -> None:
        """Answer the lines of one one-line file; ``ready`` says whether more of it
        can be read without waiting (None: always)."""
        remaining = iter(lines)
        # Up to two records first: a file of one (or none) is read as always, and
        # its messages name the file alone.
        chunk = list(itertools.islice(filter(_record, remaining), 2))
        if len(chunk) < 2:
            self.slow(record_items(source, fmt, Records(fmt, chunk, source), self.outcome))
            return
        _fill(chunk, remaining, ready)
        record = 0
        with progress_count(self.label) as advance:
            while chunk:
                texts = ["" if isinstance(text, ParseError) else text for _, text in chunk]
                for (number, text), found in zip(chunk, self.answer(texts), strict=True):
                    if found is None and _filler(text):
                        continue
                    record += 1
                    if found is not None:
                        self._shown(found, partial(place, source, record, number))
                        continue
                    self._flush()
                    if isinstance(text, ParseError):
                        self.outcome.unreadable(text)
                        continue
                    for read in Records(fmt, [(number, text)], source):
                        if isinstance(read, ParseError):
                            self.outcome.unreadable(read)
                        else:
                            self.slow([Item(read, fmt, source, record, number)])
                self._flush()
                advance(len(chunk))
                chunk = _fill([], remaining, ready)

    def _shown(self, found: Any, where: Callable[[], str]) -> None:
        """Keep the text of ``found`` to print; print its warning after the texts kept."""
        text, warning = self.show(found, where)
        self._pending.append(text)
        if warning:
            self._flush()
            warn(warning)

    def _flush(self) -> None:
        """Print the texts kept."""
        self.write.lines(self._pending)
        self._pending.clear()


def _fill(
    chunk: list[tuple[int, str | ParseError]],
    lines: Iterator[tuple[int, str | ParseError]],
    ready: Callable[[], bool] | None,
) -> list[tuple[int, str | ParseError]]:
    """``chunk`` with more of ``lines``, up to CHUNK in all; with ``ready``, a chunk
    that holds lines stops growing when the input would make us wait."""
    if ready is None:
        chunk.extend(itertools.islice(lines, CHUNK - len(chunk)))
        return chunk
    while len(chunk) < CHUNK and (not chunk or ready()):
        line = next(lines, None)
        if line is None:
            break
        chunk.append(line)
    return chunk


def _record(line: tuple[int, str | ParseError]) -> bool:
    """True unless ``line`` is blank or a comment."""
    return not _filler(line[1])


def _filler(text: str | ParseError) -> bool:
    return not isinstance(text, ParseError) and filler(text)
