"""Write the README's screenshots of the game (SVG, exported by Textual).

Usage: python docs/screenshots/make.py
"""

from __future__ import annotations

import asyncio
import tempfile
from importlib import resources
from pathlib import Path

from latinum import Puzzle, read
from latinum.play.app import PlayApp
from latinum.play.game import Game
from latinum.play.storage import SavedGame

HERE = Path(__file__).parent
SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def example(name: str) -> Puzzle:
    with resources.as_file(resources.files("latinum.examples").joinpath(name)) as path:
        return read(path)


SHOTS = {
    "sudoku": (lambda: Puzzle.sudoku(SUDOKU), (80, 24), ["tab", "4", "tab", "6", "down", "i", "i"]),
    "sudoku-marks": (lambda: Puzzle.sudoku(SUDOKU), (100, 40), ["m", "tab", "i", "i", "i"]),
    "kenken": (lambda: example("kenken.txt"), (80, 24), ["down", "3", "down", "5", "x"]),
    "killer": (lambda: example("killer.txt"), (80, 24), ["right", "8", "right", "8"]),
}


async def shoot(name: str, puzzle: Puzzle, size: tuple[int, int], keys: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = PlayApp(SavedGame(Game(puzzle)), directory=Path(folder), clock=lambda: 0.0)
        async with app.run_test(size=size) as pilot:
            await app.workers.wait_for_complete()
            await pilot.press(*keys)
            await pilot.pause()
            (HERE / f"{name}.svg").write_text(app.export_screenshot(title=f"latinum play: {name}"))


def main() -> None:
    for name, (puzzle, size, keys) in SHOTS.items():
        asyncio.run(shoot(name, puzzle(), size, keys))
        print(HERE / f"{name}.svg")


if __name__ == "__main__":
    main()
