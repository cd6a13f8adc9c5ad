"""A step of human-style solving: what a technique found and why it is true."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    """One deduction.

    ``placements`` and ``eliminations`` are ``(cell, value)`` pairs; ``cells``,
    ``houses`` and ``digits`` name what the deduction looks at (for
    highlighting); ``text`` says it in plain words, cells written ``r1c1``;
    ``proof`` holds, for chains, a line for each link with its reason.
    """

    technique: str
    text: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    houses: tuple[str, ...] = ()
    digits: tuple[int, ...] = ()
    weight: float = field(default=0.0, compare=False)
    proof: tuple[str, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return "\n".join((self.text, *("  " + line for line in self.proof)))

    @property
    def changes(self) -> int:
        return len(self.placements) + len(self.eliminations)
