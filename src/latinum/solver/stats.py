"""Search statistics."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Stats:
    """What one search did.

    ``nodes`` counts search states propagated (the root and every value
    tried), ``guesses`` the cells branched on, ``passes`` the propagation
    sweeps over the units, ``restarts`` the times a first-solution search
    started again from the root, and ``seconds`` the wall time.
    """

    nodes: int = 0
    guesses: int = 0
    passes: int = 0
    seconds: float = 0.0
    restarts: int = 0

    def __str__(self) -> str:
        restarts = f"restarts: {self.restarts} " if self.restarts else ""
        return (
            f"nodes: {self.nodes} guesses: {self.guesses} passes: {self.passes} "
            f"{restarts}time: {self.seconds * 1000:.2f} ms"
        )

    def add(self, other: Stats) -> None:
        """Accumulate ``other`` into this record."""
        self.nodes += other.nodes
        self.guesses += other.guesses
        self.passes += other.passes
        self.restarts += other.restarts
        self.seconds += other.seconds
