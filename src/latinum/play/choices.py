"""The new games on offer: kinds, sizes and levels, and their defaults."""

from __future__ import annotations

from dataclasses import dataclass

from ..levels import LEVEL_NAMES, TATHAM_LEVELS


@dataclass(frozen=True)
class Choice:
    """A new game to generate."""

    kind: str
    size: int
    difficulty: str


KIND_SIZES = {"sudoku": (4, 6, 8, 9, 12, 16), "killer": (6, 9), "kenken": (3, 4, 5, 6, 7, 8, 9)}
KIND_LEVELS = {"sudoku": LEVEL_NAMES, "killer": LEVEL_NAMES, "kenken": TATHAM_LEVELS[:4]}
DEFAULTS = {"sudoku": (9, "Medium"), "killer": (9, "Medium"), "kenken": (6, "Normal")}
