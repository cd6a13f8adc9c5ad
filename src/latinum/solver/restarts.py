"""Randomised restarts for a first solution: the cutoffs, and random choices of cell and value.

Backtracking on Latin squares has a heavy tail: most searches end at once,
and a few get lost under one unlucky early guess (Gomes, Selman and Kautz,
2000). A first-solution search therefore descends first in the engine's own
order for up to :data:`FIRST_CUTOFF` nodes, which nearly every 9x9 puzzle
needs no more than; then it starts again from the root, drawing each
branching cell among those with the fewest candidates and trying the values
in a random order, and starts again whenever a descent has spent its cutoff.
The cutoffs are Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...) times the number
of cells, so they grow without end and a puzzle without a solution is still
proved so. Both engines follow this policy (the native one in Rust, given
:data:`FIRST_CUTOFF` from here) with a seeded source: the same seed gives
the same answer.
"""

from __future__ import annotations

import random

#: The cutoff of the first, deterministic descent: the forum's hardest 9x9
#: puzzles take up to about 2,300 nodes, big grids lose a few milliseconds.
FIRST_CUTOFF = 2048


def luby(index: int) -> int:
    """Luby's sequence from ``index`` 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    index = max(index, 1)
    while True:
        bits = index.bit_length()
        if index == (1 << bits) - 1:
            return 1 << (bits - 1)
        index -= (1 << (bits - 1)) - 1


class Chooser:
    """Seeded random choices of a branching cell and of a value."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def cell(self, dom: list[int]) -> int:
        """A cell drawn among the unsolved with the fewest candidates; -1 when all are solved."""
        counts = list(map(int.bit_count, dom))
        fewest = min(filter((1).__lt__, counts), default=0)
        if not fewest:
            return -1
        ties = [cell for cell, count in enumerate(counts) if count == fewest]
        return ties[self._random.randrange(len(ties))]

    def bit(self, bits: int) -> int:
        """One of the set bits of ``bits`` (not 0), each equally likely."""
        for _ in range(self._random.randrange(bits.bit_count())):
            bits &= bits - 1
        return bits & -bits
