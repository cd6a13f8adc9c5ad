"""Hypothesis strategies for random valid puzzles of every variant.

Each strategy draws ``(puzzle, solution)``: the solution is the complete grid
(a tuple of values, row-major) the puzzle was built from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

from latinum import Cage, Geometry, Puzzle

Solution = tuple[int, ...]
SUDOKU_BOXES = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (4, 4))
KILLER_BOXES = ((2, 2), (2, 3), (3, 2), (3, 3))


def sudoku_solution(box: tuple[int, int], rng: random.Random) -> Solution:
    """A random complete Sudoku: the canonical pattern with rows, bands, columns,
    stacks and values shuffled."""
    box_rows, box_cols = box
    n = box_rows * box_cols
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    rows = [
        band * box_rows + r
        for band in _shuffled(n // box_rows, rng)
        for r in _shuffled(box_rows, rng)
    ]
    cols = [
        stack * box_cols + c
        for stack in _shuffled(n // box_cols, rng)
        for c in _shuffled(box_cols, rng)
    ]

    def pattern(r: int, c: int) -> int:
        return ((r % box_rows) * box_cols + r // box_rows + c) % n

    return tuple(labels[pattern(rows[r], cols[c])] for r in range(n) for c in range(n))


def latin_solution(n: int, rng: random.Random) -> Solution:
    """A random Latin square: the cyclic square with rows, columns and values shuffled."""
    rows, cols, labels = _shuffled(n, rng), _shuffled(n, rng), _shuffled(n, rng)
    return tuple(labels[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n))


def _shuffled(n: int, rng: random.Random) -> list[int]:
    items = list(range(n))
    rng.shuffle(items)
    return items


def _blanked(solution: Solution, rng: random.Random, density: float) -> Solution:
    return tuple(v if rng.random() < density else 0 for v in solution)


@st.composite
def sudoku_puzzles(
    draw: st.DrawFn,
    sizes: Sequence[int] | None = None,
    boxes: Sequence[tuple[int, int]] = SUDOKU_BOXES,
    diagonals: bool = False,
) -> tuple[Puzzle, Solution]:
    """A Sudoku of any box shape in ``boxes`` (limited to ``sizes`` if given).

    With ``diagonals`` the drawn solution ignores the diagonals: such puzzles
    serve format tests only.
    """
    shapes = [b for b in boxes if sizes is None or b[0] * b[1] in sizes]
    box = draw(st.sampled_from(shapes))
    rng = draw(st.randoms(use_true_random=False))
    solution = sudoku_solution(box, rng)
    givens = _blanked(solution, rng, draw(st.floats(0, 1)))
    n = box[0] * box[1]
    return Puzzle("sudoku", Geometry(n, box, diagonals), givens), solution


@st.composite
def latin_puzzles(draw: st.DrawFn, sizes: Sequence[int] = range(1, 10)) -> tuple[Puzzle, Solution]:
    """A Latin square completion puzzle."""
    n = draw(st.sampled_from(list(sizes)))
    rng = draw(st.randoms(use_true_random=False))
    solution = latin_solution(n, rng)
    return Puzzle.latin(_blanked(solution, rng, draw(st.floats(0, 1)))), solution


@st.composite
def kenken_puzzles(
    draw: st.DrawFn, sizes: Sequence[int] = range(2, 8), largest: int = 4, givens: bool = False
) -> tuple[Puzzle, Solution]:
    """A KenKen: contiguous cages of 1 to ``largest`` cells with operators valid
    for their size (a digit may repeat in a cage across rows and columns, as
    Mathdoku allows); with ``givens``, now and then a few givens."""
    n = draw(st.sampled_from(list(sizes)))
    rng = draw(st.randoms(use_true_random=False))
    solution = latin_solution(n, rng)
    cages = []
    for cells in _partition(n, rng, lambda cage, cell: True, largest):
        values = [solution[c] for c in cells]
        op = rng.choice(_operators(values))
        cages.append(Cage(tuple(cells), op, _target(op, values)))
    density = draw(st.sampled_from((0.0, 0.1, 0.3))) if givens else 0.0
    return Puzzle.kenken(n, cages, _blanked(solution, rng, density)), solution


@st.composite
def killer_puzzles(
    draw: st.DrawFn,
    boxes: Sequence[tuple[int, int]] = KILLER_BOXES,
    largest: int = 4,
    covered: float = 1.0,
) -> tuple[Puzzle, Solution]:
    """A Killer Sudoku: contiguous cages of 1 to ``largest`` distinct digits with
    their sums, each kept with the chance ``covered``."""
    box = draw(st.sampled_from(list(boxes)))
    rng = draw(st.randoms(use_true_random=False))
    solution = sudoku_solution(box, rng)
    n = box[0] * box[1]

    def fits(cage: list[int], cell: int) -> bool:
        return solution[cell] not in {solution[c] for c in cage}

    cages = [
        (sum(solution[c] for c in cells), cells)
        for cells in _partition(n, rng, fits, largest)
        if rng.random() < covered
    ]
    return Puzzle.killer(cages, box=box), solution


def _partition(n: int, rng: random.Random, fits, largest: int = 4) -> list[list[int]]:
    """Cover the grid with random contiguous groups of 1 to ``largest`` cells accepted
    by ``fits``."""
    owner: dict[int, int] = {}
    groups: list[list[int]] = []
    for start in _shuffled(n * n, rng):
        if start in owner:
            continue
        group = [start]
        owner[start] = len(groups)
        wanted = rng.randint(1, largest)
        while len(group) < wanted:
            frontier = [
                cell
                for member in group
                for cell in _neighbours(member, n)
                if cell not in owner and fits(group, cell)
            ]
            if not frontier:
                break
            cell = rng.choice(frontier)
            owner[cell] = len(groups)
            group.append(cell)
        groups.append(sorted(group))
    return groups


def _neighbours(cell: int, n: int) -> list[int]:
    row, col = divmod(cell, n)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * n + c for r, c in steps if 0 <= r < n and 0 <= c < n]


def _operators(values: list[int]) -> list[str]:
    if len(values) == 1:
        return ["="]
    ops = ["+", "*"]
    if len(values) == 2:
        low, high = sorted(values)
        ops.append("-")
        if high % low == 0:
            ops.append("/")
    return ops


def _target(op: str, values: list[int]) -> int:
    low, high = min(values), max(values)
    if op == "=":
        return values[0]
    if op == "-":
        return high - low
    if op == "/":
        return high // low
    if op == "*":
        product = 1
        for v in values:
            product *= v
        return product
    return sum(values)


def any_puzzles() -> st.SearchStrategy[tuple[Puzzle, Solution]]:
    """A puzzle of any variant."""
    return st.one_of(sudoku_puzzles(), latin_puzzles(), kenken_puzzles(), killer_puzzles())
