"""Exact solving for every variant: propagation on bitmask domains plus search."""

from .solver import Solver, count_solutions, solve
from .stats import Stats

__all__ = ["Solver", "Stats", "count_solutions", "solve"]
