"""``latinum serve`` played in a real browser: headless Chromium driven by Playwright.

Runs when a system Chromium is present (Debian's ``chromium``; LATINUM_CHROMIUM names
another), and skips otherwise. The text on the page is rebuilt from the bytes its
terminal receives (see ``browser.Terminal``); clicks go to the pixels of a character.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from browser import LAPTOP, PHONE, Server, Tab, chromium, launch
from playing import SUDOKU

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytest.importorskip("textual_serve", reason="the web extra is not installed")
pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium on this machine")

FIRST_ROW = "┃  5  │  3  │     ┃"  # r1c3 is the first empty cell of SUDOKU
CELL_WIDTH = 6


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "sudoku.txt"
    path.write_text(SUDOKU + "\n")
    return path


def test_a_game_in_the_browser_takes_clicks_keys_and_hints(browser, puzzle_file, tmp_path):
    server = Server([str(puzzle_file)], tmp_path / "state")
    try:
        tab = Tab(browser, server.url, LAPTOP)
        screen = tab.wait_for(FIRST_ROW)
        ready = time.monotonic() - server.started
        print(f"board shown {ready:.2f} s after the server started")
        assert ready < 30

        tab.page.keyboard.press("Tab")  # keys reach the game with no click first
        tab.page.keyboard.press("Tab")
        tab.wait_for("r1c4: empty")
        column, row = screen.find(FIRST_ROW)
        cell = column + 3 + 2 * CELL_WIDTH  # the centre of r1c3
        tab.click(cell, row)
        tab.wait_for("r1c3: empty")
        tab.page.keyboard.press("4")
        screen = tab.wait_for("r1c3: 4 (yours)")
        assert screen.lines[row][cell] == "4"
        assert saved_values(tmp_path)[2] == "4"  # on disk once shown

        tab.page.keyboard.press("Tab")
        pad_column, pad_row = tab.wait_for("r1c4: empty").find("[6]")
        tab.click(pad_column + 1, pad_row)  # the digit pad's 6
        screen = tab.wait_for("r1c4: 6 (yours)")
        assert screen.lines[row][cell + CELL_WIDTH] == "6"

        tab.page.keyboard.press("i")
        tab.wait_for("Hint 1/3")
        tab.page.screenshot(path=tmp_path / "browser.png")
        print(f"screenshot: {tmp_path / 'browser.png'}")

        second = Tab(browser, server.url, LAPTOP)  # a tab of its own: a game of its own
        screen = second.wait_for(FIRST_ROW)
        assert screen.lines[row][cell] == " "
    finally:
        status, said = server.stop()
    assert status == 0, said
    assert said.strip() == "latinum serve: stopped"
    assert len(saved_values(tmp_path)) == 81  # each tab saved as it closed: still readable


def saved_values(tmp_path: Path) -> str:
    saved = json.loads((tmp_path / "state" / "latinum" / "game.json").read_text())
    return saved["document"]["progress"]["values"]


def test_a_phone_says_it_is_too_small_until_turned_sideways(browser, puzzle_file, tmp_path):
    server = Server([str(puzzle_file)], tmp_path / "state")
    try:
        tab = Tab(browser, server.url, PHONE)
        screen = tab.wait_for("too small")
        assert "9x9\n  Sudoku: the game needs" in screen.text()
        assert "┏" not in screen.text()  # no cramped board beside the message
        sideways = Tab(browser, server.url, PHONE[::-1])
        sideways.wait_for("┃ 5 │ 3 │   ┃")  # the board, in its smallest layout
        sideways.page.keyboard.press("q")  # no move made: it quits at once
        sideways.page.wait_for_selector("text=The game has ended", state="visible")
    finally:
        server.stop()
