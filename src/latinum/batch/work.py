"""One function over many puzzles, in chunks, on worker processes, answers in input order.

A puzzle that fails (cannot be read, is invalid, has no or several solutions,
reaches a limit) becomes a :class:`Failed` answer of its own: the others go on.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ..errors import (
    InvalidArgument,
    InvalidPuzzle,
    MultipleSolutions,
    ParseError,
    SearchLimit,
    Unsolvable,
)
from ..puzzle import Puzzle
from .pool import ordered

T = TypeVar("T")
#: The most puzzles a worker gets at once.
CHUNK = 256
#: The time a chunk is sized to take, enough to make a task's round trip cheap, short
#: enough that a few slow puzzles spread over the workers.
CHUNK_SECONDS = 0.02
#: The same on a Dask cluster, where a task's round trip goes through the scheduler.
DASK_CHUNK = 4096
DASK_CHUNK_SECONDS = 0.2
#: Why a puzzle failed.
Why = Literal["unreadable", "invalid", "unsolvable", "several", "limit", "unwritable"]


@dataclass(frozen=True)
class Failed:
    """A puzzle the work failed on, and why, in a few words (without naming the puzzle)."""

    why: Why
    message: str


def workers(jobs: int) -> int:
    """The number of worker processes ``jobs`` asks for: 0 means one for each core."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise InvalidArgument(f"jobs is a whole number, 0 for every core, not {jobs!r}")
    if jobs:
        return jobs
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return len(cores) if cores else os.cpu_count() or 1


def invalid_message(puzzle: Puzzle) -> str | None:
    """The first error of the puzzle's definition in one line, or None if it is valid."""
    errors = [p.message for p in puzzle.validate() if p.severity == "error"]
    if not errors:
        return None
    more = f" (and {len(errors) - 1} more; see 'latinum check')" if len(errors) > 1 else ""
    return f"invalid puzzle: {errors[0]}{more}"


@dataclass(frozen=True)
class Reading:
    """How a worker takes its entries: text read as a puzzle in ``format`` (when
    ``puzzles``), the definition checked first (when ``validate``; otherwise the
    function raises InvalidPuzzle itself, as the solver does)."""

    puzzles: bool = True
    validate: bool = True
    format: str | None = None


def attempt(
    function: Callable[..., T | Failed], entry: Any, args: tuple, reading: Reading
) -> T | Failed:
    """``function(puzzle, *args)`` for the puzzle ``entry`` is (or reads as), or why not."""
    puzzle = entry
    if reading.puzzles and not isinstance(entry, Puzzle):
        try:
            puzzle = Puzzle.from_string(entry, reading.format)
        except ParseError as error:
            return Failed("unreadable", error.problem)
    try:
        invalid = invalid_message(puzzle) if reading.validate else None
        if invalid:
            return Failed("invalid", invalid)
        return function(puzzle, *args)
    except InvalidPuzzle as error:
        return Failed("invalid", invalid_message(puzzle) or str(error))
    except Unsolvable:
        return Failed("unsolvable", "no solution")
    except MultipleSolutions:
        return Failed("several", "more than one solution")
    except SearchLimit as limit:
        return Failed("limit", str(limit))


def chunk_answers(
    function: Callable[..., T | Failed], entries: list[Any], args: tuple, reading: Reading
) -> tuple[list[T | Failed], float]:
    """The answer of each entry of a chunk, and the seconds they took (a worker's task)."""
    start = time.perf_counter()
    answers = [attempt(function, entry, args, reading) for entry in entries]
    return answers, time.perf_counter() - start


class Pace:
    """The size of the next chunk: as many puzzles as take :data:`CHUNK_SECONDS`, judged
    by the chunks done so far, from one puzzle up to :data:`CHUNK`."""

    def __init__(self, most: int = CHUNK, seconds: float = CHUNK_SECONDS) -> None:
        self.size = 1
        self.most = most
        self.target = seconds
        self.puzzles = 0
        self.seconds = 0.0

    def done(self, puzzles: int, seconds: float) -> None:
        self.puzzles += puzzles
        self.seconds += seconds
        each = self.seconds / self.puzzles
        self.size = max(1, min(self.most, int(self.target / each) if each else self.most))


def answered(
    function: Callable[..., T | Failed],
    things: Iterable[Any],
    args: tuple = (),
    *,
    jobs: int = 1,
    client: Any = None,
    puzzle_of: Callable[[Any], Any] = lambda thing: thing,
    reading: Reading = Reading(),
) -> Iterator[tuple[Any, T | Failed]]:
    """``(thing, answer)`` for each thing, in order, the answers made by ``jobs``
    processes, or by the workers of a Dask ``client``.

    ``function(puzzle, *args)`` answers the puzzle ``puzzle_of(thing)`` is, as
    ``reading`` says. With several jobs or a client,
    ``function`` must be a module-level function and ``args`` picklable;
    chunks of puzzles go out (see :class:`Pace`), two a worker at most, so
    that memory stays flat however long the batch. With one job everything
    happens here, one puzzle at a time.
    """
    count = workers(jobs)
    pace = Pace() if client is None else Pace(DASK_CHUNK, DASK_CHUNK_SECONDS)
    spread = count > 1 or client is not None
    held: deque[list[Any]] = deque()  # the chunks out, in order

    def tasks() -> Iterator[tuple]:
        remaining = iter(things)
        while chunk := list(itertools.islice(remaining, pace.size if spread else 1)):
            held.append(chunk)
            yield function, [puzzle_of(thing) for thing in chunk], args, reading

    with ordered(chunk_answers, tasks(), count, client) as results:
        for answers, seconds in results:
            pace.done(len(answers), seconds)
            yield from zip(held.popleft(), answers, strict=True)
