"""``latinum play``: play a puzzle in the terminal, full screen or line by line."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from ..play.choices import DEFAULTS, KIND_LEVELS, Choice
from .app import main
from .common import (
    PATH,
    Item,
    choose,
    fail,
    first_error,
    from_option,
    number_option,
    read_items,
    run,
)
from .values import WholeNumber

if TYPE_CHECKING:
    from ..play.storage import SavedGame

KINDS = ("sudoku", "killer", "kenken")


def game_options(command: Callable) -> Callable:
    """The options that choose the game, shared by ``play`` and ``serve``."""
    options = [
        click.argument("file", required=False, type=PATH),
        click.option(
            "--kind", type=click.Choice(KINDS), help="Kind of new puzzle (default sudoku)."
        ),
        click.option(
            "--size",
            type=WholeNumber(min=3, max=25),
            help="Side of a new puzzle, from 3 to 25 (default 9; KenKen 6).",
        ),
        click.option(
            "--difficulty",
            "--level",
            "difficulty",
            help="Level of a new puzzle: Easy, Medium, Hard, Expert, Extreme (KenKen: Easy, "
            "Normal, Hard, Extreme). Default Medium (KenKen Normal).",
        ),
        click.option("--seed", help="Seed of the first new puzzle, to play the same one again."),
        number_option,
        click.option(
            "--resume", is_flag=True, help="Continue the game saved when you last played."
        ),
        click.option(
            "--theme",
            type=click.Choice(("dark", "light", "high-contrast")),
            help="Colours (remembered; v switches in the game). NO_COLOR turns colours off.",
        ),
        click.option(
            "--keep-marks",
            is_flag=True,
            help="Leave pencil marks alone when a value is entered (by default the value's "
            "digit leaves the marks of its row, column, box and cage).",
        ),
        from_option,
    ]
    for option in reversed(options):
        command = option(command)
    return command


@main.command("play")
@game_options
@click.option(
    "--plain",
    is_flag=True,
    help="The line-mode game: plain text for any terminal, pipe or screen reader "
    "(chosen by itself when input or output is not a terminal).",
)
def play_command(
    file, kind, size, difficulty, seed, number, resume, theme, keep_marks, source_format, plain
) -> None:
    """Play a puzzle: a new Sudoku, Killer or KenKen, the puzzles of FILE, or the
    game you left (--resume).

    A puzzle may be typed in place of FILE: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    The full-screen game has a board with cage outlines, pencil marks, hints
    in three levels, undo and redo without limit, a check against the
    solution, a clock and best times; press ? in it for every key and the
    rules. Every move is saved before it is shown, in the state folder (on Linux
    ~/.local/state/latinum; LATINUM_STATE_DIR moves it, 'latinum doctor'
    shows it), so quitting never loses one.

    The line-mode game (--plain, or when input is a pipe) shows the board as
    text: type 'ROW COL VALUE' to fill a cell (0 erases), or 'hint', 'solve',
    'board', 'restart', 'help', 'quit'. Moves come from standard input, so a
    game can be scripted; it plays every puzzle of a batch in turn unless
    --number N chooses one. The full-screen game plays one puzzle: of a
    batch, the one --number N chooses.

    FILE '-' reads the puzzle from standard input; the keys then come from
    the terminal (/dev/tty), so there must be one.

    \b
    Examples:
      latinum play
      latinum play --kind kenken --size 6 --difficulty Hard
      latinum play puzzles.txt --number 3
      latinum play --resume
      printf '1 3 4\\nquit\\n' | latinum play --plain
      head -1 puzzles.txt | latinum play -
    """

    def command() -> int:
        new = check_choice(file, kind, size, difficulty, seed, number, resume)
        choice = chosen_kind(kind, size, difficulty)
        items = file_items(file, source_format) if file else None
        if plain or not (on_terminal() or in_browser()):
            if resume:
                fail("--resume continues the full-screen game, which needs a terminal")
            return _plain(items, number, choice if new else None, seed)
        item = playable([choose(items, number)])[0] if items else None
        return _full_screen(item, choice, seed, resume, theme, keep_marks)

    run(command)


def check_choice(file, kind, size, difficulty, seed, number, resume) -> bool:
    """Refuse options that contradict each other; True when they make a new puzzle."""
    new = bool(kind or size or difficulty or seed)
    if file and new:
        fail("--kind, --size, --difficulty and --seed make a new puzzle; not with FILE")
    if resume and (file or new):
        fail("--resume continues the saved game; give no puzzle with it")
    if number is not None and not file:
        fail("--number chooses a puzzle of FILE; give a FILE with it")
    return new


def in_browser() -> bool:
    """True when ``latinum serve`` started this game for a browser tab (Textual's web driver)."""
    return os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver")


def on_terminal() -> bool:
    """True when keys come from and the screen goes to a terminal."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def chosen_kind(kind: str | None, size: int | None, difficulty: str | None) -> Choice:
    """The kind, size and level of a new puzzle, the defaults filling in what is not given."""
    kind = kind or "sudoku"
    default_size, default_level = DEFAULTS[kind]
    level = default_level
    if difficulty:
        names = {name.lower(): name for name in KIND_LEVELS[kind]}
        if difficulty.lower() not in names:
            fail(f"{kind} levels are {', '.join(KIND_LEVELS[kind])}, not {difficulty!r}")
        level = names[difficulty.lower()]
    return Choice(kind, size or default_size, level)


def file_items(file: str, source_format: str | None) -> list[Item]:
    """The puzzles of ``file``; for ``-``, read from standard input, after which
    the keys come from the terminal."""
    items = list(read_items((file,), source_format, None))
    if file == "-":
        keys_from_terminal()
    return items


def playable(items: list[Item]) -> list[Item]:
    """``items``, once each is found valid (else the command stops on the first error)."""
    for item in items:
        error = first_error(item)
        if error:
            fail(error)
        if item.puzzle.unread_by_logic:
            rules = item.puzzle.unread_by_logic
            fail(f"{item.where}: the game cannot show {rules} yet; try latinum solve")
    return items


def keys_from_terminal() -> None:
    """Make the terminal (/dev/tty) standard input, once the puzzle was read from it."""
    try:
        terminal = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        fail(
            "the puzzle came from standard input and there is no terminal for the keys; "
            "give the puzzle as a file"
        )
    os.dup2(terminal, 0)
    os.close(terminal)
    sys.stdin = open(0, closefd=False)  # noqa: SIM115


def _plain(items: list[Item] | None, number: int | None, choice, seed) -> int:
    from ..play.plain import PlainGame, underline

    if choice is not None:
        from ..generator import generate

        try:
            puzzles = [
                generate(choice.kind, size=choice.size, difficulty=choice.difficulty, seed=seed)
            ]
        except ValueError as error:
            fail(str(error))
    elif items is None:
        puzzles = [item.puzzle for item in read_items((), None, "sudoku")]
    else:
        chosen = items if number is None else [choose(items, number)]
        puzzles = [item.puzzle for item in playable(chosen)]
    interactive = sys.stdin.isatty()
    styled = not os.environ.get("NO_COLOR") and (
        sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    )
    game = PlainGame(
        puzzles, sys.stdin, sys.stdout, mark=underline if styled else str, echo=not interactive
    )
    return game.run()


def saved_game() -> SavedGame:
    """The game to resume; the command stops when there is none or it cannot be read
    (it is then set aside, and the message says where)."""
    from ..play.app import SAVE_NAME
    from ..play.storage import UnreadableSave, resume_game, state_dir

    path = state_dir() / SAVE_NAME
    try:
        saved = resume_game(path)
    except UnreadableSave as error:
        fail(str(error))
    if saved is None:
        fail(f"no saved game to resume ({path} does not exist)")
    return saved


def _full_screen(item: Item | None, choice, seed, resume, theme, keep_marks) -> int:
    from ..play.app import PlayApp
    from ..play.game import Game
    from ..play.storage import SavedGame

    saved = None
    if resume:
        saved = saved_game()
    elif item:
        game = Game(item.puzzle, remove_peer_marks=not keep_marks)
        saved = SavedGame(game, None, None, source=item.where)  # the app finds the solution
    app = PlayApp(saved, choice, seed=seed, theme_name=theme, remove_peer_marks=not keep_marks)
    app.run()
    return 0
