"""Grid geometry: size, boxes, cell indices and names, units and peers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from math import isqrt
from typing import TypeVar

from .errors import InvalidArgument, InvalidPuzzle
from .symbols import MAX_SIZE

_CELL_NAME = re.compile(r"[rR](\d+)[cC](\d+)")
T = TypeVar("T")


def _shared(build: Callable[[Geometry], T]) -> cached_property[T]:
    """A cached property computed once for all equal geometries, not once per instance."""
    return cached_property(lru_cache(maxsize=128)(build))


@dataclass(frozen=True)
class Geometry:
    """An N x N grid, optionally split into boxes of ``box = (rows, cols)``.

    Cells are numbered 0..N*N-1 row-major. ``diagonals`` adds the two main
    diagonals as units (Sudoku-X).
    """

    size: int
    box: tuple[int, int] | None = None
    diagonals: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.size <= MAX_SIZE:
            raise InvalidPuzzle(f"size {self.size} is outside 1..{MAX_SIZE}")
        if self.box is not None:
            rows, cols = self.box
            if rows < 1 or cols < 1 or rows * cols != self.size:
                raise InvalidPuzzle(
                    f"box {rows}x{cols} does not tile a {self.size}x{self.size} grid"
                )

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

    def box_of(self, cell: int) -> int | None:
        """Box number of ``cell`` (row-major over boxes), or None without boxes."""
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
        if self.box is None:
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
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every group of N cells whose values must all differ."""
        return self.rows + self.columns + self.boxes + self.diagonal_units

    @_shared
    def unit_names(self) -> tuple[str, ...]:
        """The name of each of :attr:`units`, in the same order (see :func:`unit_name`)."""
        kinds = {
            "row": self.rows,
            "column": self.columns,
            "box": self.boxes,
            "diagonal": self.diagonal_units,
        }
        return tuple(unit_name(kind, i) for kind, units in kinds.items() for i in range(len(units)))

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
        if self.diagonals:
            text += ", diagonals"
        return text


@cache
def unit_name(kind: str, index: int) -> str:
    """``row 1``, ``column 2`` or ``box 3`` (``index`` from 0), ``the main diagonal`` or
    ``the anti-diagonal``."""
    if kind == "diagonal":
        return "the main diagonal" if index == 0 else "the anti-diagonal"
    return f"{kind} {index + 1}"


def default_box(size: int) -> tuple[int, int] | None:
    """The usual box shape for a Sudoku of ``size``: as square as possible, wider than tall."""
    for rows in range(isqrt(max(size, 0)), 1, -1):
        if size % rows == 0:
            return rows, size // rows
    return None
