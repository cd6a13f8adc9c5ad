"""Render a sample puzzle book to PNG pages, for a person to look over.

Usage: python docs/book_preview.py [--out DIR] [--paper a4|letter] [--per-page K] [--dpi D]

Generates a small mixed book (Sudoku 9x9 and 6x6, Killer, KenKen, Futoshiki,
levels under each), binds it with ``latinum print --to pdf`` and turns every
page of the PDF into DIR/page-N.png with pdftoppm (poppler; Debian and
Ubuntu: apt install poppler-utils), so what is looked at is the PDF itself.
The README's page is page 1 at the default settings.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

#: The sample: what to generate, and how many.
SAMPLE = [
    ["sudoku", "--difficulty", "hard", "--count", "3"],
    ["sudoku", "--box", "2x3", "--count", "1"],
    ["killer", "--count", "2"],
    ["kenken", "--size", "6", "--count", "3"],
    ["futoshiki", "--size", "5", "--count", "3"],
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("book-preview"))
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    parser.add_argument("--per-page", default="4", choices=["1", "2", "4", "6"])
    parser.add_argument("--dpi", type=int, default=72)
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        print("needs pdftoppm: apt install poppler-utils (macOS: brew install poppler)")
        return 1
    latinum = [sys.executable, "-m", "latinum"]
    sample = "".join(
        _run([*latinum, "generate", *kind, "--seed", "preview", "--to", "json"]) for kind in SAMPLE
    )
    args.out.mkdir(parents=True, exist_ok=True)
    book = args.out / "book.pdf"
    print_book = [*latinum, "print", "--rate", "--title", "A latinum sampler", "-o", str(book)]
    _run([*print_book, "--paper", args.paper, "--per-page", args.per_page], sample)
    for old in args.out.glob("page-*.png"):
        old.unlink()
    _run(["pdftoppm", "-png", "-r", str(args.dpi), str(book), str(args.out / "page")])
    pages = sorted(args.out.glob("page-*.png"))
    print(f"{book}: {len(pages)} pages drawn as {', '.join(page.name for page in pages)}")
    return 0


def _run(command: list[str], stdin: str | None = None) -> str:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, check=True).stdout


if __name__ == "__main__":
    sys.exit(main())
