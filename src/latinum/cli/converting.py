"""``latinum convert`` and ``show``."""

from __future__ import annotations

import click

from .. import formats
from ..batch.datasets import DATASETS
from ..batch.records import CONVERTED, Record, puzzle_text
from ..batch.work import Failed
from ..grid import line_of
from ..puzzle import Puzzle
from ..render.text import draw
from .app import main
from .common import (
    BatchWriter,
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
)
from .workers import jobs_option


@main.command("convert")
@files_argument
@from_option
@click.option(
    "--to",
    "target",
    required=True,
    metavar="FORMAT",
    help="Output format; jsonl, csv or parquet: a dataset.",
)
@example_option
@jobs_option
def convert_command(files, source_format, target, example, jobs) -> None:
    """Write every puzzle in another format.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    \b
    Formats: line, grid, boxed, pylist, json, calcudoku, mathdoku, keen, solo,
    unequal, futoshiki, towers, skyscrapers.
    Puzzles of several lines are written with a blank line between two, so
    that a batch of grids reads back. jsonl, csv and parquet write a
    dataset: a record per puzzle with the columns puzzle (in one line) and
    solution (the one that came with it, if any). --jobs J converts on J
    worker processes (0: one on each core), --dask on a Dask cluster, in the
    same order.

    \b
    Examples:
      latinum convert --to json puzzle.txt
      latinum convert --to solo puzzles.txt
      latinum convert --to futoshiki unequal-ids.txt
      latinum convert --to skyscrapers towers-ids.txt
    """

    def command() -> int:
        dataset = dataset_format(target)
        if dataset is None:
            fmt = formats.get(target)
            if fmt.write is None:
                fail(f"format {fmt.name} cannot be written")
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)
        name = dataset or fmt.name
        texts = answers(items, "converting", outcome, written, name, jobs=jobs, checks=True)
        with dataset_output(dataset, CONVERTED) as records:
            write = BatchWriter()
            for item, text in texts:
                if records is None:
                    write(text)
                else:
                    given = item.puzzle.solution
                    records.write(Record(text, None if given is None else line_of(given)))
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


def written(puzzle: Puzzle, name: str) -> str | Failed:
    """The puzzle in the format ``name`` (a dataset's: in one line), or why it cannot
    be (a worker's task)."""
    if name in DATASETS:
        return puzzle_text(puzzle)
    try:
        return formats.write(puzzle, name).rstrip("\n")
    except ValueError as error:
        return Failed("unwritable", f"cannot write as {name}: {error}")
