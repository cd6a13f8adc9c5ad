"""What every command shares: reading puzzles, options, progress, errors and exit statuses."""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import NoReturn, TypeVar

import click
from rich.console import Console

from .. import formats
from ..batch.datasets import DATASETS, Writer, writer
from ..batch.work import Failed, Reading, answered, invalid_message
from ..errors import LatinumError, ParseError, SearchLimit
from ..formats import Format
from ..formats.registry import Records
from ..grid import Grid
from ..io import source_name, stream
from ..puzzle import Puzzle
from .values import Seconds, WholeNumber
from .workers import HERE, Spread

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_LIMIT = 0, 1, 2, 3
T = TypeVar("T")
PROGRESS_FROM = 50
#: How much of a text typed in place of a file name a message shows.
TYPED_SHOWN = 100
#: A typed text that reads as no puzzle but looks like this is a missing file.
LOOKS_LIKE_PATH = re.compile(r"[/\\]|\.[A-Za-z][A-Za-z0-9]{0,4}$")
EXAMPLES = {
    "sudoku": "sudoku.txt",
    "kenken": "kenken.txt",
    "killer": "killer.txt",
    "jigsaw": "jigsaw.txt",
    "windoku": "windoku.json",
}


@dataclass
class Item:
    """One puzzle read from a source, with where it came from."""

    puzzle: Puzzle
    fmt: Format
    source: str
    number: int  # 1-based position of its record within its source
    line: int | None = None  # the line its record was read from, when known
    only: bool = False  # the one record of its source

    @property
    def where(self) -> str:
        """The source, and the line (or puzzle number) of the puzzle in a batch."""
        return self.source if self.only else place(self.source, self.number, self.line)


def place(source: str, number: int, line: int | None) -> str:
    """Where the ``number``-th puzzle of a batch is: its line, when known."""
    if line is None:
        return f"{source} puzzle {number}"
    puzzle = "" if line == number else f" (puzzle {number})"
    return f"{source}, line {line}{puzzle}"


class Failure(Exception):
    """Stops the command with a message and an exit status."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def fail(message: str, status: int = EXIT_BAD_INPUT) -> NoReturn:
    raise Failure(message, status)


class Outcome:
    """The exit status of a command over many puzzles: the highest one met."""

    def __init__(self) -> None:
        self.status = EXIT_OK
        self.held: list[tuple[str, int]] | None = None

    def problem(self, message: str, status: int) -> None:
        if self.held is not None:
            self.held.append((message, status))
            return
        warn(f"latinum: {message}")
        self.status = max(self.status, status)

    @contextmanager
    def holding(self) -> Iterator[list[tuple[str, int]]]:
        """Keep the problems reported in the block, to :meth:`release` them later."""
        held: list[tuple[str, int]] = []
        self.held = held
        try:
            yield held
        finally:
            self.held = None

    def release(self, held: list[tuple[str, int]]) -> None:
        """Report the problems kept by :meth:`holding`."""
        for message, status in held:
            self.problem(message, status)

    def unreadable(self, error: ParseError) -> None:
        """Report a source or a record that cannot be read, with every problem found."""
        for problem in error.every():
            self.problem(problem.where(), EXIT_BAD_INPUT)


def read_items(
    files: tuple[str, ...],
    source_format: str | None,
    example: str | None,
    outcome: Outcome | None = None,
) -> Iterator[Item]:
    """The puzzles of ``files`` (standard input when empty or ``-``), or of a built-in
    example, one by one as they are read.

    With an ``outcome``, a file or a record that cannot be read is reported to it
    and the reading goes on; without, the first one stops the command.
    """
    if example:
        text = resources.files("latinum.examples").joinpath(EXAMPLES[example]).read_text()
        yield from text_items(text, source_format, f"example {example}")
        return
    for position, path in enumerate(files or ("-",), 1):
        try:
            if path != "-" and not os.path.lexists(path):
                yield from typed_items(path, source_format, f"<argument {position}>")
                continue
            fmt, found = stream(path, source_format)
            yield from record_items(source_name(path), fmt, found, outcome)
        except ParseError as error:
            if outcome is None:
                raise
            outcome.unreadable(error)


def typed_items(text: str, source_format: str | None, source: str) -> list[Item]:
    """The puzzles of ``text`` typed where a file name goes (it names no file), named
    ``source``; raises ParseError saying there is no such file when they do not read."""
    try:
        return text_items(text, source_format, source)
    except ParseError as error:
        if LOOKS_LIKE_PATH.search(text):
            raise ParseError("no such file", text) from None
        shown = text if len(text) <= TYPED_SHOWN else text[: TYPED_SHOWN - 3] + "..."
        raise ParseError(f"no such file, nor puzzle text: {error.problem}", shown) from None


def text_items(text: str, source_format: str | None, source: str) -> list[Item]:
    """The puzzles of ``text``, named ``source``; a bad record stops the command."""
    fmt, found = formats.text_records(text, source_format, source)
    return list(record_items(source, fmt, found, None))


def record_items(
    source: str, fmt: Format, found: Records, outcome: Outcome | None
) -> Iterator[Item]:
    """An item for each puzzle of ``found``, one record behind the reading (to know
    whether a record is the only one); bad records go to ``outcome``, or are raised."""
    held: Item | None = None
    number = 0
    try:
        for record in found:
            number += 1
            if held is not None:
                yield held
                held = None
            if isinstance(record, ParseError):
                if outcome is None:
                    raise record
                outcome.unreadable(record)
            else:
                held = Item(record, fmt, source, number, found.line)
    except ParseError:
        if held is not None:  # the input breaks after it
            yield held
        raise
    if held is not None:
        held.only = number == 1
        yield held


def one_item(
    files: tuple[str, ...], source_format: str | None, example: str | None, number: int | None
) -> Item:
    """The one puzzle a single-puzzle command works on (see :func:`choose`)."""
    return choose(read_items(files, source_format, example), number)


def choose(items: Iterable[Item], number: int | None) -> Item:
    """The only puzzle of ``items``, or the ``number``-th (from 1) of a batch, read no
    further than needed; stops the command when a batch comes without ``--number`` or
    it is out of range."""
    remaining = iter(items)
    first = next(remaining, None)
    if first is None:
        fail("no puzzle found")
    if number == 1 or (number is None and first.only):
        return first
    count = first.number
    for item in remaining:
        if item.number == number:
            return item
        count = item.number
    if number is None:
        fail(f"{first.source} holds {count} puzzles; choose one with --number N")
    which = "1" if count == 1 else f"1 to {count}"
    plural = "s" if count > 1 else ""
    fail(f"{first.source} holds {count} puzzle{plural}; --number is {which}, not {number}")


def with_progress(items: Iterable[T], label: str) -> Iterator[T]:
    """``items`` one by one, with a count of those done on standard error when it is
    a terminal and there are many."""
    remaining = iter(items)
    yield from itertools.islice(remaining, PROGRESS_FROM)
    following = list(itertools.islice(remaining, 1))
    if not following:  # a short batch shows no bar, not even for an instant
        return
    with progress_count(label, PROGRESS_FROM) as advance:
        for item in itertools.chain(following, remaining):
            yield item
            advance(1)


@contextmanager
def progress_count(label: str, completed: int = 0) -> Iterator[Callable[[int], None]]:
    """A count of the puzzles done, from ``completed``, on standard error when it is
    a terminal; yields the function that adds to it."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    done = TextColumn("{task.completed} done")
    columns = (TextColumn("{task.description}"), BarColumn(), done, TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None, completed=completed)
        yield lambda count: bar.advance(task, count)


def first_error(item: Item) -> str | None:
    """One line naming the first error of the puzzle's definition, or None if valid."""
    invalid = invalid_message(item.puzzle)
    return f"{item.where}: {invalid}" if invalid else None


#: The exit status of each way a puzzle can fail.
FAILED_STATUS = {
    "unreadable": EXIT_BAD_INPUT,
    "invalid": EXIT_BAD_INPUT,
    "unwritable": EXIT_BAD_INPUT,
    "unsolvable": EXIT_NO_SOLUTION,
    "several": EXIT_NO_SOLUTION,
    "limit": EXIT_LIMIT,
}


def answers(
    items: Iterable[Item],
    label: str,
    outcome: Outcome,
    function: Callable[..., T | Failed],
    *args: object,
    jobs: Spread = HERE,
    checks: bool = False,
) -> Iterator[tuple[Item, T]]:
    """``(item, function(item.puzzle, *args))`` for each puzzle answered, in order;
    the others are reported.

    A batch goes on past an invalid, unsolvable or too hard puzzle, so
    nothing already found is lost. With ``checks``, ``function`` raises
    InvalidPuzzle itself for a broken definition (as the solver does), and
    the definition is not checked a second time before it. When ``jobs``
    spreads the work (over processes or a Dask cluster), ``function`` is a
    module-level function run by the workers, chunks of puzzles at a time.
    The problems met while reading (a record that cannot be read) are
    reported in input order too.
    """
    last: list[tuple[str, int]] = []  # the problems read after the last puzzle

    def read() -> Iterator[tuple[Item, list[tuple[str, int]]]]:
        remaining = iter(items)
        while True:
            with outcome.holding() as held:
                item = next(remaining, None)
            if item is None:
                last.extend(held)
                return
            yield item, held

    reading = Reading(puzzles=False, validate=not checks)
    with jobs.client() as client:
        found = answered(
            function,
            read(),
            args,
            jobs=jobs.processes,
            client=client,
            puzzle_of=puzzle_of,
            reading=reading,
        )
        for (item, held), answer in with_progress(found, label):
            outcome.release(held)
            if isinstance(answer, Failed):
                outcome.problem(f"{item.where}: {answer.message}", FAILED_STATUS[answer.why])
            else:
                yield item, answer
    outcome.release(last)


def puzzle_of(read: tuple[Item, object]) -> Puzzle:
    return read[0].puzzle


def run(command: Callable[[], int]) -> None:
    """Run ``command``, turning errors into one line on standard error and an exit status."""
    try:
        status = command()
    except Failure as failure:
        warn(f"latinum: {failure}")
        status = failure.status
    except SearchLimit as limit:
        warn(f"latinum: {limit}")
        status = EXIT_LIMIT
    except LatinumError as error:
        warn(f"latinum: {error}")
        status = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        warn("latinum: interrupted")
        status = 130
    except BrokenPipeError:  # the reader stopped early: what is left to print goes nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.close()
        status = EXIT_OK
    sys.exit(status)


def write_output(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path``, or to standard output for ``-``."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


def say(text: str) -> None:
    """Print a line of a batch's output on standard output, buffered: it is flushed
    before a message on standard error (:func:`warn`), before the input is waited
    for, and at the end."""
    sys.stdout.write(text + "\n")


def warn(message: str) -> None:
    """Print ``message`` on standard error, after the output printed before it."""
    sys.stdout.flush()
    click.echo(message, err=True)


class BatchWriter:
    """Prints the texts of a batch on standard output, a blank line before each text of
    several lines after the first, so that a batch of grids reads back."""

    def __init__(self) -> None:
        self.written = 0

    def __call__(self, text: str) -> None:
        say(f"\n{text}" if self.written and "\n" in text else text)
        self.written += 1

    def lines(self, texts: list[str]) -> None:
        """Print ``texts``, each of one line, at once."""
        if texts:
            say("\n".join(texts))
            self.written += len(texts)


def dataset_format(target: str | None) -> str | None:
    """The dataset format ``--to`` names (jsonl, csv, parquet), or None."""
    name = (target or "").lower()
    return name if name in DATASETS else None


@contextmanager
def dataset_output(name: str | None, columns: tuple[str, ...]) -> Iterator[Writer | None]:
    """A writer of the dataset format ``name`` on standard output (None without one);
    what it holds is written out however the block ends."""
    if name is None:
        yield None
        return
    stream = sys.stdout.buffer
    if name == "parquet" and stream.isatty():
        fail("Parquet is binary: send standard output to a file, such as > puzzles.parquet")
    records = writer(name, stream, columns)
    try:
        yield records
    finally:
        records.close()


def output_text(item: Item, solution: Grid, target: str | None) -> str:
    """The ``solution`` of ``item`` in ``target`` or the input's own format."""
    fmt = formats.get(target) if target else item.fmt
    if fmt.write_solution is None:
        fail(f"format {fmt.name} cannot write solutions")
    try:
        return fmt.write_solution(item.puzzle, solution).rstrip("\n")
    except ValueError as error:
        fail(f"{item.where}: cannot write the solution as {fmt.name}: {error}")
    return ""


example_option = click.option(
    "--example",
    type=click.Choice(sorted(EXAMPLES)),
    is_flag=False,
    flag_value="sudoku",
    help="Use a built-in example (sudoku by default) instead of files.",
)
from_option = click.option(
    "--from", "source_format", metavar="FORMAT", help="Input format (default: detected)."
)
number_option = click.option(
    "--number",
    type=WholeNumber(min=1, example=3),
    metavar="N",
    help="Which puzzle of a batch to use, from 1 (needed when the input holds several): "
    "--number 3.",
)
#: A file argument: '-' is standard input; the reader reports a file it cannot read.
PATH = click.Path(allow_dash=True, readable=False)
files_argument = click.argument("files", nargs=-1, type=PATH)
limit_options = [
    click.option(
        "--node-limit",
        type=WholeNumber(min=1, example=100000),
        help="Give up after this many search nodes.",
    ),
    click.option(
        "--time-limit",
        type=Seconds(),
        metavar="SECONDS",
        help="Give up after this many seconds per puzzle.",
    ),
]


def with_limits(function: Callable) -> Callable:
    for option in reversed(limit_options):
        function = option(function)
    return function
