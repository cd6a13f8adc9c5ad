"""``latinum compare``: every solving algorithm on one puzzle, side by side."""

from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table

from ..solver.algorithms import ALGORITHMS, NoSolution, Stopped, applicable, refusal
from ..solver.algorithms import run as run_algorithm
from .app import main
from .common import (
    EXIT_OK,
    PATH,
    fail,
    first_error,
    from_option,
    number_option,
    one_item,
    run,
)
from .values import Seconds

DEFAULT_TIME_LIMIT = 10.0
PLAIN_WIDTH = 200


@main.command("compare")
@click.argument("file", required=False, type=PATH)
@from_option
@number_option
@click.option(
    "--time-limit",
    default=DEFAULT_TIME_LIMIT,
    show_default=True,
    type=Seconds(),
    metavar="SECONDS",
    help="Stop each algorithm after this many seconds.",
)
@click.option(
    "--algorithms",
    "chosen",
    metavar="A,B",
    help=f"Algorithms to run, comma-separated, from {', '.join(ALGORITHMS)} "
    "(default: every one that accepts the puzzle).",
)
def compare_command(file, source_format, number, time_limit, chosen) -> None:
    """Run the solving algorithms on the puzzle of FILE and compare them.

    A puzzle may be typed in place of FILE: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    FILE '-' or none reads standard input; of a batch, --number N takes
    puzzle N.

    Prints one row per algorithm: its result (solved, unsolved with the
    cells left, no solution, stopped at the time limit), the time and its
    own counters. Algorithms that cannot take the puzzle (brute-force with
    product cages, eliminate with cages) are left out unless named in
    --algorithms, which shows them as not applicable.

    \b
    Examples:
      latinum compare calcudoku-5x5.in
      latinum compare --time-limit 2 puzzle.sdk
      latinum compare --algorithms backtrack,fast mathdoku.txt
      latinum compare puzzles.txt --number 2
    """

    def command() -> int:
        names = _names(chosen)
        item = one_item((file,) if file else (), source_format, None, number)
        error = first_error(item)
        if error:
            fail(error)
        puzzle = item.puzzle
        table = Table(title=f"{item.where}: {puzzle.describe()}")
        for column in ("algorithm", "result", "time (ms)", "counters"):
            table.add_column(
                column, justify="right" if column == "time (ms)" else "left", no_wrap=True
            )
        for name in names or applicable(puzzle):
            if refusal(puzzle, name):
                table.add_row(name, "not applicable", "", "")
                continue
            try:
                result = run_algorithm(puzzle, name, time_limit=time_limit)
            except NoSolution as failure:
                result, verdict = failure.result, "no solution"
            except Stopped as failure:
                result, verdict = failure.result, f"stopped at the time limit ({time_limit:g} s)"
            else:
                left = len(result.candidates)
                verdict = "solved" if result.solved else f"unsolved: {left} cells left"
            table.add_row(name, verdict, f"{result.seconds * 1000:.2f}", result.counters_text)
        console = Console()
        if not console.is_terminal:
            console = Console(width=PLAIN_WIDTH)  # a pipe or file: no wrapping at 80 columns
        console.print(table)
        return EXIT_OK

    run(command)


def _names(chosen: str | None) -> list[str]:
    """The algorithms named in ``--algorithms`` (empty for every applicable one)."""
    if not chosen:
        return []
    names = [name.strip() for name in chosen.split(",") if name.strip()]
    unknown = [name for name in names if name not in ALGORITHMS]
    if unknown:
        fail(f"unknown algorithm {unknown[0]!r} (known: {', '.join(ALGORITHMS)})")
    return list(dict.fromkeys(names))
