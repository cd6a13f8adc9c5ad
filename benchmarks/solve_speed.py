"""Solving speed of latinum's engines, its command line and four baselines, side by side.

Usage: python benchmarks/solve_speed.py [--limit N | --all] [--files WORD ...]
       [--data DIR] [--no-cli] [--only COLUMN,...]

Prints a markdown table of puzzles per CPU second, one row for each Sudoku
file in DATA/sudoku and for the KenKen/Killer JSON lines grouped by size.
Columns (``--only`` names them: pure, native, line, lines, cli, cli-check, pycosat,
exact-cover, rustoku, tdoku, norvig):

- pure, native: ``solve(Puzzle.sudoku(line))`` per puzzle, taking turns, with
  LATINUM_ENGINE=python, then native (when built); native/pure is their ratio.
- line: ``latinum.solve_line(line)`` per puzzle (the line read and solved in
  Rust), with the native engine (when built).
- lines: ``latinum.solve_lines(lines)`` over the whole set at once (chunks of
  lines to Rust), its CPU time shared out over the puzzles.
- CLI, CLI-check: one ``latinum solve --first --to line FILE`` process per set
  (CLI-check: without ``--first``, proving each solution the only one), on a
  temporary file of the set's first ``--cli-limit`` puzzles (10,000 by
  default: a batch, as the command is used), with the native engine when
  built, measured by getrusage(RUSAGE_CHILDREN). Their rate includes starting
  the process once; the start-up cost, measured on a 1-puzzle file, is
  printed below the table.
- pycosat, exact-cover: the CNF and exact cover encodings of sat_baselines.py,
  when those packages are installed.
- rustoku: the rustoku package (Rust, PyO3), string in and string out.
- tdoku: tdoku (C++) through ctypes, when TDOKU_LIBRARY names its shared
  library (see sat_baselines.py).
- norvig: the Norvig-style search of norvig_baseline.py.

CPU time is time.process_time() around each call. Every puzzle is parsed and
its answer checked inside the timed call, as ``latinum solve`` does; wrong adds
up the wrong answers of all columns. puzzles7 (serg) is counted to 2 and checked
against its counts (pure, native, and count_line and count_lines in the line
columns); cages always use the pure engine.
A column that does not apply or is not available shows "-".
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain, zip_longest
from pathlib import Path
from time import process_time
from typing import TypeVar

import norvig_baseline
import sat_baselines
from latinum import (
    Puzzle,
    count_line,
    count_lines,
    count_solutions,
    solve,
    solve_line,
    solve_lines,
)
from latinum.solver.engines import VARIABLE, native_module

T = TypeVar("T")
DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
NATIVE_BUILT = native_module() is not None
CLI_ENGINE = "native" if NATIVE_BUILT else "python"
CLI = [sys.executable, "-m", "latinum", "solve", "--to", "line"]

COLUMNS = (
    "pure",
    "native",
    "line",
    "lines",
    "cli",
    "cli-check",
    "pycosat",
    "exact-cover",
    "rustoku",
    "tdoku",
    "norvig",
)
NOT_BUILT = None if NATIVE_BUILT else "native engine not built"
MISSING = {
    "native": NOT_BUILT,
    "line": NOT_BUILT,
    "lines": NOT_BUILT,
    "pycosat": None if sat_baselines.pycosat else "pycosat not installed",
    "exact-cover": None if sat_baselines.exact_cover else "exact-cover not installed",
    "rustoku": None if sat_baselines.rustoku else "rustoku not installed",
    "tdoku": None if sat_baselines.tdoku else f"{sat_baselines.TDOKU_VARIABLE} not set",
}
#: The columns after native/pure, in table order, and their headers.
RATE_COLUMNS = {
    "line": "line/s",
    "lines": "lines/s",
    "cli": "CLI/s",
    "cli-check": "CLI-check/s",
    "pycosat": "pycosat/s",
    "exact-cover": "exact-cover/s",
    "rustoku": "rustoku/s",
    "tdoku": "tdoku/s",
    "norvig": "norvig/s",
}
HEADER = ("set", "pure/s", "native/s", "native/pure", *RATE_COLUMNS.values(), "wrong")
WIDTHS = (48, *(max(len(h), 8) for h in HEADER[1:]))


@dataclass
class Measure:
    """Puzzles, CPU seconds and wrong answers of one column on one set."""

    count: int
    seconds: float
    wrong: int

    @property
    def rate(self) -> float:
        return self.count / max(self.seconds, 1e-9)


Row = dict[str, Measure]


def timed(items: list, run: Callable) -> Measure:
    """CPU seconds in this process and wrong answers of ``run(item)`` over ``items``."""
    seconds, wrong = 0.0, 0
    for item in items:
        start = process_time()
        ok = run(item)
        seconds += process_time() - start
        wrong += not ok
    return Measure(len(items), seconds, wrong)


ENGINE_COLUMNS = (("python", "pure"), ("native", "native"))


def on_engines(items: list, run: Callable, columns: set[str]) -> Row:
    """The pure and native columns of ``run(item)``, taking turns puzzle by puzzle,
    so that a machine slowing down in the middle of a set weighs on both alike."""
    engines = [(engine, column) for engine, column in ENGINE_COLUMNS if column in columns]
    seconds = dict.fromkeys((column for _, column in engines), 0.0)
    wrong = dict.fromkeys(seconds, 0)
    for item in items:
        for engine, column in engines:
            os.environ[VARIABLE] = engine
            start = process_time()
            ok = run(item)
            seconds[column] += process_time() - start
            wrong[column] += not ok
    return {column: Measure(len(items), seconds[column], wrong[column]) for column in seconds}


def children_seconds() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(lines: list[str], first: bool = True) -> tuple[float, list[str]]:
    """Child CPU seconds and output lines of one CLI process solving ``lines``
    (with ``--first`` when ``first``)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "puzzles.txt"
        path.write_text("\n".join(lines) + "\n")
        env = {**os.environ, VARIABLE: CLI_ENGINE}
        before = children_seconds()
        done = subprocess.run(
            [*CLI, *(["--first"] if first else []), str(path)],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = children_seconds() - before
    if done.returncode:
        print(f"CLI exit status {done.returncode}: {done.stderr.strip()[-300:]}", file=sys.stderr)
    return seconds, done.stdout.split()


def cli_measure(lines: list[str], answers: list[str], first: bool = True) -> Measure:
    """The CLI on ``lines``; an output line missing, extra or unlike its answer is wrong."""
    seconds, out = run_cli(lines, first)
    wrong = sum(got != want for got, want in zip_longest(out, answers[: len(lines)]))
    return Measure(len(lines), seconds, wrong)


def warm_up(line: str, columns: set[str]) -> None:
    """Solve ``line`` once, untimed, in each in-process column: imports and tables."""
    on_engines([line], lambda p: solve(Puzzle.sudoku(p)), columns)
    if "pycosat" in columns:
        sat_baselines.solve_cnf(line)
    if "exact-cover" in columns:
        sat_baselines.solve_cover(line)
    if "rustoku" in columns:
        sat_baselines.solve_rustoku(line)
    if "tdoku" in columns:
        sat_baselines.solve_tdoku(line)
    on_native(lambda: (solve_line(line), list(solve_lines([line]))))


def on_native(run: Callable[[], T]) -> T:
    """``run()`` with the native engine chosen (when built)."""
    os.environ[VARIABLE] = CLI_ENGINE
    return run()


def batch_measure(items: list[tuple[str, str]], run: Callable, expected: Callable) -> Measure:
    """CPU seconds of one call ``run(lines)`` over every line of ``items`` (line,
    answer pairs); an answer unlike ``expected(answer)`` is wrong."""
    lines = [line for line, _ in items]
    start = process_time()
    found = on_native(lambda: list(run(lines)))
    seconds = process_time() - start
    wrong = sum(got != expected(want) for got, want in zip_longest(found, (a for _, a in items)))
    return Measure(len(items), seconds, wrong)


def first_puzzle(data: Path) -> str | None:
    """The first puzzle of the first Sudoku file, if any."""
    for path in sorted((data / "sudoku").glob("puzzles*.txt")):
        if ".solution" not in path.name:
            return next(iter(path.read_text().split()), None)
    return None


def cli_startup(line: str, runs: int = 3) -> float:
    """Median child CPU seconds of the CLI on a 1-puzzle file."""
    return statistics.median(run_cli([line])[0] for _ in range(runs))


def sudoku_row(lines: list[str], answers: list[str], columns: set[str], batch: list[str]) -> Row:
    """Every chosen column on one set of puzzles with known solutions; the CLI on ``batch``."""
    pairs = list(zip(lines, answers, strict=False))
    runs: dict[str, Callable[[str], str | None]] = {
        "pycosat": sat_baselines.solve_cnf,
        "exact-cover": sat_baselines.solve_cover,
        "rustoku": sat_baselines.solve_rustoku,
        "tdoku": sat_baselines.solve_tdoku,
        "norvig": norvig_baseline.solve,
    }
    row = on_engines(pairs, lambda p: solve(Puzzle.sudoku(p[0])).line() == p[1], columns)
    if "line" in columns:
        row["line"] = on_native(lambda: timed(pairs, lambda p: solve_line(p[0]) == p[1]))
    if "lines" in columns:
        row["lines"] = batch_measure(pairs, solve_lines, str)
    if "cli" in columns:
        row["cli"] = cli_measure(batch, answers)
    if "cli-check" in columns:
        row["cli-check"] = cli_measure(batch, answers, first=False)
    for column, run in runs.items():
        if column in columns:
            row[column] = timed(pairs, lambda p, run=run: run(p[0]) == p[1])
    return row


def counted_row(lines: list[str], counts: list[str], columns: set[str]) -> Row:
    """Pure and native engines counting solutions to 2, checked against ``counts``."""
    items = list(zip(lines, counts, strict=False))

    def check(item: tuple[str, str]) -> bool:
        line, count = item
        return count_solutions(Puzzle.sudoku(line), 2) == min(int(count), 2)

    row = on_engines(items, check, columns)
    if "line" in columns:
        row["line"] = on_native(
            lambda: timed(items, lambda item: count_line(item[0], 2) == min(int(item[1]), 2))
        )
    if "lines" in columns:
        row["lines"] = batch_measure(items, lambda ls: count_lines(ls, 2), lambda c: min(int(c), 2))
    return row


def sudoku_rows(
    data: Path,
    limit: int | None,
    wanted: Callable[[str], bool],
    columns: set[str],
    cli_limit: int,
) -> Iterator[tuple[str, Row]]:
    """A label and a row for each wanted Sudoku file."""
    for path in sorted((data / "sudoku").glob("puzzles*.txt")):
        name = path.name.removesuffix(".txt")
        if ".solution" in name or not wanted(name):
            continue
        every = path.read_text().split()
        lines = every[:limit]
        if "serg" in name:
            counts = (path.parent / f"{name}.solution_counts.txt").read_text().split()
            row = counted_row(lines, counts, columns)
            yield f"{name}, count to 2 ({len(lines)})", row
            continue
        answers = (path.parent / f"{name}.solutions.txt").read_text().split()
        batch = every[:cli_limit]
        yield f"{name} ({len(lines)})", sudoku_row(lines, answers, columns, batch)


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


def cage_rows(
    data: Path, limit: int | None, wanted: Callable[[str], bool], columns: set[str]
) -> Iterator[tuple[str, Row]]:
    """A label and an engines' row for each size of each wanted cage file."""
    engines = columns & {"pure", "native"}
    if not engines:
        return
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
            row = on_engines(
                records, lambda r: solve(cage_puzzle(r)).line() == r["solution"], engines
            )
            yield f"{path.parent.name}/{path.stem} {size}x{size} ({len(records)})", row


def cells(label: str, row: Row) -> list[str]:
    """The table cells of one row: rates, the native/pure ratio, total wrong."""

    def rate(column: str) -> str:
        return f"{row[column].rate:.1f}" if column in row else "-"

    ratio = "-"
    if "pure" in row and "native" in row:
        ratio = f"{row['native'].rate / row['pure'].rate:.1f}x"
    wrong = sum(m.wrong for m in row.values())
    rates = [rate(c) for c in RATE_COLUMNS]
    return [label, rate("pure"), rate("native"), ratio, *rates, str(wrong)]


def table_line(values: list[str] | tuple[str, ...]) -> str:
    """One markdown table line, the first cell left-aligned and the rest right-aligned."""
    padded = [values[0].ljust(WIDTHS[0])]
    padded += [v.rjust(w) for v, w in zip(values[1:], WIDTHS[1:], strict=True)]
    return "| " + " | ".join(padded) + " |"


def rule() -> str:
    """The markdown line under the header."""
    return "|" + "|".join(["-" * (WIDTHS[0] + 2)] + ["-" * (w + 1) + ":" for w in WIDTHS[1:]]) + "|"


def parse_columns(text: str) -> set[str]:
    """The column names of a comma-separated ``--only`` value."""
    names = {name.strip() for name in text.split(",") if name.strip()}
    unknown = names - set(COLUMNS)
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown column {', '.join(sorted(unknown))}: choose from {', '.join(COLUMNS)}"
        )
    return names


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=500, help="puzzles per file (default 500)")
    parser.add_argument("--all", action="store_true", help="every puzzle of every file")
    parser.add_argument("--files", nargs="*", default=[], help="only files naming one of these")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--no-cli", action="store_true", help="leave out the CLI column")
    parser.add_argument(
        "--cli-limit", type=int, default=10_000, help="puzzles per file for the CLI (default 10000)"
    )
    parser.add_argument(
        "--only",
        type=parse_columns,
        default=set(COLUMNS),
        metavar="COLUMN,...",
        help=f"only these columns, of {', '.join(COLUMNS)}",
    )
    return parser.parse_args(argv)


def notes(columns: set[str], startup: float | None, wrong: list[str], cli_limit: int) -> list[str]:
    """The lines printed under the table."""
    out = [f"{name}: skipped, {why}" for name, why in MISSING.items() if why and name in columns]
    if startup is not None:
        out.append(
            f"CLI/s: one process per set on up to {cli_limit:,} puzzles, its start included:"
            f" start-up is {startup * 1000:.0f} ms CPU"
            f" (median of 3 runs on a 1-puzzle file, LATINUM_ENGINE={CLI_ENGINE})"
        )
    return out + wrong


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if not args.data.is_dir():
        print(f"skipped: no data directory at {args.data}")
        return 0
    limit = None if args.all else args.limit
    columns = args.only - {"cli"} if args.no_cli else set(args.only)
    available = {c for c in columns if not MISSING.get(c)}

    def wanted(name: str) -> bool:
        return not args.files or any(word in name for word in args.files)

    first = first_puzzle(args.data)
    if first:
        warm_up(first, available)
    print(table_line(HEADER))
    print(rule(), flush=True)
    wrong = []
    rows = chain(
        sudoku_rows(args.data, limit, wanted, available, args.cli_limit),
        cage_rows(args.data, limit, wanted, available),
    )
    for label, row in rows:
        print(table_line(cells(label, row)), flush=True)
        wrong += [f"wrong: {label} {c} {m.wrong}" for c, m in row.items() if m.wrong]
    startup = cli_startup(first) if "cli" in available and first else None
    if lines := notes(columns, startup, wrong, args.cli_limit):
        print("\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
