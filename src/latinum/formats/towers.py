"""Simon Tatham's Towers game IDs (Skyscrapers), one per line: ``5:2/1//3/...,b4_1e``.

An ID is ``N[dX]:CLUES[,GRID]``: the size N (3..25 here; Tatham's program takes
3..9), Tatham's difficulty ``dX`` (e, h, x or u; ignored), then 4N clues
separated by ``/``, each a number 1..N or nothing (no clue; ``0`` is read as
none too). They go round the grid in the order of
:data:`latinum.sightlines.SIDES`: the N clues above the columns, left to
right; the N below them, left to right; the N left of the rows, top to
bottom; the N right of them, top to bottom.

The givens, when there are any, follow a comma, in reading order and in the
encoding of Solo's grids (see :mod:`.tatham`): a number is a given, a letter
``a``..``z`` a run of 1..26 empty cells, and ``_`` stands between two numbers
that meet.

The writer writes what Tatham writes: no difficulty, an empty field for each
missing clue, and no comma when nothing is given; ``_`` only between two
numbers. Random-seed IDs (``5de#1234``) are refused with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..grid import Grid
from ..puzzle import Puzzle
from ..sightlines import SIDES, Sightline
from ..symbols import MAX_SIZE
from .records import Lines, Record, text_reader
from .registry import Format, register
from .skyscrapers import writable_clues
from .tatham import SEED_PROBLEM, IdProblem, decode_grid, each_id, encode_grid

MIN_SIZE = 3
#: The largest size Tatham's own program plays.
TATHAM_MAX_SIZE = 9
LEVELS = "ehxu"
_PARAMS = re.compile(r"([0-9]+)(?:d(.))?")
#: A Towers ID, loosely: clues with at least one ``/``, then maybe a grid.
TOWERS_LINE = re.compile(r"[0-9]+(?:d[a-z])?:[0-9]*(?:/[0-9]*)+(?:,[_a-z0-9]*)?")


# Reading ---------------------------------------------------------------


def read_id(text: str, offset: int = 0) -> Puzzle:
    """The puzzle of one Towers game ID (``offset``: where it starts in its line)."""
    params, colon, description = text.partition(":")
    if "#" in params:
        raise IdProblem(SEED_PROBLEM, offset + params.index("#"))
    size = _params(params, colon, offset)
    start = offset + len(params) + 1
    clues, comma, grid = description.partition(",")
    sightlines = _clues(clues, size, start)
    givens = decode_grid(grid, size, start + len(clues) + 1) if comma else None
    return Puzzle.skyscrapers(size, sightlines, givens)


def _params(params: str, colon: str, offset: int) -> int:
    """The size of ``N[dX]``."""
    match = _PARAMS.fullmatch(params)
    if not colon or match is None:
        raise IdProblem(f"{params!r} is not Towers parameters like 5 or 5dh", offset)
    size = int(match[1])
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise IdProblem(
            f"size {size} is outside {MIN_SIZE}..{MAX_SIZE} "
            f"(Tatham's Towers plays {MIN_SIZE}..{TATHAM_MAX_SIZE})",
            offset,
        )
    level = match[2]
    if level is not None and level not in LEVELS:
        known = ", ".join(LEVELS)
        raise IdProblem(
            f"unknown Towers difficulty {level!r} (one of {known})", offset + match.start(2)
        )
    return size


def _clues(text: str, size: int, start: int) -> list[Sightline]:
    """The clues of the ``/``-separated fields of ``text``, checked to be 4N of them."""
    fields = text.split("/")
    expected = 4 * size
    found = []
    at = start
    for index, field in enumerate(fields):
        if index == expected:
            raise IdProblem(
                f"more than the {expected} clues of a {size}x{size} grid ({size} on each side)",
                at - 1,
            )
        bad = next((i for i, char in enumerate(field) if not "0" <= char <= "9"), None)
        if bad is not None:
            raise IdProblem(
                f"unexpected {field[bad]!r} in the clues (numbers separated by '/')", at + bad
            )
        if field and int(field):
            side, line = SIDES[index // size], index % size
            clue = Sightline(side, line, int(field))
            if clue.seen > size:
                raise IdProblem(f"clue {field} {clue.place} is outside 1..{size}", at)
            found.append(clue)
        at += len(field) + 1
    if len(fields) < expected:
        raise IdProblem(
            f"{len(fields)} clues, a {size}x{size} grid needs {expected} "
            f"({size} on each side: above, below, left, right)",
            start + len(text),
        )
    return found


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """The puzzle (or ParseError) of each Towers game ID of ``lines``, one per line."""
    return each_id(lines, source, read_id)


read = text_reader(stream)


# Writing ---------------------------------------------------------------


def write_towers(puzzle: Puzzle) -> str:
    """The Towers game ID of a Skyscrapers puzzle (one line, no newline)."""
    sides = writable_clues(puzzle, "a Towers ID", MIN_SIZE)
    n = puzzle.size
    clues = "/".join(str(seen) if seen else "" for side in SIDES for seen in sides[side])
    grid = f",{encode_grid(puzzle.givens)}" if any(puzzle.givens) else ""
    return f"{n}:{clues}{grid}"


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The ID of the solved grid: every cell given, the same clues."""
    return write_towers(puzzle.with_givens(grid))


# Detection -------------------------------------------------------------


def sniff(text: str) -> bool:
    """Every non-blank line looks like ``N[dX]:C/C/.../C[,GRID]``."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and all(TOWERS_LINE.fullmatch(line) for line in lines)


FORMAT = register(
    Format(
        name="towers",
        description="Simon Tatham's Towers (Skyscrapers) game IDs, one per line "
        "(5:2/1//3/...,GRID)",
        read=read,
        stream=stream,
        sniff=sniff,
        write=write_towers,
        write_solution=write_solution,
        batch=True,
        sightlines=True,
    )
)
