"""A dataset's record: one puzzle, in one line of text, and what a batch found about it."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from .. import formats
from ..errors import CannotWrite
from ..formats.json import to_object
from ..grid import Grid
from ..puzzle import Puzzle
from ..rating import Rating

#: One-line formats tried, in order, for a puzzle's text; JSON holds every puzzle.
ONE_LINE = ("line", "keen", "solo", "unequal")


@dataclass
class Record:
    """One puzzle of a dataset; a field stays None where the work does not fill it.

    ``solution_count`` is 0, 1, or 2 for two or more (up to ``limit`` when
    counted by :func:`latinum.batch.count`); ``error`` says why the work
    failed on this puzzle, and then only ``puzzle`` is set besides it.
    """

    puzzle: str
    solution: str | None = None
    solution_count: int | None = None
    level: str | None = None
    score: float | None = None
    hardest: str | None = None
    steps: int | None = None
    solved: bool | None = None
    tatham: str | None = None
    seed: str | None = None
    error: str | None = None

    def as_dict(self, columns: tuple[str, ...] | None = None) -> dict:
        """The fields named by ``columns`` (all by default), in that order."""
        return {name: getattr(self, name) for name in columns or COLUMNS}

    def rated(self, rating: Rating) -> Record:
        """This record with the fields of ``rating``."""
        self.level, self.score, self.hardest = rating.level, rating.score, rating.hardest
        self.steps, self.solved, self.tatham = rating.steps, rating.solved, rating.tatham
        return self


COLUMNS = tuple(field.name for field in fields(Record))
RATING = ("level", "score", "hardest", "steps", "solved", "tatham")
#: The columns each command writes.
SOLVED = ("puzzle", "solution", "solution_count")
COUNTED = ("puzzle", "solution_count")
RATED = ("puzzle", "solution", *RATING)
GENERATED = ("puzzle", "solution", *RATING, "seed")
CONVERTED = ("puzzle", "solution")


def puzzle_text(puzzle: Puzzle, preferred: str | None = None) -> str:
    """``puzzle`` in one line: in the ``preferred`` format when it holds it in one line,
    else the first of :data:`ONE_LINE` that does, else compact JSON."""
    tried = (preferred, *ONE_LINE) if preferred else ONE_LINE
    for name in tried:
        try:
            text = formats.write(puzzle, name).rstrip("\n")
        except (CannotWrite, ValueError):
            continue
        if "\n" not in text:
            return text
    return json.dumps(to_object(puzzle), ensure_ascii=False, separators=(",", ":"))


def counted(unique: bool | None) -> int | None:
    """``solution_count`` for a solution that is the only one (True), one of several
    (False), or not checked (None)."""
    return None if unique is None else 1 if unique else 2


def solution_text(solution: Grid | None) -> str | None:
    """A solution as one line of cell characters."""
    return None if solution is None else solution.line()
