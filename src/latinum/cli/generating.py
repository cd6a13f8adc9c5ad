"""``latinum generate``: new puzzles with exactly one solution, printed as they are made."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import click

from .. import batch, formats
from ..batch import puzzle_seed
from ..batch.pool import ordered
from ..batch.records import GENERATED
from ..formats.json import to_object
from ..generator import KINDS, GenerationLimit, generate, plan
from ..generator.reach import KIND_NAMES, rarely_reached
from ..generator.sudoku import MAX_GENERATED_SIZE
from ..geometry import default_box
from ..puzzle import VARIANT_ALIASES, Puzzle
from ..rating import rate
from ..solver import solve
from .app import main
from .common import (
    EXIT_LIMIT,
    BatchWriter,
    dataset_format,
    dataset_output,
    fail,
    run,
)
from .status import GenerationStatus
from .values import Seconds, WholeNumber
from .workers import Spread, jobs_option

#: Kinds whose default output is one line of another format than JSON (when it can hold the puzzle).
LINE_FORMATS = {
    "sudoku": "line",
    "latin": "line",
    "futoshiki": "unequal",
    "unequal": "unequal",
    "skyscrapers": "towers",
    "towers": "towers",
    "jigsaw": "solo",
    "windoku": "windoku",
}
EXIT_INTERRUPTED = 130
T = TypeVar("T")
#: The options each kind takes, besides --size, --count, --seed, --to, --with-solution and --jobs.
KIND_OPTIONS = {
    "sudoku": ("--box", "--difficulty", "--attempts", "--symmetry", "--x", "--minimal"),
    "latin": ("--difficulty", "--attempts", "--symmetry", "--minimal"),
    "jigsaw": ("--difficulty", "--attempts", "--symmetry", "--x", "--minimal"),
    "windoku": ("--difficulty", "--attempts", "--symmetry", "--minimal"),
    "killer": ("--box", "--difficulty", "--attempts", "--symmetry", "--x", "--givens"),
    "kenken": ("--difficulty", "--attempts", "--symmetry", "--ops", "--max-cage"),
    "futoshiki": ("--adjacent",),
    "skyscrapers": (),
}
#: The generator's parameters that open some of its messages, by option name.
OPTION_NAMES = {
    "ops": "--ops",
    "max_cage": "--max-cage",
    "attempts": "--attempts",
    "size": "--size",
    "box": "--box",
}


def parse_box(text: str) -> tuple[int, int]:
    """``"2x3"`` as ``(2, 3)``; a Failure (exit 2) naming the problem otherwise."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        fail(f"--box {text!r} is not ROWSxCOLS, for example 2x3")
    rows, cols = (int(part) for part in parts)
    return rows, cols


def check_kind(kind: str, options: Mapping[str, object], size: int | None) -> str:
    """The kind's own name, once every option given (by its option name) applies to it;
    a Failure (exit 2) in the command line's words otherwise."""
    name = VARIANT_ALIASES.get(kind.lower(), kind.lower())
    if name not in KIND_OPTIONS:
        aliases = ", ".join(VARIANT_ALIASES)
        fail(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)} (or {aliases})")
    takes = KIND_OPTIONS[name]
    for option, value in options.items():
        if value is not None and value is not False and option not in takes:
            own = ", ".join(takes)
            takes_too = f", {own}" if own else " only"
            fail(f"{option} does not apply to {KIND_NAMES[name]}; it takes --size{takes_too}")
    if options.get("--attempts") is not None and options.get("--difficulty") is None:
        fail("--attempts bounds the search for a --difficulty; give one, such as --difficulty hard")
    if name == "latin" and size is None:
        fail("a Latin square needs its side: give --size N, such as --size 5")
    boxed = name in ("sudoku", "killer") and options["--box"] is None
    if boxed and size is not None and 1 <= size <= MAX_GENERATED_SIZE and not default_box(size):
        fail(
            f"a {size}x{size} {KIND_NAMES[name]} has no usual box shape; give one with"
            f" --box RxC, rows times columns making {size}, such as --box 1x{size}"
        )
    return name


def render(
    puzzle: Puzzle, target: str | None, kind: str, seed: str, with_solution: bool = False
) -> str:
    """The text of ``puzzle`` in ``target`` (default: line for Sudoku / Latin, windoku
    for Windoku, a Tatham ID for Jigsaw Sudoku, Futoshiki and Skyscrapers, else JSON);
    JSON holds the solution when ``with_solution``."""
    if target is None:
        if kind.lower() in LINE_FORMATS and not with_solution:
            try:
                return formats.write(puzzle, LINE_FORMATS[kind.lower()]).rstrip("\n")
            except ValueError:
                pass
        target = "json"
    fmt = formats.get(target)
    if fmt.name == "json":
        obj = to_object(puzzle, tuple(solve(puzzle)) if with_solution else None)
        if not puzzle.unread_by_logic:
            obj["x-rating"] = rate(puzzle).as_dict()
        obj["x-seed"] = seed
        return json.dumps(obj, ensure_ascii=False)
    if fmt.write is None:
        fail(f"format {fmt.name} is read-only")
    try:
        return fmt.write(puzzle).rstrip("\n")
    except ValueError as error:
        message = str(error)  # the format's own words, when they name it
        if not message.startswith(f"format {fmt.name} "):
            message = f"format {fmt.name} cannot hold a {puzzle.variant} puzzle: {message}"
        fail(message)
    return ""


def make_text(
    kind: str,
    options: dict,
    number: int,
    seed: str,
    target: str | None,
    with_solution: bool = False,
) -> str:
    """Puzzle ``number`` (of seed ``seed``) of ``kind`` made with ``options``, as text
    (a worker's task); a Failure (exit 3) naming it when a limit stopped it."""
    try:
        puzzle = generate(kind, seed=seed, **options)
    except GenerationLimit as limit:
        fail(f"puzzle {number} (seed {seed}): {limit}", EXIT_LIMIT)
    return render(puzzle, target, kind, seed, with_solution)


def in_option_words(message: str) -> str:
    """A generator's message that opens with a parameter's Python name, with the
    option's name instead (``max_cage must ...`` as ``--max-cage must ...``)."""
    first, _, rest = message.partition(" ")
    return f"{OPTION_NAMES[first]} {rest}" if first in OPTION_NAMES else message


def given(**options: object) -> dict[str, object]:
    """The options the user gave (not None)."""
    return {name: value for name, value in options.items() if value is not None}


def puzzles(number: int) -> str:
    """``"1 puzzle"``, ``"2 puzzles"``."""
    return f"{number} puzzle{'' if number == 1 else 's'}"


def echo_all(
    made: Iterable[T], status: GenerationStatus, note: str | None, write: Callable[[T], None]
) -> None:
    """Write each puzzle as it comes, and ``note`` on standard error once the first is made."""
    printed = 0
    try:
        for puzzle in made:
            if note is not None and printed == 0:  # once the arguments proved good
                click.echo(note, err=True)
            write(puzzle)
            printed += 1
            status.made()
    except KeyboardInterrupt:
        fail(f"interrupted after {puzzles(printed)}", EXIT_INTERRUPTED)


@main.command("generate")
@click.argument("kind")
@click.option(
    "--size",
    type=WholeNumber(example=9),
    metavar="N",
    help="Side of the grid (Sudoku and Jigsaw: 9, KenKen: 6, Futoshiki: 5).",
)
@click.option("--box", metavar="RxC", help="Box shape of a Sudoku, such as 2x3 (sets the size).")
@click.option(
    "--difficulty",
    metavar="LEVEL",
    help="Easy, Medium, Hard, Expert or Extreme (any case); KenKen also takes"
    " Tatham's Easy, Normal, Hard, Extreme and Unreasonable. Without it, each puzzle is"
    " the first one made, at whatever level comes (mostly Easy, now and then much"
    " harder); --to json names each one's level.",
)
@click.option(
    "--count",
    type=WholeNumber(min=1, example=10),
    default=1,
    show_default=True,
    metavar="K",
    help="How many.",
)
@click.option(
    "--attempts",
    type=WholeNumber(min=1, example=200),
    metavar="N",
    help="Puzzles tried to reach --difficulty before giving up (default: 50, more for a"
    " level that few reach, enough that a seed rarely misses it).",
)
@click.option("--seed", metavar="S", help="Make the output reproducible (see below).")
@click.option(
    "--symmetry",
    metavar="none|rotational|mirror|diagonal",
    help="Pattern of the givens (Sudoku, Latin, Jigsaw, Windoku; default rotational) or of"
    " the cages"
    " (Killer, KenKen; default none).",
)
@click.option(
    "--x", "diagonals", is_flag=True, help="Sudoku-X (or Jigsaw): the two diagonals hold 1..N too."
)
@click.option("--minimal", is_flag=True, help="Remove givens until none can go.")
@click.option("--givens", is_flag=True, help="Killer: keep some givens besides the cages.")
@click.option("--ops", metavar="OPS", help="KenKen operators, such as + (sums only) or +-*/.")
@click.option(
    "--max-cage", type=WholeNumber(example=3), metavar="N", help="KenKen: the most cells in a cage."
)
@click.option(
    "--adjacent",
    is_flag=True,
    help="Futoshiki: Tatham's adjacent mode, bars between neighbours that differ by one.",
)
@click.option(
    "--to",
    "target",
    metavar="FORMAT",
    help="Output format (default: line, else json); jsonl, csv or parquet: a dataset.",
)
@click.option(
    "--time-limit",
    type=Seconds(),
    metavar="SECONDS",
    help="Give up on a puzzle not made in this many seconds (exit status 3; the puzzles"
    " made before it are kept).",
)
@click.option(
    "--with-solution",
    is_flag=True,
    help="Keep each puzzle's solution beside it (as JSON, the default then).",
)
@jobs_option
def generate_command(
    kind: str,
    size: int | None,
    box: str | None,
    difficulty: str | None,
    count: int,
    attempts: int | None,
    seed: str | None,
    symmetry: str | None,
    diagonals: bool,
    minimal: bool,
    givens: bool,
    ops: str | None,
    max_cage: int | None,
    adjacent: bool,
    target: str | None,
    time_limit: float | None,
    with_solution: bool,
    jobs: Spread,
) -> None:
    """Generate KIND puzzles (sudoku, latin, jigsaw, windoku, killer, kenken,
    futoshiki, skyscrapers) with exactly one solution.

    A Jigsaw Sudoku (sizes 4 to 9) has new random regions in each puzzle; a
    Windoku is a 9x9 Sudoku whose four windows hold 1..9 too.

    Each puzzle is printed as soon as it is made: one line each in the line
    format for Sudoku and Latin squares and in the windoku format for
    Windoku, as a Tatham Solo ID for Jigsaw Sudoku, a Tatham Unequal ID for
    Futoshiki and a Tatham Towers ID for Skyscrapers, otherwise one JSON
    object per line. With --to json the rating (as "x-rating", not yet for
    Futoshiki and Skyscrapers) and the seed (as "x-seed")
    are kept alongside the puzzle; the solution only with --with-solution,
    so a puzzle printed to be solved does not give its answer away.

    Every option is checked before any work: a level that no puzzle of the
    kind and size reaches is refused at once, with the reason. On a terminal,
    a run that takes over a second shows a status line: the puzzles made and,
    while a level is sought, the attempt and the hardest level reached so
    far. A level that a kind and size rarely reach is named before the work
    starts. --time-limit bounds each puzzle: when it is reached the run
    stops, naming the puzzle, after printing every puzzle made before it
    (exit status 3, as when the attempts run out).

    --to jsonl, csv or parquet writes a dataset: a record per puzzle with
    the columns puzzle (in one line), solution, level, score, hardest,
    steps, solved, tatham (the rating, but Futoshiki's and Skyscrapers') and seed.

    Puzzle number i (from 1) is made with the seed "S:i", so --seed S gives
    the same puzzles every time, with any --jobs (0: one on each core) or
    Dask cluster (--dask), and
    the Python call latinum.generate(KIND, ..., seed="S:i") gives puzzle i
    alone; latinum.batch.generate(KIND, K, S) gives the same K. Without
    --seed a random S is chosen and named on standard error.

    \b
    Examples:
      latinum generate sudoku
      latinum generate sudoku --difficulty hard --count 10 --seed 7
      latinum generate kenken --difficulty extreme --time-limit 30
      latinum generate sudoku --box 2x3 --symmetry mirror --to boxed
      latinum generate sudoku --x --minimal --to json
      latinum generate sudoku --count 100 --jobs 2
      latinum generate sudoku --count 1000 --jobs 0 --to csv > sudoku.csv
      latinum generate latin --size 5 --count 3
      latinum generate jigsaw --size 6 --count 3 --seed 1
      latinum generate windoku --difficulty hard --to grid
      latinum generate killer --givens --to json
      latinum generate kenken --size 6 --difficulty hard --to keen
      latinum generate kenken --ops + --size 5 --to calcudoku
      latinum generate mathdoku --size 4 --max-cage 2 --to mathdoku
      latinum generate futoshiki --size 6 --adjacent --to futoshiki
      latinum generate skyscrapers --size 6 --to skyscrapers
    """

    def command() -> int:
        shape = parse_box(box) if box is not None else None
        own = {
            "--box": box,
            "--difficulty": difficulty,
            "--attempts": attempts,
            "--symmetry": symmetry,
            "--x": diagonals,
            "--minimal": minimal,
            "--givens": givens,
            "--ops": ops,
            "--max-cage": max_cage,
            "--adjacent": adjacent,
        }
        check_kind(kind, own, size)
        base = str(secrets.randbelow(10**9)) if seed is None else seed
        dataset = dataset_format(target)
        if target is not None and dataset is None:
            fmt = formats.get(target)  # an unknown format fails before any work
            if with_solution and fmt.name != "json":
                fail(
                    f"--with-solution keeps the solution in JSON; --to {target} has no place for it"
                )
        options: dict[str, Any] = {
            "size": size,
            "box": shape,
            "difficulty": difficulty,
            "attempts": attempts,
            "symmetry": symmetry,
            "diagonals": diagonals,
            "minimal": minimal,
            **given(givens=givens or None, ops=ops, max_cage=max_cage, adjacent=adjacent or None),
        }
        try:
            recipe = plan(kind, **options)  # every argument checked before any work
        except ValueError as error:  # LatinumError included
            fail(in_option_words(str(error)))
        options["time_limit"] = time_limit
        warning = recipe.measured and rarely_reached(recipe.measured, recipe.attempts)
        if warning:
            click.echo(f"latinum: {warning}", err=True)
        note = f"latinum: seed {base} (--seed {base} repeats this run)" if seed is None else None
        with (
            GenerationStatus(count) as status,
            dataset_output(dataset, GENERATED) as records,
            jobs.client() as client,
        ):
            if not jobs.spread:  # the attempts are heard here only (workers are other processes)
                options["on_attempt"] = status.attempt
            if records is not None:
                made = batch.generate(
                    kind, count, base, jobs=jobs.processes, client=client, **options
                )
                echo_all(made, status, note, records.write)
                return 0
            tasks = (
                (kind, options, n, puzzle_seed(base, n), target, with_solution)
                for n in range(1, count + 1)
            )
            with ordered(make_text, tasks, jobs.processes, client) as texts:
                echo_all(texts, status, note, BatchWriter())
        return 0

    run(command)
