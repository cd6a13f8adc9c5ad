"""Difficulty ratings from the human-style solution: the hardest step decides.

KenKen puzzles also get Tatham's level name (Easy, Normal, Hard, Extreme,
Unreasonable), as his Keen would grade them.

The score follows Sudoku Explainer's scale (the weight of the hardest
technique needed, 1.0 to about 9); a puzzle that no known technique finishes
scores :data:`GUESS_SCORE`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from time import perf_counter

from .levels import LEVELS
from .logic import explain
from .logic.cages import cage_level
from .logic.explainer import check_puzzle, chosen, solution_count, time_left, unique_error
from .logic.registry import TECHNIQUES
from .logic.state import State
from .puzzle import Puzzle

GUESS_SCORE = 10.0


@dataclass(frozen=True)
class Rating:
    """A puzzle's level, score, hardest technique, number of steps and whether the
    known techniques finish it."""

    level: str
    score: float
    hardest: str
    steps: int
    solved: bool
    tatham: str | None = None

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        tatham = f", Tatham: {self.tatham}" if self.tatham else ""
        return f"{self.level} ({self.score:.1f}, {self.hardest}{tatham})"


def level_of(score: float) -> str:
    """The level name of a score."""
    return next(name for name, bound in LEVELS if score <= bound)


def score_within(
    puzzle: Puzzle, cap: float | None, unique: bool | None = None, time_limit: float | None = None
) -> float | None:
    """``rate(puzzle).score`` when it is at most ``cap`` (None: no bound), else None.

    No technique heavier than ``cap`` is tried, so checking a bound is much
    cheaper than a full rating. ``unique`` is as in :func:`latinum.logic.explain`;
    SearchLimit is raised after ``time_limit`` seconds.
    """
    state = State.start(puzzle)
    empty = len(state.empty_cells())
    names = None if cap is None else [t.name for t in TECHNIQUES if t.weight <= cap]
    score, placed = 0.0, 0
    for step in explain(state, names, unique=unique, time_limit=time_limit):
        if cap is not None and step.weight > cap:
            return None
        score = max(score, step.weight)
        placed += len(step.placements)
    if placed == empty:
        return score
    return None if cap is not None else GUESS_SCORE


def level_bound(level: str) -> float:
    """The highest score of ``level``."""
    return dict(LEVELS)[level]


def rate(
    puzzle: Puzzle,
    techniques: Iterable[str] | None = None,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Rating:
    """Rate ``puzzle`` by solving it the human way with ``techniques`` (all by default).

    Raises Unsolvable or MultipleSolutions unless the puzzle has exactly one
    solution, and SearchLimit when ``node_limit`` (of the exact count) or
    ``time_limit`` (seconds, for the whole rating) is reached.
    """
    start = perf_counter()
    check_puzzle(puzzle)
    chosen(techniques)
    state = State.start(puzzle)
    found = solution_count(state, node_limit, time_limit)
    if found != 1:
        raise unique_error(found)
    empty = len(state.empty_cells())
    score, hardest, count, placed = 0.0, "givens only", 0, 0
    for step in explain(state, techniques, unique=True, time_limit=time_left(time_limit, start)):
        count += 1
        placed += len(step.placements)
        if step.weight > score:
            score, hardest = step.weight, step.technique
    solved = placed == empty
    if not solved:
        score, hardest = GUESS_SCORE, "guessing (no known technique applies)"
    tatham = cage_level(puzzle) if puzzle.variant == "kenken" else None
    return Rating(level_of(score), score, hardest, count, solved, tatham)
