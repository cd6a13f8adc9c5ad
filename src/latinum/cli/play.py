"""``latinum play``: play a puzzle in the terminal, full screen or line by line."""

from __future__ import annotations

import os
import sys

import click

from ..errors import ParseError
from ..play.choices import DEFAULTS, KIND_LEVELS, Choice
from .app import main
from .common import PATH, fail, first_error, from_option, read_items, run

KINDS = ("sudoku", "killer", "kenken")


@main.command("play")
@click.argument("file", required=False, type=PATH)
@click.option("--kind", type=click.Choice(KINDS), help="Kind of new puzzle (default sudoku).")
@click.option(
    "--size", type=click.IntRange(3, 25), help="Side of a new puzzle (default 9; KenKen 6)."
)
@click.option(
    "--difficulty",
    "--level",
    "difficulty",
    help="Level of a new puzzle: Easy, Medium, Hard, Expert, Extreme (KenKen: Easy, Normal, "
    "Hard, Extreme). Default Medium (KenKen Normal).",
)
@click.option("--seed", help="Seed of the first new puzzle, to play the same one again.")
@click.option("--number", type=click.IntRange(1), default=1, help="Which puzzle of FILE to play.")
@click.option("--resume", is_flag=True, help="Continue the game saved when you last played.")
@click.option(
    "--theme",
    type=click.Choice(("dark", "light", "high-contrast")),
    help="Colours (remembered; v switches in the game). NO_COLOR turns colours off.",
)
@click.option(
    "--keep-marks",
    is_flag=True,
    help="Leave pencil marks alone when a value is entered (by default the value's "
    "digit leaves the marks of its row, column, box and cage).",
)
@click.option(
    "--plain",
    is_flag=True,
    help="The line-mode game: plain text for any terminal, pipe or screen reader "
    "(chosen by itself when input or output is not a terminal).",
)
@from_option
def play_command(
    file, kind, size, difficulty, seed, number, resume, theme, keep_marks, plain, source_format
) -> None:
    """Play a puzzle: a new Sudoku, Killer or KenKen, the puzzles of FILE, or the
    game you left (--resume).

    The full-screen game has a board with cage outlines, pencil marks, hints
    in three levels, undo and redo without limit, a check against the
    solution, a clock and best times; press ? in it for every key and the
    rules. Every move is saved at once under $XDG_STATE_HOME/latinum
    (~/.local/state/latinum), so quitting never loses one.

    The line-mode game (--plain, or when input is a pipe) shows the board as
    text: type 'ROW COL VALUE' to fill a cell (0 erases), or 'hint', 'solve',
    'board', 'restart', 'help', 'quit'. Moves come from standard input, so a
    game can be scripted.

    \b
    Examples:
      latinum play
      latinum play --kind kenken --size 6 --difficulty Hard
      latinum play puzzles.txt --number 3
      latinum play --resume
      printf '1 3 4\\nquit\\n' | latinum play --plain
    """

    def command() -> int:
        if file == "-":
            fail("the game reads its keys from standard input; give the puzzle as a file")
        new = bool(kind or size or difficulty or seed)
        if file and new:
            fail("--kind, --size, --difficulty and --seed make a new puzzle; not with FILE")
        if resume and (file or new):
            fail("--resume continues the saved game; give no puzzle with it")
        choice = _choice(kind, size, difficulty)
        if plain or not on_terminal():
            if resume:
                fail("--resume continues the full-screen game, which needs a terminal")
            return _plain(file, choice if new else None, seed, source_format)
        return _full_screen(file, choice, seed, number, resume, theme, keep_marks, source_format)

    run(command)


def on_terminal() -> bool:
    """True when keys come from and the screen goes to a terminal."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _choice(kind: str | None, size: int | None, difficulty: str | None) -> Choice:
    kind = kind or "sudoku"
    default_size, default_level = DEFAULTS[kind]
    level = default_level
    if difficulty:
        names = {name.lower(): name for name in KIND_LEVELS[kind]}
        if difficulty.lower() not in names:
            fail(f"{kind} levels are {', '.join(KIND_LEVELS[kind])}, not {difficulty!r}")
        level = names[difficulty.lower()]
    return Choice(kind, size or default_size, level)


def _puzzle(file, number, source_format):
    items = list(read_items((file,), source_format, None))
    if number > len(items):
        fail(f"{file} holds {len(items)} puzzle{'s' if len(items) > 1 else ''}, not {number}")
    item = items[number - 1]
    error = first_error(item)
    if error:
        fail(error)
    return item


def _plain(file, choice, seed, source_format) -> int:
    from ..play.plain import PlainGame, underline

    if choice is not None:
        from ..generate import generate

        try:
            puzzles = [
                generate(choice.kind, size=choice.size, difficulty=choice.difficulty, seed=seed)
            ]
        except ValueError as error:
            fail(str(error))
    else:
        example = None if file else "sudoku"
        items = list(read_items((file,) if file else (), source_format, example))
        for item in items:
            error = first_error(item)
            if error:
                fail(error)
        puzzles = [item.puzzle for item in items]
    interactive = sys.stdin.isatty()
    styled = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    game = PlainGame(
        puzzles, sys.stdin, sys.stdout, mark=underline if styled else str, echo=not interactive
    )
    return game.run()


def _full_screen(file, choice, seed, number, resume, theme, keep_marks, source_format) -> int:
    from ..play.app import SAVE_NAME, PlayApp
    from ..play.game import Game
    from ..play.storage import SavedGame, load_game, state_dir

    saved = None
    if resume:
        path = state_dir() / SAVE_NAME
        if not path.exists():
            fail(f"no saved game to resume ({path} does not exist)")
        try:
            saved = load_game(path)
        except ParseError as error:
            fail(f"the saved game cannot be read: {error}")
    elif file:
        item = _puzzle(file, number, source_format)
        game = Game(item.puzzle, remove_peer_marks=not keep_marks)
        saved = SavedGame(game, None, None, source=item.where)  # the app finds the solution
    app = PlayApp(saved, choice, seed=seed, theme_name=theme, remove_peer_marks=not keep_marks)
    app.run()
    return 0
