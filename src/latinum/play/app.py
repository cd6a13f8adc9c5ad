"""The full-screen game: a Textual app for Sudoku, Killer, KenKen and Latin squares.

:class:`PlayApp` starts on a saved game, a puzzle from a file or a newly
generated one, keeps the clock, saves every move at once (quitting never
loses one), keeps best times and switches themes.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Footer, Static

from ..errors import LatinumError, ParseError
from .board import PALETTES
from .choices import DEFAULTS, Choice
from .dialogs import Confirm, NewGame, Paused, Won
from .game import Game, unique_solution
from .screen import GameScreen, clock_text, describe
from .storage import (
    BestTimes,
    SavedGame,
    UnreadableSave,
    remove_stale_temporaries,
    resume_game,
    save_game,
    state_dir,
    write_atomic,
)
from .widgets import KIND_NAMES

if TYPE_CHECKING:
    from textual import getters

SAVE_NAME, BEST_NAME, SETTINGS_NAME = "game.json", "best-times.json", "settings.json"
THEMES = {
    "dark": "textual-dark",
    "light": "textual-light",
    "high-contrast": "latinum-high-contrast",
}
HIGH_CONTRAST = Theme(
    name="latinum-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#000000",
    error="#ff5555",
    success="#00ff00",
    warning="#ffff00",
    dark=True,
)


class Waiting(Screen):
    """What shows while a puzzle is generated; Escape goes back."""

    BINDINGS = [Binding("escape", "back", "Back")]

    if TYPE_CHECKING:
        app = getters.app(lambda: PlayApp)

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="waiting")
        yield Footer()

    def action_back(self) -> None:
        self.app.cancel_new_game()


class PlayApp(App):
    """The game: starts on ``saved`` (a game or a puzzle from a file) or generates ``choice``."""

    TITLE = "latinum"
    ENABLE_COMMAND_PALETTE = False
    CSS = "#waiting { width: 100%; height: 1fr; content-align: center middle; }"
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        saved: SavedGame | None = None,
        choice: Choice | None = None,
        *,
        seed: int | str | None = None,
        offer_resume: bool = True,
        directory: Path | None = None,
        theme_name: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        remove_peer_marks: bool = True,
    ) -> None:
        super().__init__()
        self.start_with = saved
        self.choice = choice or Choice("sudoku", *DEFAULTS["sudoku"])
        self.seed = seed
        self.offer_resume = offer_resume
        self.directory = directory or state_dir()
        self.clock = clock
        self.remove_peer_marks = remove_peer_marks
        self.best = BestTimes(self.directory / BEST_NAME)
        self.saved: SavedGame | None = None
        self.request = 0
        self.solving = False
        self.running_since: float | None = None
        self.paused = False
        self.blurred = False
        self.warned = False
        self.saving = True
        self.register_theme(HIGH_CONTRAST)
        self.theme_key = theme_name or self._settings().get("theme", "dark")
        if self.theme_key not in THEMES:
            self.theme_key = "dark"
        self.theme = THEMES[self.theme_key]

    @property
    def palette(self):
        return PALETTES["mono" if self.no_color else self.theme_key]

    # Starting ------------------------------------------------------------------

    def on_mount(self) -> None:
        self.set_interval(1, self.tick)
        self._remember_theme()
        for name in (BEST_NAME, SETTINGS_NAME):
            remove_stale_temporaries(self.directory / name)
        saved = self._saved_game()  # even when not offered: a corrupt save is set aside
        if self.start_with is not None:
            self.begin(self.start_with)
            return
        if saved is None or not self.offer_resume:
            self.new_game(self.choice)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.begin(saved)
            else:
                self.new_game(self.choice)

        played = clock_text(saved.game.seconds)
        self.push_screen(Waiting("Your last game is waiting."))
        self.push_screen(
            Confirm(
                f"Resume your unfinished {describe(saved)} ({played} played)?", "Resume", "New game"
            ),
            answer,
        )

    def _saved_game(self) -> SavedGame | None:
        try:
            saved = resume_game(self.directory / SAVE_NAME)
        except UnreadableSave as error:
            self.saving = error.moved_to is not None  # never write over a save kept in place
            told = str(error)[:1].upper() + str(error)[1:] + "."
            told += "" if self.saving else " This game will not be saved."
            self.notify(told, severity="error", timeout=30)
            return None
        return None if saved is None or saved.game.solved else saved

    def new_game(self, choice: Choice) -> None:
        self.choice = choice
        self.stop_clock()
        self.request += 1
        kind = KIND_NAMES[choice.kind]
        text = f"Making a {choice.difficulty} {choice.size}x{choice.size} {kind}…"
        self.switch_or_push(Waiting(text + "\n\nEscape goes back."))
        self.generate(choice, self.seed, self.request)
        self.seed = None

    @work(thread=True, group="generate")
    def generate(self, choice: Choice, seed: int | str | None, request: int) -> None:
        from ..generator import generate  # the generator and rater load only when needed

        try:
            kind, size, level = choice.kind, choice.size, choice.difficulty
            puzzle = generate(kind, size=size, difficulty=level, seed=seed)
            solution = unique_solution(puzzle)
        except (LatinumError, ValueError) as error:
            self.call_from_thread(self.failed, choice, str(error), request)
            return
        game = Game(puzzle, remove_peer_marks=self.remove_peer_marks)
        self.call_from_thread(self.generated, SavedGame(game, solution, level), request)

    @work(thread=True, group="solve")
    def find_solution(self, saved: SavedGame) -> None:
        solution = unique_solution(saved.game.puzzle)
        self.call_from_thread(self.solution_found, saved, solution)

    def solution_found(self, saved: SavedGame, solution: tuple[int, ...] | None) -> None:
        self.solving = False
        if solution is not None:
            saved.solution = solution
            self.save(saved)

    def generated(self, saved: SavedGame, request: int) -> None:
        if request == self.request:
            self.begin(saved)

    def cancel_new_game(self) -> None:
        """Leave the puzzle being made (it is dropped when ready) for the game before."""
        self.request += 1
        if self.saved is not None:
            self.begin(self.saved)
        else:
            self.exit()

    def failed(self, choice: Choice, problem: str, request: int) -> None:
        if request != self.request:
            return
        self.notify(
            f"No {choice.difficulty} {choice.size}x{choice.size} puzzle: {problem}",
            severity="error",
            timeout=8,
        )
        if self.saved is not None:
            self.begin(self.saved)
        else:
            self.new_game(Choice(choice.kind, *DEFAULTS[choice.kind]))

    def begin(self, saved: SavedGame) -> None:
        self.saved = saved
        if saved.solution is None and not self.solving:
            self.solving = True
            self.find_solution(saved)
        self.switch_or_push(GameScreen(saved))
        self.start_clock()
        if saved.game.solved:
            self.stop_clock()

    def switch_or_push(self, screen: Screen) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def ask_new_game(self, saved: SavedGame) -> None:
        puzzle = saved.game.puzzle
        current = Choice(puzzle.variant, puzzle.size, saved.level or DEFAULTS["sudoku"][1])

        def chosen(choice: Choice | None) -> None:
            if choice is not None:
                self.new_game(choice)

        self.push_screen(NewGame(current), chosen)

    # The clock -----------------------------------------------------------------

    def start_clock(self) -> None:
        idle = self.paused or self.blurred or self.saved is None or self.saved.game.solved
        if self.running_since is None and not idle:
            self.running_since = self.clock()

    def stop_clock(self) -> None:
        self.sync_clock()
        self.running_since = None

    def sync_clock(self) -> None:
        if self.running_since is not None and self.saved is not None:
            now = self.clock()
            self.saved.game.seconds += max(0.0, now - self.running_since)
            self.running_since = now

    def tick(self) -> None:
        self.sync_clock()
        if isinstance(self.screen, GameScreen) and self.screen.is_mounted:
            self.screen.refresh_status()

    def on_app_blur(self, event: events.AppBlur) -> None:
        self.stop_clock()
        self.blurred = True

    def on_app_focus(self, event: events.AppFocus) -> None:
        self.blurred = False
        self.start_clock()

    def pause(self) -> None:
        self.stop_clock()
        self.paused = True

        def resumed(_: object) -> None:
            self.paused = False
            self.start_clock()

        self.push_screen(Paused(), resumed)

    # Saving and winning ----------------------------------------------------------

    def save(self, saved: SavedGame) -> None:
        """Write ``saved`` before the move that changed it is shown (the move is then safe)."""
        self.sync_clock()
        if not self.saving:
            return
        try:
            save_game(self.directory / SAVE_NAME, saved)
        except OSError as error:
            if not self.warned:
                self.notify(f"The game cannot be saved: {error}", severity="error", timeout=10)
                self.warned = True

    def best_time(self, key: str) -> float | None:
        try:
            return self.best.get(key)
        except ParseError:
            return None

    def won(self, saved: SavedGame) -> None:
        self.stop_clock()
        self.save(saved)
        seconds = saved.game.seconds
        lines = [f"{describe(saved)} in {clock_text(seconds)}."]
        if saved.game.done and saved.game.done[-1].name == "solve":
            lines.append("(Solved for you: no best time.)")
        else:
            previous = self.best_time(saved.key)
            try:
                record = self.best.record(saved.key, seconds)
            except (ParseError, OSError) as error:
                record = False
                lines.append(f"Best times cannot be kept: {error}")
            if record and previous is not None:
                lines.append(f"A new best time! (was {clock_text(previous)})")
            elif record:
                lines.append("Your first time at this kind, size and level.")
            elif previous is not None:
                lines.append(f"Best time: {clock_text(previous)}.")

        def chosen(choice: str | None) -> None:
            if choice == "new":
                self.ask_new_game(saved)
            elif choice == "quit":
                self.exit()

        self.push_screen(Won("\n".join(lines)), chosen)

    def on_unmount(self) -> None:
        if self.saved is not None:
            self.stop_clock()
            self.save(self.saved)

    # Themes --------------------------------------------------------------------

    def next_theme(self) -> None:
        names = list(THEMES)
        self.theme_key = names[(names.index(self.theme_key) + 1) % len(names)]
        self.theme = THEMES[self.theme_key]
        self._remember_theme()
        if isinstance(self.screen, GameScreen):
            self.screen.refresh_all()
            self.screen.say(
                f"Theme: {self.theme_key}" + (" (NO_COLOR is set)" if self.no_color else "")
            )

    def _remember_theme(self) -> None:
        settings = self._settings()
        if settings.get("theme") != self.theme_key:
            settings["theme"] = self.theme_key
            with contextlib.suppress(OSError):
                write_atomic(self.directory / SETTINGS_NAME, json.dumps(settings))

    def _settings(self) -> dict:
        try:
            settings = json.loads((self.directory / SETTINGS_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return settings if isinstance(settings, dict) else {}
