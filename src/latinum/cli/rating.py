"""``latinum rate``: difficulty of every puzzle, one line each."""

from __future__ import annotations

import json

import click

from ..batch import rated
from ..batch.datasets import DATASETS
from ..batch.records import RATED, Record, puzzle_text, solution_text
from ..logic import chosen
from ..rating import Rating
from .app import main
from .common import (
    Item,
    Outcome,
    answers,
    dataset_format,
    dataset_output,
    example_option,
    fail,
    files_argument,
    from_option,
    read_items,
    run,
    with_limits,
)
from .techniques import technique_options
from .workers import jobs_option


@main.command("rate")
@files_argument
@from_option
@example_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle.")
@click.option(
    "--to",
    "target",
    type=click.Choice(DATASETS, case_sensitive=False),
    help="Write a dataset instead: a record per puzzle, with its solution.",
)
@technique_options
@with_limits
@jobs_option
def rate_command(
    files, source_format, example, as_json, target, only, exclude, node_limit, time_limit, jobs
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

    --to jsonl, csv or parquet writes a dataset: a record per puzzle with
    the columns puzzle, solution, level, score, hardest, steps, solved
    (whether the techniques finish it) and tatham (KenKen's level on
    Tatham's scale). --jobs J rates on J worker processes (0: one on each
    core), --dask on a Dask cluster, with the same output, in the same order.

    \b
    Examples:
      latinum rate puzzles.txt
      latinum rate --jobs 0 --to parquet puzzles.txt > rated.parquet
      latinum rate --json puzzle.sdk
      latinum rate --exclude "XY-Wing" puzzle.txt
    """

    def command() -> int:
        if as_json and target:
            fail("--json and --to are two outputs; choose one")
        names = [t.name for t in chosen(only or None, exclude)]
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)
        limits = {"node_limit": node_limit, "time_limit": time_limit}
        with dataset_output(dataset_format(target), RATED) as records:
            args = (names, limits, records is not None)
            for item, (rating, solution) in answers(
                items, "rating", outcome, rated, *args, jobs=jobs
            ):
                if records is not None:
                    text = puzzle_text(item.puzzle, item.fmt.name)
                    records.write(Record(text, solution_text(solution)).rated(rating))
                else:
                    write_rating(item, rating, as_json)
        return outcome.status

    run(command)


def write_rating(item: Item, rating: Rating, as_json: bool) -> None:
    """One line for the puzzle's rating: words, or a JSON object."""
    if as_json:
        click.echo(json.dumps({"puzzle": item.where, **rating.as_dict()}))
    else:
        finished = "" if rating.solved else ", unfinished"
        tatham = f", Tatham: {rating.tatham}" if rating.tatham else ""
        click.echo(
            f"{item.where}: {rating.level} {rating.score:.1f} {rating.hardest} "
            f"({rating.steps} steps{finished}{tatham})"
        )
