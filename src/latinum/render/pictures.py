"""Pictures of puzzles as SVG, in the style of printed puzzles.

Thick lines for the frame, boxes and KenKen cages, thin ones between cells;
Killer cages dashed and inset with their sum in the corner; Futoshiki cells
apart with the signs (or Tatham's bars) between them; Skyscrapers clues outside
the frame, in line with their rows and columns. Givens are bold, other
values (a solution, a player's entries) lighter; pencil marks keep a fixed
place in the cell; a :class:`~latinum.Step` can be highlighted.

Every element carries a ``class`` naming what it draws (``cell-line``,
``box-line``, ``cage-wall``, ``cage-outline``, ``cage-label``, ``given``,
``value``, ``candidate``, ``sign``, ``clue``, ...), so that pictures can be
styled and checked; a clue also says where it stands (``data-side``,
``data-index``), as marks of cells say which cell (``data-cell``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from ..errors import InvalidArgument
from ..geometry import Geometry, default_box
from ..grid import Grid
from ..puzzle import Puzzle
from .picture import Marked, Picture

if TYPE_CHECKING:
    from ..logic.step import Step

#: Pencil marks of one cell: a bitmask (bit ``v-1`` for value ``v``) or the values.
Marks = int | Iterable[int]

MIN_CELL, MAX_CELL = 12, 400


def svg(
    puzzle: Puzzle,
    solution: Sequence[int] | Grid | None = None,
    candidates: Sequence[Marks] | None = None,
    highlight: Step | Iterable[int] | None = None,
    cell: int = 40,
) -> str:
    """The SVG picture of ``puzzle``.

    ``solution`` gives values to show in the empty cells, lighter than the givens
    (a solution, or a player's entries with 0 for empty). ``candidates`` gives the
    pencil marks of each cell (a bitmask or the values), shown where a cell has no
    value. ``highlight`` shades cells, or draws a :class:`~latinum.Step`: its region
    and cells shaded, the candidates of its pattern in blue squares, its placements
    in green circles, its eliminations crossed out in orange, and its chain links
    as curves (solid when strong, dashed when weak). ``cell`` is the side of a cell
    in pixels.
    """
    n = puzzle.size
    if not MIN_CELL <= cell <= MAX_CELL:
        raise InvalidArgument(f"cell size {cell} is outside {MIN_CELL}..{MAX_CELL} pixels")
    values = _values(solution, n, "solution")
    marks = _marks(candidates, n)
    return Picture(puzzle, cell).draw(values, marks, _marked(highlight, puzzle.geometry))


def step_svg(
    puzzle: Puzzle,
    values: Sequence[int],
    candidates: Sequence[Marks],
    step: Step,
    level: int = 3,
    cell: int = 48,
) -> str:
    """The picture of ``step`` found with ``values`` and ``candidates`` (before the
    step), as much of it as a hint of ``level`` shows (1: the grid, 2: the region,
    3: everything)."""
    from ..logic.drawing import at_level

    if level not in (1, 2, 3):
        raise InvalidArgument(f"hint level {level} is not 1, 2 or 3")
    return svg(puzzle, values, candidates, at_level(step, level), cell)


def pencil_marks(puzzle: Puzzle) -> list[set[int]]:
    """The values no group of cells that must differ holds yet, for each empty cell."""
    peers = [set(group) for group in puzzle.geometry.peers]
    for cage in puzzle.cages:
        if cage.distinct:
            for cell in cage.cells:
                peers[cell].update(c for c in cage.cells if c != cell)
    every = set(range(1, puzzle.size + 1))
    return [
        set() if value else every - {puzzle.givens[p] for p in peers[cell]}
        for cell, value in enumerate(puzzle.givens)
    ]


def grid_svg(grid: Grid, cell: int = 40) -> str:
    """The picture of a grid of values, with the usual boxes of its size."""
    geometry = Geometry(grid.size, default_box(grid.size))
    blank = Puzzle("sudoku" if geometry.box else "latin", geometry, (0,) * len(grid.values))
    return svg(blank, solution=grid.values, cell=cell)


# Checking the arguments ------------------------------------------------


def _values(values: Sequence[int] | Grid | None, n: int, name: str) -> tuple[int, ...]:
    if values is None:
        return (0,) * (n * n)
    found = tuple(values.values if isinstance(values, Grid) else values)
    if len(found) != n * n:
        raise InvalidArgument(f"{name} has {len(found)} values; a {n}x{n} grid needs {n * n}")
    if any(not isinstance(v, int) or not 0 <= v <= n for v in found):
        raise InvalidArgument(f"{name} values must be whole numbers from 0 to {n}")
    return found


def _marks(candidates: Sequence[Marks] | None, n: int) -> list[frozenset[int]]:
    if candidates is None:
        return [frozenset()] * (n * n)
    if len(candidates) != n * n:
        raise InvalidArgument(f"candidates for {len(candidates)} cells; a {n}x{n} grid has {n * n}")
    found = []
    for marks in candidates:
        digits = (
            frozenset(v for v in range(1, n + 1) if marks >> (v - 1) & 1)
            if isinstance(marks, int)
            else frozenset(marks)
        )
        if any(not isinstance(v, int) or not 1 <= v <= n for v in digits):
            raise InvalidArgument(f"candidates must be values from 1 to {n}")
        found.append(digits)
    return found


def _marked(highlight: Step | Iterable[int] | None, geometry: Geometry) -> Marked:
    """What to draw of a step, or the cells to shade."""
    if highlight is None:
        return Marked()
    if not hasattr(highlight, "placements"):
        return Marked(cells=frozenset(_cells(highlight, geometry.size)))
    step = cast("Step", highlight)
    n = geometry.size
    region = step.region or [c for name in step.houses for c in _house_cells(name, geometry)]
    candidates = [*step.pattern, *step.placements, *step.eliminations]
    candidates += [end for link in step.links for end in (*link.start, *link.end)]
    _cells((cell for cell, _ in candidates), n)
    if any(not isinstance(v, int) or not 1 <= v <= n for _, v in candidates):
        raise InvalidArgument(f"a step's values must be whole numbers from 1 to {n}")
    return Marked(
        region=frozenset(_cells(region, n)),
        cells=frozenset(_cells(step.cells, n)),
        pattern=frozenset(step.pattern),
        placed=frozenset(step.placements),
        struck=frozenset(step.eliminations),
        links=tuple(step.links),
    )


def _cells(cells: Iterable[int], n: int) -> set[int]:
    found = set(cells)
    if any(not isinstance(c, int) or not 0 <= c < n * n for c in found):
        raise InvalidArgument(f"highlighted cells must be cell numbers from 0 to {n * n - 1}")
    return found


def _house_cells(name: str, geometry: Geometry) -> tuple[int, ...]:
    """The cells of a house named as steps name them (``row 3``, ``box 5``), or none."""
    kind, _, number = name.partition(" ")
    units = {
        "row": geometry.rows,
        "column": geometry.columns,
        geometry.box_word: geometry.boxes,
        "window": geometry.window_units,
    }.get(kind)
    if units is not None and number.isdigit() and 1 <= int(number) <= len(units):
        return units[int(number) - 1]
    diagonals = geometry.diagonal_units
    if diagonals and name in ("the main diagonal", "the anti-diagonal"):
        return diagonals[name != "the main diagonal"]
    return ()
