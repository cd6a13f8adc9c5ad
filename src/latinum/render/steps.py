"""Writing solving steps as text: a header between dashes, then the grid after the step.

>>> from latinum.grid import Grid
>>> from latinum.solver.naive_steps import Placement
>>> print(step_block(Placement(1, 0, 2, Grid(2, (2, 1, 0, 2)))), end="")
------------------
Step 1 - 2 @ R1C1
------------------
2 1
0 2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from ..solver.naive_steps import Placement

RULE = "-" * 18


def step_header(placement: Placement) -> str:
    """``Step N - V @ RrCc`` (1-based row and column)."""
    return f"Step {placement.step} - {placement.value} @ R{placement.row}C{placement.col}"


def step_block(placement: Placement) -> str:
    """The header between two rules, then the grid's rows (0 for empty), each line ended."""
    return f"{RULE}\n{step_header(placement)}\n{RULE}\n{placement.grid.text()}\n"


def write_steps(placements: Iterable[Placement], out: TextIO) -> int:
    """Write each step's block to ``out`` as it comes; the number of steps written."""
    written = 0
    for placement in placements:
        out.write(step_block(placement))
        written += 1
    return written
