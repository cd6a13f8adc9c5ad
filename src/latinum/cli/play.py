"""``latinum play``: play a puzzle in the terminal."""

from __future__ import annotations

import os
import sys

import click

from ..play.plain import PlainGame, underline
from .app import main
from .common import fail, first_error, from_option, read_items, run


@main.command("play")
@click.option(
    "--plain",
    is_flag=True,
    help="The line-mode game: plain text for any terminal, pipe or screen reader "
    "(for now the only game).",
)
@click.argument("file", required=False, type=click.Path(allow_dash=True))
@from_option
def play_command(plain, file, source_format) -> None:
    """Play a puzzle: a built-in Sudoku, or those of FILE.

    The board shows row and column numbers and box rules; givens are bare
    numbers, your entries are in [brackets] and empty cells are dots. Type
    'ROW COL VALUE' to fill a cell (0 as VALUE erases), or 'hint', 'solve',
    'board', 'restart', 'help', 'quit'. Repeated values are reported after
    each move. FILE is any format latinum reads: Sudoku, Latin squares, and
    KenKen and Killer (their cages are drawn and listed in words). After a
    win, 'Play again' moves to the next puzzle of FILE. Moves come from
    standard input, so a game can be scripted.

    \b
    Examples:
      latinum play --plain
      latinum play --plain puzzle.txt
      printf '1 3 4\\nquit\\n' | latinum play --plain
    """

    def command() -> int:
        if file == "-":
            fail("the game reads its moves from standard input; give the puzzle as a file")
        example = None if file else "sudoku"
        items = list(read_items((file,) if file else (), source_format, example))
        for item in items:
            error = first_error(item)
            if error:
                fail(error)
        interactive = sys.stdin.isatty()
        styled = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        game = PlainGame(
            [item.puzzle for item in items],
            sys.stdin,
            sys.stdout,
            mark=underline if styled else str,
            echo=not interactive,
        )
        return game.run()

    run(command)
