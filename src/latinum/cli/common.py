"""What every command shares: reading puzzles, options, progress, errors and exit statuses."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import TypeVar

import click
from rich.console import Console

from .. import formats
from ..errors import InvalidPuzzle, LatinumError, MultipleSolutions, SearchLimit, Unsolvable
from ..formats import Format
from ..grid import Grid
from ..io import load
from ..puzzle import Puzzle

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_LIMIT = 0, 1, 2, 3
T = TypeVar("T")
PROGRESS_FROM = 50
EXAMPLES = {"sudoku": "sudoku.txt", "kenken": "kenken.txt", "killer": "killer.txt"}


@dataclass
class Item:
    """One puzzle read from a source, with where it came from."""

    puzzle: Puzzle
    fmt: Format
    source: str
    number: int  # 1-based position within its source
    count: int  # puzzles in its source

    @property
    def where(self) -> str:
        return self.source if self.count == 1 else f"{self.source} puzzle {self.number}"


class Failure(Exception):
    """Stops the command with a message and an exit status."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def fail(message: str, status: int = EXIT_BAD_INPUT) -> None:
    raise Failure(message, status)


def read_items(
    files: tuple[str, ...], source_format: str | None, example: str | None
) -> Iterator[Item]:
    """The puzzles of ``files`` (standard input when empty or ``-``), or of a built-in
    example."""
    if example:
        text = resources.files("latinum.examples").joinpath(EXAMPLES[example]).read_text()
        yield from text_items(text, source_format, f"example {example}")
        return
    sources = []
    for path in files or ("-",):
        fmt, puzzles = load(path, source_format)
        sources.append(("<stdin>" if path == "-" else path, fmt, puzzles))
    for source, fmt, puzzles in sources:
        yield from _items(source, fmt, puzzles)


def text_items(text: str, source_format: str | None, source: str) -> list[Item]:
    """The puzzles of ``text``, named ``source``."""
    fmt, puzzles = formats.read_text(text, source_format, source)
    return _items(source, fmt, puzzles)


def _items(source: str, fmt: Format, puzzles: list[Puzzle]) -> list[Item]:
    return [Item(puzzle, fmt, source, n, len(puzzles)) for n, puzzle in enumerate(puzzles, 1)]


def one_item(
    files: tuple[str, ...], source_format: str | None, example: str | None, number: int | None
) -> Item:
    """The one puzzle a single-puzzle command works on (see :func:`choose`)."""
    return choose(list(read_items(files, source_format, example)), number)


def choose(items: list[Item], number: int | None) -> Item:
    """The only puzzle of ``items``, or the ``number``-th (from 1) of a batch;
    stops the command when a batch comes without ``--number`` or it is out of range."""
    if not items:
        fail("no puzzle found")
    first = items[0]
    count = len(items)
    if number is None:
        if count > 1:
            fail(f"{first.source} holds {count} puzzles; choose one with --number N")
        return first
    if number > count:
        which = "1" if count == 1 else f"1 to {count}"
        plural = "s" if count > 1 else ""
        fail(f"{first.source} holds {count} puzzle{plural}; --number is {which}, not {number}")
    return items[number - 1]


def with_progress(items: list[Item], label: str) -> Iterator[Item]:
    """``items`` one by one, with a progress bar on a terminal when there are many."""
    if len(items) < PROGRESS_FROM or not sys.stderr.isatty():
        yield from items
        return
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=len(items))
        for item in items:
            yield item
            bar.advance(task)


def first_error(item: Item) -> str | None:
    """One line naming the first error of the puzzle's definition, or None if valid."""
    errors = [p.message for p in item.puzzle.validate() if p.severity == "error"]
    if not errors:
        return None
    more = f" (and {len(errors) - 1} more; see 'latinum check')" if len(errors) > 1 else ""
    return f"{item.where}: invalid puzzle: {errors[0]}{more}"


class Outcome:
    """The exit status of a command over many puzzles: the highest one met."""

    def __init__(self) -> None:
        self.status = EXIT_OK

    def problem(self, message: str, status: int) -> None:
        click.echo(f"latinum: {message}", err=True)
        self.status = max(self.status, status)


def answers(
    items: list[Item],
    label: str,
    outcome: Outcome,
    answer: Callable[[Item], T],
    checks: bool = False,
) -> Iterator[tuple[Item, T]]:
    """``(item, answer(item))`` for each puzzle answered; the others are reported.

    A batch goes on past an invalid, unsolvable or too hard puzzle, so
    nothing already found is lost. With ``checks``, ``answer`` raises
    InvalidPuzzle itself for a broken definition (as the solver does), and
    the definition is not checked a second time before it.
    """
    for item in with_progress(items, label):
        error = None if checks else first_error(item)
        if error:
            outcome.problem(error, EXIT_BAD_INPUT)
            continue
        try:
            result = answer(item)
        except InvalidPuzzle as invalid:
            outcome.problem(first_error(item) or f"{item.where}: {invalid}", EXIT_BAD_INPUT)
            continue
        except Unsolvable:
            outcome.problem(f"{item.where}: no solution", EXIT_NO_SOLUTION)
            continue
        except MultipleSolutions:
            outcome.problem(f"{item.where}: more than one solution", EXIT_NO_SOLUTION)
            continue
        except SearchLimit as limit:
            outcome.problem(f"{item.where}: {limit}", EXIT_LIMIT)
            continue
        yield item, result


def run(command: Callable[[], int]) -> None:
    """Run ``command``, turning errors into one line on standard error and an exit status."""
    try:
        status = command()
    except Failure as failure:
        click.echo(f"latinum: {failure}", err=True)
        status = failure.status
    except SearchLimit as limit:
        click.echo(f"latinum: {limit}", err=True)
        status = EXIT_LIMIT
    except LatinumError as error:
        click.echo(f"latinum: {error}", err=True)
        status = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        click.echo("latinum: interrupted", err=True)
        status = 130
    except BrokenPipeError:
        sys.stderr.close()
        status = EXIT_OK
    sys.exit(status)


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
    type=click.IntRange(min=1),
    metavar="N",
    help="Which puzzle of a batch to use, from 1 (needed when the input holds several): "
    "--number 3.",
)
#: A file argument: '-' is standard input; the reader reports a file it cannot read.
PATH = click.Path(allow_dash=True, readable=False)
files_argument = click.argument("files", nargs=-1, type=PATH)
limit_options = [
    click.option(
        "--node-limit", type=click.IntRange(min=1), help="Give up after this many search nodes."
    ),
    click.option(
        "--time-limit",
        type=click.FloatRange(min=0, min_open=True),
        metavar="SECONDS",
        help="Give up after this many seconds per puzzle.",
    ),
]


def with_limits(function: Callable) -> Callable:
    for option in reversed(limit_options):
        function = option(function)
    return function
