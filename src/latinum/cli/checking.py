"""``latinum check``: validation report and uniqueness of every puzzle."""

from __future__ import annotations

import click

from ..errors import ParseError, SearchLimit
from ..solve import count_solutions
from .app import main
from .common import (
    EXIT_BAD_INPUT,
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    PATH,
    Item,
    from_option,
    read_items,
    run,
    with_limits,
    with_progress,
)

VERDICTS = {0: "no solution", 1: "valid, exactly one solution"}


@main.command("check")
@click.argument("files", nargs=-1, required=True, type=PATH)
@from_option
@with_limits
def check_command(files, source_format, node_limit, time_limit) -> None:
    """Validate each puzzle and count its solutions (0, 1 or many).

    Every problem is reported, with its line or cells; a file that cannot be
    read does not stop the others. Exit status 0 only if every puzzle is
    valid and has exactly one solution; 1 if one has none or several; 2 if
    one is invalid; 3 if a limit stopped the count.

    \b
    Example:
      latinum check puzzle.txt other.txt
    """

    def command() -> int:
        status = EXIT_OK
        items: list[Item] = []
        for path in files:
            try:
                items += read_items((path,), source_format, None)
            except ParseError as error:
                for problem in error.every():
                    click.echo(problem.where())
                status = EXIT_BAD_INPUT
        for item in with_progress(items, "checking"):
            status = max(status, check_one(item, node_limit, time_limit))
        return status

    run(command)


def check_one(item: Item, node_limit: int | None, time_limit: float | None) -> int:
    """Print the report of one puzzle and return its exit status."""
    problems = item.puzzle.validate()
    errors = [p for p in problems if p.severity == "error"]
    for problem in problems:
        click.echo(f"{item.where}: {problem}")
    if errors:
        click.echo(f"{item.where}: invalid ({len(errors)} error{'s' if len(errors) > 1 else ''})")
        return EXIT_BAD_INPUT
    try:
        found = count_solutions(item.puzzle, 2, node_limit=node_limit, time_limit=time_limit)
    except SearchLimit as limit:
        click.echo(f"{item.where}: {item.puzzle.describe()}: unknown, {limit}")
        return EXIT_LIMIT
    click.echo(
        f"{item.where}: {item.puzzle.describe()}: {VERDICTS.get(found, 'several solutions')}"
    )
    return EXIT_OK if found == 1 else EXIT_NO_SOLUTION
