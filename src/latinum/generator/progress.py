"""What a generator says while it tries to reach a level: each attempt and the
hardest level reached so far, for a status line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: ``on_attempt(attempt, attempts, hardest)``: called as attempt ``attempt`` (from 1) of
#: ``attempts`` starts, with the hardest level the earlier attempts reached (None before
#: the first ends, or when no level was known).
OnAttempt = Callable[[int, int, "str | None"], None]


@dataclass
class Attempts:
    """The attempts of one puzzle, reported to ``on_attempt``; levels are ranked by
    their place in ``levels`` (easiest first)."""

    attempts: int
    levels: Sequence[str]
    on_attempt: OnAttempt | None = None
    hardest: str | None = None

    def count(self) -> str:
        """``"50 attempts"``, ``"1 attempt"``."""
        return f"{self.attempts} attempt{'' if self.attempts == 1 else 's'}"

    def start(self, attempt: int) -> None:
        """Attempt ``attempt`` (from 1) begins."""
        if self.on_attempt is not None:
            self.on_attempt(attempt, self.attempts, self.hardest)

    def reached(self, level: str | None) -> None:
        """The attempt just made rated ``level`` (None: not known)."""
        if level is None or level not in self.levels:
            return
        if self.hardest is None or self.levels.index(level) > self.levels.index(self.hardest):
            self.hardest = level
