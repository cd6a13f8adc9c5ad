"""``latinum convert`` and ``show``."""

from __future__ import annotations

import click

from .. import formats
from ..render import draw
from .app import main
from .common import (
    EXIT_BAD_INPUT,
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

    \b
    Formats: line, grid, boxed, pylist, json, calcudoku, mathdoku, keen, solo,
    unequal, futoshiki.
    A batch of grid, boxed or futoshiki puzzles is written with a blank line
    between two puzzles, so it reads back.
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
        written = 0
        for item in read_items(files, source_format, example, outcome):
            try:
                text = fmt.write(item.puzzle).rstrip("\n")
                if written and fmt.batch and "\n" in text:
                    click.echo()  # a blank line between puzzles of several lines
                click.echo(text)
                written += 1
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
