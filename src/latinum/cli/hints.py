"""``latinum hint``: one hint for the next step, at a chosen level."""

from __future__ import annotations

import sys
from pathlib import Path
from time import perf_counter

import click

from ..errors import InvalidPuzzle, SearchLimit
from ..formats.json import loads
from ..io import MAX_INPUT_BYTES, decode, read_bytes
from ..logic import State, chosen, hint
from ..logic.drawing import at_level
from ..logic.explainer import time_left
from ..logic.notation import hodoku
from ..puzzle import Puzzle
from .app import main
from .common import (
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    PATH,
    example_option,
    fail,
    from_option,
    number_option,
    one_item,
    run,
    with_limits,
)
from .explained import grid_console, print_grid, save, step_picture
from .techniques import notation_option, technique_options
from .unique import require_one_solution, unique_start
from .values import WholeNumber


@main.command("hint")
@click.argument("file", required=False, type=PATH)
@from_option
@example_option
@click.option(
    "--level",
    type=WholeNumber(min=1, max=3),
    default=1,
    show_default=True,
    help="1 names the technique, 2 adds where to look, 3 gives the whole step.",
)
@click.option(
    "--state",
    "state_file",
    type=PATH,
    help="A game in progress (latinum JSON with 'progress'): hint from there.",
)
@click.option(
    "--grid",
    is_flag=True,
    help="Also draw the pencil-mark grid, with as much of the step as the level shows.",
)
@click.option(
    "--svg",
    "picture",
    metavar="FILE",
    type=PATH,
    help="Also write a picture of the grid with the step, as much as the level shows, "
    "to FILE (SVG).",
)
@click.option("--plain", is_flag=True, help="No colour.")
@number_option
@technique_options
@notation_option
@with_limits
def hint_command(
    file,
    source_format,
    example,
    level,
    state_file,
    grid,
    picture,
    plain,
    number,
    only,
    exclude,
    notation,
    node_limit,
    time_limit,
) -> None:
    """Give one hint for the next step of FILE, without spoiling more than asked.

    A puzzle may be typed in place of FILE: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    FILE '-' or none reads standard input; of a batch, --number N takes
    puzzle N. The exact solver first checks that the puzzle has exactly one
    solution (exit status 1 if it has none or several; 3 when --node-limit
    or --time-limit is reached).

    \b
    Examples:
      latinum hint puzzle.txt                 the technique to look for
      latinum hint --level 2 puzzle.txt       ... and where
      latinum hint --level 3 puzzle.txt       the whole step
      latinum hint puzzles.txt --number 3     puzzle 3 of a batch
      latinum hint --state game.json --level 2
      latinum hint --level 2 --grid puzzle.txt
      latinum hint --level 3 --svg hint.svg puzzle.txt

    --grid and --svg draw the grid before the step: at level 1 the grid
    alone, at level 2 with the cells to look at (in brackets on --grid), at
    level 3 with the whole step. On --grid a marker stands before each
    candidate the step uses: *5 for its pattern, -5 for a candidate it
    removes, +5 for the value it places, and a key line says which are
    shown; colours (not with --plain or NO_COLOR) repeat them.
    """

    def command() -> int:
        began = perf_counter()
        if [file, state_file, example].count(None) < 2:
            fail("give only one of a puzzle FILE, --example or --state GAME.json")
        if state_file and number is not None:
            fail("--number chooses a puzzle of FILE; not with --state")
        if state_file:
            state = resumed(state_file, node_limit, time_limit)
        else:
            item = one_item((file,) if file else (), source_format, example, number)
            state = unique_start(item, node_limit, time_limit)
        names = [t.name for t in chosen(only or None, exclude)]
        try:
            found = hint(state, level, names, time_limit=time_left(time_limit, began))
        except SearchLimit:
            fail("no hint found within the time limit", EXIT_LIMIT)
        if found is None:
            if state.solved:
                click.echo("The puzzle is solved.")
                return EXIT_OK
            fail("no known technique applies here: the next step needs a guess", EXIT_NO_SOLUTION)
        if picture is not None:
            save(Path(picture), step_picture(state, found.step, level))
        if level < 3:
            click.echo(found.text)
        elif notation == "hodoku":
            click.echo(hodoku(found.step, state.puzzle.geometry))
        else:
            click.echo(str(found.step))
        if grid:
            print_grid(grid_console(None, plain), state, at_level(found.step, level))
        return EXIT_OK

    run(command)


def resumed(path: str, node_limit: int | None, time_limit: float | None) -> State:
    """The state of the game in progress saved in the JSON file at ``path``, once the
    exact solver has found that its entries still lead to exactly one solution."""
    data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1) if path == "-" else read_bytes(path)
    [document, *_] = loads(decode(data, path), path)
    puzzle: Puzzle = document.puzzle
    problems = [p.message for p in puzzle.validate() if p.severity == "error"]
    if problems:
        fail(f"{path}: invalid puzzle: {problems[0]}")
    progress = document.progress
    try:
        state = State.resume(
            puzzle,
            progress.values if progress else None,
            progress.pencil if progress else None,
        )
    except InvalidPuzzle as error:
        fail(f"{path}: {error}")
    wrong = "no solution from here: some entries are wrong"
    require_one_solution(state, path, node_limit, time_limit, wrong)
    return state
