"""The search engine: bitmask domains, propagation to a fixpoint, depth-first search.

A state is a list of domains (bit ``v-1`` set when value ``v`` is possible)
plus one state object per cage constraint. Branching copies both lists;
the last alternative of a choice reuses its parent's lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from operator import or_
from time import perf_counter

from ..errors import SearchLimit
from ..puzzle import Puzzle
from .constraints import Constraint, compile_cage
from .stats import Stats
from .topology import topology


class Engine:
    """Everything precomputed about one puzzle; :meth:`search` yields solutions."""

    def __init__(self, puzzle: Puzzle) -> None:
        topo = topology(puzzle.geometry)
        size = puzzle.size
        self.size = size
        self.full = (1 << size) - 1
        self.units = topo.units
        # Box/line interactions pay for themselves only on big grids.
        self.intersections = topo.intersections if size > 9 else ()
        self.givens = puzzle.givens
        peers = topo.peers
        constraints: list[Constraint] = []
        if puzzle.cages:
            geometry_peers = puzzle.geometry.peers
            extra: dict[int, set[int]] = {}
            for cage in puzzle.cages:
                constraints.append(compile_cage(cage, size, geometry_peers))
                if cage.distinct:
                    for cell in cage.cells:
                        extra.setdefault(cell, set()).update(cage.cells)
            if extra:
                peers = tuple(
                    tuple(sorted(set(group) | extra[cell] - {cell})) if cell in extra else group
                    for cell, group in enumerate(peers)
                )
        self.peers = peers
        self.constraints = tuple(constraints)
        self.inexact = tuple(c for c in constraints if not c.exact)
        self.passes = 0

    def propagate(self, dom: list[int], cst: list[object], queue: list[int]) -> bool:
        """Narrow ``dom`` in place to a fixpoint; False on a contradiction.

        ``queue`` holds cells whose domain changed (singles get eliminated
        from their peers).
        """
        peers, units, full = self.peers, self.units, self.full
        constraints, intersections = self.constraints, self.intersections
        passes = 0
        try:
            while True:
                while queue:
                    cell = queue.pop()
                    bit = dom[cell]
                    if bit & (bit - 1):
                        continue
                    for peer in peers[cell]:
                        d = dom[peer]
                        if d & bit:
                            d ^= bit
                            if not d:
                                return False
                            dom[peer] = d
                            if not d & (d - 1):
                                queue.append(peer)
                passes += 1
                for unit in units:
                    once = twice = 0
                    for cell in unit:
                        d = dom[cell]
                        twice |= once & d
                        once |= d
                    if once != full:
                        return False
                    once &= ~twice
                    if once and twice:
                        for cell in unit:
                            d = dom[cell]
                            x = d & once
                            if x and x != d:
                                if x & (x - 1):
                                    return False
                                dom[cell] = x
                                queue.append(cell)
                if queue:
                    continue
                for index, constraint in enumerate(constraints):
                    state = constraint.narrow(dom, cst[index], queue)
                    if state is None:
                        return False
                    cst[index] = state
                if queue:
                    continue
                for inner, first, second, first_cells, second_cells in intersections:
                    inside = reduce(or_, inner(dom))
                    rest_first = reduce(or_, first(dom))
                    rest_second = reduce(or_, second(dom))
                    for drop, cells in (
                        (inside & ~rest_first & rest_second, second_cells),
                        (inside & ~rest_second & rest_first, first_cells),
                    ):
                        if drop:
                            for cell in cells:
                                d = dom[cell]
                                if d & drop:
                                    d &= ~drop
                                    if not d:
                                        return False
                                    dom[cell] = d
                                    queue.append(cell)
                if not queue:
                    return True
        finally:
            self.passes += passes

    def root(self) -> tuple[list[int], list[object]] | None:
        """The propagated initial state, or None if the givens contradict."""
        dom = [self.full] * len(self.givens)
        queue = []
        for cell, value in enumerate(self.givens):
            if value:
                dom[cell] = 1 << (value - 1)
                queue.append(cell)
        cst = [c.initial() for c in self.constraints]
        queue.extend(c for con in self.constraints for c in con.cells)
        if not self.propagate(dom, cst, queue):
            return None
        return dom, cst

    def search(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
    ) -> Iterator[list[int]]:
        """Yield every solution as a list of values, depth first."""
        nodes, guesses = 1, 0
        try:
            start = self.root()
            if start is None:
                return
            dom, cst = start
            propagate, choose = self.propagate, _choose
            cell = choose(dom)
            if cell < 0:
                if self._valid(dom):
                    yield [d.bit_length() for d in dom]
                return
            stack = [(dom, cst, cell, dom[cell])]
            guesses = 1
            limit = node_limit if node_limit is not None else -1
            while stack:
                dom, cst, cell, bits = stack[-1]
                bit = bits & -bits
                bits ^= bit
                if bits:
                    stack[-1] = (dom, cst, cell, bits)
                    dom = dom[:]
                    cst = cst[:]
                else:
                    stack.pop()
                nodes += 1
                if nodes > limit >= 0:
                    raise SearchLimit(f"search stopped at the node limit ({node_limit})")
                if deadline is not None and perf_counter() > deadline:
                    raise SearchLimit("search stopped at the time limit")
                dom[cell] = bit
                if not propagate(dom, cst, [cell]):
                    continue
                cell = choose(dom)
                if cell >= 0:
                    guesses += 1
                    stack.append((dom, cst, cell, dom[cell]))
                elif self._valid(dom):
                    yield [d.bit_length() for d in dom]
        finally:
            stats.nodes += nodes
            stats.guesses += guesses

    def _valid(self, dom: list[int]) -> bool:
        for constraint in self.inexact:
            cage = constraint.cage  # type: ignore[attr-defined]
            if not cage.evaluate([dom[c].bit_length() for c in cage.cells]):
                return False
        return True


def _choose(dom: list[int]) -> int:
    """The unsolved cell with the fewest candidates, or -1 when all are solved."""
    best, fewest = -1, 1 << 30
    for cell, d in enumerate(dom):
        if d & (d - 1):
            count = d.bit_count()
            if count < fewest:
                if count == 2:
                    return cell
                best, fewest = cell, count
    return best
