"""The game's other screens: confirmation, help, pause, win and new game."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label, Select, Static

from .choices import DEFAULTS, KIND_LEVELS, KIND_SIZES, Choice

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; height: auto; max-height: 90%; border: heavy $accent;
    background: $surface; padding: 1 2;
}}
{name} Horizontal {{ height: auto; align-horizontal: center; margin-top: 1; }}
{name} Button {{ margin: 0 1; }}
"""


class Confirm(ModalScreen[bool]):
    """A yes/no question; y or Enter says yes, n or Escape says no."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Confirm")
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            with Horizontal():
                yield Button(f"{self.yes} (y)", id="yes", variant="primary")
                yield Button(f"{self.no} (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class Paused(Screen[None]):
    """The pause: the board hidden until any key or click."""

    DEFAULT_CSS = "Paused { align: center middle; } Paused > Static { width: auto; }"

    def compose(self) -> ComposeResult:
        yield Static("[b]Paused[/b]\n\nThe board is hidden and the clock stopped.\nPress any key.")

    def on_key(self, event) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class Won(ModalScreen[str]):
    """The win screen: the time, the best time, and what next."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Won")
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape,enter", "choose('close')", "Look at the board"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Solved![/b]")
            yield Static(self.text, id="text")
            with Horizontal():
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Board (esc)", id="close")
                yield Button("Quit (q)", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class Help(ModalScreen[None]):
    """Every key, and the rules of the puzzle being played."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Help") + "Help > Vertical { width: 76; }"
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]], rules: str) -> None:
        super().__init__()
        self.keys, self.rules = keys, rules

    def compose(self) -> ComposeResult:
        width = max(len(key) for key, _ in self.keys)
        lines = "\n".join(f"[b]{key:<{width}}[/b]  {what}" for key, what in self.keys)
        with Vertical(), VerticalScroll():
            yield Static(f"[b]Rules[/b]\n{self.rules}\n\n[b]Keys[/b]\n{lines}", id="help-text")
            yield Static("\nEscape closes this screen.")

    def action_close(self) -> None:
        self.dismiss(None)


class NewGame(ModalScreen["Choice | None"]):
    """Pick the kind, size and difficulty of a new game."""

    DEFAULT_CSS = DIALOG_CSS.format(name="NewGame") + "NewGame Select { width: 1fr; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: Choice) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        kind = self.current.kind if self.current.kind in KIND_SIZES else "sudoku"
        with Vertical():
            yield Label("[b]New game[/b]  (your current game stays undoable until then)")
            with Grid(id="choices"):
                yield Select(
                    [("Sudoku", "sudoku"), ("Killer Sudoku", "killer"), ("KenKen", "kenken")],
                    value=kind,
                    allow_blank=False,
                    id="kind",
                )
                size, level = self._default_size(kind), self._default_level(kind)
                yield Select(self._size_options(kind), value=size, allow_blank=False, id="size")
                yield Select(self._level_options(kind), value=level, allow_blank=False, id="level")
            with Horizontal():
                yield Button("Start", id="start", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def _size_options(self, kind: str) -> list[tuple[str, int]]:
        return [(f"{n}x{n}", n) for n in KIND_SIZES[kind]]

    def _level_options(self, kind: str) -> list[tuple[str, str]]:
        return [(level, level) for level in KIND_LEVELS[kind]]

    def _default_size(self, kind: str) -> int:
        same = kind == self.current.kind and self.current.size in KIND_SIZES[kind]
        return self.current.size if same else DEFAULTS[kind][0]

    def _default_level(self, kind: str) -> str:
        same = kind == self.current.kind and self.current.difficulty in KIND_LEVELS[kind]
        return self.current.difficulty if same else DEFAULTS[kind][1]

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "kind":
            return
        kind = str(event.value)
        self.query_one("#size", Select).set_options(self._size_options(kind))
        self.query_one("#size", Select).value = self._default_size(kind)
        self.query_one("#level", Select).set_options(self._level_options(kind))
        self.query_one("#level", Select).value = self._default_level(kind)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "start":
            self.dismiss(None)
            return
        size = cast(int, self.query_one("#size", Select).value)  # allow_blank=False: never BLANK
        self.dismiss(
            Choice(
                str(self.query_one("#kind", Select).value),
                int(size),
                str(self.query_one("#level", Select).value),
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
