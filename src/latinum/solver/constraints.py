"""Cage constraints compiled for the engine.

Each constraint narrows the bitmask domains of its cells (bit ``v-1`` for
value ``v``). Small cages keep the list of value tuples still compatible with
the domains, each tuple packed into one int (position ``i`` at bits
``i*n .. i*n+n-1``) so that a whole filter is one list comprehension. Cages
with too many tuples fall back to combinations of digits (distinct sums) or
to bounds (sums and products).
"""

from __future__ import annotations

from functools import lru_cache, reduce
from itertools import combinations, islice
from operator import or_
from typing import cast

from ..cages import Cage
from ..relations import Relation
from ..sightlines import Sightline, TooMany, facing, fillings, line_cells
from .topology import tuple_getter

#: Above this many satisfying tuples a cage uses a cheaper, weaker filter.
MAX_TUPLES = 4000
#: A line with clues lists its fillings once at most this many remain, found
#: within ``LINE_NODES`` values tried; until then it narrows by distance only.
LINE_TUPLES = 4000
LINE_NODES = 40_000


class Constraint:
    """Base: ``narrow`` returns the new state, or None on a contradiction.

    ``narrow`` appends to ``queue`` every cell whose domain it narrowed.
    """

    cells: tuple[int, ...]
    exact = True  # False when a full assignment must still be checked

    def initial(self) -> object:
        return None

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        raise NotImplementedError


class TupleConstraint(Constraint):
    """Keeps the packed tuples compatible with the cells' domains."""

    def __init__(self, cells: tuple[int, ...], size: int, packed: tuple[int, ...]) -> None:
        self.cells = cells
        self.size = size
        self.shifts = tuple(i * size for i in range(len(cells)))
        self.pairs = tuple(zip(cells, self.shifts, strict=False))
        self.packed = list(packed)

    def initial(self) -> object:
        return (-1, self.packed)

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        last, tuples = cast("tuple[int, list[int]]", state)
        return _keep_tuples(dom, self.pairs, self.size, last, tuples, queue)


def _keep_tuples(
    dom: list[int],
    pairs: tuple[tuple[int, int], ...],
    size: int,
    last: int,
    tuples: list[int],
    queue: list[int],
) -> tuple[int, list[int]] | None:
    """The packed ``tuples`` the domains of the ``(cell, shift)`` pairs still allow, and
    their union (the state of a tuple filter); the cells narrowed to that union.
    ``last`` is the union of the previous call: when the domains are still that, the
    tuples are kept as they are."""
    packed = 0
    for cell, shift in pairs:
        packed |= dom[cell] << shift
    if packed == last:
        return (last, tuples)
    outside = ~packed
    tuples = [t for t in tuples if not t & outside]
    if not tuples:
        return None
    union = reduce(or_, tuples)
    if union != packed:
        full = (1 << size) - 1
        for cell, shift in pairs:
            d = (union >> shift) & full
            if d != dom[cell]:
                dom[cell] = d
                queue.append(cell)
    return (union, tuples)


class ComboConstraint(Constraint):
    """A distinct-digit sum too big for tuples: keeps the possible digit sets."""

    def __init__(self, cells: tuple[int, ...], combos: list[int]) -> None:
        self.cells = cells
        self.combos = combos

    def initial(self) -> object:
        return self.combos

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        domains = [dom[c] for c in self.cells]
        union = reduce(or_, domains)
        combos = [
            m
            for m in state  # type: ignore[attr-defined]
            if m & union == m and all(d & m for d in domains)
        ]
        if not combos:
            return None
        allowed = reduce(or_, combos)
        required = allowed
        for m in combos:
            required &= m
        for cell, d in zip(self.cells, domains, strict=False):
            nd = d & allowed
            if nd != d:
                if not nd:
                    return None
                dom[cell] = nd
                queue.append(cell)
        while required:
            bit = required & -required
            required ^= bit
            holders = [c for c in self.cells if dom[c] & bit]
            if not holders:
                return None
            if len(holders) == 1 and dom[holders[0]] != bit:
                dom[holders[0]] = bit
                queue.append(holders[0])
        return combos


class BoundsConstraint(Constraint):
    """A big sum or product cage: bounds (and divisibility) only."""

    exact = False

    def initial(self) -> object:
        return True

    def __init__(self, cage: Cage, size: int) -> None:
        self.cells = cage.cells
        self.cage = cage
        self.size = size

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        cells, target = self.cells, self.cage.target
        lows = [(dom[c] & -dom[c]).bit_length() for c in cells]
        highs = [dom[c].bit_length() for c in cells]
        if self.cage.op == "+":
            low_sum, high_sum = sum(lows), sum(highs)
            bounds = [
                (target - (high_sum - hi), target - (low_sum - lo))
                for lo, hi in zip(lows, highs, strict=False)
            ]
            divisors = -1
        else:
            low_prod = high_prod = 1
            for lo, hi in zip(lows, highs, strict=False):
                low_prod *= lo
                high_prod *= hi
            bounds = [
                (-(-target * hi // high_prod), target * lo // low_prod)
                for lo, hi in zip(lows, highs, strict=False)
            ]
            divisors = _divisor_mask(target, self.size)
        for cell, (lo, hi) in zip(cells, bounds, strict=False):
            lo = max(lo, 1)
            if hi < lo:
                return None
            mask = ((1 << hi) - 1) ^ ((1 << (lo - 1)) - 1)
            d = dom[cell]
            nd = d & mask & divisors
            if nd != d:
                if not nd:
                    return None
                dom[cell] = nd
                queue.append(cell)
        return state


class RelationsConstraint(Constraint):
    """Every relation of a puzzle, narrowed together to a fixpoint.

    ``a < b``: ``a`` loses the values from ``b``'s largest up, ``b`` those up
    to ``a``'s smallest, so bounds travel along chains of signs. A bar keeps
    the values next to one of the other cell's; a non-bar drops a value whose
    every partner would be equal or next to it. The state is the cells'
    domains at the last fixpoint: only relations of cells changed since then
    are looked at again.
    """

    def __init__(self, relations: tuple[Relation, ...], size: int) -> None:
        self.relations = tuple((r.first, r.second, r.kind) for r in relations)
        self.cells = tuple(sorted({cell for r in relations for cell in r.cells}))
        self.snapshot = tuple_getter(self.cells)
        self.full = (1 << size) - 1
        self.watch: dict[int, list[int]] = {}
        for index, (a, b, _) in enumerate(self.relations):
            self.watch.setdefault(a, []).append(index)
            self.watch.setdefault(b, []).append(index)

    def initial(self) -> object:
        return ()

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        relations, watch, full = self.relations, self.watch, self.full
        if state:
            waiting = {
                index
                for cell, now, then in zip(
                    self.cells, self.snapshot(dom), cast("tuple[int, ...]", state), strict=True
                )
                if now != then
                for index in watch[cell]
            }
        else:
            waiting = set(range(len(relations)))
        todo = list(waiting)
        while todo:
            index = todo.pop()
            waiting.discard(index)
            a, b, kind = relations[index]
            da, db = dom[a], dom[b]
            if kind == "<":
                na = da & ((1 << (db.bit_length() - 1)) - 1)
                nb = db & ~((da & -da) * 2 - 1)
            elif kind == "|":
                na = da & ((db << 1) | (db >> 1))
                nb = db & ((da << 1) | (da >> 1))
            else:
                na, nb = _apart(da, db, full), _apart(db, da, full)
            if not na or not nb:
                return None
            for cell, old, new in ((a, da, na), (b, db, nb)):
                if new != old:
                    dom[cell] = new
                    queue.append(cell)
                    for other in watch[cell]:
                        if other not in waiting:
                            waiting.add(other)
                            todo.append(other)
        return self.snapshot(dom)


class SightlineConstraint(Constraint):
    """The clues at the two ends of one line (0: no clue).

    The tallest tower stands at least ``clue - 1`` cells from a clue, the next
    at least ``clue - 2`` and so on: a cell ``d`` cells in holds at most
    ``n + d + 1 - clue``, and a clue of 1 fixes its neighbour to ``n``. Once
    the line's domains allow few enough fillings, they are listed and kept
    as packed tuples, filtered like a cage's; until then the listing is tried
    again whenever the domains have changed.
    """

    def __init__(self, cells: tuple[int, ...], front: int, back: int, size: int) -> None:
        self.cells = cells
        self.front, self.back = front, back
        self.size = size
        self.pairs = tuple((cell, i * size) for i, cell in enumerate(cells))
        self.bounds = tuple(
            (cell, _distance_mask(clue, distance, size))
            for clue, ordered in ((front, cells), (back, cells[::-1]))
            if clue
            for distance, cell in enumerate(ordered)
        )

    def initial(self) -> object:
        return (-1, None)

    def narrow(self, dom: list[int], state: object, queue: list[int]) -> object:
        last, tuples = cast("tuple[int, list[int] | None]", state)
        if tuples is None:
            for cell, mask in self.bounds:
                d = dom[cell]
                if d & ~mask:
                    d &= mask
                    if not d:
                        return None
                    dom[cell] = d
                    queue.append(cell)
            domains = tuple(dom[cell] for cell in self.cells)
            packed = sum(dom[cell] << shift for cell, shift in self.pairs)
            if packed == last:
                return state
            listed = _line_fillings(domains, self.front, self.back)
            if listed is None:
                return (packed, None)
            last, tuples = -1, list(listed)
        return _keep_tuples(dom, self.pairs, self.size, last, tuples, queue)


def _distance_mask(clue: int, distance: int, size: int) -> int:
    """The values a cell ``distance`` cells from a clue may hold."""
    if clue == 1 and distance == 0:
        return 1 << (size - 1)
    highest = min(size, size + distance + 1 - clue)
    return (1 << highest) - 1


@lru_cache(maxsize=512)  # up to LINE_TUPLES ints each: kept small
def _line_fillings(domains: tuple[int, ...], front: int, back: int) -> tuple[int, ...] | None:
    """The fillings of a line packed as tuples, or None when there are too many to list."""
    try:
        found = fillings(domains, front, back, limit=LINE_TUPLES, node_limit=LINE_NODES)
    except TooMany:
        return None
    size = len(domains)
    return tuple(
        sum(1 << (i * size + value - 1) for i, value in enumerate(values)) for values in found
    )


def compile_sightlines(lines: tuple[Sightline, ...], size: int) -> list[Constraint]:
    """One constraint per row or column with a clue at either end."""
    return [
        SightlineConstraint(line_cells(side, index, size), front, back, size)
        for side, index, front, back in facing(lines, size)
    ]


def _apart(mine: int, theirs: int, full: int) -> int:
    """The values of ``mine`` with a partner in ``theirs`` neither equal nor next to it."""
    if theirs & (theirs - 1) == 0:
        return mine & ~(theirs | theirs << 1 | theirs >> 1) & full
    kept, rest = 0, mine
    while rest:
        bit = rest & -rest
        rest ^= bit
        if theirs & ~(bit | bit << 1 | bit >> 1):
            kept |= bit
    return kept


@lru_cache(maxsize=4096)
def _divisor_mask(target: int, size: int) -> int:
    return sum(1 << (v - 1) for v in range(1, size + 1) if target % v == 0)


def compile_cage(cage: Cage, size: int, peers: tuple[frozenset[int], ...]) -> Constraint:
    """The engine constraint for ``cage`` on a grid of ``size`` with ``peers``."""
    cells = cage.cells
    pattern = tuple(
        (i, j)
        for i in range(len(cells))
        for j in range(i + 1, len(cells))
        if cage.distinct or cells[j] in peers[cells[i]]
    )
    packed = _packed_tuples(cage.op, cage.target, len(cells), cage.distinct, pattern, size)
    if packed is not None:
        return TupleConstraint(cells, size, packed)
    if cage.distinct and cage.op == "+":
        return ComboConstraint(cells, _combos(len(cells), cage.target, size))
    return BoundsConstraint(cage, size)


@lru_cache(maxsize=8192)
def _packed_tuples(
    op: str, target: int, count: int, distinct: bool, pattern: tuple, size: int
) -> tuple[int, ...] | None:
    cells = tuple(range(count))
    mates: dict[int, set[int]] = {i: set() for i in cells}
    for i, j in pattern:
        mates[i].add(j)
        mates[j].add(i)
    cage = Cage(cells, op, target, distinct)
    found = list(islice(cage.tuples(size, mates), MAX_TUPLES + 1))
    if len(found) > MAX_TUPLES:
        return None
    return tuple(sum(1 << (i * size + v - 1) for i, v in enumerate(values)) for values in found)


def _combos(count: int, target: int, size: int) -> list[int]:
    return [
        sum(1 << (v - 1) for v in digits)
        for digits in combinations(range(1, size + 1), count)
        if sum(digits) == target
    ]
