"""``latinum generate``: new puzzles with exactly one solution, printed as they are made."""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console

from .. import formats
from ..formats.json import to_object
from ..generator import generate
from ..puzzle import Puzzle
from ..rating import rate
from ..solver import solve
from .app import main
from .common import fail, run
from .parallel import ordered

#: Kinds whose default output is one line of another format than JSON (when it can hold the puzzle).
LINE_FORMATS = {"sudoku": "line", "latin": "line", "futoshiki": "unequal", "unequal": "unequal"}
EXIT_INTERRUPTED = 130


def parse_box(text: str) -> tuple[int, int]:
    """``"2x3"`` as ``(2, 3)``; a Failure (exit 2) naming the problem otherwise."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        fail(f"--box {text!r} is not ROWSxCOLS, for example 2x3")
    rows, cols = (int(part) for part in parts)
    return rows, cols


def puzzle_seed(base: str, number: int) -> str:
    """The seed of puzzle ``number`` (from 1) of a run with ``--seed base``."""
    return f"{base}:{number}"


@contextmanager
def progress_bar(count: int) -> Iterator[Callable[[], None]]:
    """A callable advancing a bar on standard error (only on a terminal and count > 1)."""
    if count <= 1 or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("generating", total=count)
        yield lambda: bar.advance(task)


def render(puzzle: Puzzle, target: str | None, kind: str, seed: str) -> str:
    """The text of ``puzzle`` in ``target`` (default: line for Sudoku / Latin, a Tatham
    ID for Futoshiki, else JSON)."""
    if target is None:
        if kind.lower() in LINE_FORMATS:
            try:
                return formats.write(puzzle, LINE_FORMATS[kind.lower()]).rstrip("\n")
            except ValueError:
                pass
        target = "json"
    fmt = formats.get(target)
    if fmt.name == "json":
        obj = to_object(puzzle, tuple(solve(puzzle)))
        if not puzzle.relations:  # the logic does not read signs yet
            obj["x-rating"] = rate(puzzle).as_dict()
        obj["x-seed"] = seed
        return json.dumps(obj, ensure_ascii=False)
    if fmt.write is None:
        fail(f"format {fmt.name} is read-only")
    try:
        return fmt.write(puzzle).rstrip("\n")
    except ValueError as error:
        fail(f"format {fmt.name} cannot hold a {puzzle.variant} puzzle: {error}")
    return ""


def make_text(kind: str, options: dict, seed: str, target: str | None) -> str:
    """Puzzle ``seed`` of ``kind`` made with ``options``, as text (a worker's task)."""
    try:
        return render(generate(kind, seed=seed, **options), target, kind, seed)
    except ValueError as error:  # LatinumError included
        fail(str(error))
    return ""


def given(**options: object) -> dict[str, object]:
    """The options the user gave (not None)."""
    return {name: value for name, value in options.items() if value is not None}


def puzzles(number: int) -> str:
    """``"1 puzzle"``, ``"2 puzzles"``."""
    return f"{number} puzzle{'' if number == 1 else 's'}"


def echo_all(texts: Iterable[str], count: int, note: str | None) -> None:
    """Print each text as it comes, and ``note`` on standard error once the first is made."""
    printed = 0
    try:
        with progress_bar(count) as advance:
            for text in texts:
                if note is not None and printed == 0:  # once the arguments proved good
                    click.echo(note, err=True)
                if printed and "\n" in text:
                    click.echo()
                click.echo(text)
                printed += 1
                advance()
    except KeyboardInterrupt:
        fail(f"interrupted after {puzzles(printed)}", EXIT_INTERRUPTED)


@main.command("generate")
@click.argument("kind")
@click.option(
    "--size", type=int, metavar="N", help="Side of the grid (Sudoku: 9, KenKen: 6, Futoshiki: 5)."
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
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="K",
    help="How many.",
)
@click.option("--seed", metavar="S", help="Make the output reproducible (see below).")
@click.option(
    "--symmetry",
    metavar="none|rotational|mirror|diagonal",
    help="Pattern of the givens (Sudoku, Latin; default rotational) or of the cages"
    " (Killer, KenKen; default none).",
)
@click.option("--x", "diagonals", is_flag=True, help="Sudoku-X: the two diagonals hold 1..N too.")
@click.option("--minimal", is_flag=True, help="Remove givens until none can go.")
@click.option("--givens", is_flag=True, help="Killer: keep some givens besides the cages.")
@click.option("--ops", metavar="OPS", help="KenKen operators, such as + (sums only) or +-*/.")
@click.option("--max-cage", type=int, metavar="N", help="KenKen: the most cells in a cage.")
@click.option(
    "--adjacent",
    is_flag=True,
    help="Futoshiki: Tatham's adjacent mode, bars between neighbours that differ by one.",
)
@click.option("--to", "target", metavar="FORMAT", help="Output format (default: line, else json).")
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="J",
    help="Worker processes (the output is the same for any J).",
)
def generate_command(
    kind: str,
    size: int | None,
    box: str | None,
    difficulty: str | None,
    count: int,
    seed: str | None,
    symmetry: str | None,
    diagonals: bool,
    minimal: bool,
    givens: bool,
    ops: str | None,
    max_cage: int | None,
    adjacent: bool,
    target: str | None,
    jobs: int,
) -> None:
    """Generate KIND puzzles (sudoku, latin, killer, kenken, futoshiki) with exactly one
    solution.

    Each puzzle is printed as soon as it is made: one line each in the line
    format for Sudoku and Latin squares, as a Tatham Unequal ID for
    Futoshiki, otherwise one JSON object per line. With --to json the
    solution and the rating (as "x-rating", not yet for Futoshiki) and the
    seed (as "x-seed") are kept alongside the puzzle.

    Puzzle number i (from 1) is made with the seed "S:i", so --seed S gives
    the same puzzles every time, with any --jobs, and the Python call
    latinum.generate(KIND, ..., seed="S:i") gives puzzle i alone. Without
    --seed a random S is chosen and named on standard error.

    \b
    Examples:
      latinum generate sudoku
      latinum generate sudoku --difficulty hard --count 10 --seed 7
      latinum generate sudoku --box 2x3 --symmetry mirror --to boxed
      latinum generate sudoku --x --minimal --to json
      latinum generate sudoku --count 100 --jobs 2
      latinum generate latin --size 5 --count 3
      latinum generate killer --givens --to json
      latinum generate kenken --size 6 --difficulty hard --to keen
      latinum generate kenken --ops + --size 5 --to calcudoku
      latinum generate mathdoku --size 4 --max-cage 2 --to mathdoku
      latinum generate futoshiki --size 6 --adjacent --to futoshiki
    """

    def command() -> int:
        shape = parse_box(box) if box is not None else None
        base = str(secrets.randbelow(10**9)) if seed is None else seed
        if target is not None:
            formats.get(target)  # an unknown format fails before any work
        options = {
            "size": size,
            "box": shape,
            "difficulty": difficulty,
            "symmetry": symmetry,
            "diagonals": diagonals,
            "minimal": minimal,
            **given(givens=givens or None, ops=ops, max_cage=max_cage, adjacent=adjacent or None),
        }
        tasks = ((kind, options, puzzle_seed(base, n), target) for n in range(1, count + 1))
        note = f"latinum: seed {base} (--seed {base} repeats this run)" if seed is None else None
        with ordered(make_text, tasks, jobs) as texts:
            echo_all(texts, count, note)
        return 0

    run(command)
