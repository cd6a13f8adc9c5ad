"""What the game's tests share: puzzles, a hand-moved clock and running the app."""

from __future__ import annotations

import asyncio
from importlib import resources
from pathlib import Path

from latinum import Puzzle, read
from latinum.play.app import PlayApp
from latinum.play.game import Game, unique_solution
from latinum.play.storage import SavedGame

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: Its first step is a Pointing: in box 5, 2 is only in row 5 (r5c4, r5c6), not in r5c2, r5c9.
POINTING = "6.8.2.3..2..8...6.......827.4.715.....1...7.....9.6.1.43........9...1..5..5.9.4.3"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def example(name: str) -> Puzzle:
    path = resources.files("latinum.examples").joinpath(name)
    with resources.as_file(path) as file:
        return read(file)


def saved(puzzle: Puzzle, **options) -> SavedGame:
    return SavedGame(Game(puzzle), unique_solution(puzzle), options.pop("level", None), **options)


def make_app(tmp_path: Path, puzzle: Puzzle | None = None, **options) -> PlayApp:
    start = saved(puzzle) if puzzle is not None else None
    options.setdefault("clock", Clock())
    return PlayApp(start, directory=tmp_path, **options)


def drive(app: PlayApp, script, size: tuple[int, int] = (80, 24)) -> None:
    """Run ``script(pilot)`` inside the app at a terminal of ``size``."""

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())
