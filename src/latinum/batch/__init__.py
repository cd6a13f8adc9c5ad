"""Many puzzles at once, on every core: records in input order, written as datasets.

>>> from latinum import batch
>>> lines = ["....13.44.31....", "1234" + "." * 12, "11" + "." * 14]
>>> for record in batch.solve(lines, jobs=2):
...     print(record.solution, record.solution_count, record.error)
2413132442313142 1 None
1234341221434321 2 None
None None invalid puzzle: r1c1 and r1c2 both hold 1 in row 1 and box 1

Each function takes puzzles (:class:`~latinum.Puzzle` objects, or text that
reads as one puzzle, in ``format`` or the format it shows) and returns an
iterator of :class:`Record` in input order, made by ``jobs`` worker processes
(0: one for each core), or by the workers of a Dask cluster with
``client=`` (a ``distributed.Client``; the ``latinum[dask]`` extra), that
are given a few chunks of puzzles at a time, so memory stays flat however
long the input. A puzzle the work fails on gives a
record with ``error`` set, and the others go on. :func:`write` saves records
as JSON Lines, CSV or Parquet (the ``latinum[data]`` extra).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import InvalidArgument, LatinumError
from ..generator import GenerationLimit, plan
from ..generator import generate as make
from ..grid import Grid
from ..logic import chosen
from ..puzzle import Puzzle
from ..rating import Rating
from ..rating import rate as rating_of
from ..solver import Solver, Stats, count_solutions
from ..solver.api import checked_limit, checked_seed
from .datasets import DATASETS, read, write, writer
from .records import COLUMNS, Record, counted, puzzle_text, solution_text
from .work import Failed, Reading, answered, workers

__all__ = [
    "COLUMNS",
    "DATASETS",
    "Record",
    "count",
    "generate",
    "puzzle_seed",
    "rate",
    "read",
    "solve",
    "write",
    "writer",
]
Puzzles = Iterable[Puzzle | str]


def solve(
    puzzles: Puzzles,
    *,
    jobs: int = 1,
    client: Any = None,
    format: str | None = None,
    first: bool = False,
    seed: int = 0,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[Record]:
    """Solve each puzzle: its solution and ``solution_count`` (1, or 2 for several;
    None with ``first``, which skips the uniqueness check)."""
    checked_seed(seed)
    args = (bool(first), seed, limits(node_limit, time_limit))
    return _records(solved_record, puzzles, args, jobs, client, Reading(True, False, format))


def count(
    puzzles: Puzzles,
    limit: int = 2,
    *,
    jobs: int = 1,
    client: Any = None,
    format: str | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[Record]:
    """Count each puzzle's solutions up to ``limit``: ``solution_count``."""
    checked_limit("limit", limit)
    args = (limit, limits(node_limit, time_limit))
    return _records(counted_record, puzzles, args, jobs, client, Reading(True, False, format))


def rate(
    puzzles: Puzzles,
    techniques: Iterable[str] | None = None,
    *,
    jobs: int = 1,
    client: Any = None,
    format: str | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Iterator[Record]:
    """Rate each puzzle (as :func:`latinum.rate`): its solution and the rating's fields."""
    names = None if techniques is None else [t.name for t in chosen(list(techniques))]
    args = (names, limits(node_limit, time_limit))
    return _records(rated_record, puzzles, args, jobs, client, Reading(True, True, format))


def generate(
    kind: str, count: int, seed: int | str, *, jobs: int = 1, client: Any = None, **options: Any
) -> Iterator[Record]:
    """``count`` puzzles of ``kind`` (options as :func:`latinum.generate`): puzzle
    number i (from 1) is made with the seed ``f"{seed}:{i}"``, so the same seed gives
    the same puzzles for any ``jobs`` or cluster; each record holds the puzzle, its
    solution, its rating (but Futoshiki's) and its seed."""
    jobs = spread(jobs, client)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidArgument(f"count is a whole number from 1, not {count!r}")
    if "seed" in options:
        raise InvalidArgument("generate takes the seed as its third argument")
    if "on_attempt" in options and (jobs != 1 or client is not None):
        raise InvalidArgument("on_attempt is heard with jobs=1 only (workers are other processes)")
    made_by = {"time_limit", "on_attempt"}
    plan(kind, **{name: value for name, value in options.items() if name not in made_by})
    checked_limit("time_limit", options.get("time_limit"), whole=False)
    seeds = (puzzle_seed(seed, number) for number in range(1, count + 1))
    reading = Reading(puzzles=False, validate=False)
    found = answered(
        generated_record, seeds, (kind, options), jobs=jobs, client=client, reading=reading
    )
    return (_made(number, *answer) for number, answer in enumerate(found, 1))


def _made(number: int, seed: str, record: Record | Failed) -> Record:
    """The record of puzzle ``number``; GenerationLimit when a limit stopped it."""
    if isinstance(record, Failed):
        failure = GenerationLimit if record.why == "limit" else LatinumError
        raise failure(f"puzzle {number} (seed {seed}): {record.message}")
    return record


def puzzle_seed(base: int | str, number: int) -> str:
    """The seed of puzzle ``number`` (from 1) of a run with seed ``base``."""
    return f"{base}:{number}"


def spread(jobs: int, client: Any) -> int:
    """The worker processes ``jobs`` asks for, checked; a ``client`` (not None) takes
    the place of jobs, which must then be left at 1."""
    count = workers(jobs)
    if client is not None:
        if count != 1:
            raise InvalidArgument("give jobs or a Dask client, not both (the cluster has workers)")
        if not callable(getattr(client, "submit", None)):
            raise InvalidArgument(f"client is a distributed.Client, not {client!r}")
    return count


def limits(node_limit: int | None, time_limit: float | None) -> dict:
    """The search limits, checked."""
    return {
        "node_limit": checked_limit("node_limit", node_limit),
        "time_limit": checked_limit("time_limit", time_limit, whole=False),
    }


def _records(
    function: Any, puzzles: Puzzles, args: tuple, jobs: int, client: Any, reading: Reading
) -> Iterator[Record]:
    """The record ``function(puzzle, format, *args)`` makes of each puzzle, or its error."""
    spread(jobs, client)
    if isinstance(puzzles, (str, Puzzle)):
        raise InvalidArgument("give an iterable of puzzles (a list of one for one puzzle)")
    found = answered(
        function, puzzles, (reading.format, *args), jobs=jobs, client=client, reading=reading
    )
    return (
        Record(_shown(entry, reading.format), error=answer.message)
        if isinstance(answer, Failed)
        else answer
        for entry, answer in found
    )


def _shown(entry: Puzzle | str, format: str | None) -> str:
    return entry if isinstance(entry, str) else puzzle_text(entry, format)


# The work on one puzzle, done in the workers ------------------------------------------


def solved(puzzle: Puzzle, first: bool, options: dict) -> tuple[Grid, bool | None, Stats]:
    """The first solution, whether it is the only one (None with ``first``, which does
    not check), and the statistics of a :class:`~latinum.solver.Solver` made with
    ``options``."""
    solver = Solver(puzzle, **options)
    if first:
        return solver.solve(), None, solver.stats
    return *solver.solve_checked(), solver.stats


def rated(
    puzzle: Puzzle, techniques: list[str] | None, limits: dict, with_solution: bool
) -> tuple[Rating, Grid | None]:
    """The puzzle's rating, and its solution when asked."""
    rating = rating_of(puzzle, techniques, **limits)
    return rating, Solver(puzzle, check=False).solve() if with_solution else None


def solved_record(
    puzzle: Puzzle, format: str | None, first: bool, seed: int, limits: dict
) -> Record:
    grid, unique, _ = solved(puzzle, first, {**limits, "seed": seed})
    return Record(puzzle_text(puzzle, format), solution_text(grid), counted(unique))


def counted_record(puzzle: Puzzle, format: str | None, limit: int, limits: dict) -> Record:
    found = count_solutions(puzzle, limit, **limits)
    return Record(puzzle_text(puzzle, format), solution_count=found)


def rated_record(
    puzzle: Puzzle, format: str | None, techniques: list[str] | None, limits: dict
) -> Record:
    rating, solution = rated(puzzle, techniques, limits, with_solution=True)
    return Record(puzzle_text(puzzle, format), solution_text(solution), 1).rated(rating)


def generated_record(seed: str, kind: str, options: dict) -> Record:
    puzzle = make(kind, seed=seed, **options)
    record = Record(puzzle_text(puzzle), solution_text(Solver(puzzle).solve()), 1, seed=seed)
    return record if puzzle.unread_by_logic else record.rated(rating_of(puzzle))
