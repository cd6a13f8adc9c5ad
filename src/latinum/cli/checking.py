"""``latinum check``: validation report and uniqueness of every puzzle."""

from __future__ import annotations

import json
from dataclasses import dataclass

import click

from ..errors import SearchLimit
from ..grid import Grid
from ..puzzle import Puzzle
from ..solver import Solver, count_solutions
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
    first_error,
    from_option,
    read_items,
    run,
    with_limits,
)
from .known import given_solution_problem
from .workers import jobs_option

VERDICTS = {0: "no solution", 1: "valid, exactly one solution"}


@dataclass
class Report:
    """What check found about one puzzle."""

    errors: list[str]
    warnings: list[str]
    solutions: int | None = None  # 0, 1 or 2 (two or more); None when not counted
    stopped: str | None = None  # the limit that stopped the count
    given: str | None = None  # what is wrong with the solution that came with the puzzle

    @property
    def status(self) -> int:
        if self.errors:
            return EXIT_BAD_INPUT
        if self.stopped:
            return EXIT_LIMIT
        if self.solutions != 1 or self.given:
            return EXIT_NO_SOLUTION
        return EXIT_OK


@main.command("check")
@files_argument
@from_option
@example_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle.")
@with_limits
@jobs_option
def check_command(files, source_format, example, as_json, node_limit, time_limit, jobs) -> None:
    """Validate each puzzle and count its solutions (0, 1 or many).

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    Every problem is reported, with its line or cells; a file that cannot be
    read is reported on standard error and does not stop the others. When a
    puzzle came with its solution (a dataset's answer), a wrong one is
    reported, naming the first wrong cell. Exit status 0 only if every
    puzzle is valid, has exactly one solution and no wrong given solution; 1
    if one has none or several, or a wrong given solution; 2 if one is
    invalid or a file cannot be read; 3 if a limit stopped the count.
    --jobs J checks on J worker processes (0: one on each core), --dask on
    a Dask cluster, with the same output, in the same order.

    --json prints one object per puzzle: puzzle, description, valid, errors,
    warnings, solutions (0, 1, or 2 for two or more; null when a limit
    stopped the count), unique, and given_solution (null when none came,
    else correct and problem).

    \b
    Examples:
      latinum check puzzle.txt other.txt
      cat puzzles.txt | latinum check --json
    """

    def command() -> int:
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)
        reports = answers(
            items, "checking", outcome, examine, node_limit, time_limit, jobs=jobs, checks=True
        )
        for item, report in reports:
            if as_json:
                write_json(item, report)
            else:
                write_text(item, report)
            outcome.status = max(outcome.status, report.status)
        return outcome.status

    run(command)


def examine(puzzle: Puzzle, node_limit: int | None, time_limit: float | None) -> Report:
    """Validate ``puzzle``, count its solutions up to two and judge its given solution
    (a worker's task)."""
    problems = puzzle.validate()
    report = Report(
        [p.message for p in problems if p.severity == "error"],
        [p.message for p in problems if p.severity != "error"],
    )
    if report.errors:
        return report
    found: list[Grid] | None = None
    try:
        if puzzle.solution is None:
            report.solutions = count_solutions(
                puzzle, 2, node_limit=node_limit, time_limit=time_limit
            )
        else:
            found = Solver(puzzle, node_limit=node_limit, time_limit=time_limit).solutions(2)
            report.solutions = len(found)
    except SearchLimit as limit:
        report.stopped = str(limit)
    report.given = given_solution_problem(puzzle, found)
    return report


def write_text(item: Item, report: Report) -> None:
    """The report of one puzzle as lines naming it, on standard output."""
    where = item.where
    for message in report.errors:
        click.echo(f"{where}: {message}")
    for message in report.warnings:
        click.echo(f"{where}: warning: {message}")
    if report.errors:
        count = len(report.errors)
        click.echo(f"{where}: invalid ({count} error{'s' if count > 1 else ''})")
        return
    described = f"{where}: {item.puzzle.describe()}"
    if report.stopped:
        click.echo(f"{described}: unknown, {report.stopped}")
    else:
        assert report.solutions is not None
        click.echo(f"{described}: {VERDICTS.get(report.solutions, 'several solutions')}")
    if report.given:
        click.echo(f"{where}: the given solution is wrong: {report.given}")


def write_json(item: Item, report: Report) -> None:
    """The report of one puzzle as one JSON object on standard output; an invalid
    puzzle or a limit that stopped the count is also said on standard error."""
    given = None
    if item.puzzle.solution is not None and not report.errors:
        undecided = report.stopped is not None and report.given is None
        given = {"correct": None if undecided else report.given is None, "problem": report.given}
    obj = {
        "puzzle": item.where,
        "description": item.puzzle.describe(),
        "valid": not report.errors,
        "errors": report.errors,
        "warnings": report.warnings,
        "solutions": report.solutions,
        "unique": None if report.stopped else report.solutions == 1,
        "given_solution": given,
    }
    click.echo(json.dumps(obj, ensure_ascii=False))
    if report.errors:
        click.echo(f"latinum: {first_error(item)}", err=True)
    elif report.stopped:
        click.echo(f"latinum: {item.where}: {report.stopped}", err=True)
