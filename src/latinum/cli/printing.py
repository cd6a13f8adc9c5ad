"""``latinum print``: pictures of puzzles as SVG or PNG files, and PDF puzzle books."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..render.pictures import MAX_CELL, MIN_CELL, pencil_marks, svg
from ..render.raster import png, require
from ..solver import solve
from .app import main
from .book import book_options, write_book
from .common import (
    Item,
    Outcome,
    answers,
    example_option,
    fail,
    files_argument,
    from_option,
    read_items,
    write_output,
)
from .common import run as run_command
from .values import WholeNumber

KINDS = ("svg", "png", "pdf")


@main.command("print")
@files_argument
@from_option
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="OUT",
    help="The picture or book to write ('-' for standard output). Several puzzles "
    "drawn as SVG or PNG are written to numbered files: OUT-001.svg, OUT-002.svg, ...; "
    "as PDF, to one book.",
)
@click.option(
    "--to",
    "kind",
    type=click.Choice(KINDS),
    help="svg, png, or pdf for a puzzle book (default: from OUT's suffix, else svg). "
    "PNG and PDF need pip install 'latinum[print]'.",
)
@click.option("--solution", is_flag=True, help="Solve each puzzle and draw its solution too.")
@click.option(
    "--marks",
    is_flag=True,
    help="Pencil in each empty cell the values its row, column, box and Killer cage "
    "do not hold yet.",
)
@click.option(
    "--cell",
    type=WholeNumber(min=MIN_CELL, max=MAX_CELL),
    metavar="PIXELS",
    help=f"The side of a cell in an SVG or PNG picture, from {MIN_CELL} to {MAX_CELL}"
    " (default 40).",
)
@book_options
@example_option
def print_command(
    files, source_format, output, kind, solution, marks, cell, example, **book
) -> None:
    """Draw each puzzle as a picture to print or paste: thick box and cage lines, thin
    cell lines, givens bold, the solution (with --solution) lighter.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    With --to pdf (or OUT ending in .pdf) the puzzles make one book ready to
    print: several to a page (--per-page), numbered, with their level and
    score underneath when the input gives them (as 'latinum generate --to
    json' does) or --rate finds them, and the answers at the back.

    \b
    Examples:
      latinum print puzzle.txt -o puzzle.svg
      latinum print --example killer --solution -o killer.png
      latinum print --marks puzzle.txt -o worksheet.svg
      latinum print puzzles.txt -o book.svg     (book-001.svg, book-002.svg, ...)
      latinum print puzzles.txt --per-page 6 --title "Sudoku" -o book.pdf
      latinum generate sudoku --count 12 --to json | latinum print -o book.pdf
    """

    def command() -> int:
        target = _kind(output, kind)
        if target == "pdf":
            if solution or cell:
                fail(
                    "a PDF book prints the answers at the back; --solution and --cell "
                    "are for SVG and PNG pictures"
                )
            return write_book(files, source_format, example, output, marks, **book)
        chosen = [f"--{name.replace('_', '-')}" for name, value in book.items() if value]
        if chosen:
            fail(f"{', '.join(chosen)}: for PDF books only (--to pdf)")
        if target == "png":
            require()
        numbered = len(files) > 1
        if numbered and output == "-":
            fail("several files give several pictures; give -o a file name to number them")
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)
        solved = solve if solution else (lambda puzzle: None)
        pictures = answers(items, "drawing", outcome, solved)
        for count, (item, values) in enumerate(pictures, 1):
            path = _path(output, item, count, target, numbered)
            pencil = pencil_marks(item.puzzle) if marks else None
            picture = svg(item.puzzle, solution=values, candidates=pencil, cell=cell or 40)
            data = picture.encode() if target == "svg" else png(picture)
            _write(path, data, item)
        return outcome.status

    run_command(command)


def _kind(output: str, kind: str | None) -> str:
    """The picture format asked for, or the one OUT's suffix names."""
    suffix = Path(output).suffix.lower().lstrip(".")
    if kind and suffix in KINDS and suffix != kind:
        fail(f"--to {kind} does not match the output {output}")
    return kind or (suffix if suffix in KINDS else "svg")


def _path(output: str, item: Item, count: int, kind: str, numbered: bool) -> str:
    """Where the ``count``-th picture goes: OUT for the only puzzle, else numbered."""
    if item.only and not numbered:
        return output
    if output == "-":
        fail(f"{item.source} holds several puzzles; give -o a file name to number the pictures")
    path = Path(output)
    stem = path.stem if path.suffix.lower().lstrip(".") in KINDS else path.name
    return str(path.with_name(f"{stem}-{count:03d}.{kind}"))


def _write(path: str, data: bytes, item: Item) -> None:
    if path == "-" and sys.stdout.isatty() and not data.startswith(b"<"):
        fail("a PNG would garble the terminal; give -o a file name")
    write_output(path, data)
    if path != "-":
        click.echo(f"{item.where}: {path}")
