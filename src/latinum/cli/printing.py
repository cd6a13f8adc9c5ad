"""``latinum print``: pictures of puzzles as SVG or PNG files."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..puzzle import Puzzle
from ..render.pictures import MAX_CELL, MIN_CELL, svg
from ..render.raster import png, require
from ..solve import solve
from .app import main
from .common import (
    Item,
    Outcome,
    answers,
    example_option,
    fail,
    files_argument,
    from_option,
    read_items,
)
from .common import run as run_command

KINDS = ("svg", "png")


@main.command("print")
@files_argument
@from_option
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="OUT",
    help="The picture to write ('-' for standard output). Several puzzles are written "
    "to numbered files: OUT-001.svg, OUT-002.svg, ...",
)
@click.option(
    "--to",
    "kind",
    type=click.Choice(KINDS),
    help="Picture format (default: from OUT's suffix, else svg). PNG needs "
    "pip install 'latinum[print]'.",
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
    type=click.IntRange(MIN_CELL, MAX_CELL),
    default=40,
    show_default=True,
    metavar="PIXELS",
    help="The side of a cell.",
)
@example_option
def print_command(files, source_format, output, kind, solution, marks, cell, example) -> None:
    """Draw each puzzle as a picture to print or paste: thick box and cage lines, thin
    cell lines, givens bold, the solution (with --solution) lighter.

    \b
    Examples:
      latinum print puzzle.txt -o puzzle.svg
      latinum print --example killer --solution -o killer.png
      latinum print --marks puzzle.txt -o worksheet.svg
      latinum print puzzles.txt -o book.svg     (book-001.svg, book-002.svg, ...)
    """

    def command() -> int:
        target = _kind(output, kind)
        if target == "png":
            require()
        numbered = len(files) > 1
        if numbered and output == "-":
            fail("several files give several pictures; give -o a file name to number them")
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)
        solved = (lambda item: solve(item.puzzle)) if solution else (lambda item: None)
        pictures = answers(items, "drawing", outcome, solved)
        for count, (item, values) in enumerate(pictures, 1):
            path = _path(output, item, count, target, numbered)
            pencil = _marks(item.puzzle) if marks else None
            picture = svg(item.puzzle, solution=values, candidates=pencil, cell=cell)
            data = picture.encode() if target == "svg" else png(picture)
            _write(path, data, item, outcome)
        return outcome.status

    run_command(command)


def _kind(output: str, kind: str | None) -> str:
    """The picture format asked for, or the one OUT's suffix names."""
    suffix = Path(output).suffix.lower().lstrip(".")
    if kind and suffix in KINDS and suffix != kind:
        fail(f"--to {kind} does not match the output {output}")
    return kind or (suffix if suffix in KINDS else "svg")


def _marks(puzzle: Puzzle) -> list[set[int]]:
    """The values no group of cells that must differ holds yet, for each empty cell."""
    peers = [set(group) for group in puzzle.geometry.peers]
    for cage in puzzle.cages:
        if cage.distinct:
            for cell in cage.cells:
                peers[cell].update(c for c in cage.cells if c != cell)
    every = set(range(1, puzzle.size + 1))
    return [
        set() if value else every - {puzzle.givens[p] for p in peers[cell]}
        for cell, value in enumerate(puzzle.givens)
    ]


def _path(output: str, item: Item, count: int, kind: str, numbered: bool) -> str:
    """Where the ``count``-th picture goes: OUT for the only puzzle, else numbered."""
    if item.only and not numbered:
        return output
    if output == "-":
        fail(f"{item.source} holds several puzzles; give -o a file name to number the pictures")
    path = Path(output)
    stem = path.stem if path.suffix.lower().lstrip(".") in KINDS else path.name
    return str(path.with_name(f"{stem}-{count:03d}.{kind}"))


def _write(path: str, data: bytes, item: Item, outcome: Outcome) -> None:
    if path == "-":
        if sys.stdout.isatty() and not data.startswith(b"<"):
            fail("a PNG would garble the terminal; give -o a file name")
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")
    click.echo(f"{item.where}: {path}")
