"""Counting keeps no solution: memory stays flat and limits stop a count on time."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from latinum import InvalidArgument, Puzzle, SearchLimit, count_solutions
from latinum.solver import Solver

EMPTY_9X9 = "." * 81
LATINUM = [sys.executable, "-c", "from latinum.cli import main; main()"]


def test_counts_every_solution_without_keeping_them(engine: str) -> None:
    assert count_solutions(Puzzle.sudoku("." * 16), None) == 288
    assert count_solutions(Puzzle.latin("." * 25), 10**30) == 161_280
    assert count_solutions(Puzzle.sudoku("." * 16), 100) == 100
    with pytest.raises(InvalidArgument, match="limit must be a whole number of at least 1"):
        Solver(Puzzle.sudoku("." * 16)).count(0)


def test_a_stopped_count_says_how_far_it_got(engine: str) -> None:
    solver = Solver(Puzzle.sudoku(EMPTY_9X9), node_limit=1000)
    with pytest.raises(SearchLimit, match=r"node limit \(1000\) after [\d,]+ solutions"):
        solver.count(None)
    assert solver.stats.nodes >= 1000


def rss_kb(pid: int) -> int:
    """The resident memory of process ``pid`` in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_huge_count_stays_in_flat_memory(engine: str, tmp_path: Path) -> None:
    puzzle = tmp_path / "empty.txt"
    puzzle.write_text(EMPTY_9X9 + "\n")
    command = [*LATINUM, "count", "--limit", "100000000", "--time-limit", "4", str(puzzle)]
    env = {**os.environ, "LATINUM_ENGINE": engine}
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(1.5)
        early = rss_kb(process.pid)
        time.sleep(2)
        late = rss_kb(process.pid)
        _, errors = process.communicate(timeout=30)
    finally:
        process.kill()
    elapsed = time.monotonic() - started
    assert late - early < 10_000, f"resident memory grew from {early} kB to {late} kB"
    assert late < 200_000
    assert process.returncode == 3
    assert b"search stopped at the time limit after" in errors
    assert elapsed < 4 + 3, f"a 4 s time limit took {elapsed:.1f} s"
