"""``latinum steps``: a Sudoku or Latin square solved one cell at a time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

import click

from ..render.steps import write_steps
from ..solve.naive_steps import Stuck, naive_singles
from .app import main
from .common import EXIT_NO_SOLUTION, EXIT_OK, fail, first_error, from_option, read_items, run


@main.command("steps")
@click.option(
    "--singles",
    is_flag=True,
    default=True,
    help="Fill one naked single per step (the default and, for now, only mode).",
)
@click.argument("input_file", metavar="INPUT", type=click.Path(allow_dash=True))
@click.argument("output", metavar="[OUTPUT]", default="-", type=click.Path(allow_dash=True))
@from_option
def steps_command(singles, input_file, output, source_format) -> None:
    """Solve a Sudoku or Latin square step by step and write every step.

    Each step fills the top-most, then left-most empty cell whose candidates
    (values missing from its row, column, box and, for Sudoku-X, diagonals)
    come down to a single value, so there is one step per empty cell. INPUT
    is any format latinum reads, such as rows of spaced digits with 0 for
    empty cells; '-' reads standard input. OUTPUT is a file, or standard
    output when '-' or left out.

    \b
    Each step is written as:
      ------------------   18 dashes
      Step S - V @ RrCc    step S puts value V in row r, column c (from 1)
      ------------------   18 dashes
      the grid's rows after the step: numbers separated by spaces, 0 = empty

    \b
    Example:
      latinum steps --singles sudoku-steps.txt -
      ------------------
      Step 1 - 8 @ R1C1
      ------------------
      8 4 0 0 0 0 1 7 9
      0 0 2 0 0 8 0 5 4
      ...

    Exit status 0 when the grid is full; 1 when no cell has a single
    candidate (the steps made so far are written); 2 for bad input, a
    puzzle with cages or a file of several puzzles.
    """

    def command() -> int:
        items = list(read_items((input_file,), source_format, None))
        item = items[0]
        if item.count > 1:
            fail(f"{item.source}: holds {item.count} puzzles; steps takes one")
        error = first_error(item)
        if error:
            fail(error)
        if item.puzzle.cages:
            fail(
                f"{item.where}: --singles works on Sudoku and Latin squares, "
                f"not on {item.puzzle.variant} puzzles with cages"
            )
        placements = naive_singles(item.puzzle)
        with _opened(output) as out:
            try:
                write_steps(placements, out)
            except Stuck as stuck:
                out.flush()
                fail(f"{item.where}: {stuck}", EXIT_NO_SOLUTION)
        return EXIT_OK

    run(command)


@contextmanager
def _opened(path: str) -> Iterator[TextIO]:
    """Standard output for ``-``, else the file at ``path`` opened for writing."""
    if path == "-":
        yield sys.stdout
        return
    try:
        handle = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as error:
        fail(f"{path}: cannot write: {error.strerror or error}")
    with handle:
        yield handle
