"""Tests of the exact solver: every variant, counting, limits, an independent counter."""

from __future__ import annotations

import json
import random
from math import prod
from pathlib import Path

import pytest

from independent import count_independently
from latinum import (
    InvalidArgument,
    InvalidPuzzle,
    Puzzle,
    SearchLimit,
    Stats,
    Unsolvable,
    count_solutions,
    solve,
)
from latinum.solver import Solver

FIXTURES = Path(__file__).parent / "fixtures" / "solver"
#: Every test runs on each engine.
pytestmark = pytest.mark.usefixtures("engine")
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
HARDEST = (FIXTURES / "sudoku9.txt").read_text().split()[0]


def records(name: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / name).read_text().splitlines()]


def sudoku_pairs() -> list[tuple[str, str]]:
    words = (FIXTURES / "sudoku9.txt").read_text().split()
    return list(zip(words[::2], words[1::2], strict=False))


@pytest.mark.parametrize(("line", "answer"), sudoku_pairs())
def test_sudoku_9x9(line: str, answer: str) -> None:
    puzzle = Puzzle.sudoku(line)
    grid = solve(puzzle)
    assert puzzle.is_solution(grid)
    assert grid.line() == answer
    assert count_solutions(puzzle) == 1


@pytest.mark.parametrize("record", records("solo.jsonl"), ids=lambda r: f"{r['size']}x{r['x']}")
def test_sudoku_sizes_and_diagonals(record: dict) -> None:
    puzzle = Puzzle.sudoku(record["givens"], tuple(record["box"]), diagonals=record["x"])
    grid = solve(puzzle)
    assert puzzle.is_solution(grid)
    assert grid.line() == record["solution"]


def test_sudoku_25x25() -> None:
    size, rows, cols = 25, 5, 5
    full = [
        (cols * (r % rows) + r // rows + c) % size + 1 for r in range(size) for c in range(size)
    ]
    chooser = random.Random(25)
    givens = [v if chooser.random() < 0.6 else 0 for v in full]
    puzzle = Puzzle.sudoku(givens)
    assert puzzle.is_solution(full)
    assert puzzle.is_solution(solve(puzzle, time_limit=20))


@pytest.mark.parametrize("record", records("kenken.jsonl"), ids=lambda r: f"{r['size']}")
def test_kenken(record: dict) -> None:
    cages = [(c["op"], c["target"], c["cells"]) for c in record["cages"]]
    puzzle = Puzzle.kenken(record["size"], cages)
    grid = solve(puzzle)
    assert puzzle.is_solution(grid)
    assert grid.line() == record["solution"]


@pytest.mark.parametrize("record", records("killer.jsonl"))
def test_killer(record: dict) -> None:
    puzzle = Puzzle.killer([(c["target"], c["cells"]) for c in record["cages"]])
    grid = solve(puzzle)
    assert puzzle.is_solution(grid)
    assert grid.line() == record["solution"]


def test_big_kenken_cages_fall_back_to_bounds() -> None:
    answer = [(r + c) % 8 + 1 for r in range(8) for c in range(8)]
    cages = [
        ("+", sum(answer[:16]), range(16)),
        ("*", prod(answer[16:24]), range(16, 24)),
    ] + [("=", answer[cell], [cell]) for cell in range(24, 64)]
    puzzle = Puzzle.kenken(8, cages)
    assert puzzle.is_solution(solve(puzzle))


def test_latin_square() -> None:
    puzzle = Puzzle.latin("1...2...3...4...")
    assert puzzle.is_solution(solve(puzzle))
    assert count_solutions(puzzle, limit=1000) == count_independently(puzzle)


def test_multiple_solutions_counted() -> None:
    for line in (FIXTURES / "multiple.txt").read_text().split():
        assert count_solutions(Puzzle.sudoku(line), limit=2) == 2


def test_unique_counts_one_and_limit_zero() -> None:
    puzzle = Puzzle.sudoku(HARDEST)
    assert count_solutions(puzzle, limit=5) == 1
    with pytest.raises(InvalidArgument, match="not 0"):
        count_solutions(puzzle, limit=0)


def test_empty_grid_counts_up_to_the_limit() -> None:
    assert count_solutions(Puzzle.sudoku("." * 81), limit=7) == 7
    assert count_solutions(Puzzle.sudoku("." * 16), limit=1000) == 288


def test_unsolvable_sudoku_without_duplicates() -> None:
    # r1c9 can only be 9, but column 9 already holds a 9 further down.
    line = "12345678." + "." * 27 + "........9" + "." * 36
    puzzle = Puzzle.sudoku(line)
    puzzle.check()
    assert count_solutions(puzzle) == 0
    with pytest.raises(Unsolvable):
        solve(puzzle)


def test_unsolvable_kenken() -> None:
    # Row 1 needs 1 and 2 in its sum cage, so its third cell must be 3, not 1.
    cages = [("+", 3, [0, 1]), ("=", 1, [2]), ("+", 6, [3, 4, 5]), ("+", 6, [6, 7, 8])]
    puzzle = Puzzle.kenken(3, cages)
    puzzle.check()
    assert count_solutions(puzzle) == 0
    with pytest.raises(Unsolvable):
        solve(puzzle)


def test_invalid_puzzle_rejected() -> None:
    with pytest.raises(InvalidPuzzle):
        solve(Puzzle.sudoku("11" + "." * 79))


def test_node_limit() -> None:
    with pytest.raises(SearchLimit):
        solve(Puzzle.sudoku(HARDEST), node_limit=1)
    with pytest.raises(SearchLimit):
        count_solutions(Puzzle.sudoku("." * 81), limit=10**6, time_limit=0.05)


def test_stats_filled() -> None:
    stats = Stats()
    solve(Puzzle.sudoku(HARDEST), stats=stats)
    assert stats.nodes > 1
    assert stats.guesses >= 1
    assert stats.passes >= stats.nodes // 2
    assert stats.seconds > 0
    solver = Solver(Puzzle.sudoku(HARDEST))
    solver.count(2)
    assert solver.stats.nodes >= stats.nodes


def test_solver_solutions_are_distinct() -> None:
    grids = Solver(Puzzle.latin("1" + "." * 8)).solutions()
    assert len(grids) == len(set(grids)) == 4


def random_latin(size: int, chooser: random.Random) -> list[int]:
    base = [[(r + c) % size + 1 for c in range(size)] for r in range(size)]
    chooser.shuffle(base)
    columns = list(range(size))
    chooser.shuffle(columns)
    symbols = list(range(1, size + 1))
    chooser.shuffle(symbols)
    return [symbols[base[r][columns[c]] - 1] for r in range(size) for c in range(size)]


def random_cages(size: int, answer: list[int], chooser: random.Random) -> list[tuple]:
    free = set(range(size * size))
    cages = []
    while free:
        cells = [min(free)]
        free.discard(cells[0])
        for _ in range(chooser.choice((0, 1, 1, 2))):
            row, col = divmod(chooser.choice(cells), size)
            options = [
                n * size + m
                for n, m in ((row + 1, col), (row, col + 1), (row - 1, col), (row, col - 1))
                if 0 <= n < size and 0 <= m < size and n * size + m in free
            ]
            if options:
                cells.append(chooser.choice(options))
                free.discard(cells[-1])
        values = [answer[c] for c in cells]
        if len(cells) == 1:
            cages.append(("=", values[0], cells))
        elif len(cells) == 2 and chooser.random() < 0.5:
            low, high = sorted(values)
            if high % low == 0 and chooser.random() < 0.5:
                cages.append(("/", high // low, cells))
            else:
                cages.append(("-", high - low, cells))
        elif chooser.random() < 0.5:
            cages.append(("*", prod(values), cells))
        else:
            cages.append(("+", sum(values), cells))
    return cages


def blanked(answer: list[int], keep: float, chooser: random.Random) -> list[int]:
    return [v if chooser.random() < keep else 0 for v in answer]


@pytest.mark.parametrize("seed", range(12))
def test_counts_agree_with_independent_counter(seed: int) -> None:
    chooser = random.Random(seed)
    puzzles = [
        Puzzle.sudoku(blanked(random_latin_sudoku4(chooser), 0.25, chooser)),
        Puzzle.latin(blanked(random_latin(4, chooser), 0.3, chooser)),
        Puzzle.latin(blanked(random_latin(5, chooser), 0.45, chooser)),
    ]
    for size in (4, 5):
        answer = random_latin(size, chooser)
        puzzles.append(Puzzle.kenken(size, random_cages(size, answer, chooser)))
    for puzzle in puzzles:
        expected = count_independently(puzzle)
        assert count_solutions(puzzle, limit=10**6) == expected, puzzle.describe()
        for grid in Solver(puzzle).solutions(20):
            assert puzzle.is_solution(grid)


def random_latin_sudoku4(chooser: random.Random) -> list[int]:
    rows = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    symbols = [1, 2, 3, 4]
    chooser.shuffle(symbols)
    return [symbols[v - 1] for row in rows for v in row]


@pytest.mark.skipif(not (DATA / "sudoku").is_dir(), reason="shared data absent")
def test_serg_sample_from_data_has_two_solutions() -> None:
    path = DATA / "sudoku" / "puzzles7_serg_benchmark.txt"
    lines = path.read_text().split()[::997]
    counts = (DATA / "sudoku" / "puzzles7_serg_benchmark.solution_counts.txt").read_text().split()
    for index, line in zip(range(0, 10000, 997), lines, strict=False):
        assert count_solutions(Puzzle.sudoku(line)) == min(int(counts[index]), 2)
