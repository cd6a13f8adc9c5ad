"""Human-style solving: candidates, techniques that explain themselves, and steps.

``explain(puzzle)`` yields :class:`Step` objects, easiest technique first,
until the puzzle is solved or no known technique applies.
"""

from __future__ import annotations

# Importing a family of techniques registers its techniques, easiest first.
from . import (  # noqa: F401
    als,
    cages,
    chains,
    colouring,
    fish,
    forcing,
    innies,
    intersections,
    leftovers,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from .explainer import chosen, explain, next_step
from .hints import Hint, hint
from .registry import TECHNIQUES, Technique, by_name, technique
from .state import House, State
from .step import Step

__all__ = [
    "TECHNIQUES",
    "Hint",
    "House",
    "State",
    "Step",
    "Technique",
    "by_name",
    "chosen",
    "explain",
    "hint",
    "next_step",
    "technique",
]
