"""Peak memory of latinum's batch commands: flat in the length of the batch.

Usage: python benchmarks/memory.py [--sizes 20000,1000000] [--stdin-mb 100]
       [--garbage-mb 50,200] [--others 2000,20000] [--data DIR]

Each row is one ``latinum`` process, measured with os.wait4: its peak RSS and
its CPU time (user + system). The inputs are written to a temporary folder:

- ``solve --to line FILE`` on N one-line Sudokus (the kaggle set of DATA/sudoku,
  repeated), for each N of --sizes; the last row's peak over the first's is the
  ratio the batch length costs (1.00 is flat). The solutions printed are counted.
- ``solve --to line -`` on a batch of --stdin-mb MB on standard input, counted
  to its last puzzle.
- ``check -`` on --garbage-mb MB of lines holding ``1`` (the input that once
  made format detection parse it whole), which must fail with one message.
- ``count``, ``check``, ``convert --to solo`` on each N of --others, ``rate``
  and ``generate latin --size 5 --count N`` on a tenth of it, with the ratio of
  the peaks of the last N to the first.

The figures depend on the machine; nothing here is asserted, but a row whose
output is wrong (missing solutions, more than one message) says so.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
LATINUM = [sys.executable, "-m", "latinum"]


@dataclass
class Run:
    """What one process took and printed."""

    peak_mb: float
    cpu: float
    status: int
    lines_out: int
    lines_err: int


def kaggle_lines(data: Path) -> list[bytes]:
    """The Kaggle puzzles of the data folder, a line each; exits naming the file if absent."""
    source = data / "sudoku" / "puzzles0_kaggle_10k.txt"
    if not source.is_file():
        sys.exit(f"no {source}: give the data folder with --data")
    return [line for line in source.read_bytes().splitlines(keepends=True) if line.strip()]


def measure(command: list[str], stdin: Path) -> Run:
    """Run ``command`` with ``stdin`` as its standard input; count its output lines."""
    with (
        stdin.open("rb") as source,
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):
        process = subprocess.Popen(command, stdin=source, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(
            usage.ru_maxrss / 1024,
            usage.ru_utime + usage.ru_stime,
            process.returncode,
            sum(1 for _ in out),
            sum(1 for _ in err),
        )


def batch(folder: Path, puzzles: list[bytes], count: int) -> Path:
    """A file of ``count`` puzzle lines, ``puzzles`` over and over."""
    path = folder / f"batch-{count}.txt"
    with path.open("wb") as file:
        for line in itertools.islice(itertools.cycle(puzzles), count):
            file.write(line)
    return path


def garbage(folder: Path, megabytes: int) -> Path:
    path = folder / f"ones-{megabytes}mb.txt"
    block = b"1\n" * (1 << 19)  # 1 MB
    with path.open("wb") as file:
        for _ in range(megabytes):
            file.write(block)
    return path


def row(label: str, run: Run, verdict: str) -> None:
    print(f"| {label} | {run.peak_mb:.1f} | {run.cpu:.1f} | {run.status} | {verdict} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="20000,1000000", help="batch lengths, by commas")
    parser.add_argument("--stdin-mb", type=int, default=100, help="0 skips the stdin batch")
    parser.add_argument("--garbage-mb", default="50,200", help="sizes of the garbage inputs")
    parser.add_argument("--others", default="2000,20000", help="batch lengths for the others")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    puzzles = kaggle_lines(args.data)
    sizes = [int(size) for size in args.sizes.split(",") if size]
    garbage_sizes = [int(size) for size in args.garbage_mb.split(",") if size]

    print("| command | peak RSS (MB) | CPU (s) | exit | output |")
    print("|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(os.devnull)
        peaks = []
        for size in sizes:
            path = batch(Path(folder), puzzles, size)
            run = measure([*LATINUM, "solve", "--to", "line", str(path)], empty)
            peaks.append(run.peak_mb)
            verdict = "all solved" if run.lines_out == size else f"{run.lines_out} of {size} solved"
            row(f"solve --to line: {size:,} puzzles", run, verdict)
            path.unlink()
        if args.stdin_mb:
            size = args.stdin_mb * 1024 * 1024 // len(puzzles[0])
            path = batch(Path(folder), puzzles, size)
            run = measure([*LATINUM, "solve", "--to", "line", "-"], path)
            verdict = "to the last" if run.lines_out == size else f"{run.lines_out} of {size}"
            row(f"solve --to line - ({args.stdin_mb} MB, {size:,} puzzles)", run, verdict)
            path.unlink()
        for megabytes in garbage_sizes:
            path = garbage(Path(folder), megabytes)
            run = measure([*LATINUM, "check", "-"], path)
            one = run.lines_err == 1 and run.lines_out == 0 and run.status != 0
            verdict = "one message" if one else f"{run.lines_err} messages, {run.lines_out} lines"
            row(f"check - ({megabytes} MB of '1' lines)", run, verdict)
            path.unlink()
        others = [int(size) for size in args.others.split(",") if size]
        ratios = {name: flat(Path(folder), puzzles, name, others) for name in OTHERS}
    if len(peaks) > 1:
        print(f"\npeak RSS, {sizes[-1]:,} over {sizes[0]:,} puzzles: {peaks[-1] / peaks[0]:.2f}")
    for name, ratio in ratios.items():
        if ratio is not None:
            print(f"peak RSS of {name}, last over first length: {ratio:.2f}")


#: The other batch commands, and the share of --others each runs on.
OTHERS = {
    "count": (["count"], 1),
    "check": (["check"], 1),
    "convert --to solo": (["convert", "--to", "solo"], 1),
    "rate": (["rate"], 10),
    "generate latin --size 5": (["generate", "latin", "--size", "5", "--jobs", "1"], 10),
}


def flat(folder: Path, puzzles: list[bytes], name: str, lengths: list[int]) -> float | None:
    """Rows for ``name`` on each length; the last peak over the first."""
    arguments, share = OTHERS[name]
    peaks = []
    for length in (size // share for size in lengths):
        if arguments[0] == "generate":
            run = measure([*LATINUM, *arguments, "--count", str(length)], Path(os.devnull))
        else:
            path = batch(folder, puzzles, length)
            run = measure([*LATINUM, *arguments, str(path)], Path(os.devnull))
            path.unlink()
        peaks.append(run.peak_mb)
        done = "all" if run.lines_out == length else f"{run.lines_out} lines for {length}"
        row(f"{name}: {length:,}", run, done)
    return peaks[-1] / peaks[0] if len(peaks) > 1 else None


if __name__ == "__main__":
    main()
