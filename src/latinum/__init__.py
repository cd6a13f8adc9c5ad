"""latinum: Latin-square logic puzzles (Sudoku, KenKen, Killer, Latin squares).

>>> import latinum
>>> p = latinum.Puzzle.sudoku(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )
>>> latinum.solve(p).line()[:9]
'534678912'
>>> latinum.count_solutions(p)
1
"""

from __future__ import annotations

from .cages import Cage
from .errors import (
    InvalidPuzzle,
    LatinumError,
    MultipleSolutions,
    ParseError,
    SearchLimit,
    Unsolvable,
)
from .generate import generate
from .geometry import Geometry
from .grid import Grid
from .io import read, read_all
from .logic import Step, explain, hint
from .puzzle import Problem, Puzzle
from .rate import Rating, rate
from .solve import Stats, count_solutions, solve

__version__ = "0.1.0"

__all__ = [
    "Cage",
    "Geometry",
    "Grid",
    "InvalidPuzzle",
    "LatinumError",
    "MultipleSolutions",
    "ParseError",
    "Problem",
    "Puzzle",
    "Rating",
    "SearchLimit",
    "Stats",
    "Step",
    "Unsolvable",
    "count_solutions",
    "explain",
    "generate",
    "hint",
    "rate",
    "read",
    "read_all",
    "solve",
]
