"""The rules of each variant in plain words, for the game's help screen."""

from __future__ import annotations

from ..puzzle import Puzzle

_LATIN = "Fill the grid so that every row and every column holds each value once."

RULES = {
    "sudoku": "Fill the grid so that every row, every column and every box (the areas "
    "inside the thick lines) holds each value once.",
    "latin": _LATIN,
    "kenken": _LATIN + " The values of each cage (the areas inside the thick lines) "
    "combine to the number in its top-left corner with its operation: + sum, "
    "− difference, × product, ÷ quotient (- and ÷ cages have two cells, in either "
    "order). A cage with no operation holds its number. Values may repeat inside "
    "a cage when they are in different rows and columns.",
    "killer": "Fill the grid so that every row, every column and every box (the areas "
    "inside the thick lines) holds each value once. The values of each cage (the "
    "dashed outlines) add up to the number in its top-left corner, and no value "
    "repeats inside a cage.",
}

DIAGONALS = " Both long diagonals also hold each value once."
REGIONS = " The boxes are the irregular regions inside the thick lines."
WINDOWS = " The four windows (rows and columns 2 to 4 and 6 to 8) also hold each value once."


def rules(puzzle: Puzzle) -> str:
    """The rules of ``puzzle``'s variant, with its values and extra units."""
    size = puzzle.size
    last = str(size) if size <= 9 else f"9 and the letters A to {chr(ord('A') + size - 10)}"
    geometry = puzzle.geometry
    text = RULES[puzzle.variant] + f" The values are 1 to {last}."
    text += REGIONS if geometry.regions is not None else ""
    text += WINDOWS if geometry.windows else ""
    return text + (DIAGONALS if geometry.diagonals else "")
