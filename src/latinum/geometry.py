"""Grid geometry: size, boxes, cell indices and names, units and peers."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from math import isqrt
from typing import TypeVar

from .errors import InvalidArgument, InvalidPuzzle
from .symbols import MAX_SIZE

#: The first row (and column) of Windoku's windows, 0-based.
WINDOW_STARTS = (1, 5)
_CELL_NAME = re.compile(r"[rR](\d+)[cC](\d+)")
T = TypeVar("T")


def _shared(build: Callable[[Geometry], T]) -> cached_property[T]:
    """A cached property computed once for all equal geometries, not once per instance."""
    return cached_property(lru_cache(maxsize=128)(build))


@dataclass(frozen=True)
class Geometry:
    """An N x N grid, optionally split into boxes of ``box = (rows, cols)`` or into
    the irregular ``regions`` of a Jigsaw Sudoku (a region number per cell).

    Cells are numbered 0..N*N-1 row-major. ``diagonals`` adds the two main
    diagonals as units (Sudoku-X); ``windows`` adds Windoku's four 3x3 windows
    to a 9x9 grid of 3x3 boxes. Regions are renumbered in reading order of
    their first cells, so equal partitions make equal geometries.
    """

    size: int
    box: tuple[int, int] | None = None
    diagonals: bool = False
    regions: tuple[int, ...] | None = None
    windows: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.size <= MAX_SIZE:
            raise InvalidPuzzle(f"size {self.size} is outside 1..{MAX_SIZE}")
        if self.box is not None:
            rows, cols = self.box
            if rows < 1 or cols < 1 or rows * cols != self.size:
                raise InvalidPuzzle(
                    f"box {rows}x{cols} does not tile a {self.size}x{self.size} grid"
                )
        if self.regions is not None:
            if self.box is not None:
                raise InvalidPuzzle("a grid has boxes or jigsaw regions, not both")
            object.__setattr__(self, "regions", _checked_regions(self.regions, self.size))
        if self.windows and self.box != (3, 3):
            raise InvalidPuzzle("Windoku's windows need a 9x9 grid of 3x3 boxes")

    @property
    def cells(self) -> range:
        return range(self.size * self.size)

    def index(self, row: int, col: int) -> int:
        """Cell index of 0-based ``row`` and ``col``."""
        return row * self.size + col

    def row_col(self, cell: int) -> tuple[int, int]:
        """0-based row and column of ``cell``."""
        return divmod(cell, self.size)

    def name(self, cell: int) -> str:
        """The ``r1c1`` name of ``cell`` (1-based)."""
        row, col = divmod(cell, self.size)
        return f"r{row + 1}c{col + 1}"

    def parse_name(self, text: str) -> int:
        """Cell index of an ``r1c1`` name."""
        match = _CELL_NAME.fullmatch(text.strip())
        if not match:
            raise InvalidArgument(f"{text!r} is not a cell name like r1c1")
        row, col = int(match[1]) - 1, int(match[2]) - 1
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise InvalidArgument(f"{text} is outside the {self.size}x{self.size} grid")
        return self.index(row, col)

    @property
    def has_boxes(self) -> bool:
        """True if the grid is split into boxes or jigsaw regions."""
        return self.box is not None or self.regions is not None

    def box_of(self, cell: int) -> int | None:
        """Box number of ``cell`` (row-major over boxes) or its jigsaw region's,
        or None without either."""
        if self.regions is not None:
            return self.regions[cell]
        if self.box is None:
            return None
        rows, cols = self.box
        row, col = divmod(cell, self.size)
        return (row // rows) * (self.size // cols) + col // cols

    @_shared
    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(range(r * n, r * n + n)) for r in range(n))

    @_shared
    def columns(self) -> tuple[tuple[int, ...], ...]:
        n = self.size
        return tuple(tuple(range(c, n * n, n)) for c in range(n))

    @_shared
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        """The boxes, or the jigsaw regions, each in reading order."""
        if not self.has_boxes:
            return ()
        groups: list[list[int]] = [[] for _ in range(self.size)]
        for cell in self.cells:
            groups[self.box_of(cell)].append(cell)  # type: ignore[index]
        return tuple(tuple(group) for group in groups)

    @_shared
    def diagonal_units(self) -> tuple[tuple[int, ...], ...]:
        if not self.diagonals:
            return ()
        n = self.size
        return (
            tuple(i * n + i for i in range(n)),
            tuple(i * n + (n - 1 - i) for i in range(n)),
        )

    @_shared
    def window_units(self) -> tuple[tuple[int, ...], ...]:
        """Windoku's four windows: rows and columns 2-4 and 6-8 (1-based)."""
        if not self.windows:
            return ()
        n = self.size
        return tuple(
            tuple((top + r) * n + left + c for r in range(3) for c in range(3))
            for top in WINDOW_STARTS
            for left in WINDOW_STARTS
        )

    @_shared
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every group of N cells whose values must all differ."""
        return self.rows + self.columns + self.boxes + self.diagonal_units + self.window_units

    @property
    def box_word(self) -> str:
        """What the grid calls its boxes: ``box``, or ``region`` for jigsaw regions."""
        return "region" if self.regions is not None else "box"

    @_shared
    def unit_kinds(self) -> tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]:
        """``(kind, units)`` of every kind of unit, in the order of :attr:`units`."""
        return (
            ("row", self.rows),
            ("column", self.columns),
            ("box", self.boxes),
            ("diagonal", self.diagonal_units),
            ("window", self.window_units),
        )

    @_shared
    def unit_names(self) -> tuple[str, ...]:
        """The name of each of :attr:`units`, in the same order (see :func:`unit_name`)."""
        return tuple(
            unit_name(self.box_word if kind == "box" else kind, i)
            for kind, units in self.unit_kinds
            for i in range(len(units))
        )

    @_shared
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells sharing a unit with it."""
        peers: list[set[int]] = [set() for _ in self.cells]
        for unit in self.units:
            for cell in unit:
                peers[cell].update(unit)
        for cell, group in enumerate(peers):
            group.discard(cell)
        return tuple(frozenset(group) for group in peers)

    def describe(self) -> str:
        """Short text such as ``9x9, boxes 3x3``."""
        text = f"{self.size}x{self.size}"
        if self.box:
            text += f", boxes {self.box[0]}x{self.box[1]}"
        if self.regions is not None:
            text += ", jigsaw regions"
        if self.diagonals:
            text += ", diagonals"
        if self.windows:
            text += ", windows"
        return text


@cache
def unit_name(kind: str, index: int) -> str:
    """``row 1``, ``column 2``, ``box 3``, ``region 4`` or ``window 1`` (``index``
    from 0), ``the main diagonal`` or ``the anti-diagonal``."""
    if kind == "diagonal":
        return "the main diagonal" if index == 0 else "the anti-diagonal"
    return f"{kind} {index + 1}"


def default_box(size: int) -> tuple[int, int] | None:
    """The usual box shape for a Sudoku of ``size``: as square as possible, wider than tall."""
    for rows in range(isqrt(max(size, 0)), 1, -1):
        if size % rows == 0:
            return rows, size // rows
    return None


def region_labels(
    regions: str | Sequence[int] | Sequence[Sequence[int]], size: int
) -> tuple[int, ...]:
    """A region number per cell from a label per cell (a string such as ``"AAB..."``,
    spaces ignored, or numbers) or from groups of cell indices."""
    if isinstance(regions, str):
        text = "".join(regions.split())
        return tuple(ord(char) for char in text)
    found: list = list(regions)
    if not found or not isinstance(found[0], Sequence):
        return tuple(int(label) for label in found)
    labels = [-1] * (size * size)
    for number, group in enumerate(found):
        for cell in group:
            if not 0 <= cell < size * size:
                raise InvalidPuzzle(f"region {number + 1} names cell {cell}, outside the grid")
            if labels[cell] >= 0:
                first = labels[cell] + 1
                raise InvalidPuzzle(f"cell {cell} is in regions {first} and {number + 1}")
            labels[cell] = number
    if -1 in labels:
        cell = labels.index(-1)
        raise InvalidPuzzle(f"r{cell // size + 1}c{cell % size + 1} is in no region")
    return tuple(labels)


def _checked_regions(regions: Sequence[int], size: int) -> tuple[int, ...]:
    """``regions`` renumbered in reading order, or InvalidPuzzle unless they are
    ``size`` connected regions of ``size`` cells each."""
    regions = tuple(regions)
    if len(regions) != size * size:
        raise InvalidPuzzle(
            f"{len(regions)} region numbers for a {size}x{size} grid (expected {size * size})"
        )
    number: dict[int, int] = {}
    for label in regions:
        number.setdefault(label, len(number))
    found = tuple(number[label] for label in regions)
    members: list[list[int]] = [[] for _ in number]
    for cell, region in enumerate(found):
        members[region].append(cell)
    if len(members) != size:
        found_count = f"{len(members)} region{'' if len(members) == 1 else 's'}"
        raise InvalidPuzzle(f"{found_count} in a {size}x{size} grid (expected {size})")
    for cells in members:
        where = f"the region at r{cells[0] // size + 1}c{cells[0] % size + 1}"
        if len(cells) != size:
            raise InvalidPuzzle(f"{where} has {len(cells)} cells (expected {size})")
        if not connected(cells, size):
            raise InvalidPuzzle(f"{where} is in pieces (its cells must connect side by side)")
    return found


def reached(cells: Sequence[int], size: int) -> set[int]:
    """The cells of ``cells`` that join the first through shared sides (it included)."""
    members = set(cells)
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        row, col = divmod(todo.pop(), size)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            neighbour = r * size + c
            if 0 <= r < size and 0 <= c < size and neighbour in members and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return seen


def connected(cells: Sequence[int], size: int) -> bool:
    """True if ``cells`` join up through shared sides."""
    return len(reached(cells, size)) == len(set(cells))
