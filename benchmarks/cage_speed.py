"""Cage puzzles solved by each engine, beside OR-tools' CP-SAT: KenKen per grade and Killer.

Usage: python benchmarks/cage_speed.py [--size 9] [--generate 20] [--seed 1]
       [--engines native,python] [--no-cpsat]

The KenKen rows are the ``--size`` puzzles of ``kenken/keen-graded.jsonl`` in
``../shared/data``, one row per Tatham grade; ``--generate N`` adds N puzzles
a grade freshly made by Tatham's generator (``sgt-keen --generate``, Debian's
``sgt-puzzles``) from Tatham's random seed ``latinum-SEED``, puzzles the
tests never saw. The Killer row is ``killer/solo-killer-graded.jsonl`` (Tatham's Solo).

Each cell is the median CPU milliseconds (``time.process_time``) of one
``latinum.solve(puzzle)`` (the first solution) per puzzle and engine; the
"unique" column is ``count_solutions(puzzle, limit=2)`` on the native engine,
the proof that the solution is the only one, as ``latinum solve`` gives by
default. CP-SAT (one worker; each cell an integer, AllDifferent on every unit
and on Killer cages, sums as linear equalities, products as multiplication
equalities, differences and quotients as two implied equalities on a
Boolean) is timed with its model building, when ``ortools`` is installed; it
is not a dependency of latinum. Every answer is checked against the puzzle.
The last columns are ratios of medians, and the Killer row also gives
puzzles a CPU second.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from time import process_time

from cage_coverage import keen_puzzle, killer_puzzle
from latinum import Puzzle, count_solutions, solve
from latinum.solver.engines import VARIABLE, native_module

try:
    from ortools.sat.python import cp_model
except ImportError:  # optional: its column is skipped
    cp_model = None

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
GRADES = {"e": "Easy", "n": "Normal", "h": "Hard", "x": "Extreme", "u": "Unreasonable"}
Timer = Callable[[Puzzle], float]


def generated(size: int, grade: str, count: int, seed: int) -> list[Puzzle]:
    """``count`` fresh KenKens of ``grade`` (a letter of GRADES) by ``sgt-keen``."""
    program = shutil.which("sgt-keen") or shutil.which("/usr/games/sgt-keen")
    if program is None or count <= 0:
        return []
    found = subprocess.run(
        [program, "--generate", str(count), f"{size}d{grade}#latinum-{seed}"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout.split()
    return [Puzzle.from_string(line, format="keen") for line in found]


def latinum_timer(engine: str, unique: bool = False) -> Timer:
    """CPU seconds of one solve (or count to 2 with ``unique``) on ``engine``."""

    def run(puzzle: Puzzle) -> float:
        os.environ[VARIABLE] = engine
        start = process_time()
        if unique:
            found = count_solutions(puzzle, limit=2)
            spent = process_time() - start
            assert found == 1, f"{found} solutions"
        else:
            grid = solve(puzzle)
            spent = process_time() - start
            assert puzzle.is_solution(grid), grid.line()
        return spent

    return run


def cpsat_timer(puzzle: Puzzle) -> float:
    """CPU seconds of CP-SAT's first solution, its model built in the time."""
    start = process_time()
    model = cp_model.CpModel()
    size = puzzle.size
    cells = [
        model.NewIntVar(v or 1, v or size, f"c{index}") for index, v in enumerate(puzzle.givens)
    ]
    for unit in puzzle.geometry.units:
        model.AddAllDifferent([cells[cell] for cell in unit])
    for cage in puzzle.cages:
        held = [cells[cell] for cell in cage.cells]
        if cage.distinct:
            model.AddAllDifferent(held)
        if cage.op in "+=":
            model.Add(sum(held) == cage.target)
        elif cage.op == "*":
            model.AddMultiplicationEquality(cage.target, held)
        else:
            first, second = held
            apart = model.NewBoolVar("")
            if cage.op == "-":
                model.Add(first - second == cage.target).OnlyEnforceIf(apart)
                model.Add(second - first == cage.target).OnlyEnforceIf(apart.Not())
            else:
                model.Add(first == second * cage.target).OnlyEnforceIf(apart)
                model.Add(second == first * cage.target).OnlyEnforceIf(apart.Not())
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    spent = process_time() - start
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert puzzle.is_solution([solver.Value(cell) for cell in cells])
    return spent


def rows(size: int, count: int, seed: int) -> Iterator[tuple[str, list[Puzzle]]]:
    """A label and the puzzles of each KenKen grade, then of Killer."""
    by_grade: dict[str, list[Puzzle]] = {name: [] for name in GRADES.values()}
    for text in (DATA / "kenken" / "keen-graded.jsonl").read_text().splitlines():
        record = json.loads(text)
        if record["size"] == size and record["grade"] in by_grade:
            by_grade[record["grade"]].append(keen_puzzle(record))
    for letter, name in GRADES.items():
        puzzles = by_grade[name] + generated(size, letter, count, seed)
        yield f"KenKen {size}x{size} {name} ({len(puzzles)})", puzzles
    lines = (DATA / "killer" / "solo-killer-graded.jsonl").read_text().splitlines()
    puzzles = [killer_puzzle(json.loads(text)) for text in lines if text.strip()]
    yield f"Killer 9x9, Solo ({len(puzzles)})", puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9, help="KenKen size (3 to 9)")
    parser.add_argument("--generate", type=int, default=0, help="fresh KenKens a grade")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engines", default="native,python")
    parser.add_argument("--no-cpsat", action="store_true")
    args = parser.parse_args()
    if not (DATA / "kenken").is_dir():
        sys.exit(f"the shared data is absent ({DATA}): nothing to measure")
    engines = [e for e in args.engines.split(",") if e != "native" or native_module()]
    columns: dict[str, Timer] = {engine: latinum_timer(engine) for engine in engines}
    if "native" in engines:
        columns["native, unique"] = latinum_timer("native", unique=True)
    if cp_model is not None and not args.no_cpsat:
        columns["CP-SAT"] = cpsat_timer
    pairs = (("native", "python"), ("native", "CP-SAT"))
    ratios = [(a, b) for a, b in pairs if {a, b} <= set(columns)]
    names = list(columns) + [f"{a} / {b}" for a, b in ratios]
    print("Median CPU milliseconds a puzzle (first solution; unique: counted to 2)\n")
    print("| puzzles | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for label, puzzles in rows(args.size, args.generate, args.seed):
        medians = {
            name: statistics.median(run(puzzle) for puzzle in puzzles)
            for name, run in columns.items()
        }
        cells = [f"{1000 * medians[name]:.3f}" for name in columns]
        cells += [f"{medians[a] / medians[b]:.3f}" for a, b in ratios]
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
        if label.startswith("Killer"):
            rates = ", ".join(f"{name} {1 / medians[name]:,.0f}" for name in columns)
            print(f"\nKiller puzzles a CPU second (from the medians): {rates}")


if __name__ == "__main__":
    main()
