"""Write the README's screenshot of the game in a web browser (``latinum serve``).

Starts ``latinum serve`` on the built-in Sudoku example, opens it in headless
system Chromium at 1280x720, pencils in every candidate, asks for the whole
step of a hint and saves docs/screenshots/browser.png. Needs the web and
test extras and a system Chromium.

Usage: python docs/screenshots/browser.py
"""

from __future__ import annotations

import sys
import tempfile
from importlib import resources
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1] / "tests"))

from browser import LAPTOP, Server, Tab, chromium, launch  # noqa: E402


def main() -> None:
    if chromium() is None:
        sys.exit("no Chromium: install Debian's chromium or set LATINUM_CHROMIUM")
    example = resources.files("latinum.examples").joinpath("sudoku.txt")
    with (
        resources.as_file(example) as puzzle,
        tempfile.TemporaryDirectory() as folder,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        server = Server([str(puzzle)], Path(folder))
        try:
            tab = Tab(browser, server.url, LAPTOP)
            tab.wait_for("Sudoku 9x9")
            for key in ("m", "i", "i", "i"):
                tab.page.keyboard.press(key)
            tab.wait_for("Hint 3/3")
            tab.page.screenshot(path=HERE / "browser.png")
        finally:
            server.stop()
            browser.close()
    print(f"wrote {HERE / 'browser.png'}")


if __name__ == "__main__":
    main()
