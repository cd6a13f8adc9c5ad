"""``latinum rate``: difficulty of every puzzle, one line each."""

from __future__ import annotations

import json

import click

from ..logic import chosen
from ..rating import Rating, rate
from .app import main
from .common import (
    Item,
    Outcome,
    answers,
    example_option,
    files_argument,
    from_option,
    read_items,
    run,
    with_limits,
)
from .techniques import technique_options


@main.command("rate")
@files_argument
@from_option
@example_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle.")
@technique_options
@with_limits
def rate_command(
    files, source_format, example, as_json, only, exclude, node_limit, time_limit
) -> None:
    """Rate each puzzle by the hardest technique its human-style solution needs.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    Prints the level (Easy, Medium, Hard, Expert, Extreme), the score on
    Sudoku Explainer's scale, the hardest technique and the number of steps.
    A puzzle no known technique finishes scores 10.0. Only a puzzle with
    exactly one solution is rated: one with none or several is reported
    (exit status 1). --node-limit bounds the exact search that checks this,
    --time-limit the whole rating of each puzzle (exit status 3).

    \b
    Examples:
      latinum rate puzzles.txt
      latinum rate --json puzzle.sdk
      latinum rate --exclude "XY-Wing" puzzle.txt
    """

    def command() -> int:
        names = [t.name for t in chosen(only or None, exclude)]
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)

        def answer(item: Item) -> Rating:
            return rate(item.puzzle, names, node_limit=node_limit, time_limit=time_limit)

        for item, rating in answers(items, "rating", outcome, answer):
            if as_json:
                click.echo(json.dumps({"puzzle": item.where, **rating.as_dict()}))
            else:
                finished = "" if rating.solved else ", unfinished"
                tatham = f", Tatham: {rating.tatham}" if rating.tatham else ""
                click.echo(
                    f"{item.where}: {rating.level} {rating.score:.1f} {rating.hardest} "
                    f"({rating.steps} steps{finished}{tatham})"
                )
        return outcome.status

    run(command)
