"""The names of difficulty levels, apart from the code that rates puzzles."""

from __future__ import annotations

#: Sudoku levels and the upper bound of each on the Sudoku Explainer score.
LEVELS = (("Easy", 2.3), ("Medium", 3.4), ("Hard", 4.9), ("Expert", 6.9), ("Extreme", 99.0))
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
#: KenKen levels as Simon Tatham's Keen grades them.
TATHAM_LEVELS = ("Easy", "Normal", "Hard", "Extreme", "Unreasonable")
