"""What a generator says while it tries to reach a level, and when it stops: each
attempt, the hardest level reached so far, the attempts and the time allowed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from time import perf_counter

from ..errors import InvalidArgument, SearchLimit
from ..puzzle import Puzzle
from .reach import article

#: ``on_attempt(attempt, attempts, hardest)``: called as attempt ``attempt`` (from 1) of
#: ``attempts`` starts, with the hardest level the earlier attempts reached (None before
#: the first ends, or when no level was known).
OnAttempt = Callable[[int, int, "str | None"], None]


def check_attempts(attempts: object) -> None:
    """InvalidArgument unless ``attempts`` is a whole number from 1."""
    if not isinstance(attempts, int) or isinstance(attempts, bool) or attempts < 1:
        raise InvalidArgument(f"attempts must be a whole number of at least 1, not {attempts!r}")


class GenerationLimit(SearchLimit):
    """A puzzle not made within its attempts or its time limit."""


@dataclass
class Attempts:
    """The attempts of one puzzle at level ``target`` (None: the first puzzle made),
    reported to ``on_attempt`` and stopped after ``time_limit`` seconds; levels are
    ranked by their place in ``levels`` (easiest first)."""

    attempts: int
    levels: Sequence[str]
    on_attempt: OnAttempt | None = None
    target: str | None = None
    time_limit: float | None = None
    hardest: str | None = None
    attempt: int = 0
    deadline: float | None = field(init=False)

    def __post_init__(self) -> None:
        self.deadline = None if self.time_limit is None else perf_counter() + self.time_limit

    def __iter__(self) -> Iterator[int]:
        """The attempt numbers (from 1), each reported as it starts."""
        for attempt in range(1, (self.attempts if self.target else 1) + 1):
            self.attempt = attempt
            self.check_time()
            if self.on_attempt is not None:
                self.on_attempt(attempt, self.attempts, self.hardest)
            yield attempt

    def count(self) -> str:
        """``"50 attempts"``, ``"1 attempt"``."""
        return f"{self.attempts} attempt{'' if self.attempts == 1 else 's'}"

    def reached(self, level: str | None) -> None:
        """The attempt just made rated ``level`` (None: not known)."""
        if level is None or level not in self.levels:
            return
        if self.hardest is None or self.levels.index(level) > self.levels.index(self.hardest):
            self.hardest = level

    def left(self) -> float | None:
        """The seconds left (None: no time limit); GenerationLimit once none are."""
        self.check_time()
        return None if self.deadline is None else max(self.deadline - perf_counter(), 1e-6)

    def check_time(self) -> None:
        """Raise GenerationLimit once the time limit has passed."""
        if self.deadline is not None and perf_counter() >= self.deadline:
            raise self.timed_out()

    def timed_out(self) -> GenerationLimit:
        """The error for a puzzle stopped by the time limit."""
        where = f"level {self.target}" if self.target else "a puzzle"
        tried = f" in attempt {self.attempt}" if self.target else ""
        hardest = f"; the hardest reached was {self.hardest}" if self.hardest else ""
        return GenerationLimit(
            f"time limit ({self.time_limit:g} s) reached before {where} was made{tried}{hardest}"
        )

    def given_up(self, shape: str) -> GenerationLimit:
        """The error for a ``shape`` (a 6x6 KenKen, say) that did not reach the target."""
        hardest = f"; the hardest reached was {self.hardest}" if self.hardest else ""
        return GenerationLimit(
            f"could not reach level {self.target} in {self.count()}{hardest}:"
            f" {article(shape)} {shape}"
            " rarely rates that high; try another seed, more attempts or a larger grid"
        )


class Attempted:
    """A generator's checked arguments (a plan): :meth:`make` runs its attempts.

    A plan gives ``attempts``, the ``levels`` it ranks, its ``target`` in words
    (None: the first puzzle made), the ``shape`` it makes in words, and
    :meth:`attempt`.
    """

    attempts: int

    @property
    def levels(self) -> Sequence[str]:
        """The levels an attempt may reach, easiest first."""
        return ()

    @property
    def target_words(self) -> str | None:
        """The level sought, in words (None: the first puzzle made)."""
        return None

    @property
    def shape(self) -> str:
        """What is made, in words (``"6x6 KenKen"``)."""
        return "puzzle"

    def make(
        self,
        seed: int | str | None,
        on_attempt: OnAttempt | None = None,
        time_limit: float | None = None,
    ) -> Puzzle:
        """The puzzle of ``seed``: GenerationLimit when the attempts or ``time_limit`` ran out."""
        rng = random.Random(seed)
        tried = Attempts(self.attempts, self.levels, on_attempt, self.target_words, time_limit)
        try:
            for _ in tried:
                found = self.attempt(rng, tried)
                if found is not None:
                    return found
        except SearchLimit as limit:
            raise limit if isinstance(limit, GenerationLimit) else tried.timed_out() from None
        raise tried.given_up(self.shape)

    def attempt(self, rng: random.Random, tried: Attempts) -> Puzzle | None:
        """One attempt, drawing from ``rng``: the puzzle, or None (after telling
        ``tried`` the level reached) when it missed the target."""
        raise NotImplementedError
