"""Exact solving for every variant: propagation on bitmask domains plus search.

:mod:`latinum.solver.algorithms` adds the seed documents' methods by name
(``brute-force``, ``backtrack``, ``eliminate``) beside the engine (``fast``).
"""

from .algorithms import ALGORITHMS, AlgorithmResult, applicable
from .algorithms import run as run_algorithm
from .api import Solver, count_solutions, solve
from .lines import count_line, count_lines, solve_line, solve_lines
from .stats import Stats

__all__ = [
    "ALGORITHMS",
    "AlgorithmResult",
    "Solver",
    "Stats",
    "applicable",
    "count_line",
    "count_lines",
    "count_solutions",
    "run_algorithm",
    "solve",
    "solve_line",
    "solve_lines",
]
