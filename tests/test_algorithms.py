"""The seed documents' algorithms: brute force, backtracking, elimination, and the registry.

The counters are checked against plain, independent transcriptions of the
seeds' pseudocode written below with lists of lists.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import latinum
from independent import units_of
from latinum import Grid, InvalidPuzzle, Puzzle, SearchLimit, Unsolvable, count_solutions, read
from latinum.solver import ALGORITHMS, AlgorithmResult, applicable, run_algorithm
from latinum.solver.algorithms import NoSolution, Stopped, run
from latinum.solver.backtrack import BacktrackStats, backtrack, cage_allows
from latinum.solver.brute_force import BruteForceStats, brute_force
from latinum.solver.eliminate import EliminateStats, eliminate

FIXTURES = Path(__file__).parent / "fixtures"
CAGE = FIXTURES / "cage"
SEED_EXAMPLE = CAGE / "calcudoku-5x5.in"
SETS_EXAMPLE = FIXTURES / "formats" / "pylist-sets.py.txt"
SHARED = Path("/work/shared/data/seed-examples")
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = (FIXTURES / "solver" / "sudoku9.txt").read_text().split()[:2]
SUDOKU4 = "1234341221434321"
SUDOKU6 = "123456456123231564564231312645645312"
KILLER4_CAGES = [(3, [0, 1]), (7, [2, 3]), (5, [4, 8]), (5, [5, 9]), (3, [6, 7]), (7, [10, 11])]
KILLER4_CAGES += [(7, [12, 13]), (3, [14, 15])]  # from SUDOKU4


# An independent Calcudoku solver, written as the seed describes it --------


def transpose(grid: list[list[int]]) -> list[list[int]]:
    return [list(column) for column in zip(*grid, strict=True)]


def validate_rows(grid: list[list[int]]) -> bool:
    for row in grid:
        positive = [value for value in row if value > 0]
        if len(positive) != len(set(positive)):
            return False
    return True


def validate_cols(grid: list[list[int]]) -> bool:
    return validate_rows(transpose(grid))


def validate_cages(grid: list[list[int]], cages: list[list[int]]) -> bool:
    size = len(grid)
    for cage in cages:
        values = [grid[cell // size][cell % size] for cell in cage[1:]]
        if 0 in values:
            if sum(values) >= cage[0]:
                return False
        elif sum(values) != cage[0]:
            return False
    return True


def validate_all(grid: list[list[int]], cages: list[list[int]]) -> bool:
    return validate_rows(grid) and validate_cols(grid) and validate_cages(grid, cages)


def seed_calcudoku(size: int, cages: list[list[int]]) -> tuple[list[list[int]], int, int]:
    """The seed's single while loop; returns the grid, checks and backtracks."""
    grid = [[0] * size for _ in range(size)]
    checks = backtracks = 0
    current = 0
    while current < size * size:
        row, col = divmod(current, size)
        grid[row][col] += 1
        if grid[row][col] > size:
            grid[row][col] = 0
            current -= 1
            backtracks += 1
        else:
            checks += 1
            if validate_all(grid, cages):
                current += 1
    return grid, checks, backtracks


def read_course_cages(path: Path) -> list[list[int]]:
    lines = path.read_text().split("\n")
    return [[int(word) for word in line.split()] for line in lines[1 : 1 + int(lines[0])]]


def random_latin_square(rng: random.Random, size: int) -> list[list[int]]:
    rows, cols = rng.sample(range(size), size), rng.sample(range(size), size)
    symbols = rng.sample(range(1, size + 1), size)
    return [[symbols[(rows[r] + cols[c]) % size] for c in range(size)] for r in range(size)]


def random_sum_cages(rng: random.Random, square: list[list[int]]) -> list[list[int]]:
    """Contiguous cages of 1 to 4 cells covering the square, as ``[sum, cell, ...]``."""
    size = len(square)
    owner: set[int] = set()
    cages = []
    for start in rng.sample(range(size * size), size * size):
        if start in owner:
            continue
        cells = [start]
        owner.add(start)
        wanted = rng.randint(1, 4)
        while len(cells) < wanted:
            options = [n for cell in cells for n in neighbours(cell, size) if n not in owner]
            if not options:
                break
            chosen = rng.choice(options)
            owner.add(chosen)
            cells.append(chosen)
        cages.append([sum(square[c // size][c % size] for c in cells), *sorted(cells)])
    return cages


def neighbours(cell: int, size: int) -> list[int]:
    row, col = divmod(cell, size)
    places = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * size + c for r, c in places if 0 <= r < size and 0 <= c < size]


def calcudoku(size: int, cages: list[list[int]]) -> Puzzle:
    return Puzzle.kenken(size, [("+", cage[0], cage[1:]) for cage in cages])


def flat(grid: list[list[int]]) -> tuple[int, ...]:
    return tuple(value for row in grid for value in row)


# The same loop with fixed givens, validating every unit and cage -----------


def plain_brute_force(
    size: int,
    givens: list[int],
    units: list[list[int]],
    cages: list[tuple[int, list[int], bool]],
) -> tuple[list[int], int, int]:
    """Free cells only are incremented; ``cages`` are ``(sum, cells, distinct)``."""
    values = list(givens)
    free = [cell for cell, given in enumerate(givens) if not given]

    def valid() -> bool:
        for unit in units:
            seen = [values[c] for c in unit if values[c]]
            if len(seen) != len(set(seen)):
                return False
        for target, cells, distinct in cages:
            seen = [values[c] for c in cells if values[c]]
            if distinct and len(seen) != len(set(seen)):
                return False
            if len(seen) == len(cells) and sum(seen) != target:
                return False
            if len(seen) < len(cells) and sum(seen) >= target:
                return False
        return True

    checks = backtracks = index = 0
    while index < len(free):
        cell = free[index]
        values[cell] += 1
        if values[cell] > size:
            values[cell] = 0
            index -= 1
            backtracks += 1
        else:
            checks += 1
            if valid():
                index += 1
    return values, checks, backtracks


# brute-force ----------------------------------------------------------------


def test_brute_force_counts_of_the_seed_example() -> None:
    puzzle = read(SEED_EXAMPLE)
    stats = BruteForceStats()
    grid = brute_force(puzzle, stats=stats)
    assert (stats.checks, stats.backtracks) == (2265, 438)
    assert str(stats) == "checks: 2265 backtracks: 438"
    expected = (CAGE / "calcudoku-5x5.out").read_text().split()
    assert grid.values == tuple(int(v) for v in expected)
    assert puzzle.is_solution(grid)


def test_the_plain_transcription_agrees_on_the_seed_example() -> None:
    grid, checks, backtracks = seed_calcudoku(5, read_course_cages(SEED_EXAMPLE))
    assert (checks, backtracks) == (2265, 438)
    assert flat(grid) == brute_force(read(SEED_EXAMPLE)).values


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared data not present")
def test_brute_force_on_the_shared_seed_example() -> None:
    result = run(read(SHARED / "calcudoku-5x5.in"), "brute-force")
    assert result.counters == {"checks": 2265, "backtracks": 438}
    expected = (SHARED / "calcudoku-5x5.out").read_text().split()
    assert result.grid.values == tuple(int(v) for v in expected)


@pytest.mark.parametrize("seed", range(20))
def test_brute_force_agrees_with_the_plain_transcription(seed: int) -> None:
    rng = random.Random(seed)
    cages = random_sum_cages(rng, random_latin_square(rng, 5))
    puzzle = calcudoku(5, cages)
    stats = BruteForceStats()
    grid = brute_force(puzzle, stats=stats)
    expected, checks, backtracks = seed_calcudoku(5, cages)
    assert grid.values == flat(expected)
    assert (stats.checks, stats.backtracks) == (checks, backtracks)
    assert puzzle.is_solution(grid)


def blank(line: str, keep: int) -> str:
    """``line`` with all but every ``keep``-th cell blank."""
    return "".join(c if i % keep == 0 else "." for i, c in enumerate(line))


def givens_cases() -> list[tuple[str, Puzzle, list[tuple[int, list[int], bool]]]]:
    killer = Puzzle.killer(KILLER4_CAGES, box=(2, 2), givens="1..." + "." * 12)
    killer_cages = [(target, cells, True) for target, cells in KILLER4_CAGES]
    seed_example = calcudoku(5, read_course_cages(SEED_EXAMPLE))
    return [
        ("sudoku 4x4", Puzzle.sudoku(blank(SUDOKU4, 5)), []),
        ("sudoku 6x6", Puzzle.sudoku(blank(SUDOKU6, 3)), []),
        ("killer 4x4", killer, killer_cages),
        ("calcudoku", seed_example.with_givens([0] * 6 + [5] + [0] * 18), []),
    ]


@pytest.mark.parametrize("name", ["sudoku 4x4", "sudoku 6x6", "killer 4x4", "calcudoku"])
def test_brute_force_with_givens_skips_them_and_counts_like_the_plain_loop(name: str) -> None:
    puzzle, cages = next((p, c) for n, p, c in givens_cases() if n == name)
    if puzzle.variant == "kenken":
        cages = [(cage.target, list(cage.cells), False) for cage in puzzle.cages]
    stats = BruteForceStats()
    grid = brute_force(puzzle, stats=stats)
    units = units_of(puzzle.size, puzzle.geometry.box)
    values, checks, backtracks = plain_brute_force(puzzle.size, list(puzzle.givens), units, cages)
    assert grid.values == tuple(values)
    assert (stats.checks, stats.backtracks) == (checks, backtracks)
    assert puzzle.is_solution(grid)
    assert all(grid[cell] == given for cell, given in enumerate(puzzle.givens) if given)


def test_brute_force_solves_a_4x4_sudoku_and_a_killer() -> None:
    sudoku = Puzzle.sudoku("1..." + "..1." + ".1.." + "...1")
    assert sudoku.is_solution(brute_force(sudoku))
    killer = Puzzle.killer(KILLER4_CAGES, box=(2, 2))
    assert killer.is_solution(brute_force(killer))


def test_brute_force_on_a_full_grid_checks_once() -> None:
    stats = BruteForceStats()
    assert brute_force(Puzzle.sudoku(SUDOKU4), stats=stats).line() == SUDOKU4
    assert (stats.checks, stats.backtracks) == (1, 0)


def test_brute_force_refuses_product_cages() -> None:
    puzzle = read(CAGE / "mathdoku-Input_4Hard.txt")
    with pytest.raises(
        InvalidPuzzle, match=r"not cage 'b' 8\* at r1c3 \(use --algorithm backtrack\)"
    ):
        brute_force(puzzle)
    assert "brute-force" not in applicable(puzzle)


def test_brute_force_reports_no_solution_with_its_counts() -> None:
    # Row 2 must hold two 1s: each cage alone is possible, together they are not.
    puzzle = Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 1, [2]), ("+", 1, [3])])
    stats = BruteForceStats()
    with pytest.raises(Unsolvable):
        brute_force(puzzle, stats=stats)
    assert stats.checks > 0 and stats.backtracks > 0
    with pytest.raises(NoSolution) as caught:
        run(puzzle, "brute-force")
    assert caught.value.result.counters == {
        "checks": stats.checks,
        "backtracks": stats.backtracks,
    }


def test_brute_force_stops_at_the_node_limit() -> None:
    stats = BruteForceStats()
    with pytest.raises(SearchLimit, match="node limit"):
        brute_force(Puzzle.sudoku(HARD[0]), node_limit=1000, stats=stats)
    assert stats.checks == 1000
    with pytest.raises(Stopped) as caught:
        run(Puzzle.sudoku(HARD[0]), "brute-force", node_limit=50)
    assert caught.value.result.counters["checks"] == 50


def test_brute_force_and_backtrack_try_the_same_values_without_cages() -> None:
    # Both fill cells in row order with 1..N; without cages they check the same rules.
    puzzle = Puzzle.sudoku(CLASSIC)
    empty = puzzle.givens.count(0)
    forced, tried = BruteForceStats(), BacktrackStats()
    assert brute_force(puzzle, stats=forced) == backtrack(puzzle, stats=tried)
    assert forced.checks == tried.choices + empty
    assert forced.backtracks == tried.nodes - empty


# backtrack --------------------------------------------------------------------


def mathdoku_files() -> list[Path]:
    return sorted(CAGE.glob("mathdoku-*.txt"))


@pytest.mark.parametrize("path", mathdoku_files(), ids=lambda path: path.stem)
def test_backtrack_on_every_mathdoku_course_file(path: Path) -> None:
    try:
        puzzle = read(path)
    except latinum.ParseError:
        pytest.skip("not a readable puzzle file (tested with the formats)")
    if any(problem.severity == "error" for problem in puzzle.validate()):
        with pytest.raises(InvalidPuzzle):
            backtrack(puzzle)
        return
    if count_solutions(puzzle, 1) == 0:
        with pytest.raises(Unsolvable):
            backtrack(puzzle)
        return
    grid = backtrack(puzzle)
    assert puzzle.is_solution(grid)
    assert grid == latinum.solve(puzzle)


def test_which_mathdoku_files_have_no_solution() -> None:
    assert count_solutions(read(CAGE / "mathdoku-Input_8H.txt")) == 0
    with pytest.raises(Unsolvable):
        backtrack(read(CAGE / "mathdoku-Input_8H.txt"))
    # Input_9H gives a two-cell '=' group, which the seed's readyToSolve refuses too.
    with pytest.raises(InvalidPuzzle, match="an = cage needs exactly 1 cell"):
        backtrack(read(CAGE / "mathdoku-Input_9H.txt"))


def test_backtrack_counters_are_deterministic() -> None:
    puzzle = read(CAGE / "mathdoku-Input_7H.txt")
    first, second = run(puzzle, "backtrack"), run(puzzle, "backtrack")
    assert first.counters == second.counters
    assert list(first.counters) == ["choices", "nodes"]
    assert first.counters["choices"] > 0


def test_no_wrong_choice_counts_zero() -> None:
    stats = BacktrackStats()
    backtrack(Puzzle.sudoku(SUDOKU4), stats=stats)
    assert (stats.choices, stats.nodes) == (0, 0)
    only_ones_missing = Puzzle.latin(SUDOKU4.replace("1", "."))
    stats = BacktrackStats()
    assert backtrack(only_ones_missing, stats=stats).line() == SUDOKU4
    assert (stats.choices, stats.nodes) == (0, 4)


def test_choices_count_every_value_tried_in_vain() -> None:
    # A 25x25 grid of '=' cages: 625 cells deep, each cell rejects the values below its own.
    size = 25
    square = [(r + c) % size + 1 for r in range(size) for c in range(size)]
    puzzle = Puzzle.kenken(size, [("=", value, [cell]) for cell, value in enumerate(square)])
    stats = BacktrackStats()
    assert backtrack(puzzle, stats=stats).values == tuple(square)
    assert stats.nodes == size * size
    assert stats.choices == sum(value - 1 for value in square)


def test_backtrack_solves_sudoku_killer_and_latin() -> None:
    for puzzle in (
        Puzzle.sudoku(CLASSIC),
        Puzzle.killer(KILLER4_CAGES, box=(2, 2)),
        Puzzle.latin("12..21....12..21"),
        Puzzle.sudoku("1" + "." * 80, diagonals=True),
    ):
        assert puzzle.is_solution(backtrack(puzzle))


def test_backtrack_limits_and_no_solution() -> None:
    stats = BacktrackStats()
    with pytest.raises(SearchLimit, match="node limit"):
        backtrack(Puzzle.sudoku(HARD[0]), node_limit=200, stats=stats)
    assert stats.nodes == 200
    puzzle = Puzzle.kenken(2, [("+", 3, [0, 1]), ("=", 1, [2]), ("=", 1, [3])])
    with pytest.raises(NoSolution) as caught:
        run(puzzle, "backtrack")
    assert caught.value.result.counters["choices"] > 0


@pytest.mark.parametrize(
    ("op", "target", "value", "others", "allowed"),
    [
        ("+", 6, 3, [0, 2], True),  # partial sum 5 does not exceed 6
        ("+", 6, 4, [0, 2], True),  # partial sum 6 may equal the target
        ("+", 6, 5, [0, 2], False),
        ("+", 6, 3, [1, 1], False),  # full sum 5 is not 6
        ("*", 12, 4, [0], True),
        ("*", 12, 5, [0, 3], False),  # partial product 15 exceeds 12
        ("*", 12, 4, [3], True),
        ("*", 12, 2, [3], False),
        ("-", 2, 5, [0], True),  # the other cell is empty
        ("-", 2, 1, [3], True),
        ("-", 2, 2, [3], False),
        ("/", 2, 3, [0], True),
        ("/", 2, 3, [6], True),
        ("/", 2, 2, [3], False),  # 3 / 2 is not exact
        ("=", 4, 4, [], True),
        ("=", 4, 3, [], False),
    ],
)
def test_the_seeds_group_validation(
    op: str, target: int, value: int, others: list[int], allowed: bool
) -> None:
    cage = latinum.Cage(tuple(range(len(others) + 1)), op, target)
    assert cage_allows(cage, value, others) is allowed


def test_killer_cages_are_distinct_in_backtrack() -> None:
    cage = latinum.Cage((0, 1, 2), "+", 9, distinct=True)
    assert not cage_allows(cage, 3, [3, 0])
    assert cage_allows(cage, 3, [4, 0])


# eliminate --------------------------------------------------------------------


def seed_solve(problem: list[list[int]], box: tuple[int, int] | None) -> tuple:
    """The candidate-sets seed: convertToSets, eliminate per row/column/box, repeat."""
    size = len(problem)
    sets = [[{v} if v else set(range(1, size + 1)) for v in row] for row in problem]

    def groups(row: int, col: int) -> list[list[tuple[int, int]]]:
        found = [[(row, c) for c in range(size)], [(r, col) for r in range(size)]]
        if box:
            top, left = row - row % box[0], col - col % box[1]
            found.append([(top + r, left + c) for r in range(box[0]) for c in range(box[1])])
        return found

    def eliminate_from(location: tuple[int, int], locations: list[tuple[int, int]]) -> int:
        (value,) = sets[location[0]][location[1]]
        count = 0
        for row, col in locations:
            if (row, col) != location and value in sets[row][col]:
                sets[row][col].remove(value)
                count += 1
        return count

    total = sweeps = 0
    while True:
        sweeps += 1
        removed = 0
        for row in range(size):
            for col in range(size):
                if len(sets[row][col]) == 1:
                    for locations in groups(row, col):
                        removed += eliminate_from((row, col), locations)
        total += removed
        if not removed:
            return sets, total, sweeps


def rows_of(puzzle: Puzzle) -> list[list[int]]:
    return [list(row) for row in puzzle.grid.rows()]


def check_against_seed(puzzle: Puzzle) -> AlgorithmResult:
    sets, total, sweeps = seed_solve(rows_of(puzzle), puzzle.geometry.box)
    stats = EliminateStats()
    found = eliminate(puzzle, stats=stats)
    assert (stats.eliminations, stats.sweeps) == (total, sweeps)
    assert list(found.candidates) == [frozenset(c) for row in sets for c in row]
    result = run(puzzle, "eliminate")
    assert result.counters == {"eliminations": total, "sweeps": sweeps}
    return result


def test_eliminate_solves_the_seed_example() -> None:
    puzzle = read(SETS_EXAMPLE)
    result = check_against_seed(puzzle)
    assert result.solved and not result.candidates
    assert puzzle.is_solution(result.grid)
    assert result.counters == {"eliminations": 368, "sweeps": 7}


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared data not present")
def test_eliminate_on_the_shared_seed_example() -> None:
    result = run(read(SHARED / "sudoku-sets.py.txt"), "eliminate")
    assert result.solved and result.counters["eliminations"] == 368


def test_eliminate_stuck_keeps_every_true_value() -> None:
    puzzle = Puzzle.sudoku(HARD[0])
    solution = Grid.of([int(c) for c in HARD[1]])
    result = check_against_seed(puzzle)
    assert not result.solved and result.candidates
    for cell, value in enumerate(solution):
        if cell in result.candidates:
            assert value in result.candidates[cell]
            assert result.grid[cell] == 0
        else:
            assert result.grid[cell] == value


@pytest.mark.parametrize(
    "givens",
    [
        "1.3.3.1.2.4.4.2.",  # 4x4, boxes 2x2, several solutions
        blank(SUDOKU4, 3),
        blank(SUDOKU6, 2),  # 6x6, boxes 2x3
        blank(SUDOKU6, 4),
    ],
)
def test_eliminate_on_small_sudokus(givens: str) -> None:
    puzzle = Puzzle.sudoku(givens)
    result = check_against_seed(puzzle)
    if result.solved:
        assert puzzle.is_solution(result.grid)
    solution = latinum.solve(puzzle)
    for cell, candidates in result.candidates.items():
        assert solution[cell] in candidates


def test_eliminate_solves_a_4x4_and_a_6x6() -> None:
    for line, box in ((SUDOKU4, (2, 2)), (SUDOKU6, (2, 3))):
        blanks = "".join("." if i % 5 == 0 else c for i, c in enumerate(line))
        puzzle = Puzzle.sudoku(blanks, box=box)
        result = check_against_seed(puzzle)
        assert result.solved and result.grid.line() == line


def test_eliminate_reports_a_contradiction() -> None:
    # r1c4 is left with 4 by its row, and takes the last candidate of the given below it.
    puzzle = Puzzle.latin("123." + "...4" + "...." + "....")
    stats = EliminateStats()
    with pytest.raises(Unsolvable, match=r"r2c4 has no candidate left .*r1c4.*no solution"):
        eliminate(puzzle, stats=stats)
    assert stats.sweeps == 1 and stats.eliminations > 0
    with pytest.raises(NoSolution) as caught:
        run(puzzle, "eliminate")
    assert caught.value.result.counters == {"eliminations": stats.eliminations, "sweeps": 1}


def test_eliminate_refuses_cages() -> None:
    for puzzle in (read(SEED_EXAMPLE), Puzzle.killer(KILLER4_CAGES, box=(2, 2))):
        with pytest.raises(InvalidPuzzle, match="eliminate knows only rows, columns and boxes"):
            eliminate(puzzle)
        assert "eliminate" not in applicable(puzzle)


# the registry -------------------------------------------------------------------


def test_registry_names_and_applicability() -> None:
    assert list(ALGORITHMS) == ["fast", "brute-force", "backtrack", "eliminate"]
    assert applicable(Puzzle.sudoku(CLASSIC)) == list(ALGORITHMS)
    assert applicable(read(SEED_EXAMPLE)) == ["fast", "brute-force", "backtrack"]
    assert applicable(read(CAGE / "mathdoku-Input_6.txt")) == ["fast", "backtrack"]


@pytest.mark.parametrize("name", ["fast", "brute-force", "backtrack", "eliminate"])
def test_run_every_algorithm(name: str) -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    result = run_algorithm(puzzle, name)
    assert result.algorithm == name and result.solved
    assert puzzle.is_solution(result.grid)
    assert result.seconds >= 0
    assert all(isinstance(value, int) for value in result.counters.values())
    expected = {
        "fast": ["nodes", "guesses", "passes"],
        "brute-force": ["checks", "backtracks"],
        "backtrack": ["choices", "nodes"],
        "eliminate": ["eliminations", "sweeps"],
    }[name]
    assert list(result.counters) == expected
    assert result.counters_text.startswith(f"{expected[0]}: ")


def test_run_refuses_and_rejects() -> None:
    with pytest.raises(InvalidPuzzle, match="backtrack"):
        run(read(CAGE / "mathdoku-Input_6.txt"), "brute-force")
    with pytest.raises(latinum.LatinumError, match="unknown algorithm 'quick'"):
        run(Puzzle.sudoku(CLASSIC), "quick")
    with pytest.raises(Stopped):
        run(Puzzle.sudoku(HARD[0]), "fast", node_limit=1)


def test_the_module_is_importable_by_its_path() -> None:
    from latinum.solver import algorithms

    assert algorithms.run is run
