"""How fast the full-screen game starts and answers, against a bare Textual app.

Usage: python benchmarks/play_speed.py [--count N]

Every figure is the median of N runs (default 5) in this one process, run
headless at 80x24 through Textual's test driver:

- import: seconds to import the game in a fresh interpreter (``python -c``),
  against importing Textual's App alone;
- start: seconds from creating the app on a 9x9 Sudoku to its first frame,
  against a bare App showing one Static;
- key: seconds per key press (moves and entries, each one saved to disk),
  against a bare App updating a Static on each key;
- new game: seconds from asking for a new 9x9 Sudoku at the default level to
  its board, seeds "bench:1" .. "bench:N" (no baseline: generation itself);
- terminal (when tmux is installed): seconds from starting
  ``python -m latinum play FILE`` in an 80x24 tmux window to its first frame
  on screen, against a bare Textual app with a Footer.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from time import perf_counter

from textual.app import App, ComposeResult
from textual.widgets import Static

from latinum import Puzzle
from latinum.play.app import PlayApp
from latinum.play.choices import DEFAULTS, Choice
from latinum.play.game import Game, unique_solution
from latinum.play.screen import GameScreen
from latinum.play.storage import SavedGame

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
KEYS = ["right", "down", "1", "backspace", "left", "up", "tab", "2"] * 4


class Bare(App):
    """The baseline: one Static that shows the last key."""

    def compose(self) -> ComposeResult:
        yield Static("ready", id="text")

    def on_key(self, event) -> None:
        self.query_one("#text", Static).update(event.key)


def import_seconds(statement: str) -> float:
    started = perf_counter()
    subprocess.run([sys.executable, "-c", statement], check=True)
    return perf_counter() - started


def latinum_app(directory: Path) -> PlayApp:
    puzzle = Puzzle.sudoku(SUDOKU)
    saved = SavedGame(Game(puzzle), unique_solution(puzzle))
    return PlayApp(saved, directory=directory)


async def start_and_keys(make) -> tuple[float, float]:
    """Seconds to the first frame, and per key press, of the app ``make()`` builds."""
    started = perf_counter()
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = perf_counter() - started
        started = perf_counter()
        for key in KEYS:
            await pilot.press(key)
        await pilot.pause()
        return start, (perf_counter() - started) / len(KEYS)


async def new_game_seconds(directory: Path, seed: str) -> float:
    app = PlayApp(directory=directory, seed=seed, offer_resume=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = perf_counter()
        app.new_game(Choice("sudoku", *DEFAULTS["sudoku"]))
        while not isinstance(app.screen, GameScreen) or app.saved is None:
            await pilot.pause(0.01)
        return perf_counter() - started


BARE_SCRIPT = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    BINDINGS = [("i", "bell", "Hint")]
    def compose(self):
        yield Static("ready")
        yield Footer()

Bare().run()
"""


def terminal_seconds(command: list[str], directory: Path) -> float:
    """Seconds until ``command`` shows "Hint" in an 80x24 tmux window."""
    session = "latinum-bench"
    line = " ".join(command) + "; sleep 10"
    started = perf_counter()
    subprocess.run(
        [
            "tmux",
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "80",
            "-y",
            "24",
            "-e",
            f"XDG_STATE_HOME={directory}",
            line,
        ],
        check=True,
    )
    try:
        while (
            "Hint"
            not in subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
        ):
            time.sleep(0.01)
        return perf_counter() - started
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def row(name: str, ours: list[float], base: list[float] | None) -> None:
    mine = statistics.median(ours)
    if base is None:
        print(f"{name:<10} {mine:10.4f} s   (slowest {max(ours):.4f} s)")
        return
    theirs = statistics.median(base)
    print(f"{name:<10} {mine:10.4f} s   bare Textual {theirs:.4f} s   ratio {mine / theirs:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5)
    count = parser.parse_args().count
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        ours_import = [import_seconds("import latinum.play.app") for _ in range(count)]
        base_import = [import_seconds("import textual.app") for _ in range(count)]
        ours = [asyncio.run(start_and_keys(lambda: latinum_app(directory))) for _ in range(count)]
        base = [asyncio.run(start_and_keys(Bare)) for _ in range(count)]
        new = [asyncio.run(new_game_seconds(directory, f"bench:{n}")) for n in range(1, count + 1)]
        on_screen = None
        if shutil.which("tmux"):
            puzzle, bare = directory / "sudoku.txt", directory / "bare.py"
            puzzle.write_text(SUDOKU + "\n")
            bare.write_text(BARE_SCRIPT)
            game = [sys.executable, "-m", "latinum", "play", str(puzzle)]
            on_screen = (
                [terminal_seconds(game, directory) for _ in range(count)],
                [terminal_seconds([sys.executable, str(bare)], directory) for _ in range(count)],
            )
    print(f"median of {count} runs, 80x24, headless")
    row("import", ours_import, base_import)
    row("start", [s for s, _ in ours], [s for s, _ in base])
    row("key", [k for _, k in ours], [k for _, k in base])
    row("new game", new, None)
    if on_screen:
        row("terminal", *on_screen)


if __name__ == "__main__":
    main()
