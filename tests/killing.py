"""Killing the full-screen game in tmux just after a keystroke, and counting what it lost.

Shared by ``tests/test_play_kills.py`` (a few kills) and ``benchmarks/game_kills.py``
(twenty or more). Each round starts ``latinum play FILE`` (the first) or
``latinum play --resume`` in a tmux window of its own server, types a burst
of moves (Tab to the next empty cell, then its solution digit), kills the
game with SIGKILL 0-100 ms after the last key, and reads the dead window:
the moves shown there must all be in the game that the next ``--resume``
shows, and no temporary file of the save may be left once it has started.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from latinum import Puzzle, solve
from latinum.symbols import symbol, value_of

#: A 17-clue Sudoku: 64 empty cells to fill.
PUZZLE = "...........1..2.3....4.5.6.....7.8......6..9.1.3..........8.4...7.....2.5..1....."
WIDTH, HEIGHT = 100, 30
START_SECONDS = 30.0
CELL = re.compile(r"\br(\d+)c(\d+): ")


def have_tmux() -> bool:
    return shutil.which("tmux") is not None


@dataclass
class Round:
    """One kill: what was typed and shown, and what the resumed game kept."""

    number: int
    typed: int
    delay_ms: float
    shown: int = 0
    #: Cells shown at the kill whose value the resumed game does not have.
    lost: list[str] = field(default_factory=list)
    #: Cells shown that the keys typed so far, applied in order, would not fill so.
    misplaced: list[str] = field(default_factory=list)
    temporaries_after_kill: int = 0
    stale_after_resume: int = 0


class GameWindow:
    """The game in a window of a private tmux server."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.state = workdir / "state"
        self.server = f"latinum-kills-{os.getpid()}"
        self.session = "game"

    def tmux(self, *args: str) -> str:
        command = ["tmux", "-L", self.server, "-f", "/dev/null", *args]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def start(self, *arguments: str) -> None:
        """Run ``latinum play ARGUMENTS`` and wait for its board."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.tmux("kill-session", "-t", self.session)
        game = shlex.join([sys.executable, "-m", "latinum", "play", *arguments])
        self.tmux(
            "new-session", "-d", "-s", self.session, "-x", str(WIDTH), "-y", str(HEIGHT),
            "-e", f"LATINUM_STATE_DIR={self.state}", f"exec {game}",
            ";", "set-option", "-t", self.session, "remain-on-exit", "on",
        )  # fmt: skip
        deadline = time.monotonic() + START_SECONDS
        while "Time " not in self.screen() or not CELL.search(self.screen()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the game did not start:\n{self.screen()}")
            time.sleep(0.05)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def kill(self) -> None:
        """SIGKILL the game and wait until tmux sees it dead (its last screen stays)."""
        os.kill(int(self.pane("pid")), signal.SIGKILL)
        while self.pane("dead") != "1":
            time.sleep(0.01)

    def pane(self, variable: str) -> str:
        shown = self.tmux("display-message", "-p", "-t", self.session, f"#{{pane_{variable}}}")
        return shown.strip()

    def temporaries(self) -> list[Path]:
        return sorted(self.state.glob(".*.tmp"))

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.tmux("kill-server")


def board(screen: str, size: int) -> list[int]:
    """The values shown on the board of ``screen`` (0 for an empty cell)."""
    values = []
    for line in screen.splitlines():
        if "┃" not in line:
            continue
        inside = line[line.index("┃") + 1 : line.rindex("┃")]
        cells = re.split("[│┃]", inside)
        if len(cells) == size and not any(set(cell) & set("─━") for cell in cells):
            values += [value_of(cell.strip().strip("!")) or 0 for cell in cells]
    if len(values) != size * size:
        raise RuntimeError(f"no {size}x{size} board on the screen:\n{screen}")
    return values


def cursor(screen: str, size: int) -> int:
    found = CELL.search(screen)
    assert found, screen
    return (int(found[1]) - 1) * size + int(found[2]) - 1


def run(
    workdir: Path, kills: int, seed: int = 0, report: Callable[[Round], None] = lambda _: None
) -> list[Round]:
    """Kill the game ``kills`` times, resuming it after each; the rounds."""
    puzzle = Puzzle.sudoku(PUZZLE)
    size = puzzle.size
    solution = solve(puzzle).values
    file = workdir / "puzzle.txt"
    file.write_text(PUZZLE + "\n")
    rng = random.Random(seed)
    window = GameWindow(workdir)
    rounds: list[Round] = []
    try:
        window.start(str(file))
        for number in range(1, kills + 1):
            before = board(window.screen(), size)
            values, at = list(before), cursor(window.screen(), size)
            keys, planned = [], []
            for _ in range(rng.randint(1, 3)):
                at = next(
                    cell
                    for step in range(1, size * size)
                    if not values[cell := (at + step) % (size * size)]
                )
                values[at] = solution[at]
                planned.append(at)
                keys += ["Tab", symbol(solution[at])]
            this = Round(number, len(keys) // 2, rng.uniform(0, 100))
            window.keys(*keys)
            time.sleep(this.delay_ms / 1000)
            window.kill()
            shown = board(window.screen(), size)
            new = [cell for cell, value in enumerate(shown) if value and not before[cell]]
            this.shown = len(new)
            this.temporaries_after_kill = len(window.temporaries())
            window.start("--resume")
            kept = board(window.screen(), size)
            this.stale_after_resume = len(window.temporaries())
            name = puzzle.geometry.name
            this.lost = [name(c) for c, v in enumerate(shown) if v and kept[c] != v]
            in_order = set(planned[: len(new)])
            this.misplaced = [name(c) for c in new if c not in in_order or shown[c] != solution[c]]
            rounds.append(this)
            report(this)
            if kept.count(0) < 3 * 2:  # too few empty cells for another burst: start afresh
                window.start(str(file))
    finally:
        window.close()
    return rounds
