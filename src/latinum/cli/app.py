"""The ``latinum`` command group."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="latinum")
def main() -> None:
    """Solve, check, convert and draw Latin-square puzzles.

    Sudoku (any box shape, 4x4 to 25x25, Sudoku-X), KenKen / Mathdoku /
    Calcudoku, Killer Sudoku and Latin squares. Files are read in any
    supported format, detected from their content; '-' or no file reads
    standard input.

    Exit status: 0 success, 1 a puzzle has no solution (or, for check, is not
    unique), 2 bad input or usage, 3 a --node-limit or --time-limit was
    reached. Over many puzzles the highest status is returned.
    """
