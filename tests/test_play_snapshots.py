"""Snapshots of the board (SVG, compared by pytest-textual-snapshot).

After a deliberate change of the drawing, refresh them with
``pytest tests/test_play_snapshots.py --snapshot-update`` and look at the
report before committing.
"""

from __future__ import annotations

import pytest

from latinum import Puzzle
from playing import SUDOKU, example, make_app

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
