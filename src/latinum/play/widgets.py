"""The game's own widgets: the board and the digit pad with its counters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ..symbols import symbol
from .board import PALETTES, CellView, Palette, cell_at, choose_layout, render_board, smallest_size
from .game import Game

if TYPE_CHECKING:
    from .hints import GameHint

KIND_NAMES = {"sudoku": "Sudoku", "latin": "Latin square", "kenken": "KenKen", "killer": "Killer"}


@dataclass
class Marking:
    """What the board shows beside the values: cursor, checks and the hint."""

    cursor: int = 0
    checked: frozenset[int] = frozenset()
    hint: GameHint | None = None
    digit: int = 0


def cell_views(game: Game, marking: Marking) -> list[CellView]:
    """How each cell of ``game`` is drawn: values, marks, highlights and hint."""
    puzzle = game.puzzle
    cursor = marking.cursor
    peers = set(puzzle.geometry.peers[cursor])
    cage = puzzle.cage_of.get(cursor)
    if cage is not None:
        peers.update(cage.cells)
    digit = marking.digit or game.values[cursor]
    conflicts = game.conflicts()
    found = marking.hint
    hinted = set(found.cells) if found else set()
    region = set(found.region) if found else set()
    views = []
    for cell, value in enumerate(game.values):
        marks = game.marks[cell]
        views.append(
            CellView(
                value=value,
                given=game.is_given(cell),
                marks=0 if value else marks,
                cursor=cell == cursor,
                peer=cell in peers,
                same=bool(digit)
                and (value == digit or (not value and bool(marks >> (digit - 1) & 1))),
                conflict=cell in conflicts,
                wrong=cell in marking.checked,
                hint=cell in hinted,
                hint_region=cell in region,
                hint_pattern=found.pattern.get(cell, 0) if found else 0,
                hint_removes=found.removes.get(cell, 0) if found else 0,
                hint_places=found.places.get(cell, 0) if found else 0,
                digit=digit,
            )
        )
    return views


class BoardView(Widget):
    """The board, drawn in the largest layout that fits; a click selects a cell."""

    DEFAULT_CSS = """
    BoardView { width: 1fr; height: 1fr; }
    """
    ALLOW_SELECT = False  # a click or a drag plays; it selects no text

    class CellClicked(Message):
        def __init__(self, cell: int) -> None:
            self.cell = cell
            super().__init__()

    def __init__(self, game: Game, marking: Marking, palette: Palette, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.marking = marking
        self.palette = palette

    def show(self, game: Game, marking: Marking, palette: Palette | None = None) -> None:
        self.game, self.marking = game, marking
        if palette is not None:
            self.palette = palette
        self.refresh()

    def _placed(self):
        """The layout that fits and the board's offset inside the widget."""
        layout = choose_layout(self.game.puzzle, self.size.width, self.size.height)
        if layout is None:
            return None, 0, 0
        width, height = layout.size(self.game.puzzle)
        return layout, (self.size.width - width) // 2, (self.size.height - height) // 2

    def render(self) -> Text:
        puzzle = self.game.puzzle
        layout, left, top = self._placed()
        if layout is None:
            need_width, need_height = smallest_size(puzzle)
            kind = f"{puzzle.size}x{puzzle.size} {KIND_NAMES[puzzle.variant]}"
            return Text(
                f"\nThe terminal is too small for this {kind}: the board needs "
                f"{need_width}x{need_height} characters and has {self.size.width}x"
                f"{self.size.height}. Enlarge the window or make the font smaller.",
                justify="center",
            )
        board = render_board(puzzle, layout, cell_views(self.game, self.marking), self.palette)
        lines = board.split("\n", allow_blank=True)
        padded = Text("\n" * top)
        for number, line in enumerate(lines):
            padded.append(" " * left)
            padded.append_text(line)
            if number < len(lines) - 1:
                padded.append("\n")
        return padded

    def on_click(self, event: events.Click) -> None:
        layout, left, top = self._placed()
        if layout is None:
            return
        cell = cell_at(self.game.puzzle, layout, event.x - left, event.y - top)
        if cell is not None:
            self.post_message(self.CellClicked(cell))


class DigitPad(Widget):
    """Each digit with how many are placed; a click enters it, a right click marks it."""

    DEFAULT_CSS = """
    DigitPad { height: auto; width: 1fr; }
    """
    ALLOW_SELECT = False
    PER_ROW = 3
    WIDTH = 7

    class DigitClicked(Message):
        def __init__(self, digit: int, mark: bool) -> None:
            self.digit = digit
            self.mark = mark
            super().__init__()

    def __init__(self, game: Game, palette: Palette = PALETTES["dark"], **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.palette = palette

    def show(self, game: Game, palette: Palette | None = None) -> None:
        self.game = game
        if palette is not None:
            self.palette = palette
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return -(-self.game.puzzle.size // self.PER_ROW)

    def render(self) -> Text:
        size = self.game.puzzle.size
        counts = self.game.counts()
        text = Text()
        for digit in range(1, size + 1):
            placed = counts[digit]
            style = self.palette.given if placed == size else self.palette.entered
            label = "✓" if placed == size else f"{placed}/{size}" if size <= 9 else str(placed)
            text.append(f"[{symbol(digit)}]", style=f"{style} reverse")
            text.append(f"{label:<{self.WIDTH - 3}}", style="dim" if placed == size else "")
            if digit % self.PER_ROW == 0 and digit < size:
                text.append("\n")
        return text

    def on_click(self, event: events.Click) -> None:
        digit = event.y * self.PER_ROW + event.x // self.WIDTH + 1
        if event.x // self.WIDTH < self.PER_ROW and 1 <= digit <= self.game.puzzle.size:
            self.post_message(self.DigitClicked(digit, mark=event.button == 3 or event.ctrl))
