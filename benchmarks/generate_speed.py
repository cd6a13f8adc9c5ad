"""Generation speed, against the exact solver on the same puzzles.

Usage: python benchmarks/generate_speed.py [--count N] [--only TEXT]

For each row (Sudoku 4x4 Easy; 6x6 (minimal from Expert on) and 9x9 at every
level; Killer 9x9 at Easy, Medium, Hard and no level; KenKen 6x6 and 9x9 at
Tatham's levels and no level; Futoshiki 5x5, 7x7 and 9x9, plain and adjacent):
the median and slowest seconds to generate one puzzle with
``latinum.generate`` (seeds "bench:1" .. "bench:N"), the median seconds of
``latinum.solve`` on those same puzzles in the same run, and their ratio. A
level that cannot be reached prints "not available" with the reason.
``--only TEXT`` keeps the rows whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from time import perf_counter

from latinum import generate, solve

LEVELS = ("Easy", "Medium", "Hard", "Expert", "Extreme")
TATHAM = ("Easy", "Normal", "Hard", "Extreme")


def _rows() -> list[tuple[str, str, dict]]:
    rows = [("sudoku 4x4 Easy", "sudoku", {"size": 4, "difficulty": "Easy"})]
    for size in (6, 9):
        for level in LEVELS:
            options = {"size": size, "difficulty": level}
            name = f"sudoku {size}x{size} {level}"
            if size == 6 and level in ("Expert", "Extreme"):  # rare with symmetric givens
                options["minimal"] = True
                name += " minimal"
            rows.append((name, "sudoku", options))
    rows.append(("sudoku 9x9 any", "sudoku", {"size": 9}))
    rows += [(f"killer 9x9 {level}", "killer", {"difficulty": level}) for level in LEVELS[:3]]
    rows.append(("killer 9x9 any", "killer", {}))
    for size in (6, 9):
        rows += [
            (f"kenken {size}x{size} {level}", "kenken", {"size": size, "difficulty": level})
            for level in TATHAM
        ]
        rows.append((f"kenken {size}x{size} any", "kenken", {"size": size}))
    for size in (5, 7, 9):
        for adjacent in (False, True):
            name = f"futoshiki {size}x{size}{' adjacent' if adjacent else ''}"
            rows.append((name, "futoshiki", {"size": size, "adjacent": adjacent}))
    return rows


ROWS = _rows()


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
    slowest = max(generate_times)
    print(f"{name:<24} {count:>4} {made:>12.4f} {slowest:>10.3f} {solved:>12.5f} {ratio:>9.0f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per row (default 5)")
    parser.add_argument("--only", default="", metavar="TEXT", help="rows whose name has TEXT")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    header = f"{'puzzles':<24} {'n':>4} {'generate s':>12} {'slowest':>10} {'solve s':>12}"
    print(f"{header} {'ratio':>10}", flush=True)
    for name, kind, options in ROWS:
        if args.only in name:
            row(name, kind, options, args.count)
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
