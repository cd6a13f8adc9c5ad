"""A filled or partly filled N x N grid of values (0 = empty)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .errors import InvalidArgument
from .symbols import line_of


@dataclass(frozen=True)
class Grid:
    """Values of an N x N grid in row-major order; 0 marks an empty cell."""

    size: int
    values: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.values) != self.size * self.size:
            raise InvalidArgument(f"a {self.size}x{self.size} grid needs {self.size**2} values")

    @classmethod
    def of(cls, values: Sequence[int]) -> Grid:
        """A grid from a flat sequence whose length is a square."""
        size = round(len(values) ** 0.5)
        return cls(size, tuple(values))

    def __getitem__(self, key: int | tuple[int, int]) -> int:
        if isinstance(key, tuple):
            row, col = key
            return self.values[row * self.size + col]
        return self.values[key]

    def __iter__(self) -> Iterator[int]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def rows(self) -> list[tuple[int, ...]]:
        """The values row by row."""
        n = self.size
        return [self.values[r * n : r * n + n] for r in range(n)]

    def line(self) -> str:
        """One line of N*N characters: digits, letters above 9, ``.`` for empty."""
        return line_of(self.values)

    def text(self) -> str:
        """N rows of space-separated numbers (0 for empty)."""
        return "\n".join(" ".join(str(v) for v in row) for row in self.rows())

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        """The grid as a picture, for Jupyter."""
        from .render.pictures import grid_svg  # drawing sits above the model; loaded on use

        return grid_svg(self)

    @property
    def complete(self) -> bool:
        return 0 not in self.values
