"""``latinum hint``: one hint for the next step, at a chosen level."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import InvalidPuzzle
from ..formats.json import loads
from ..io import decode
from ..logic import State, chosen, hint
from ..puzzle import Puzzle
from .app import main
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    example_option,
    fail,
    first_error,
    from_option,
    read_items,
    run,
)
from .techniques import technique_options


@main.command("hint")
@click.argument("file", required=False, type=click.Path(allow_dash=True))
@from_option
@example_option
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=1,
    show_default=True,
    help="1 names the technique, 2 adds where to look, 3 gives the whole step.",
)
@click.option(
    "--state",
    "state_file",
    type=click.Path(allow_dash=True),
    help="A game in progress (latinum JSON with 'progress'): hint from there.",
)
@technique_options
def hint_command(file, source_format, example, level, state_file, only, exclude) -> None:
    """Give one hint for the next step of FILE, without spoiling more than asked.

    \b
    Examples:
      latinum hint puzzle.txt                 the technique to look for
      latinum hint --level 2 puzzle.txt       ... and where
      latinum hint --level 3 puzzle.txt       the whole step
      latinum hint --state game.json --level 2
    """

    def command() -> int:
        if [file, state_file, example].count(None) != 2:
            fail("give one of a puzzle FILE, --example or --state GAME.json")
        state = resumed(state_file) if state_file else start(file, source_format, example)
        names = [t.name for t in chosen(only or None, exclude)]
        found = hint(state, level, names)
        if found is None:
            if state.solved:
                click.echo("The puzzle is solved.")
                return EXIT_OK
            fail("no known technique applies here: the next step needs a guess", EXIT_NO_SOLUTION)
        click.echo(found.text)
        return EXIT_OK

    run(command)


def start(file: str | None, source_format: str | None, example: str | None) -> State:
    """The starting state of the first puzzle of ``file`` (or of the example)."""
    item = next(iter(read_items((file,) if file else (), source_format, example)))
    error = first_error(item)
    if error:
        fail(error)
    return State.start(item.puzzle)


def resumed(path: str) -> State:
    """The state of the game in progress saved in the JSON file at ``path``."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        fail(f"{path}: {error.strerror or 'cannot be read'}")
    [document, *_] = loads(decode(data, path), path)
    puzzle: Puzzle = document.puzzle
    problems = [p.message for p in puzzle.validate() if p.severity == "error"]
    if problems:
        fail(f"{path}: invalid puzzle: {problems[0]}")
    progress = document.progress
    try:
        return State.resume(
            puzzle,
            progress.values if progress else None,
            progress.pencil if progress else None,
        )
    except InvalidPuzzle as error:
        fail(f"{path}: {error}")
    raise AssertionError("unreachable")
