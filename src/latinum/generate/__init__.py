"""Puzzle generation: random complete grids reduced to unique puzzles.

>>> import latinum
>>> p = latinum.generate("sudoku", size=4, seed=1)
>>> latinum.count_solutions(p)
1
"""

from __future__ import annotations

from .sudoku import KINDS, SYMMETRIES, generate

__all__ = ["KINDS", "SYMMETRIES", "generate"]
