"""``latinum convert`` and ``show``."""

from __future__ import annotations

import click

from .. import formats
from ..render.text import draw
from .app import main
from .common import (
    EXIT_BAD_INPUT,
    BatchWriter,
    Outcome,
    example_option,
    fail,
    files_argument,
    from_option,
    read_items,
    run,
)


@main.command("convert")
@files_argument
@from_option
@click.option("--to", "target", required=True, metavar="FORMAT", help="Output format.")
@example_option
def convert_command(files, source_format, target, example) -> None:
    """Write every puzzle in another format.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    \b
    Formats: line, grid, boxed, pylist, json, calcudoku, mathdoku, keen, solo,
    unequal, futoshiki.
    Puzzles of several lines are written with a blank line between two, so
    that a batch of grids reads back.
    Examples:
      latinum convert --to json puzzle.txt
      latinum convert --to solo puzzles.txt
      latinum convert --to futoshiki unequal-ids.txt
    """

    def command() -> int:
        fmt = formats.get(target)
        if fmt.write is None:
            fail(f"format {fmt.name} cannot be written")
        outcome = Outcome()
        write = BatchWriter()
        for item in read_items(files, source_format, example, outcome):
            try:
                write(fmt.write(item.puzzle).rstrip("\n"))
            except ValueError as error:
                outcome.problem(
                    f"{item.where}: cannot write as {fmt.name}: {error}", EXIT_BAD_INPUT
                )
        return outcome.status

    run(command)


@main.command("show")
@files_argument
@from_option
@example_option
def show_command(files, source_format, example) -> None:
    """Draw each puzzle: a boxed grid for Sudoku, cage outlines for KenKen and Killer,
    the signs (or bars) between the cells for Futoshiki.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    \b
    Examples:
      latinum show puzzle.txt
      latinum show --example kenken
    """

    def command() -> int:
        outcome = Outcome()
        for item in read_items(files, source_format, example, outcome):
            click.echo(f"{item.where}: {item.puzzle.describe()}")
            click.echo(draw(item.puzzle))
        return outcome.status

    run(command)
