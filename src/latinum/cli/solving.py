"""``latinum solve``, ``count`` and ``check``."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable

import click

from .. import formats
from ..batch import solved
from ..batch.records import SOLVED, Record, counted, puzzle_text
from ..batch.work import Failed
from ..errors import LatinumError
from ..puzzle import Puzzle
from ..render.text import boxed
from ..solver import count_solutions
from ..solver.algorithms import (
    ALGORITHMS,
    AlgorithmResult,
    NoSolution,
    Stopped,
    refusal,
)
from ..solver.algorithms import run as run_algorithm
from ..solver.lines import check_lines, counts_of_lines, first_lines
from . import line_batch
from .app import main
from .common import (
    EXIT_NO_SOLUTION,
    BatchWriter,
    Failure,
    Item,
    Outcome,
    answers,
    dataset_format,
    dataset_output,
    example_option,
    fail,
    files_argument,
    from_option,
    output_text,
    read_items,
    run,
    say,
    typed_items,
    warn,
    with_limits,
)
from .known import given_solution_problem
from .values import WholeNumber
from .workers import HERE, Spread, jobs_option

SEVERAL = "more than one solution; printed one"


@main.command("solve")
@files_argument
@from_option
@click.option(
    "--to",
    "target",
    metavar="FORMAT",
    help="Output format (default: the input's); jsonl, csv or parquet: a dataset.",
)
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
@jobs_option
def solve_command(
    files,
    source_format,
    target,
    example,
    algorithm,
    stats,
    first,
    seed,
    node_limit,
    time_limit,
    jobs,
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

    --to jsonl, csv or parquet writes a dataset: a record per puzzle with
    the columns puzzle, solution and solution_count (1, or 2 for several;
    empty with --first). --jobs J solves on J worker processes (0: one on
    each core), --dask on a Dask cluster, with the same output, in the same
    order.

    \b
    Examples:
      latinum solve --example
      latinum solve puzzles.txt --to line      one solution per line, in order
      latinum solve --jobs 0 --to csv kaggle.csv > solved.csv
      latinum solve --to csv kaggle.csv --dask tcp://HOST:8786 > solved.csv
      latinum solve keen.txt --to grid
      cat puzzle.sdk | latinum solve
      latinum solve --algorithm brute-force --stats < calcudoku-5x5.in
      latinum solve --algorithm eliminate sudoku-sets.py.txt
    """
    limits = {"node_limit": node_limit, "time_limit": time_limit}

    def solve_items(items: Iterable[Item], outcome: Outcome) -> None:
        if algorithm == "fast":
            solve_fast(items, outcome, target, stats, first, {**limits, "seed": seed}, jobs)
        elif algorithm == "eliminate":
            solve_eliminate(items, outcome, stats)
        else:
            solve_counting(items, outcome, algorithm, target, stats, limits)

    def command() -> int:
        dataset = dataset_format(target)
        output = formats.get(target) if target and not dataset else None
        if target:
            if algorithm != "fast" and dataset:
                fail(f"--to {target} is written by --algorithm fast only")
            if algorithm == "eliminate":
                fail("--to does not apply to --algorithm eliminate, which prints boxed grids")
        if jobs.spread and algorithm != "fast":
            fail(
                "--jobs and --dask apply to --algorithm fast; the seed documents' methods run here"
            )
        outcome = Outcome()
        options = (algorithm != "fast", stats, node_limit, time_limit, dataset)
        if not files and not example and stdin_is_terminal():
            ask_for_files(lambda entry: solve_items(entered_items(entry, source_format), outcome))
        elif line_batch.applies(example, output, jobs, *options):
            solve_line_files(files, source_format, outcome, target, first, seed)
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


def solve_line_files(
    files: tuple[str, ...],
    source_format: str | None,
    outcome: Outcome,
    target: str | None,
    first: bool,
    seed: int,
) -> None:
    """solve_fast over files of one-line puzzles, answered in Rust a chunk at a time
    (see :mod:`.line_batch`), with the same output and messages."""
    write = BatchWriter()
    limits = {"node_limit": None, "time_limit": None, "seed": seed}

    def slow(items: Iterable[Item]) -> None:
        solve_fast(items, outcome, target, False, first, limits, HERE, write)

    def answer(texts: list[str]) -> list:
        return first_lines(texts, seed) if first else check_lines(texts)

    def show(found: str | tuple[str, bool], where: Callable[[], str]) -> tuple[str, str | None]:
        if isinstance(found, str):
            return found, None
        line, unique = found
        return line, None if unique else f"latinum: {where()}: {SEVERAL}"

    batch = line_batch.LineBatch("solving", outcome, answer, show, slow, write)
    batch.files(files, source_format)


def solve_fast(
    items: Iterable[Item],
    outcome: Outcome,
    target: str | None,
    stats: bool,
    first: bool,
    limits: dict,
    jobs: Spread,
    write: BatchWriter | None = None,
) -> None:
    """latinum's engine, saying on standard error when a puzzle has several solutions
    (unless ``first``); --stats on standard error. ``write`` prints the texts
    (by default a writer of its own)."""
    found = answers(items, "solving", outcome, solved, first, limits, jobs=jobs, checks=True)
    dataset = dataset_format(target)
    with dataset_output(dataset, SOLVED) as records:
        write = write or BatchWriter()
        for item, (grid, unique, counters) in found:
            if records is not None:
                text = puzzle_text(item.puzzle, item.fmt.name)
                records.write(Record(text, grid.line(), counted(unique)))
            else:
                write(output_text(item, grid, target))
            if unique is False:
                warn(f"latinum: {item.where}: {SEVERAL}")
            wrong = given_solution_problem(item.puzzle, [grid]) if unique else None
            if wrong:
                problem = f"{item.where}: the given solution is wrong: {wrong}"
                outcome.problem(problem, EXIT_NO_SOLUTION)
            if stats:
                warn(f"{item.where}: {counters}")


def solve_counting(
    items: Iterable[Item],
    outcome: Outcome,
    algorithm: str,
    target: str | None,
    stats: bool,
    limits: dict,
) -> None:
    """brute-force or backtrack; --stats as a last line on standard output."""
    write = BatchWriter()
    for item, result in answers(items, "solving", outcome, attempt, algorithm, stats, limits):
        write(output_text(item, result.grid, target))
        if stats:
            click.echo(result.counters_text)


def solve_eliminate(items: Iterable[Item], outcome: Outcome, stats: bool) -> None:
    """Boxed grids before and after, the candidates left, --stats on standard output."""

    def answer(puzzle: Puzzle) -> AlgorithmResult | NoSolution | Failed:
        try:
            return attempt(puzzle, "eliminate", stats, {})
        except NoSolution as error:
            return error

    for number, (item, result) in enumerate(answers(items, "eliminating", outcome, answer)):
        if number:
            click.echo()
        if not item.only:
            click.echo(f"{item.where}:")
        click.echo(boxed(item.puzzle))
        if not isinstance(result, AlgorithmResult):  # NoSolution
            outcome.problem(f"{item.where}: {result}", EXIT_NO_SOLUTION)
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


def attempt(puzzle: Puzzle, algorithm: str, stats: bool, limits: dict) -> AlgorithmResult | Failed:
    """``run`` on one puzzle, or why it is refused; the counters printed if it fails."""
    reason = refusal(puzzle, algorithm)
    if reason:
        return Failed("invalid", reason)
    try:
        return run_algorithm(puzzle, algorithm, **limits)
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
@jobs_option
def count_command(
    files, source_format, limit, example, as_json, node_limit, time_limit, jobs
) -> None:
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

    limits = {"node_limit": node_limit, "time_limit": time_limit}

    def shown(found: int, where: str) -> str:
        if as_json:
            counted = {"count": found, "limit": limit, "exact": found < limit}
            return json.dumps({"puzzle": where, **counted})
        return str(found)

    def count_items(items: Iterable[Item], outcome: Outcome) -> None:
        counts = answers(
            items, "counting", outcome, solution_count, limit, limits, jobs=jobs, checks=True
        )
        for item, found in counts:
            say(shown(found, item.where))

    def command() -> int:
        outcome = Outcome()
        if line_batch.applies(example, None, jobs, node_limit, time_limit):
            batch = line_batch.LineBatch(
                "counting",
                outcome,
                lambda texts: counts_of_lines(texts, limit),
                lambda found, where: (shown(found, where() if as_json else ""), None),
                lambda items: count_items(items, outcome),
                BatchWriter(),
            )
            batch.files(files, source_format)
        else:
            count_items(read_items(files, source_format, example, outcome), outcome)
        return outcome.status

    run(command)


def solution_count(puzzle: Puzzle, limit: int, limits: dict) -> int:
    """The puzzle's number of solutions, up to ``limit`` (a worker's task)."""
    return count_solutions(puzzle, limit, **limits)
