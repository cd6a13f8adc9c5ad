"""Random Jigsaw Sudoku regions, and a complete grid of them.

:func:`random_regions` starts from the rows; then, :data:`SWAPS_PER_CELL`
times per cell, a cell on a border between two regions and a cell of the
other region on the same border change places, when both regions stay in
one piece. Each swap keeps every region's size, so many of them mix the
shapes well (the length of the borders settles after about 20 swaps a
cell). While a region is still a whole row or column (and so repeats it),
the regions are mixed again, so none keeps the shape it started with.

Some partitions have no Latin square that fits them, and the complete-grid
fill (the one of :mod:`latinum.solver.fill`) gets lost in others: the fill
is bounded to :data:`FILL_NODES` values tried, restarted with
:data:`FILL_TRIES` seeds, and a partition none of them fills is replaced by
a new one. Everything random comes from the ``rng`` given, so a seeded
:class:`random.Random` always gives the same regions and grid, with either engine.
"""

from __future__ import annotations

import random

from ..geometry import Geometry, connected
from ..solver.fill import bounded_grid
from .progress import Attempts, GenerationLimit

#: Swaps tried per cell of the grid (many fail: they would cut a region in two).
SWAPS_PER_CELL = 20
#: Values a fill may try, and the fills (of new seeds) a partition gets.
FILL_NODES = 2000
FILL_TRIES = 8
#: Partitions drawn for one grid before giving up (about 2 are needed at 9x9).
MOST_PARTITIONS = 200


def random_regions(size: int, rng: random.Random) -> tuple[int, ...]:
    """A region number per cell (numbered in reading order of their first cells):
    ``size`` connected regions of ``size`` cells each, drawn from ``rng``; from
    size 4 on, none is a whole row or column."""
    cells = range(size * size)
    regions = [cell // size for cell in cells]
    members = [list(range(row * size, row * size + size)) for row in range(size)]
    neighbours = [_neighbours(cell, size) for cell in cells]
    borders = [(cell, other) for cell in cells for other in neighbours[cell] if other > cell]
    while True:
        for _ in range(SWAPS_PER_CELL * size * size):
            first, other = rng.choice(borders)
            if regions[first] == regions[other]:
                continue
            if rng.random() < 0.5:
                first, other = other, first
            # ``first`` crosses into ``other``'s region, and a cell of that region
            # on the same border crosses back.
            here, there = regions[first], regions[other]
            back = [
                cell for cell in members[there] if any(regions[n] == here for n in neighbours[cell])
            ]
            second = rng.choice(back)
            mine = [cell for cell in members[here] if cell != first] + [second]
            theirs = [cell for cell in members[there] if cell != second] + [first]
            if connected(mine, size) and connected(theirs, size):
                members[here], members[there] = mine, theirs
                regions[first], regions[second] = there, here
        if size < 4 or not any(_straight(group, size) for group in members):
            number: dict[int, int] = {}
            return tuple(number.setdefault(region, len(number)) for region in regions)


def jigsaw_grid(
    size: int, diagonals: bool, rng: random.Random, tried: Attempts
) -> tuple[Geometry, list[int]]:
    """A Jigsaw Sudoku geometry of random regions (with the two diagonals as units
    too if ``diagonals``) and a random complete grid of it, drawn from ``rng``.

    GenerationLimit when :data:`MOST_PARTITIONS` partitions were not filled, or
    at ``tried``'s time limit.
    """
    for _ in range(MOST_PARTITIONS):
        tried.check_time()
        geometry = Geometry(size, None, diagonals, regions=random_regions(size, rng))
        for _ in range(FILL_TRIES):
            grid = bounded_grid(geometry, rng.getrandbits(64), FILL_NODES)
            if grid is not None:
                return geometry, grid
    raise GenerationLimit(
        f"no complete grid was found for {MOST_PARTITIONS} random partitions"
        f" of a {size}x{size} grid into jigsaw regions"
    )


def _neighbours(cell: int, size: int) -> list[int]:
    row, col = divmod(cell, size)
    return [
        r * size + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < size and 0 <= c < size
    ]


def _straight(cells: list[int], size: int) -> bool:
    """Whether ``cells`` (``size`` of them) are a whole row or column."""
    return len({cell // size for cell in cells}) == 1 or len({cell % size for cell in cells}) == 1
