"""Generation speed, against the exact solver on the same puzzles.

Usage: python benchmarks/generate_speed.py [--count N]

For each row (Sudoku 4x4, 6x6 and 9x9 at Easy, Medium and Hard; Killer 9x9;
KenKen 6x6 and 9x9): the median seconds to generate one puzzle with
``latinum.generate`` (seeds "bench:1" .. "bench:N"), the median seconds of
``latinum.solve`` on those same puzzles in the same run, and their ratio. A kind
or level the API does not accept (yet) prints "not available".
"""

from __future__ import annotations

import argparse
import statistics
import sys
from time import perf_counter

from latinum import generate, solve

ROWS: list[tuple[str, str, dict]] = [
    *(
        (f"sudoku {size}x{size} {level}", "sudoku", {"size": size, "difficulty": level})
        for size in (4, 6, 9)
        for level in ("Easy", "Medium", "Hard")
    ),
    ("killer 9x9", "killer", {"size": 9}),
    ("kenken 6x6", "kenken", {"size": 6}),
    ("kenken 9x9", "kenken", {"size": 9}),
]


def row(name: str, kind: str, options: dict, count: int) -> None:
    generate_times, solve_times = [], []
    for number in range(1, count + 1):
        start = perf_counter()
        try:
            puzzle = generate(kind, seed=f"bench:{number}", **options)
        except (ValueError, TypeError) as error:  # LatinumError is a ValueError
            print(f"{name:<24} not available ({error})")
            return
        generate_times.append(perf_counter() - start)
        start = perf_counter()
        solve(puzzle)
        solve_times.append(perf_counter() - start)
    made = statistics.median(generate_times)
    solved = statistics.median(solve_times)
    ratio = made / solved if solved else float("inf")
    print(f"{name:<24} {count:>4} {made:>12.4f} {solved:>12.5f} {ratio:>9.0f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per row (default 5)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    print(f"{'puzzles':<24} {'n':>4} {'generate s':>12} {'solve s':>12} {'ratio':>10}")
    for name, kind, options in ROWS:
        row(name, kind, options, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
