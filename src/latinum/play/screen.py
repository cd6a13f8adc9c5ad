"""The game screen: the board, the side panel and every key of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..puzzle import Puzzle
from ..symbols import symbol, value_of
from .board import smallest_size
from .dialogs import Confirm, Help
from .game import Game
from .rules import rules
from .storage import SavedGame
from .widgets import KIND_NAMES, BoardView, DigitPad, Marking

if TYPE_CHECKING:
    from textual import getters

    from .app import PlayApp
    from .hints import GameHint

SHIFTED_DIGITS = "!@#$%^&*("
SIDE_WIDTH = 25
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

ERASE_KEYS = {"backspace", "delete", "space", "0"}

KEYS = [
    ("arrows, h j k l", "move (h j k l up to 16x16)"),
    ("Tab / Shift+Tab", "next / previous empty cell"),
    ("1-9, A-P", "enter a value (letters for 10 and up; uppercase above 16x16)"),
    ("Backspace, Delete, 0, Space", "erase"),
    ("Shift+digit", "toggle that pencil mark (also a right click on the pad)"),
    ("p", "pencil mode on/off: values typed become marks"),
    ("m", "fill in every candidate as pencil marks"),
    ("i", "hint: technique, then where, then the whole step, then apply it"),
    ("u / y", "undo / redo (without limit)"),
    ("x", "check your entries against the solution"),
    ("r", "restart (undoable)"),
    ("s", "show the solution (asks first; undoable)"),
    ("n", "new game (kind, size, difficulty)"),
    ("t", "pause (hides the board and stops the clock)"),
    ("v", "next colour theme (dark, light, high contrast)"),
    ("? or F1", "this help"),
    ("q", "quit (the game is saved: 'latinum play --resume' continues it)"),
    ("mouse", "click a cell to select it; click a pad digit to enter it"),
]


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}" if hours else f"{rest // 60}:{rest % 60:02}"


def describe(saved: SavedGame) -> str:
    puzzle = saved.game.puzzle
    level = f" · {saved.level}" if saved.level else ""
    return f"{KIND_NAMES[puzzle.variant]} {puzzle.size}x{puzzle.size}{level}"


def too_small(puzzle: Puzzle, width: int, height: int) -> str | None:
    """What to do when ``width`` x ``height`` characters cannot hold the game, else None."""
    board_width, board_height = smallest_size(puzzle)
    side_height = 8 + -(-puzzle.size // DigitPad.PER_ROW)
    need_width = board_width + SIDE_WIDTH
    need_height = max(board_height, side_height) + 1  # and the footer
    if width >= need_width and height >= need_height:
        return None
    kind = f"{puzzle.size}x{puzzle.size} {KIND_NAMES[puzzle.variant]}"
    return (
        f"This window is too small for the {kind}: the game needs {need_width}x{need_height} "
        f"characters and has {width}x{height}.\n\nMake the window larger, turn the phone "
        "sideways, zoom out (Ctrl and minus in a browser) or choose a smaller font."
    )


class GameScreen(Screen):
    """The board, the side panel and every game key."""

    if TYPE_CHECKING:
        app = getters.app(PlayApp)

    DEFAULT_CSS = f"""
    GameScreen {{ layout: vertical; }}
    #main {{ height: 1fr; }}
    #side {{ width: {SIDE_WIDTH}; padding: 0 1; border-left: tall $panel; }}
    #too-small {{ display: none; height: 1fr; padding: 1 2; content-align: center middle; }}
    GameScreen.-too-small #main {{ display: none; }}
    GameScreen.-too-small #too-small {{ display: block; }}
    #title {{ text-style: bold; }}
    #message {{ height: 1fr; margin-top: 1; }}
    DigitPad {{ margin-top: 1; }}
    """
    BINDINGS = [
        Binding("up,k", "move('up')", "Move", show=False),
        Binding("down,j", "move('down')", "Move", show=False),
        Binding("left,h", "move('left')", "Move", show=False),
        Binding("right,l", "move('right')", "Move", show=False),
        Binding("tab", "next_empty(1)", "Next empty", show=False),
        Binding("shift+tab", "next_empty(-1)", "Previous empty", show=False),
        Binding("i", "hint", "Hint"),
        Binding("p", "pencil", "Pencil"),
        Binding("m", "auto_marks", "Marks"),
        Binding("u", "undo", "Undo"),
        Binding("y,ctrl+y", "redo", "Redo"),
        Binding("x", "check", "Check"),
        Binding("r", "restart", "Restart", show=False),
        Binding("s", "solve", "Solve", show=False),
        Binding("n", "new_game", "New"),
        Binding("t", "pause", "Pause", show=False),
        Binding("v", "theme", "Theme", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "quit_game", "Quit"),
    ]
    #: The action of each bound key. :meth:`on_key` runs them itself so that keys apply in
    #: the order typed: Textual would run a binding only once the key had gone back to the
    #: app, after keys typed later (``Right 8`` put the 8 in the old cell).
    ACTIONS = {
        key: binding.action
        for binding in BINDINGS
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
    }

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
        self.marking = Marking(cursor=saved.cursor)
        self.found: GameHint | None = None
        self.message = "Press ? for every key and the rules."

    @property
    def game(self) -> Game:
        return self.saved.game

    def compose(self) -> ComposeResult:
        palette = self.app.palette
        self.board = BoardView(self.game, self.marking, palette)
        self.pad = DigitPad(self.game, palette)
        self.title_line = Static(id="title")
        self.status = Static(id="status")
        self.message_box = Static(id="message")
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="side"):
                yield self.title_line
                yield self.status
                yield self.pad
                yield self.message_box
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_all()

    def on_resize(self, event: events.Resize) -> None:
        """Below the smallest size the game needs, say so instead of a cramped board."""
        problem = too_small(self.game.puzzle, event.size.width, event.size.height)
        self.set_class(problem is not None, "-too-small")
        self.query_one("#too-small", Static).update(problem or "")

    # Showing -------------------------------------------------------------------

    def refresh_all(self) -> None:
        palette = self.app.palette
        self.marking.hint = self.found
        self.board.show(self.game, self.marking, palette)
        self.pad.show(self.game, palette)
        self.title_line.update(describe(self.saved))
        self.message_box.update(self.message)
        self.refresh_status()

    def refresh_status(self) -> None:
        game, cell = self.game, self.marking.cursor
        best = self.app.best_time(self.saved.key)
        lines = [
            f"Time {clock_text(game.seconds)}" + (f"  best {clock_text(best)}" if best else "")
        ]
        lines.append("Mode: PENCIL MARKS" if self.saved.pencil_mode else "Mode: values")
        name = game.puzzle.geometry.name(cell)
        if game.values[cell]:
            what = "given" if game.is_given(cell) else "yours"
            lines.append(f"{name}: {symbol(game.values[cell])} ({what})")
        else:
            marks = " ".join(symbol(d) for d in game.pencil(cell))
            lines.append(f"{name}: marks {marks}" if marks else f"{name}: empty")
        cage = game.puzzle.cage_of.get(cell)
        if cage is not None:
            op = {"*": "×", "/": "÷", "-": "−", "=": ""}.get(cage.op, cage.op)
            lines.append(f"cage {cage.target}{op}, {len(cage.cells)} cells")
        self.status.update("\n".join(lines))

    def say(self, message: str) -> None:
        self.message = message
        self.message_box.update(message)

    # Moves ---------------------------------------------------------------------

    def played(self, changed: bool, message: str = "") -> None:
        """After a move: forget the shown hint and checks, save, redraw, maybe win."""
        if not changed:
            if message:
                self.say(message)
            return
        self.found = None
        self.marking.checked = frozenset()
        self.message = message
        self.app.save(self.saved)
        self.refresh_all()
        if self.game.solved:
            self.app.won(self.saved)

    def put(self, value: int, mark: bool = False) -> None:
        game, cell = self.game, self.marking.cursor
        if game.is_given(cell):
            self.say(f"{game.puzzle.geometry.name(cell)} is a given.")
            return
        if mark or (self.saved.pencil_mode and value):
            if game.values[cell]:
                self.say("Erase the value first to pencil in marks.")
            else:
                self.played(game.toggle_mark(cell, value))
        elif not value and not game.values[cell]:
            self.played(game.play("clear marks", {cell: (0, 0)}))
        else:
            self.played(game.enter(cell, value))

    async def on_key(self, event: events.Key) -> None:
        size = self.game.puzzle.size
        char = event.character or ""
        if event.key in ERASE_KEYS:
            self.put(0)
        elif char and char in SHIFTED_DIGITS and SHIFTED_DIGITS.index(char) < size:
            self.put(SHIFTED_DIGITS.index(char) + 1, mark=True)
        elif event.key.startswith("alt+") and event.key[4:].isdigit():
            digit = int(event.key[4:])
            if 1 <= digit <= size:
                self.put(digit, mark=True)
        elif len(char) == 1 and char.isalnum() and self._is_value_key(char):
            self.put(value_of(char) or 0)
        elif event.key in self.ACTIONS:
            await self.run_action(self.ACTIONS[event.key])
        else:
            return
        event.stop()
        event.prevent_default()

    def _is_value_key(self, char: str) -> bool:
        value = value_of(char)
        if value is None or not 1 <= value <= self.game.puzzle.size:
            return False
        return not (char.islower() and self.game.puzzle.size > 16)

    def on_board_view_cell_clicked(self, message: BoardView.CellClicked) -> None:
        self.select(message.cell)

    def on_digit_pad_digit_clicked(self, message: DigitPad.DigitClicked) -> None:
        self.put(message.digit, mark=message.mark)

    # Actions -------------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        size = self.game.puzzle.size
        row, col = divmod(self.marking.cursor, size)
        down, right = MOVES[direction]
        self.select(((row + down) % size) * size + (col + right) % size)

    def action_next_empty(self, step: int) -> None:
        cells = len(self.game.values)
        for distance in range(1, cells):
            cell = (self.marking.cursor + step * distance) % cells
            if not self.game.values[cell]:
                self.select(cell)
                return
        self.say("No empty cell left.")

    def select(self, cell: int) -> None:
        self.marking.cursor = self.saved.cursor = cell
        self.refresh_all()

    def action_pencil(self) -> None:
        self.saved.pencil_mode = not self.saved.pencil_mode
        self.app.save(self.saved)
        self.refresh_status()

    def action_auto_marks(self) -> None:
        self.played(self.game.auto_marks(), "Pencilled in every candidate.")

    def action_undo(self) -> None:
        move = self.game.undo()
        self.played(move is not None, f"Undid {move.name}." if move else "Nothing to undo.")

    def action_redo(self) -> None:
        move = self.game.redo()
        self.played(move is not None, f"Redid {move.name}." if move else "Nothing to redo.")

    def action_hint(self) -> None:
        from .hints import apply_hint, game_hint  # the logic engine loads on the first hint

        if self.found is not None and self.found.level == 3:
            shown = self.found
            self.played(apply_hint(self.game, shown), f"Applied the hint ({shown.technique}).")
            return
        level = self.found.level + 1 if self.found else 1
        found = game_hint(self.game, self.saved.solution, level)
        if found is None:
            self.say("The puzzle is solved.")
            return
        self.found = found
        more = " (i: more)" if level < 3 else " (i: apply it)"
        self.message = f"Hint {level}/3: {found.text}{more}"
        self.refresh_all()

    def action_check(self) -> None:
        solution = self.saved.solution
        if solution is None:
            self.say(self.no_solution())
            return
        wrong = [c for c, v in enumerate(self.game.values) if v and v != solution[c]]
        self.marking.checked = frozenset(wrong)
        if wrong:
            names = ", ".join(self.game.puzzle.geometry.name(c) for c in wrong)
            self.say(f"{len(wrong)} wrong: {names} (marked ✗).")
        else:
            self.say("Everything you entered is right.")
        self.refresh_all()

    def no_solution(self) -> str:
        if self.app.solving:
            return "Still working out the solution: ask again in a moment."
        return "This puzzle has more than one solution: there is none to check against."

    def action_restart(self) -> None:
        self.played(self.game.restart(), "Restarted: u undoes it.")

    def action_solve(self) -> None:
        solution = self.saved.solution
        if solution is None:
            self.say(self.no_solution())
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.played(self.game.fill(solution), "Solved for you: u undoes it.")

        self.app.push_screen(Confirm("Show the solution? (u undoes it)"), answer)

    def action_new_game(self) -> None:
        self.app.ask_new_game(self.saved)

    def action_pause(self) -> None:
        self.app.pause()

    def action_theme(self) -> None:
        self.app.next_theme()

    def action_help(self) -> None:
        self.app.push_screen(Help(KEYS, rules(self.game.puzzle)))

    def action_quit_game(self) -> None:
        if self.game.solved or not self.game.done:
            self.app.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(
            Confirm("Quit? The game is saved: 'latinum play --resume' continues it."), answer
        )
