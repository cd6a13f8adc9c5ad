"""``latinum solve``, ``count`` and ``check``."""

from __future__ import annotations

import click

from .. import formats
from ..errors import SearchLimit
from ..grid import Grid
from ..solve import Stats, count_solutions, solve
from .app import main
from .common import (
    EXIT_BAD_INPUT,
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    Item,
    Outcome,
    answers,
    example_option,
    files_argument,
    from_option,
    output_text,
    read_items,
    run,
    with_limits,
    with_progress,
)


@main.command("solve")
@files_argument
@from_option
@click.option("--to", "target", metavar="FORMAT", help="Output format (default: the input's).")
@example_option
@click.option("--stats", is_flag=True, help="Print search statistics on standard error.")
@with_limits
def solve_command(files, source_format, target, example, stats, node_limit, time_limit) -> None:
    """Solve every puzzle and print its solution.

    \b
    Examples:
      latinum solve --example
      latinum solve puzzles.txt --to line      one solution per line, in order
      latinum solve keen.txt --to grid
      cat puzzle.sdk | latinum solve
    """

    def command() -> int:
        if target:
            formats.get(target)
        outcome = Outcome()
        items = list(read_items(files, source_format, example))

        def answer(item: Item) -> tuple[Grid, Stats]:
            counters = Stats()
            grid = solve(item.puzzle, node_limit=node_limit, time_limit=time_limit, stats=counters)
            return grid, counters

        for item, (grid, counters) in answers(items, "solving", outcome, answer):
            click.echo(output_text(item, grid, target))
            if stats:
                click.echo(f"{item.where}: {counters}", err=True)
        return outcome.status

    run(command)


@main.command("count")
@files_argument
@from_option
@click.option(
    "--limit",
    default=2,
    show_default=True,
    type=click.IntRange(min=1),
    help="Stop counting at this many solutions.",
)
@with_limits
def count_command(files, source_format, limit, node_limit, time_limit) -> None:
    """Print the number of solutions of each puzzle, one per line, capped at --limit.

    \b
    Examples:
      latinum count puzzles.txt
      latinum count --limit 100 latin.txt
    """

    def command() -> int:
        outcome = Outcome()
        items = list(read_items(files, source_format, None))

        def answer(item: Item) -> int:
            return count_solutions(item.puzzle, limit, node_limit=node_limit, time_limit=time_limit)

        for _, found in answers(items, "counting", outcome, answer):
            click.echo(found)
        return outcome.status

    run(command)


@main.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@with_limits
def check_command(files, source_format, node_limit, time_limit) -> None:
    """Validate each puzzle and count its solutions (0, 1 or many).

    Exit status 0 only if every puzzle is valid and has exactly one solution;
    1 if one has none or several; 2 if one is invalid; 3 if a limit stopped
    the count.

    \b
    Example:
      latinum check puzzle.txt
    """

    def command() -> int:
        status = EXIT_OK
        items = list(read_items(files, source_format, None))
        for item in with_progress(items, "checking"):
            problems = item.puzzle.validate()
            errors = [p for p in problems if p.severity == "error"]
            for problem in problems:
                click.echo(f"{item.where}: {problem}")
            if errors:
                click.echo(f"{item.where}: invalid ({len(errors)} errors)")
                status = EXIT_BAD_INPUT
                continue
            try:
                found = count_solutions(
                    item.puzzle, 2, node_limit=node_limit, time_limit=time_limit
                )
            except SearchLimit as limit:
                click.echo(f"{item.where}: {item.puzzle.describe()}: unknown, {limit}")
                status = max(status, EXIT_LIMIT)
                continue
            verdict = {0: "no solution", 1: "valid, exactly one solution"}.get(
                found, "several solutions"
            )
            click.echo(f"{item.where}: {item.puzzle.describe()}: {verdict}")
            if found != 1:
                status = max(status, EXIT_NO_SOLUTION)
        return status

    run(command)
