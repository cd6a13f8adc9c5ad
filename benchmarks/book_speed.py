"""How long a puzzle book takes: ``latinum print --to pdf`` of 100 puzzles with answers.

Usage: python benchmarks/book_speed.py [--count N] [--per-page K] [--runs R] [--data DIR]

Takes the first N puzzles of top1465 (sudoku/puzzles3_magictour_top1465.txt)
and runs the command R times in a child process, reporting the child's CPU
seconds (user + system, the machine is shared) and the wall time of each run,
with the same run's ``latinum solve`` of those puzzles as a baseline: the
book costs what drawing and binding add to solving. Skips when the data is
absent.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

from pypdf import PdfReader

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SET = Path("sudoku") / "puzzles3_magictour_top1465.txt"


def child_seconds(command: list[str]) -> tuple[float, float]:
    """The CPU and wall seconds of ``command`` run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--per-page", default="6", choices=["1", "2", "4", "6"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    source = args.data / SET
    if not source.exists():
        print(f"skipped: {source} is absent")
        return 0
    lines = [line for line in source.read_text().splitlines() if line.strip()][: args.count]
    latinum = [sys.executable, "-m", "latinum"]
    with tempfile.TemporaryDirectory() as folder:
        puzzles, book = Path(folder) / "puzzles.txt", Path(folder) / "book.pdf"
        puzzles.write_text("\n".join(lines) + "\n")
        print_book = [*latinum, "print", str(puzzles), "--per-page", args.per_page, "-o", str(book)]
        solve_only = [*latinum, "solve", str(puzzles)]
        books, solves = [], []
        for _ in range(args.runs):
            books.append(child_seconds(print_book))
            solves.append(child_seconds(solve_only))
        pages = len(PdfReader(book).pages)
        size = os.path.getsize(book)
    print(f"{len(lines)} puzzles of {SET}, {args.per_page} a page, answers at the back")
    print(f"book: {pages} pages, {size / 1024:.0f} KiB")
    for name, runs in (("latinum print --to pdf", books), ("latinum solve (baseline)", solves)):
        cpu = [c for c, _ in runs]
        each = ", ".join(f"{c:.2f}" for c in cpu)
        wall = statistics.median([w for _, w in runs])
        print(
            f"{name:26} CPU median {statistics.median(cpu):.2f} s (runs {each}), wall {wall:.2f} s"
        )
    ratio = statistics.median([c for c, _ in books]) / statistics.median([c for c, _ in solves])
    print(f"book / solve CPU: {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
