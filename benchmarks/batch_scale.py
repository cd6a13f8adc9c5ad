"""Batches on one and on several cores: ``latinum solve`` and ``rate`` with ``--jobs``
and on a local Dask cluster (``--dask``).

Usage: python benchmarks/batch_scale.py [--solve 1000000] [--rate 10000]
       [--jobs 1,2] [--dask 2] [--first] [--data DIR]

Each row is one ``latinum`` process, run on a file of one-line Sudokus (the
kaggle set of DATA/sudoku, repeated to the length asked), its output written
to a temporary file and counted:

- ``solve --to line FILE --jobs J`` on --solve puzzles (with --first, without
  the uniqueness check);
- ``rate --to csv FILE --jobs J`` on --rate puzzles;
- each of them again with ``--dask --jobs W``: a ``LocalCluster`` of W worker
  processes started for the run (--dask 0: no Dask row; needs the dask extra).

Wall time is measured around the process; CPU time (user + system) and peak
RSS come from os.wait4, so they include the worker processes, which the
command reaps before it ends (the peak is that of the largest process, the
main one or a worker); a Dask row includes the cluster's start and end. The
speed-up of a row is the wall time of the first row over its own; nothing
is asserted, and a row whose output is short says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from memory import DEFAULT_DATA, LATINUM, batch, kaggle_lines


@dataclass
class Run:
    """What one process took and printed."""

    wall: float
    cpu: float
    peak_mb: float
    status: int
    lines_out: int


def measure(command: list[str]) -> Run:
    """Run ``command`` with standard output buffered, as a shell runs it (without
    PYTHONUNBUFFERED); count the lines it printed."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=environment
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return Run(
            wall,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,
            process.returncode,
            sum(1 for _ in out),
        )


def rows(label: str, command: list[str], count: int, spreads: list[str], expected: int) -> None:
    """One row for each way of spreading the work (``--jobs J`` or ``--dask --jobs W``)."""
    first: Run | None = None
    for spread in spreads:
        run = measure([*command, *spread.split()])
        first = first or run
        short = "" if run.lines_out == expected else f", only {run.lines_out} lines"
        print(
            f"| {label} | {count:,} | {spread} | {run.wall:.1f} | {run.cpu:.1f} | "
            f"{count / run.wall:,.0f} | {first.wall / run.wall:.2f} | {run.peak_mb:.0f} | "
            f"{run.status}{short} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--solve", type=int, default=1_000_000, help="puzzles to solve (0: none)")
    parser.add_argument("--rate", type=int, default=10_000, help="puzzles to rate (0: none)")
    parser.add_argument("--jobs", default="1,2", help="the numbers of jobs, by commas")
    parser.add_argument(
        "--dask", type=int, default=2, help="workers of the local Dask cluster (0: no Dask row)"
    )
    parser.add_argument("--first", action="store_true", help="solve --first (no uniqueness)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    puzzles = kaggle_lines(args.data)
    spreads = [f"--jobs {int(number)}" for number in args.jobs.split(",") if number]
    if args.dask:
        spreads.append(f"--dask --jobs {args.dask}")
    print(f"{os.cpu_count()} cores; CPU and peak RSS include the workers")
    print()
    columns = "wall (s) | CPU (s) | puzzles / wall s | speed-up | peak RSS (MB) | exit"
    print(f"| command | puzzles | workers | {columns} |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as folder:
        if args.solve:
            path = batch(Path(folder), puzzles, args.solve)
            first = ["--first"] if args.first else []
            command = [*LATINUM, "solve", *first, "--to", "line", str(path)]
            label = f"solve{' --first' if first else ''}"
            rows(label, command, args.solve, spreads, args.solve)
            path.unlink()
        if args.rate:
            path = batch(Path(folder), puzzles, args.rate)
            command = [*LATINUM, "rate", "--to", "csv", str(path)]
            rows("rate --to csv", command, args.rate, spreads, args.rate + 1)


if __name__ == "__main__":
    main()
