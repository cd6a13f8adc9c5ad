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

from ..cages import Cage

#: Above this many satisfying tuples a cage uses a cheaper, weaker filter.
MAX_TUPLES = 4000


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
        packed = 0
        for cell, shift in self.pairs:
            packed |= dom[cell] << shift
        last, tuples = state  # type: ignore[misc]
        if packed == last:
            return state
        outside = ~packed
        tuples = [t for t in tuples if not t & outside]
        if not tuples:
            return None
        union = reduce(or_, tuples)
        if union != packed:
            full = (1 << self.size) - 1
            for cell, shift in self.pairs:
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
