"""The search engine: bitmask domains, propagation to a fixpoint, depth-first search.

A state is a list of domains (bit ``v-1`` set when value ``v`` is possible),
the solved values of each unit and one state object per cage constraint.
Branching copies the three lists; the last alternative of a choice reuses
its parent's lists.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator
from functools import reduce
from operator import and_, or_, xor
from time import perf_counter

from ..errors import SearchLimit
from ..puzzle import Puzzle
from . import restarts
from .constraints import Constraint, RelationsConstraint, compile_cage, compile_sightlines
from .restarts import Chooser
from .stats import Stats
from .topology import topology, tuple_getter

#: Locked candidates run while less than this share of the grid is solved,
#: and branching weighs the peers while at least the second share is not:
#: both pay on open grids only (measured on the benchmark sets).
LOCKED_WHILE_SOLVED = 0.5
BUSIEST_WHILE_UNSOLVED = 0.35


class Engine:
    """Everything precomputed about one puzzle; :meth:`search` yields solutions."""

    def __init__(self, puzzle: Puzzle) -> None:
        topo = topology(puzzle.geometry)
        size = puzzle.size
        self.size = size
        self.full = (1 << size) - 1
        self.units = topo.units
        self.cell_units = topo.cell_units
        self.cell_unit_bits = topo.cell_unit_bits
        self.unit_bits = topo.unit_bits
        self.all_units = (1 << len(self.units)) - 1
        # Solved values over all units (in ``seen``) below which to run locked candidates.
        self.locked_below = int(LOCKED_WHILE_SOLVED * len(self.units) * size)
        self.segments = topo.segments
        # Other unit intersections (diagonals) pay for themselves only on big grids.
        self.intersections = topo.intersections if size > 9 else ()
        self.givens = puzzle.givens
        peers, peer_getters = topo.peers, topo.peer_getters
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
                peer_getters = tuple(map(tuple_getter, peers))
        if puzzle.relations:
            constraints.append(RelationsConstraint(puzzle.relations, size))
        constraints += compile_sightlines(puzzle.sightlines, size)
        self.peers = peers
        self.peer_getters = peer_getters
        self.constraints = tuple(constraints)
        self.inexact = tuple(c for c in constraints if not c.exact)
        # Unsolved cells from which to branch on the busiest cell (see choose).
        self.busiest_from = (
            BUSIEST_WHILE_UNSOLVED * size * size if not constraints and size <= 9 else None
        )
        self.passes = 0

    def propagate(
        self, dom: list[int], seen: list[int], cst: list[object], queue: list[int], dirty: int = 0
    ) -> bool:
        """Narrow ``dom`` in place; False on a contradiction.

        Singles (naked and hidden) and cages run to a fixpoint, locked
        candidates once per call. ``queue`` holds cells whose domain changed
        (singles get eliminated from their peers and recorded in ``seen``,
        the solved values of each unit). Hidden singles are looked for only
        in units with a changed cell or in ``dirty`` (bit ``i`` for unit
        ``i``): the others are as the last fixpoint left them.
        """
        peers, units, cell_units, full = self.peers, self.units, self.cell_units, self.full
        unit_bits, cell_unit_bits = self.unit_bits, self.cell_unit_bits
        constraints, intersections = self.constraints, self.intersections
        locked = self._locked if self.segments is not None else None
        passes = 0
        try:
            while True:
                while queue:
                    cell = queue.pop()
                    dirty |= cell_unit_bits[cell]
                    bit = dom[cell]
                    if bit & (bit - 1):
                        continue
                    for unit_index in cell_units[cell]:
                        seen[unit_index] |= bit
                    for peer in peers[cell]:
                        d = dom[peer]
                        if d & bit:
                            d ^= bit
                            if not d:
                                return False
                            dom[peer] = d
                            dirty |= cell_unit_bits[peer]
                            if not d & (d - 1):
                                queue.append(peer)
                if seen.count(full) == len(seen):
                    # All solved and no two peers agree: only cages can object
                    # (and on singles they cannot narrow without failing).
                    return not constraints or self._narrow_all(dom, cst, queue)
                passes += 1
                # Hidden singles: values held by exactly one unsolved cell of a unit.
                for unit, solved, flag in zip(units, seen, unit_bits, strict=False):
                    if not dirty & flag or solved == full:
                        continue
                    once = twice = 0
                    for cell in unit:
                        d = dom[cell]
                        twice |= once & d
                        once |= d
                    if once != full:
                        return False
                    once &= ~twice & ~solved
                    if once:
                        for cell in unit:
                            x = dom[cell] & once
                            if x:
                                if x & (x - 1):
                                    return False
                                dom[cell] = x
                                queue.append(cell)
                dirty = 0
                if queue:
                    continue
                if constraints and not self._narrow_all(dom, cst, queue):
                    return False
                if queue:
                    continue
                if locked is not None and sum(map(int.bit_count, seen)) < self.locked_below:
                    # Once per call: a second round rarely pays for itself.
                    if not locked(dom, queue):
                        return False
                    locked = None
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
                        if drop and not _remove(dom, drop, cells, queue):
                            return False
                if not queue:
                    return True
        finally:
            self.passes += passes

    def _narrow_all(self, dom: list[int], cst: list[object], queue: list[int]) -> bool:
        """Narrow with every cage constraint; False on a contradiction."""
        for index, constraint in enumerate(self.constraints):
            state = constraint.narrow(dom, cst[index], queue)
            if state is None:
                return False
            cst[index] = state
        return True

    def _locked(self, dom: list[int], queue: list[int]) -> bool:
        """Locked candidates on the box/line segments; False on a contradiction.

        A value of a segment that no other segment of its line holds is
        dropped from the rest of its box (and vice versa); this is
        ``seg & (rest of line ^ rest of box)``, computed for all segments at once.
        """
        segments = self.segments
        assert segments is not None  # propagate calls this only when there are segments
        getters = iter(segments.cells)
        ored = next(getters)(dom)
        for getter in getters:
            ored = map(or_, ored, getter(dom))
        seg = list(ored)
        line = _union(segments.line_mates, seg)
        box = _union(segments.box_mates, seg)
        found = list(map(and_, seg, map(xor, line, box)))
        if not any(found):
            return True
        line_rest, box_rest = segments.line_rest, segments.box_rest
        for index, hit in enumerate(found):
            if hit:
                # Held by the rest of the box but not of the line: drop it from
                # the rest of the box, and the other way round.
                drop = hit & box[index]
                if drop and not _remove(dom, drop, box_rest[index], queue):
                    return False
                drop = hit & line[index]
                if drop and not _remove(dom, drop, line_rest[index], queue):
                    return False
        return True

    def root(self) -> tuple[list[int], list[int], list[object]] | None:
        """The propagated initial state, or None if the givens contradict."""
        dom = [self.full] * len(self.givens)
        queue = []
        for cell, value in enumerate(self.givens):
            if value:
                dom[cell] = 1 << (value - 1)
                queue.append(cell)
        seen = [0] * len(self.units)
        cst = [c.initial() for c in self.constraints]
        queue.extend(c for con in self.constraints for c in con.cells)
        if not self.propagate(dom, seen, cst, queue, self.all_units):
            return None
        return dom, seen, cst

    def search(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
        seed: int | None = None,
        first_cutoff: int | None = None,
    ) -> Iterator[list[int]]:
        """Yield up to ``limit`` solutions (all when None) as lists of values, depth
        first; see :meth:`.engines.SearchEngine.search` for ``seed`` and ``first_cutoff``."""
        counters = Stats(nodes=1)
        try:
            start = self.root()
            if start is None:
                return
            if seed is None or limit != 1:
                yield from self._descend(start, counters, node_limit, deadline, limit)
                return
            nodes = restarts.FIRST_CUTOFF if first_cutoff is None else first_cutoff
            chooser: Chooser | None = None  # the first descent: the engine's own order
            for run in itertools.count(1):
                restart = (counters.nodes + nodes, chooser)
                cut = yield from self._descend(start, counters, node_limit, deadline, 1, restart)
                if not cut:
                    return
                counters.restarts += 1
                nodes = len(self.givens) * restarts.luby(run)
                chooser = chooser or Chooser(seed)
        finally:
            stats.add(counters)

    def _descend(
        self,
        start: tuple[list[int], list[int], list[object]],
        stats: Stats,
        node_limit: int | None,
        deadline: float | None,
        limit: int | None,
        restart: tuple[int, Chooser | None] | None = None,
    ) -> Generator[list[int], None, bool]:
        """Yield the solutions found depth first from the propagated ``start``;
        with ``restart``, a node cutoff (counted as ``stats.nodes``, ``start``
        left as it is) and a chooser for random choices (None: the engine's
        order). Returns whether the cutoff stopped it."""
        dom, seen, cst = start
        choose, cutoff, pick = self.choose, -1, None
        if restart is not None:
            cutoff, chooser = restart
            if chooser is not None:
                choose, pick = chooser.cell, chooser.bit
            dom, seen, cst = dom[:], seen[:], cst[:]
        nodes, guesses = stats.nodes, 0
        try:
            propagate = self.propagate
            cell = choose(dom)
            if cell < 0:
                if self._valid(dom):
                    yield [d.bit_length() for d in dom]
                return False
            stack = [(dom, seen, cst, cell, dom[cell])]
            guesses = 1
            wanted = limit if limit is not None else -1
            max_nodes = node_limit if node_limit is not None else -1
            while stack:
                dom, seen, cst, cell, bits = stack[-1]
                bit = bits & -bits if pick is None else pick(bits)
                bits ^= bit
                if bits:
                    stack[-1] = (dom, seen, cst, cell, bits)
                    dom, seen, cst = dom[:], seen[:], cst[:]
                else:
                    stack.pop()
                nodes += 1
                if nodes > max_nodes >= 0:
                    raise SearchLimit(f"search stopped at the node limit ({node_limit})")
                if deadline is not None and perf_counter() > deadline:
                    raise SearchLimit("search stopped at the time limit")
                if nodes > cutoff >= 0:
                    return True
                dom[cell] = bit
                if not propagate(dom, seen, cst, [cell]):
                    continue
                cell = choose(dom)
                if cell >= 0:
                    guesses += 1
                    stack.append((dom, seen, cst, cell, dom[cell]))
                elif self._valid(dom):
                    yield [d.bit_length() for d in dom]
                    wanted -= 1
                    if not wanted:
                        return False
            return False
        finally:
            stats.nodes = nodes
            stats.guesses += guesses

    def count(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
    ) -> tuple[int, str | None]:
        """The solutions counted up to ``limit`` (all when None), keeping none,
        and why a node or time limit stopped the count short (None if it did not)."""
        found = 0
        try:
            for _ in self.search(stats, node_limit, deadline, limit):
                found += 1
        except SearchLimit as stop:
            return found, str(stop)
        return found, None

    def choose(self, dom: list[int]) -> int:
        """The cell to branch on, or -1 when all are solved.

        A cell with the fewest candidates: on open plain grids up to 9x9, the
        one with the most unsolved peers (its guess propagates furthest);
        otherwise, with cages or on bigger grids, simply the first (which
        measured better).
        """
        if self.busiest_from is None:
            return _first_fewest(dom)
        counts = list(map(int.bit_count, dom))
        if len(counts) - counts.count(1) < self.busiest_from:
            return _first_fewest(dom)
        fewest = _fewest(counts)
        if not fewest:
            return -1
        unsolved = list(map((1).__lt__, counts))
        getters = self.peer_getters
        best, most = -1, -1
        for cell, count in enumerate(counts):
            if count == fewest:
                score = sum(getters[cell](unsolved))
                if score > most:
                    best, most = cell, score
        return best

    def _valid(self, dom: list[int]) -> bool:
        for constraint in self.inexact:
            cage = constraint.cage  # type: ignore[attr-defined]
            if not cage.evaluate([dom[c].bit_length() for c in cage.cells]):
                return False
        return True


def _remove(dom: list[int], drop: int, cells: tuple[int, ...], queue: list[int]) -> bool:
    """Remove the values ``drop`` from ``cells``; False if one becomes empty."""
    for cell in cells:
        d = dom[cell]
        if d & drop:
            d &= ~drop
            if not d:
                return False
            dom[cell] = d
            queue.append(cell)
    return True


def _union(getters: tuple, values: list[int]) -> list[int]:
    """The OR, entry by entry, of what each getter picks from ``values``."""
    it = iter(getters)
    ored = next(it)(values)
    for getter in it:
        ored = map(or_, ored, getter(values))
    return list(ored)


def _fewest(counts: list[int]) -> int:
    """The smallest candidate count above one, or 0 when every cell is solved."""
    if 2 in counts:
        return 2
    return min(filter((1).__lt__, counts), default=0)


def _first_fewest(dom: list[int]) -> int:
    """The first unsolved cell with the fewest candidates, or -1 when all are solved."""
    best, fewest = -1, 1 << 30
    for cell, d in enumerate(dom):
        if d & (d - 1):
            count = d.bit_count()
            if count < fewest:
                if count == 2:
                    return cell
                best, fewest = cell, count
    return best
