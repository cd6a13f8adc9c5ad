"""An independent solution counter for the tests: plain backtracking over cells
in reading order with full constraint checks, sharing no code with latinum's engine."""

from __future__ import annotations

from math import prod

from latinum import Puzzle


def units_of(size: int, box: tuple[int, int] | None) -> list[list[int]]:
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    if box:
        rows, cols = box
        for top in range(0, size, rows):
            for left in range(0, size, cols):
                units.append(
                    [(top + r) * size + left + c for r in range(rows) for c in range(cols)]
                )
    return units


def cage_holds(op: str, target: int, values: list[int]) -> bool:
    if op == "+":
        return sum(values) == target
    if op == "*":
        return prod(values) == target
    if op == "=":
        return values == [target]
    a, b = sorted(values)
    return b - a == target if op == "-" else b == a * target


def count_independently(puzzle: Puzzle) -> int:
    size = puzzle.size
    units = units_of(size, puzzle.geometry.box)
    units += [list(c.cells) for c in puzzle.cages if c.distinct]
    if puzzle.geometry.diagonals:
        units.append([i * size + i for i in range(size)])
        units.append([i * size + size - 1 - i for i in range(size)])
    if puzzle.geometry.regions is not None:  # a jigsaw region per label
        labels = puzzle.geometry.regions
        units += [[c for c in range(size * size) if labels[c] == label] for label in set(labels)]
    if puzzle.geometry.windows:  # Windoku: 3x3 windows at rows and columns 2-4 and 6-8
        for top in (1, 5):
            for left in (1, 5):
                units.append([(top + r) * size + left + c for r in range(3) for c in range(3)])
    cell_units = [[u for u in units if cell in u] for cell in range(size * size)]
    cages = [(c.op, c.target, list(c.cells)) for c in puzzle.cages]
    cell_cages = [[c for c in cages if cell in c[2]] for cell in range(size * size)]
    # Each relation as (other cell, test of this cell's value against the other's).
    cell_relations: list[list] = [[] for _ in range(size * size)]
    for r in puzzle.relations:
        if r.kind == "<":
            cell_relations[r.first].append((r.second, lambda mine, theirs: mine < theirs))
            cell_relations[r.second].append((r.first, lambda mine, theirs: mine > theirs))
        else:
            bar = r.kind == "|"
            for a, b in (r.first, r.second), (r.second, r.first):
                cell_relations[a].append(
                    (b, lambda mine, theirs, bar=bar: (abs(mine - theirs) == 1) == bar)
                )
    # Each Skyscrapers clue as (cells nearest the clue first, towers seen).
    sightlines = []
    for line in puzzle.sightlines:
        k = line.index
        column = [r * size + k for r in range(size)]
        row = [k * size + c for c in range(size)]
        cells = {"top": column, "bottom": column[::-1], "left": row, "right": row[::-1]}
        sightlines.append((cells[line.side], line.seen))
    cell_sightlines = [[s for s in sightlines if cell in s[0]] for cell in range(size * size)]
    values = list(puzzle.givens)
    for cell, value in enumerate(values):
        if value and any(values[o] == value for u in cell_units[cell] for o in u if o != cell):
            return 0

    def fits(cell: int, value: int) -> bool:
        for unit in cell_units[cell]:
            if any(values[other] == value for other in unit if other != cell):
                return False
        for other, holds in cell_relations[cell]:
            if values[other] and not holds(value, values[other]):
                return False
        values[cell] = value
        try:
            for op, target, cells in cell_cages[cell]:
                filled = [values[c] for c in cells]
                if 0 not in filled and not cage_holds(op, target, filled):
                    return False
            for cells, seen in cell_sightlines[cell]:
                heights = [values[c] for c in cells]
                if (
                    0 not in heights
                    and sum(1 for i, h in enumerate(heights) if all(h > x for x in heights[:i]))
                    != seen
                ):
                    return False
            return True
        finally:
            values[cell] = 0

    def count(cell: int) -> int:
        if cell == size * size:
            return 1
        if puzzle.givens[cell]:
            ok = fits(cell, puzzle.givens[cell])
            values[cell] = puzzle.givens[cell]
            return count(cell + 1) if ok else 0
        total = 0
        for value in range(1, size + 1):
            if fits(cell, value):
                values[cell] = value
                total += count(cell + 1)
                values[cell] = 0
        return total

    return count(0)
