"""``latinum print --to pdf``: the puzzles read bound into one book ready to print."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable

import click

from ..puzzle import Puzzle
from ..render.bind import pdf, require
from ..render.book import LAYOUTS, PAPERS, Entry, pages
from ..render.pictures import pencil_marks
from ..solver import solve
from .common import Outcome, answers, fail, read_items, with_progress, write_output

_OPTIONS = [
    click.option(
        "--per-page",
        type=click.Choice([str(n) for n in LAYOUTS]),
        help="PDF: puzzles on a page (default 4).",
    ),
    click.option(
        "--paper",
        type=click.Choice(sorted(PAPERS), case_sensitive=False),
        help="PDF: the paper size (default a4).",
    ),
    click.option("--title", metavar="TEXT", help="PDF: the book's title, atop every page."),
    click.option("--no-answers", is_flag=True, help="PDF: leave the answers out."),
    click.option(
        "--rate",
        is_flag=True,
        help="PDF: rate the puzzles whose level the input does not give, to print it under them.",
    ),
]


def book_options(function: Callable) -> Callable:
    for option in reversed(_OPTIONS):
        function = option(function)
    return function


def write_book(
    files: tuple[str, ...],
    source_format: str | None,
    example: str | None,
    output: str,
    marks: bool,
    per_page: str | None,
    paper: str | None,
    title: str | None,
    no_answers: bool,
    rate: bool,
) -> int:
    """Write the book of every puzzle read to ``output``; the exit status."""
    require()
    if output == "-" and sys.stdout.isatty():
        fail("a PDF would garble the terminal; give -o a file name")
    outcome = Outcome()
    items = read_items(files, source_format, example, outcome)

    def entry(given: Puzzle) -> Entry:
        puzzle = _rated(given) if rate else given
        solution = None if no_answers else solve(puzzle)
        return Entry(puzzle, solution, pencil_marks(puzzle) if marks else None)

    entries = [found for _, found in answers(items, "reading", outcome, entry)]
    if not entries:
        fail("no puzzle to print", max(outcome.status, 1))
    drawn = pages(entries, int(per_page or 4), paper or "a4", title, answers=not no_answers)
    count = 0

    def counted():
        nonlocal count
        for count, page in enumerate(with_progress(drawn, "drawing pages"), 1):  # noqa: B007
            yield page

    write_output(output, pdf(counted(), title))
    summary = f"{output}: {_counted(len(entries), 'puzzle')} on {_counted(count, 'page')}"
    click.echo(summary, err=output == "-")
    return outcome.status


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{'s' if count != 1 else ''}"


def _rated(puzzle: Puzzle) -> Puzzle:
    """The puzzle with its level and score, rated when the input did not give them
    (Futoshiki's signs and Skyscrapers clues cannot be rated yet)."""
    if puzzle.level is not None or puzzle.unread_by_logic:
        return puzzle
    from ..rating import rate  # the logic takes 45 ms to load; only --rate needs it

    found = rate(puzzle)
    return dataclasses.replace(puzzle, level=found.level, score=found.score)
