"""The native (Rust) engine behind the pure engine's interface, for puzzles without cages."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from time import perf_counter

from .. import _native  # type: ignore[attr-defined]
from ..errors import LatinumError, SearchLimit
from ..geometry import Geometry
from ..puzzle import Puzzle
from .stats import Stats


@lru_cache(maxsize=64)
def shape(geometry: Geometry) -> _native.Shape:
    """The native shape of ``geometry``, prepared once (geometries are hashable values)."""
    return _native.Shape(geometry.size, [cell for unit in geometry.units for cell in unit])


class NativeEngine:
    """Solves a puzzle of units only (no cages) in Rust; see :class:`~.engine.Engine`."""

    def __init__(self, puzzle: Puzzle) -> None:
        if puzzle.cages:
            raise LatinumError("the native engine does not take cages")
        if any(not 0 <= value <= puzzle.size for value in puzzle.givens):
            raise LatinumError(f"a given is outside 0..{puzzle.size}")
        try:
            self._shape = shape(puzzle.geometry)
        except ValueError as error:
            raise LatinumError(f"the native engine refused the grid: {error}") from error
        self._givens = bytes(puzzle.givens)
        self.passes = 0

    def search(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
    ) -> Iterator[list[int]]:
        """Yield up to ``limit`` solutions (all when None) as lists of values.

        Raises SearchLimit after the solutions found when ``node_limit`` or
        the ``deadline`` (a :func:`time.perf_counter` time) stopped the search.
        """
        time_limit = None if deadline is None else max(0.0, deadline - perf_counter())
        try:
            solutions, stop, nodes, guesses, passes = self._shape.search(
                self._givens, limit, node_limit, time_limit
            )
        except _native.EngineFailure as error:
            raise LatinumError(f"the native engine failed: {error}") from error
        except (ValueError, OverflowError) as error:
            raise LatinumError(f"the native engine refused the puzzle: {error}") from error
        stats.nodes += nodes
        stats.guesses += guesses
        self.passes += passes
        for values in solutions:
            yield list(values)
        if stop == "nodes":
            raise SearchLimit(f"search stopped at the node limit ({node_limit})")
        if stop == "time":
            raise SearchLimit("search stopped at the time limit")
