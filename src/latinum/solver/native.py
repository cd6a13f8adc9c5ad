"""The native (Rust) engine behind the pure engine's interface: units and cages."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from time import perf_counter

import latinum._native as _native

from ..errors import LatinumError, SearchLimit
from ..geometry import Geometry
from ..puzzle import Puzzle
from . import restarts
from .engines import MOST, capped
from .stats import Stats

LIMIT_REASONS = {
    "nodes": "search stopped at the node limit ({})",
    "time": "search stopped at the time limit",
}


@lru_cache(maxsize=64)
def shape(geometry: Geometry) -> _native.Shape:
    """The native shape of ``geometry``, prepared once (geometries are hashable values)."""
    return _native.Shape(geometry.size, [cell for unit in geometry.units for cell in unit])


def takes(puzzle: Puzzle) -> bool:
    """Whether the native engine solves ``puzzle``: units and cages (whose targets
    fit 64 bits), no relations or sightlines."""
    return not (puzzle.relations or puzzle.sightlines) and all(
        0 <= cage.target <= MOST for cage in puzzle.cages
    )


def _covered(puzzle: Puzzle) -> bool:
    """Whether a KenKen's cages, which share no cell, cover its grid (other
    variants need not be covered)."""
    return puzzle.variant != "kenken" or sum(len(cage.cells) for cage in puzzle.cages) == len(
        puzzle.givens
    )


class NativeEngine:
    """Solves a puzzle of units and cages in Rust; see :class:`~.engine.Engine`.

    With ``check``, the givens and cages are checked in Rust (a few
    microseconds): only a puzzle that fails, or whose cages Rust cannot
    vouch for, is checked again in Python, to name every problem.
    """

    def __init__(self, puzzle: Puzzle, check: bool = True) -> None:
        if not takes(puzzle):
            raise LatinumError(
                "the native engine does not take relations, sightlines or cage targets "
                "outside 0..2**64"
            )
        try:
            self._shape = shape(puzzle.geometry)
            if puzzle.cages:
                self._shape = self._shape.with_cages(
                    [(cage.cells, cage.op, cage.target, cage.distinct) for cage in puzzle.cages]
                )
            self._givens = bytes(puzzle.givens)
            if check:
                self._shape.check(self._givens)
        except (ValueError, OverflowError) as error:
            puzzle.check()
            raise LatinumError(f"the native engine refused the puzzle: {error}") from error
        if check and puzzle.cages and (self._shape.cage_doubt() or not _covered(puzzle)):
            puzzle.check()
        self.passes = 0

    def search(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
        seed: int | None = None,
        first_cutoff: int | None = None,
    ) -> Iterator[bytes]:
        """Yield up to ``limit`` solutions (all when None) as bytes of values;
        with ``limit`` 1 and a ``seed``, by randomised restarts (see
        :meth:`.engines.SearchEngine.search`).

        Raises SearchLimit after the solutions found when ``node_limit`` or
        the ``deadline`` (a :func:`time.perf_counter` time) stopped the search.
        """
        solutions, _, stopped = self._run(
            stats, node_limit, deadline, limit, None, seed, first_cutoff
        )
        yield from solutions
        if stopped:
            raise SearchLimit(stopped)

    def count(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
    ) -> tuple[int, str | None]:
        """See :meth:`.engine.Engine.count`: the count is made in Rust, keeping nothing."""
        _, found, stopped = self._run(stats, node_limit, deadline, limit, 0)
        return found, stopped

    def _run(
        self,
        stats: Stats,
        node_limit: int | None,
        deadline: float | None,
        limit: int | None,
        keep: int | None,
        seed: int | None = None,
        first_cutoff: int | None = None,
    ) -> tuple[list[bytes], int, str | None]:
        """The solutions kept, the count, and why a node or time limit stopped the search."""
        time_limit = None if deadline is None else max(0.0, deadline - perf_counter())
        try:
            solutions, found, stop, nodes, guesses, passes, restarted = self._shape.search(
                self._givens,
                capped(limit),
                capped(node_limit),
                time_limit,
                keep,
                None if seed is None else seed % 2**64,
                restarts.FIRST_CUTOFF if first_cutoff is None else first_cutoff,
            )
        except _native.EngineFailure as error:
            raise LatinumError(f"the native engine failed: {error}") from error
        except ValueError:
            return [], 0, None  # unchecked givens that repeat in a unit: no solution
        stats.nodes += nodes
        stats.guesses += guesses
        stats.restarts += restarted
        self.passes += passes
        reason = LIMIT_REASONS.get(stop)
        return solutions, found, reason.format(node_limit) if reason else None
