"""How soon a browser can play after ``latinum serve`` starts.

Each run starts ``latinum serve`` on a puzzle file, opens the page in headless
system Chromium at 1280x720 and waits until the board shows; it then types a
move and waits until the board shows it. Reported: seconds from starting the
server to the board (interactive), from starting the server to the page's
first byte of the game, and from a key press to its digit on the board (the
round trip through the browser, the server and the game), median and slowest
of --count runs. The baseline, run alternately with latinum: textual-serve's own
server on a bare Textual app (one line of text), from its start to the page's
first byte. Needs the web and test extras and a system Chromium.

Usage: python benchmarks/serve_start.py [--count 5]
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from playwright.sync_api import sync_playwright

from browser import LAPTOP, Server, Tab, chromium, free_port, launch

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def one_run(browser, folder: Path) -> tuple[float, float, float]:
    puzzle = folder / "sudoku.txt"
    puzzle.write_text(SUDOKU + "\n")
    server = Server([str(puzzle)], folder / "state")
    try:
        tab = Tab(browser, server.url, LAPTOP)
        tab.page.wait_for_selector("body.-first-byte", timeout=30_000)
        first_byte = time.monotonic() - server.started
        tab.wait_for("r1c1: 5 (given)", timeout=30)
        board = time.monotonic() - server.started
        tab.page.keyboard.press("Tab")
        tab.wait_for("r1c3: empty", timeout=30)
        pressed = time.monotonic()
        tab.page.keyboard.press("4")
        tab.wait_for("r1c3: 4 (yours)", timeout=30)
        return first_byte, board, time.monotonic() - pressed
    finally:
        server.stop()


BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("ready")

Bare().run()
"""
BARE_SERVER = """
import sys
from textual_serve.server import Server
Server(sys.argv[1], host="127.0.0.1", port=int(sys.argv[2])).serve()
"""


def bare_run(browser, folder: Path) -> float:
    """Seconds from starting textual-serve on a bare Textual app to the page's first byte."""
    app = folder / "bare.py"
    app.write_text(BARE_APP)
    port = free_port()
    command = shlex.join([sys.executable, str(app)])
    started = time.monotonic()
    server = subprocess.Popen(
        [sys.executable, "-c", BARE_SERVER, command, str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        page = browser.new_page(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
        for _ in range(300):  # the server takes a moment to listen
            try:
                page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
                break
            except Exception:
                time.sleep(0.02)
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        page.close()
        return time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="runs (default 5)")
    count = parser.parse_args().count
    if chromium() is None:
        sys.exit("no Chromium: install Debian's chromium or set LATINUM_CHROMIUM")
    runs, bare = [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for _ in range(count):
            with tempfile.TemporaryDirectory() as folder:
                runs.append(one_run(browser, Path(folder)))
                bare.append(bare_run(browser, Path(folder)))
        browser.close()
    print(f"{count} runs, seconds (median / slowest); waits poll every 0.1 s")
    names = ("server start to the game's first byte", "server start to the board", "key to digit")
    for name, values in zip(names, zip(*runs, strict=True), strict=True):
        print(f"{name:40} {statistics.median(values):6.2f} / {max(values):.2f}")
    first_byte = statistics.median(run[0] for run in runs)
    baseline = statistics.median(bare)
    print(f"{'bare Textual app: start to first byte':40} {baseline:6.2f} / {max(bare):.2f}")
    print(f"latinum / bare, first byte: {first_byte / baseline:.2f}")


if __name__ == "__main__":
    main()
