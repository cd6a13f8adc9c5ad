"""Snapshots of the board (SVG, compared by pytest-textual-snapshot).

After a deliberate change of the drawing, refresh them with
``pytest tests/test_play_snapshots.py --snapshot-update`` and look at the
report before committing.
"""

from __future__ import annotations

import re

import pytest

from latinum import Puzzle
from playing import POINTING, SUDOKU, drive, example, make_app

BOARDS = {
    "sudoku-9x9": (lambda: Puzzle.sudoku(SUDOKU), ["tab", "4", "tab", "p", "1", "2", "6"]),
    "kenken-6x6": (lambda: example("kenken.txt"), ["down", "3", "down", "5"]),
    "killer-9x9": (lambda: example("killer.txt"), ["right", "8", "right", "8"]),
}


@pytest.mark.parametrize("name", list(BOARDS))
def test_board_snapshot(name, snap_compare, tmp_path):
    puzzle, keys = BOARDS[name]
    app = make_app(tmp_path, puzzle())
    assert snap_compare(app, press=keys, terminal_size=(80, 24))


def test_level_3_hint_snapshot(snap_compare, tmp_path):
    """Every candidate pencilled in, the cursor on an empty cell, then the whole hint:
    its region shaded softly, the pattern's cells strongly, its candidates bold and
    underlined, the eliminations struck."""
    app = make_app(tmp_path, Puzzle.sudoku(POINTING))
    assert snap_compare(app, press=["tab", "m", "i", "i", "i"], terminal_size=(110, 40))


#: Colours of the window drawn around every screenshot (its buttons, its default text).
FRAME = {"28c840", "febc2e", "ff5f57", "c5c8c6"}


def test_board_snapshot_with_no_color(snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    puzzle, keys = BOARDS["killer-9x9"]
    assert snap_compare(make_app(tmp_path, puzzle()), press=keys, terminal_size=(80, 24))


def test_no_color_draws_the_board_in_greys(tmp_path, monkeypatch):
    def colours() -> set[str]:
        app = make_app(tmp_path, example("killer.txt"))
        shots: list[str] = []

        async def script(pilot):
            await pilot.press("right", "8")
            shots.append(app.export_screenshot())

        drive(app, script)
        found = {colour.lower() for colour in re.findall(r"#([0-9a-fA-F]{6})\b", shots[0])}
        return {c for c in found if not c[0:2] == c[2:4] == c[4:6]} - FRAME

    assert colours()
    monkeypatch.setenv("NO_COLOR", "1")
    assert colours() == set()
