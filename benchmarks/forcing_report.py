"""How long the forcing chains of the explanations are, on random top1465 puzzles.

Usage: python benchmarks/forcing_report.py [--count N] [--seed S] [--data DIR]

Explains ``--count`` puzzles drawn at random (seeded) from
sudoku/puzzles3_magictour_top1465.txt and reports, for the Forcing Chain and
Forcing Net steps: how many there are, the links of their longest branch
(median and largest), how many have a branch over 12 links, and whether any
step line hides its placements; then the CPU seconds of the explanations.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from latinum import Puzzle, explain

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
FORCING = ("Forcing Chain", "Forcing Net")


def longest_branch(step) -> int:
    """The most numbered links under one case of ``step``."""
    longest = run = 0
    for line in getattr(step, "proof", ()):
        if line.startswith("if "):
            run = 0
        elif line.strip()[:1].isdigit():
            run += 1
            longest = max(longest, run)
    return longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    path = args.data / "sudoku" / "puzzles3_magictour_top1465.txt"
    if not path.exists():
        print(f"skipped: {path} is not there")
        return 0
    lines = path.read_text().split()
    chosen = random.Random(args.seed).sample(lines, args.count)
    kinds: Counter[str] = Counter()
    lengths: list[int] = []
    hidden = unsolved = 0
    started = time.process_time()
    for line in chosen:
        placed = sum(ch != "." and ch != "0" for ch in line)
        for step in explain(Puzzle.sudoku(line), unique=True):
            placed += len(step.placements)
            hidden += "more placements follow" in str(step)
            if step.technique in FORCING:
                kinds[step.technique] += 1
                lengths.append(longest_branch(step))
        unsolved += placed != 81
    seconds = time.process_time() - started
    print(f"{args.count} puzzles (seed {args.seed}), {unsolved} left unsolved")
    print(f"forcing steps: {sum(kinds.values())} ({dict(kinds)})")
    if lengths:
        over = sum(n > 12 for n in lengths)
        print(
            f"links of the longest branch: median {statistics.median(lengths)}, "
            f"largest {max(lengths)}; over 12 links: {over}"
        )
    print(f"steps hiding placements: {hidden}")
    print(f"CPU seconds: {seconds:.1f} ({seconds / args.count:.2f} a puzzle)")
    return 1 if hidden else 0


if __name__ == "__main__":
    sys.exit(main())
