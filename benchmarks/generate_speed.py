"""Generation speed, against the exact solver on the same puzzles and Tatham's generators.

Usage: python benchmarks/generate_speed.py [--count N] [--only TEXT]

For each row (Sudoku 4x4 Easy; 6x6 (minimal from Expert on) and 9x9 at every
level; Killer 9x9 at Easy, Medium, Hard and no level; KenKen 6x6 and 9x9 at
Tatham's levels and no level; Futoshiki 5x5, 7x7 and 9x9, plain and adjacent;
Skyscrapers 5x5, 7x7 and 9x9; Jigsaw Sudoku 6x6 and 9x9 and Windoku at no level):
the mean, median and slowest CPU seconds to generate one puzzle with
``latinum.generate`` (seeds "bench:1" .. "bench:N"), the median CPU seconds of
``latinum.solve`` on those same puzzles in the same run, and, where known,
the CPU seconds a puzzle takes Simon Tatham's generator (Keen, Solo; Towers at
its Hard level, where it takes clues away as latinum does; Solo's jigsaw at
Basic) on this machine
(:data:`TATHAM`) and how many times longer latinum takes on average. A level
that cannot be reached prints "not available" with the reason. ``--only TEXT``
keeps the rows whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from time import process_time

from latinum import generate, solve

LEVELS = ("Easy", "Medium", "Hard", "Expert", "Extreme")
TATHAM_LEVELS = ("Easy", "Normal", "Hard", "Extreme", "Unreasonable")
#: CPU seconds a puzzle takes Tatham's Keen and Solo generators (built from source and
#: run on this machine, 9x9 Sudoku only at its easiest and hardest grade).
TATHAM = {
    "kenken 6x6 Easy": 0.0009,
    "kenken 6x6 Normal": 0.0020,
    "kenken 6x6 Hard": 0.0013,
    "kenken 6x6 Extreme": 0.013,
    "kenken 6x6 Unreasonable": 0.0025,
    "kenken 9x9 Easy": 0.047,
    "kenken 9x9 Normal": 0.052,
    "kenken 9x9 Hard": 0.011,
    "kenken 9x9 Extreme": 0.183,
    "kenken 9x9 Unreasonable": 0.059,
    "sudoku 9x9 Easy": 0.0004,
    "sudoku 9x9 Extreme": 0.098,
    "killer 9x9 Easy": 0.005,
    "killer 9x9 Medium": 0.018,
    "killer 9x9 Hard": 0.036,
    "skyscrapers 5x5": 0.0027,  # Towers at Hard (5dh), which also removes clues
    "skyscrapers 7x7": 0.018,
    "skyscrapers 9x9": 0.77,
    "jigsaw 6x6 any": 0.0010,  # Solo's jigsaw at Basic (6jdb), which it retries to reach
    "jigsaw 9x9 any": 0.014,
}


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
            for level in TATHAM_LEVELS
        ]
        rows.append((f"kenken {size}x{size} any", "kenken", {"size": size}))
    for size in (5, 7, 9):
        for adjacent in (False, True):
            name = f"futoshiki {size}x{size}{' adjacent' if adjacent else ''}"
            rows.append((name, "futoshiki", {"size": size, "adjacent": adjacent}))
    rows += [(f"skyscrapers {n}x{n}", "skyscrapers", {"size": n}) for n in (5, 7, 9)]
    rows += [(f"jigsaw {n}x{n} any", "jigsaw", {"size": n}) for n in (6, 9)]
    rows.append(("windoku 9x9 any", "windoku", {}))
    return rows


ROWS = _rows()


def row(name: str, kind: str, options: dict, count: int) -> None:
    generate_times, solve_times = [], []
    for number in range(1, count + 1):
        start = process_time()
        try:
            puzzle = generate(kind, seed=f"bench:{number}", **options)
        except (ValueError, TypeError) as error:  # LatinumError is a ValueError
            print(f"{name:<24} not available ({error})")
            return
        generate_times.append(process_time() - start)
        start = process_time()
        solve(puzzle)
        solve_times.append(process_time() - start)
    mean = statistics.mean(generate_times)
    made = statistics.median(generate_times)
    solved = statistics.median(solve_times)
    slowest = max(generate_times)
    tatham = TATHAM.get(name)
    against = f"{tatham:>9.4f} {mean / tatham:>8.1f}x" if tatham else ""
    print(
        f"{name:<24} {count:>4} {mean:>9.4f} {made:>9.4f} {slowest:>8.3f} {solved:>9.5f} {against}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per row (default 5)")
    parser.add_argument("--only", default="", metavar="TEXT", help="rows whose name has TEXT")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    header = f"{'puzzles':<24} {'n':>4} {'mean s':>9} {'median s':>9} {'slowest':>8}"
    print(f"{header} {'solve s':>9} {'Tatham s':>9} {'vs Tatham':>9}", flush=True)
    for name, kind, options in ROWS:
        if args.only in name:
            row(name, kind, options, args.count)
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
