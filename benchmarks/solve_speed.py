"""Solving speed of latinum's two engines and a Norvig-style baseline, side by side.

Usage: python benchmarks/solve_speed.py [--limit N | --all] [--files WORD ...] [--data DIR]

For every Sudoku file in DATA/sudoku (first solution, checked against the
solutions file; puzzles7 is counted instead, checked against its counts) and
the KenKen/Killer JSON lines grouped by size, prints puzzles per CPU second
for the pure engine, the native engine (when built; cages always use the pure
one) and the baseline, the native/pure ratio, median milliseconds of each
engine and the wrong answers. Every puzzle is parsed and checked inside the
timed call, as ``latinum solve`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from time import process_time

import norvig_baseline
from latinum import Puzzle, count_solutions, solve
from latinum.solve.engines import VARIABLE, native_module

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


ENGINES = ("python", "native") if native_module() is not None else ("python",)


def timed(items: list, run: Callable) -> tuple[list[float], int]:
    """Per-item CPU seconds and the number of wrong answers of ``run(item)``."""
    times, wrong = [], 0
    for item in items:
        start = process_time()
        ok = run(item)
        times.append(process_time() - start)
        wrong += not ok
    return times, wrong


def on_each_engine(items: list, run: Callable) -> dict[str, tuple[list[float], int]]:
    """:func:`timed` once with each engine."""
    results = {}
    for engine in ENGINES:
        os.environ[VARIABLE] = engine
        results[engine] = timed(items, run)
    return results


def rate(count: int, times: list[float]) -> float:
    return count / max(sum(times), 1e-9)


def row(name: str, count: int, engines: dict, base: list[float] | None) -> str:
    pure, pure_wrong = engines["python"]
    native, native_wrong = engines.get("native", (None, 0))
    cells = [f"{name:<44} {count:>6} {rate(count, pure):>9.1f}"]
    if native is None:
        cells.append(f"{'-':>9} {'-':>6}")
    else:
        ratio = rate(count, native) / rate(count, pure)
        cells.append(f"{rate(count, native):>9.1f} {ratio:>5.1f}x")
    cells.append(f"{rate(count, base):>9.1f}" if base is not None else f"{'-':>9}")
    cells.append(f"{statistics.median(pure) * 1000:>8.2f}")
    cells.append(f"{statistics.median(native) * 1000:>8.2f}" if native else f"{'-':>8}")
    cells.append(f"{pure_wrong + native_wrong:>5}")
    return " ".join(cells)


def sudoku_rows(data: Path, limit: int | None, wanted: Callable[[str], bool]) -> None:
    for path in sorted((data / "sudoku").glob("puzzles*.txt")):
        name = path.name.removesuffix(".txt")
        if ".solution" in name or not wanted(name):
            continue
        lines = path.read_text().split()[:limit]
        if "serg" in name:
            counts = (path.parent / f"{name}.solution_counts.txt").read_text().split()

            def counted(item: tuple[int, str], counts: list[str] = counts) -> bool:
                index, line = item
                return count_solutions(Puzzle.sudoku(line), 2) == min(int(counts[index]), 2)

            results = on_each_engine(list(enumerate(lines)), counted)
            print(row(f"{name} (count to 2)", len(lines), results, None), flush=True)
            continue
        answers = (path.parent / f"{name}.solutions.txt").read_text().split()
        pairs = list(zip(lines, answers, strict=False))
        results = on_each_engine(pairs, lambda p: solve(Puzzle.sudoku(p[0])).line() == p[1])
        base, _ = timed(pairs, lambda p: norvig_baseline.solve(p[0]) == p[1])
        print(row(name, len(lines), results, base), flush=True)


def cage_puzzle(record: dict) -> Puzzle:
    """A KenKen or Killer puzzle from one JSON record of the data set."""
    cages = record["cages"]
    if record.get("killer"):
        return Puzzle.killer(
            [(c["target"], c["cells"]) for c in cages],
            box=tuple(record.get("box", (3, 3))),
            givens=record.get("givens"),
        )
    size = record.get("size") or round(len(record["solution"]) ** 0.5)
    return Puzzle.kenken(size, [(c["op"], c["target"], c["cells"]) for c in cages])


def cage_rows(data: Path, limit: int | None, wanted: Callable[[str], bool]) -> None:
    for path in sorted(data.glob("kenken/*.jsonl")) + sorted(data.glob("killer/*.jsonl")):
        if not wanted(f"{path.parent.name}/{path.stem}"):
            continue
        by_size: dict[int, list[dict]] = defaultdict(list)
        for text in path.read_text().splitlines():
            if text.strip():
                record = json.loads(text)
                if record.get("solution"):
                    by_size[round(len(record["solution"]) ** 0.5)].append(record)
        for size in sorted(by_size):
            records = by_size[size][:limit]

            def check(record: dict) -> bool:
                values = solve(cage_puzzle(record)).line()
                return values == record["solution"]

            os.environ[VARIABLE] = "python"
            results = {"python": timed(records, check)}
            label = f"{path.parent.name}/{path.stem} {size}x{size}"
            print(row(label, len(records), results, None), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=1000, help="puzzles per file")
    parser.add_argument("--all", action="store_true", help="every puzzle of every file")
    parser.add_argument("--files", nargs="*", default=[], help="only files naming one of these")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"skipped: no data directory at {args.data}")
        return 0
    limit = None if args.all else args.limit

    def wanted(name: str) -> bool:
        return not args.files or any(word in name for word in args.files)

    header = (
        f"{'set':<44} {'n':>6} {'pure/s':>9} {'native/s':>9} {'ratio':>6} {'norvig/s':>9}"
        f" {'pure ms':>8} {'nat. ms':>8} {'wrong':>5}"
    )
    print(header)
    print("-" * len(header))
    sudoku_rows(args.data, limit, wanted)
    cage_rows(args.data, limit, wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
