"""``latinum solve``, ``count`` and ``check``."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable

import click

from .. import formats
from ..errors import LatinumError
from ..grid import Grid
from ..render.text import boxed
from ..solver import Solver, Stats, count_solutions
from ..solver.algorithms import (
    ALGORITHMS,
    AlgorithmResult,
    NoSolution,
    Stopped,
    refusal,
)
from ..solver.algorithms import run as run_algorithm
from .app import main
from .common import (
    EXIT_BAD_INPUT,
    EXIT_NO_SOLUTION,
    BatchWriter,
    Failure,
    Item,
    Outcome,
    answers,
    example_option,
    fail,
    files_argument,
    from_option,
    output_text,
    read_items,
    run,
    typed_items,
    with_limits,
)
from .known import given_solution_problem
from .values import WholeNumber


@main.command("solve")
@files_argument
@from_option
@click.option("--to", "target", metavar="FORMAT", help="Output format (default: the input's).")
@example_option
@click.option(
    "--algorithm",
    type=click.Choice(list(ALGORITHMS)),
    default="fast",
    show_default=True,
    help="fast: latinum's engine; brute-force, backtrack, eliminate: the seed documents' methods.",
)
@click.option("--stats", is_flag=True, help="Print the algorithm's counters.")
@click.option(
    "--first",
    is_flag=True,
    help="Stop at the first solution: faster, but a puzzle with several is not reported.",
)
@click.option(
    "--seed",
    type=WholeNumber(min=0, example=7),
    default=0,
    show_default=True,
    help="The seed of the randomised restarts: of a puzzle with several solutions, "
    "another seed may print another.",
)
@with_limits
def solve_command(
    files, source_format, target, example, algorithm, stats, first, seed, node_limit, time_limit
) -> None:
    """Solve every puzzle and print its solution.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    The fast engine also checks that the solution is the only one and says
    on standard error when a puzzle has several (--first skips that check).
    The search restarts from the top with random choices whenever a try has
    taken too long (the tries growing longer), so that a big grid (16x16 to
    25x25) is not lost under one unlucky early guess; --seed makes another
    random sequence, and the same seed the same answer.

    --stats prints fast's statistics on standard error and the other
    algorithms' counters as the last line on standard output
    (brute-force: checks and backtracks, backtrack: choices and nodes,
    eliminate: eliminations and sweeps). eliminate prints the puzzle and
    where elimination got to as boxed grids, then the candidates of every
    cell left unsolved (exit status 1 if any). With no file and a terminal
    on standard input, asks for puzzle files one after another; a puzzle
    pasted there (a line of 81 digits and dots, a Tatham ID such as
    3x3:...) is solved as it is when no file has that name.

    When a puzzle came with its solution (a dataset's answer) and the
    solution found is the only one, a given solution that differs is
    reported on standard error, naming the first wrong cell (exit status
    1); the batch goes on.

    \b
    Examples:
      latinum solve --example
      latinum solve puzzles.txt --to line      one solution per line, in order
      latinum solve keen.txt --to grid
      cat puzzle.sdk | latinum solve
      latinum solve --algorithm brute-force --stats < calcudoku-5x5.in
      latinum solve --algorithm eliminate sudoku-sets.py.txt
    """
    limits = {"node_limit": node_limit, "time_limit": time_limit}

    def solve_items(items: Iterable[Item], outcome: Outcome) -> None:
        if algorithm == "fast":
            solve_fast(items, outcome, target, stats, first, {**limits, "seed": seed})
        elif algorithm == "eliminate":
            solve_eliminate(items, outcome, stats)
        else:
            solve_counting(items, outcome, algorithm, target, stats, limits)

    def command() -> int:
        if target:
            formats.get(target)
            if algorithm == "eliminate":
                fail("--to does not apply to --algorithm eliminate, which prints boxed grids")
        outcome = Outcome()
        if not files and not example and stdin_is_terminal():
            ask_for_files(lambda entry: solve_items(entered_items(entry, source_format), outcome))
        else:
            solve_items(read_items(files, source_format, example, outcome), outcome)
        return outcome.status

    run(command)


def stdin_is_terminal() -> bool:
    """True if standard input is an interactive terminal."""
    return sys.stdin is not None and sys.stdin.isatty()


def ask_for_files(solve_entry: Callable[[str], None]) -> None:
    """The candidate-sets seed's main(): ask for a file (or a pasted puzzle), solve
    it, offer another.

    A file that cannot be read is reported in one line and the question
    asked again; end of input or Ctrl-C at a question ends the loop.
    """
    while True:
        try:
            entry = click.prompt("Puzzle file", type=str).strip()
        except click.Abort:
            click.echo()
            return
        try:
            solve_entry(entry)
        except (Failure, LatinumError) as error:
            click.echo(f"latinum: {error}", err=True)
            continue
        try:
            if not click.confirm("Solve another puzzle?", default=True):
                return
        except click.Abort:
            click.echo()
            return


def entered_items(entry: str, source_format: str | None) -> list[Item]:
    """The puzzles of the file named ``entry`` or, when there is no such file, of
    ``entry`` itself read as puzzle text (a pasted line or Tatham ID)."""
    path = os.path.expanduser(entry)
    if os.path.lexists(path):
        return list(read_items((path,), source_format, None))
    return typed_items(entry, source_format, "<typed>")


def solve_fast(
    items: Iterable[Item],
    outcome: Outcome,
    target: str | None,
    stats: bool,
    first: bool,
    limits: dict,
) -> None:
    """latinum's engine, saying on standard error when a puzzle has several solutions
    (unless ``first``); --stats on standard error."""

    def answer(item: Item) -> tuple[Grid, bool | None, Stats]:
        solver = Solver(item.puzzle, **limits)
        if first:
            return solver.solve(), None, solver.stats
        return *solver.solve_checked(), solver.stats

    solved = answers(items, "solving", outcome, answer, checks=True)
    write = BatchWriter()
    for item, (grid, unique, counters) in solved:
        write(output_text(item, grid, target))
        if unique is False:
            click.echo(f"latinum: {item.where}: more than one solution; printed one", err=True)
        wrong = given_solution_problem(item.puzzle, [grid]) if unique else None
        if wrong:
            outcome.problem(f"{item.where}: the given solution is wrong: {wrong}", EXIT_NO_SOLUTION)
        if stats:
            click.echo(f"{item.where}: {counters}", err=True)


def solve_counting(
    items: Iterable[Item],
    outcome: Outcome,
    algorithm: str,
    target: str | None,
    stats: bool,
    limits: dict,
) -> None:
    """brute-force or backtrack; --stats as a last line on standard output."""

    def answer(item: Item) -> AlgorithmResult | None:
        return attempt(item, algorithm, outcome, stats, limits)

    write = BatchWriter()
    for item, result in answers(items, "solving", outcome, answer):
        if result is not None:
            write(output_text(item, result.grid, target))
            if stats:
                click.echo(result.counters_text)


def solve_eliminate(items: Iterable[Item], outcome: Outcome, stats: bool) -> None:
    """Boxed grids before and after, the candidates left, --stats on standard output."""
    first = True

    def answer(item: Item) -> AlgorithmResult | None:
        nonlocal first
        if refusal(item.puzzle, "eliminate") is None:
            if not first:
                click.echo()
            first = False
            if not item.only:
                click.echo(f"{item.where}:")
            click.echo(boxed(item.puzzle))
        try:
            return attempt(item, "eliminate", outcome, stats, {})
        except NoSolution as error:
            outcome.problem(f"{item.where}: {error}", EXIT_NO_SOLUTION)
            return None

    for item, result in answers(items, "eliminating", outcome, answer):
        if result is None:
            continue
        click.echo()
        click.echo(boxed(item.puzzle, result.grid.values))
        for cell, candidates in result.candidates.items():
            shown = ", ".join(str(value) for value in candidates)
            click.echo(f"{item.puzzle.geometry.name(cell)}: {{{shown}}}")
        if stats:
            click.echo(result.counters_text)
        if not result.solved:
            left = len(result.candidates)
            outcome.problem(f"{item.where}: eliminate left {left} cells unsolved", EXIT_NO_SOLUTION)


def attempt(
    item: Item, algorithm: str, outcome: Outcome, stats: bool, limits: dict
) -> AlgorithmResult | None:
    """``run`` on one puzzle: None (reported) if refused; the counters printed if it fails."""
    reason = refusal(item.puzzle, algorithm)
    if reason:
        outcome.problem(f"{item.where}: {reason}", EXIT_BAD_INPUT)
        return None
    try:
        return run_algorithm(item.puzzle, algorithm, **limits)
    except (NoSolution, Stopped) as error:
        if stats:
            click.echo(error.result.counters_text)
        raise


@main.command("count")
@files_argument
@from_option
@click.option(
    "--limit",
    default=2,
    show_default=True,
    type=WholeNumber(min=1, example=2),
    help="Stop counting at this many solutions.",
)
@example_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle.")
@with_limits
def count_command(files, source_format, limit, example, as_json, node_limit, time_limit) -> None:
    """Print the number of solutions of each puzzle, one per line, capped at --limit.

    A puzzle may be typed in place of FILES: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    --json prints one object per puzzle: puzzle, count, limit, and exact
    (false when the count stopped at --limit: there are at least that many).

    \b
    Examples:
      latinum count puzzles.txt
      latinum count --limit 100 latin.txt
      latinum count --json --limit 1000 latin.txt
    """

    def command() -> int:
        outcome = Outcome()
        items = read_items(files, source_format, example, outcome)

        def answer(item: Item) -> int:
            return count_solutions(item.puzzle, limit, node_limit=node_limit, time_limit=time_limit)

        for item, found in answers(items, "counting", outcome, answer, checks=True):
            if as_json:
                counted = {"count": found, "limit": limit, "exact": found < limit}
                click.echo(json.dumps({"puzzle": item.where, **counted}))
            else:
                click.echo(found)
        return outcome.status

    run(command)
