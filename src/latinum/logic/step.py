"""A step of human-style solving: what a technique found, why it is true, and what
to draw of it."""

from __future__ import annotations

from dataclasses import dataclass, field

#: A candidate: ``(cell, value)``.
Candidate = tuple[int, int]


@dataclass(frozen=True)
class Link:
    """A link of a chain between two nodes, each one candidate or a group of
    candidates of one value: ``strong`` when at least one end is true, weak
    when they cannot both be."""

    start: tuple[Candidate, ...]
    end: tuple[Candidate, ...]
    strong: bool


@dataclass(frozen=True)
class Step:
    """One deduction, and what to draw of it: the same for every picture of it.

    ``placements`` and ``eliminations`` are ``(cell, value)`` pairs; ``cells``,
    ``houses`` and ``digits`` name what the deduction looks at; ``text`` says it
    in plain words, cells written ``r1c1``; ``proof`` holds, for chains, a line
    for each link with its reason.

    For drawing, ``region`` is the area to look at (the cells of ``houses``,
    or the boxes of the pattern), ``cells`` the pattern's cells, ``pattern``
    the candidates that make it and ``links`` the links of its chain.
    Techniques may give ``pattern`` and ``region``; the steps of
    :func:`~latinum.explain` and :func:`~latinum.hint` always have them.
    """

    technique: str
    text: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[int, ...] = ()
    houses: tuple[str, ...] = ()
    digits: tuple[int, ...] = ()
    weight: float = field(default=0.0, compare=False)
    proof: tuple[str, ...] = field(default=(), compare=False)
    pattern: tuple[Candidate, ...] = field(default=(), compare=False)
    links: tuple[Link, ...] = field(default=(), compare=False)
    region: tuple[int, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return "\n".join((self.text, *("  " + line for line in self.proof)))

    @property
    def changes(self) -> int:
        return len(self.placements) + len(self.eliminations)
