"""First-solution time on big random Sudoku (16x16 to 25x25), per engine and beside CP-SAT.

Usage: python benchmarks/big_grids.py [--sizes 16,20,25] [--blanks 50,60,70,80]
       [--count 40] [--seed 1] [--engines native,python] [--time-limit 3]
       [--complete] [--checked] [--no-cpsat]

Each row is ``--count`` puzzles made from one seeded random source: a complete
grid ``g[r][c] = (bc*(r%br) + r//br + c) % n + 1`` for the size's default box
of br rows and bc columns, its rows shuffled within and across bands, its
columns within and across stacks, its values permuted, then the given share of
cells blanked at random. Such puzzles usually have many solutions: this
measures how soon one is found, as ``latinum.solve(puzzle, time_limit=...)``,
which restarts at random (``--complete`` adds a column per engine for one
complete search without restarts, ``seed=None``, as before restarts;
``--checked`` one for ``Solver(puzzle).solve_checked()``, which also tells
whether the solution is the only one, as a plain ``latinum solve`` does).

CPU time is time.process_time() around each call; a call stopped by the time
limit counts as the limit. Each column gives the median, the 90th percentile
and how many of the row's puzzles took over 1 s. Every solution is checked
against its puzzle. CP-SAT (OR-tools, one worker, each cell an integer with
AllDifferent on every row, column and box) is shown when ``ortools`` is
installed; it is not a dependency of latinum.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
from collections.abc import Callable, Sequence
from time import process_time

from latinum import Puzzle, SearchLimit, solve
from latinum.puzzle import default_box
from latinum.solver import Solver
from latinum.solver.engines import VARIABLE, native_module

try:
    from ortools.sat.python import cp_model
except ImportError:  # optional: its column is skipped
    cp_model = None

SLOW = 1.0


def random_grid(size: int, rng: random.Random) -> list[int]:
    """A complete Sudoku of ``size`` (default box), shuffled as the module says; row by row."""
    rows, cols = default_box(size)
    grid = [
        [(cols * (r % rows) + r // rows + c) % size + 1 for c in range(size)] for r in range(size)
    ]
    order_rows = _shuffled_groups(size, rows, rng)
    order_cols = _shuffled_groups(size, cols, rng)
    names = list(range(1, size + 1))
    rng.shuffle(names)
    return [names[grid[r][c] - 1] for r in order_rows for c in order_cols]


def _shuffled_groups(size: int, width: int, rng: random.Random) -> list[int]:
    """Indices 0..size-1 in groups of ``width``: the groups shuffled, and each group's members."""
    groups = [list(range(start, start + width)) for start in range(0, size, width)]
    rng.shuffle(groups)
    for group in groups:
        rng.shuffle(group)
    return [index for group in groups for index in group]


def puzzles(size: int, blanks: int, count: int, seed: int) -> list[list[int]]:
    """``count`` puzzles of ``size`` with ``blanks`` percent of the cells empty."""
    rng = random.Random(f"{seed}/{size}/{blanks}")
    made = []
    for _ in range(count):
        values = random_grid(size, rng)
        for cell in rng.sample(range(size * size), round(blanks / 100 * size * size)):
            values[cell] = 0
        made.append(values)
    return made


def check(puzzle: Puzzle, answer: Sequence[int]) -> None:
    """Raise AssertionError unless ``answer`` keeps the givens and fills every unit."""
    assert all(g in (0, a) for g, a in zip(puzzle.givens, answer, strict=True)), "a given changed"
    full = set(range(1, puzzle.size + 1))
    for unit in puzzle.geometry.units:
        assert {answer[cell] for cell in unit} == full, "a unit repeats a value"


def latinum_solver(
    engine: str, limit: float, seed: int | None = 0, checked: bool = False
) -> Callable[[int, list[int]], float]:
    """A timed call of ``latinum.solve`` (or ``solve_checked``) with ``engine`` and ``seed``."""

    def run(size: int, values: list[int]) -> float:
        os.environ[VARIABLE] = engine
        start = process_time()
        puzzle = Puzzle.sudoku(values)
        try:
            if checked:
                grid, _ = Solver(puzzle, time_limit=limit, seed=seed).solve_checked()
            else:
                grid = solve(puzzle, time_limit=limit, seed=seed)
        except SearchLimit:
            return max(limit, process_time() - start)
        spent = process_time() - start
        check(puzzle, grid.values)
        return spent

    return run


def cpsat_solver(limit: float) -> Callable[[int, list[int]], float]:
    """A timed CP-SAT solve (model building included), with one worker."""

    def run(size: int, values: list[int]) -> float:
        start = process_time()
        puzzle = Puzzle.sudoku(values)
        model = cp_model.CpModel()
        cells = [model.NewIntVar(v or 1, v or size, f"c{index}") for index, v in enumerate(values)]
        for unit in puzzle.geometry.units:
            model.AddAllDifferent([cells[cell] for cell in unit])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = limit
        status = solver.Solve(model)
        spent = process_time() - start
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return max(limit, spent)
        check(puzzle, [solver.Value(cell) for cell in cells])
        return spent

    return run


def summary(times: list[float]) -> str:
    """Median, 90th percentile and the number over SLOW seconds."""
    ninetieth = statistics.quantiles(times, n=10, method="inclusive")[-1]
    slow = sum(t > SLOW for t in times)
    return f"{statistics.median(times):.3f} / {ninetieth:.3f} / {slow}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,20,25")
    parser.add_argument("--blanks", default="50,60,70,80", help="percentages of empty cells")
    parser.add_argument("--count", type=int, default=40, help="puzzles a row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engines", default="native,python")
    parser.add_argument("--time-limit", type=float, default=3.0, help="seconds a puzzle")
    parser.add_argument("--complete", action="store_true", help="add searches without restarts")
    parser.add_argument("--checked", action="store_true", help="add uniqueness checks")
    parser.add_argument("--no-cpsat", action="store_true")
    args = parser.parse_args()
    engines = [e for e in args.engines.split(",") if e != "native" or native_module()]
    columns = {e: latinum_solver(e, args.time_limit) for e in engines}
    if args.complete:
        columns |= {f"{e}, complete": latinum_solver(e, args.time_limit, None) for e in engines}
    if args.checked:
        columns |= {
            f"{e}, checked": latinum_solver(e, args.time_limit, checked=True) for e in engines
        }
    if cp_model is not None and not args.no_cpsat:
        columns["CP-SAT"] = cpsat_solver(args.time_limit)
    print(f"CPU seconds for the first solution: median / 90th percentile / over {SLOW:g} s")
    print(f"({args.count} puzzles a row, seed {args.seed}, time limit {args.time_limit:g} s)\n")
    print("| grid, blanks | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for size in map(int, args.sizes.split(",")):
        for blanks in map(int, args.blanks.split(",")):
            row = puzzles(size, blanks, args.count, args.seed)
            cells = [summary([run(size, values) for values in row]) for run in columns.values()]
            print(f"| {size}x{size}, {blanks}% | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
