"""``latinum steps``: a Sudoku or Latin square solved one cell at a time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from time import perf_counter
from typing import TextIO

import click

from ..logic import chosen
from ..logic.explainer import time_left
from ..render.steps import write_steps
from ..solver.naive_steps import Stuck, naive_singles
from .app import main
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    PATH,
    example_option,
    fail,
    first_error,
    from_option,
    number_option,
    one_item,
    run,
    with_limits,
)
from .explained import explained, picture_folder
from .techniques import notation_option, technique_options
from .unique import unique_start


@main.command("steps")
@click.option(
    "--singles",
    is_flag=True,
    help="The step-by-step course's format: one naked single per step (see below).",
)
@click.option("--plain", is_flag=True, help="No colour.")
@click.option(
    "--grid",
    "grids",
    default="end",
    show_default=True,
    metavar="WHEN",
    help="When to draw the pencil-mark grid: start, end, all (every step, then the end), "
    "none, or step numbers (3,10). A step's grid is the one before it, with the step "
    "drawn on it.",
)
@click.option(
    "--svg",
    "pictures",
    metavar="DIR",
    type=PATH,
    help="Also draw each step as an SVG picture in DIR (made if missing): "
    "DIR/step-001.svg, DIR/step-002.svg, ... (not with --singles).",
)
@technique_options
@notation_option
@with_limits
@example_option
@click.argument("input_file", metavar="INPUT", required=False, type=PATH)
@click.argument("output", metavar="[OUTPUT]", default="-", type=PATH)
@from_option
@number_option
def steps_command(
    singles,
    plain,
    grids,
    pictures,
    only,
    exclude,
    notation,
    node_limit,
    time_limit,
    example,
    input_file,
    output,
    source_format,
    number,
) -> None:
    """Solve a puzzle step by step the way a person does, saying why each step is true.

    A puzzle may be typed in place of INPUT: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    Each step uses the easiest technique that applies (singles, locked
    candidates, subsets, fish, wings, chains ...; --only and --exclude choose)
    and names the cells, as in "Naked Pair {3,6} in row 8 at r8c2 and r8c7:
    removes 3 and 6 from r8c1, r8c5". INPUT is any format latinum reads; '-'
    or none reads standard input; of a batch, --number N takes puzzle N
    (latinum steps puzzles.txt --number 3). OUTPUT is a file, or standard
    output when '-' or left out. The exact solver first checks that the puzzle has exactly one
    solution. Exit status 1 when it has none or several, or when the known
    techniques cannot finish; 3 when --node-limit (of that check) or
    --time-limit (of the whole command) is reached.

    A step drawn on the grid (--grid) shows, before the step, the cells to
    look at in brackets and a marker before each candidate it uses: *5 for
    the pattern, -5 for a candidate it removes, +5 for the value it places;
    in colour (not with --plain, NO_COLOR or an OUTPUT file) the pattern is
    cyan, removals red and struck out, placements green. With --svg DIR,
    every step is also drawn as a picture: the grid before the step, with
    the step on it, in DIR/step-001.svg, DIR/step-002.svg and so on.

    With --singles, each step fills the top-most, then left-most empty cell
    whose candidates (values missing from its row, column, box and, for
    Sudoku-X, diagonals) come down to a single value, one step per empty
    cell, written in the step-by-step course's format.

    \b
    Each --singles step is written as:
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
    puzzle with cages or a batch without --number.
    """

    def command() -> int:
        began = perf_counter()
        if input_file is not None and example is not None:
            fail("give an INPUT file or --example, not both")
        if singles and pictures is not None:
            fail("--singles and --svg do not go together: --svg draws the explained steps")
        item = one_item((input_file,) if input_file else (), source_format, example, number)
        if not singles:
            names = [t.name for t in chosen(only or None, exclude)]
            folder = None if pictures is None else picture_folder(pictures)
            state = unique_start(item, node_limit, time_limit)
            with _opened(output) as out:
                return explained(
                    item,
                    state,
                    out,
                    plain,
                    grids,
                    names,
                    time_left(time_limit, began),
                    notation,
                    folder,
                )
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
