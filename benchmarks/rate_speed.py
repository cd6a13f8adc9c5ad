"""Rating speed and agreement with the reference ratings.

Usage: python benchmarks/rate_speed.py [--limit N] [--data DIR]

For the rated 9x9 Sudoku (sudoku-rated/sudoku_exchange_strat_hodoku.tsv, with
Sukaku Explainer's rating) and the Keen KenKen puzzles (kenken/keen-graded.jsonl,
with Tatham's grade): median milliseconds to rate, against the exact solver's
time on the same puzzles in the same run; how many the known techniques finish;
Spearman's rank correlation of latinum's score with Sukaku Explainer's; and how
often latinum's KenKen level equals Tatham's grade.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from time import perf_counter

from latinum import Puzzle, rate, read, solve
from latinum.rating import Rating

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def ranks(values: list[float]) -> list[float]:
    """The rank of each value (ties share the mean rank)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation of two equally long lists."""
    return statistics.correlation(ranks(xs), ranks(ys))


def timed(puzzles: list[Puzzle], work: Callable[[Puzzle], object]) -> tuple[list, list[float]]:
    results, times = [], []
    for puzzle in puzzles:
        start = perf_counter()
        results.append(work(puzzle))
        times.append(perf_counter() - start)
    return results, times


def report(name: str, puzzles: list[Puzzle]) -> list[Rating]:
    ratings, rate_times = timed(puzzles, rate)
    _, solve_times = timed(puzzles, solve)
    rate_ms = statistics.median(rate_times) * 1000
    solve_ms = statistics.median(solve_times) * 1000
    finished = sum(r.solved for r in ratings)
    print(
        f"{name:<28} {len(puzzles):>5} {rate_ms:>10.1f} {solve_ms:>10.2f} "
        f"{rate_ms / solve_ms:>7.0f}x {finished:>5}/{len(puzzles)}"
    )
    return ratings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=200, help="puzzles per set")
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"data not found, skipping: {args.data}")
        return 0
    print(f"{'set':<28} {'n':>5} {'rate ms':>10} {'solve ms':>10} {'ratio':>8} {'finished':>11}")
    rated = args.data / "sudoku-rated" / "sudoku_exchange_strat_hodoku.tsv"
    rows = [line.split("\t") for line in rated.read_text().splitlines() if not line.startswith("#")]
    rows = rows[:: max(1, len(rows) // args.limit)][: args.limit]  # spread over every rating
    sudoku = [Puzzle.sudoku(row[0]) for row in rows]
    ratings = report("sudoku strat_hodoku (9x9)", sudoku)
    reference = [float(row[1]) for row in rows]
    print(f"Spearman with Sukaku Explainer: {spearman([r.score for r in ratings], reference):.3f}")
    records = [
        json.loads(line)
        for line in (args.data / "kenken" / "keen-graded.jsonl").read_text().splitlines()
    ]
    for size in (6, 9):
        sized = [r for r in records if r["size"] == size]
        chosen = sized[:: max(1, len(sized) // args.limit)][: args.limit]
        report(f"kenken keen {size}x{size}", [read(r["keen_id"]) for r in chosen])
    return 0


if __name__ == "__main__":
    sys.exit(main())
