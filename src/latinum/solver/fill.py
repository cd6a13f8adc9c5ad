"""A random complete grid, the first step of every generated puzzle.

Depth-first filling of the empty grid: the empty cell with the fewest values
left (the first such in row-major order) takes its values in an order
shuffled by SplitMix64. The native engine does the same in Rust when it was
built; both give the same grid for the same seed, so a generator's seed means
the same puzzle with either engine.
"""

from __future__ import annotations

from ..errors import InvalidArgument, LatinumError
from ..geometry import Geometry
from .engines import chosen

#: Values tried before a fill gives up (no supported shape comes near).
NODE_LIMIT = 10_000_000
MASK = 2**64 - 1


def random_grid(geometry: Geometry, seed: int) -> list[int]:
    """A complete grid of ``geometry`` (values row by row) drawn from ``seed`` (0 to 2**64-1).

    Raises LatinumError when the shape has no completion.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK:
        raise InvalidArgument(f"seed must be a whole number from 0 to 2**64-1, not {seed!r}")
    values = bounded_grid(geometry, seed, NODE_LIMIT)
    if values is None:
        raise LatinumError(f"no complete grid was found for {geometry.describe()}")
    return values


def bounded_grid(geometry: Geometry, seed: int, nodes: int) -> list[int] | None:
    """:func:`random_grid`'s grid of ``seed``, or None when it was not found within
    ``nodes`` values tried (the same with either engine)."""
    if chosen() == "native":
        from .native import shape

        grid = shape(geometry).random_grid(seed, nodes)
        return None if grid is None else list(grid)
    filling = _Filling(geometry, seed)
    filling.nodes = nodes
    return filling.grid()


class _SplitMix64:
    """SplitMix64, as the native engine draws it."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound`` - 1."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return ((z ^ (z >> 31)) * bound) >> 64


class _Filling:
    """The pure engine's fill, step for step the native one."""

    def __init__(self, geometry: Geometry, seed: int) -> None:
        size = geometry.size
        self.size = size
        self.peers = [tuple(group) for group in geometry.peers]
        self.values = [0] * (size * size)
        self.used = [0] * (size * size)  # bit v-1 set: value v sits in a peer
        self.counts = [[0] * (size + 1) for _ in range(size * size)]  # exact undo
        self.empty = set(range(size * size))
        self.random = _SplitMix64(seed)
        self.nodes = NODE_LIMIT

    def grid(self) -> list[int] | None:
        return self.values if self._fill() else None

    def _fill(self) -> bool:
        size, full = self.size, (1 << self.size) - 1
        best, best_free = -1, size + 1
        for cell in sorted(self.empty):
            free = (full & ~self.used[cell]).bit_count()
            if free < best_free:
                best, best_free = cell, free
                if free <= 1:
                    break
        if best < 0:
            return True
        options = [v for v in range(1, size + 1) if not self.used[best] >> (v - 1) & 1]
        for index in range(len(options) - 1, 0, -1):
            other = self.random.below(index + 1)
            options[index], options[other] = options[other], options[index]
        for value in options:
            if not self.nodes:
                return False
            self.nodes -= 1
            self._put(best, value)
            if self._fill():
                return True
            self._take(best, value)
        return False

    def _put(self, cell: int, value: int) -> None:
        self.values[cell] = value
        self.empty.discard(cell)
        for other in self.peers[cell]:
            self.counts[other][value] += 1
            self.used[other] |= 1 << (value - 1)

    def _take(self, cell: int, value: int) -> None:
        self.values[cell] = 0
        self.empty.add(cell)
        for other in self.peers[cell]:
            self.counts[other][value] -= 1
            if not self.counts[other][value]:
                self.used[other] &= ~(1 << (value - 1))
