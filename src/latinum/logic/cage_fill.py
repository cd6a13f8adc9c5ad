"""What an arithmetic cage can still hold: its fillings given the candidates.

A cage's *fillings* are the assignments of its cells that reach the target,
use only candidates (a solved cell its value) and repeat no value between
cells that see each other. :func:`fillings` summarises them: the value sets
they use, the candidates each cell keeps, and which values every filling
puts into a given part of the cage. Results are cached on the cage's
arithmetic and the candidate masks, so re-asking after each step is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from math import prod

from ..cages import Cage, satisfies
from .state import State, digits_of
from .words import or_list

#: Above this many fillings a cage that is not all-distinct gives up (no deduction).
MAX_TUPLES = 20000


@dataclass(frozen=True)
class Fillings:
    """The fillings of one cage, in the cage's cell order.

    ``sets`` are the value (multi)sets used, sorted; ``support`` the
    candidate mask each cell keeps. ``tuples`` lists every filling, or is
    None for an all-distinct cage analysed set by set, whose ``places``
    give, per value set, the positions each of its values can take.
    """

    sets: tuple[tuple[int, ...], ...]
    support: tuple[int, ...]
    tuples: tuple[tuple[int, ...], ...] | None = None
    places: tuple[tuple[int, dict[int, int]], ...] = ()
    narrows: bool = False  # some cell has a candidate no filling uses
    _required: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    def required_in(self, positions: int) -> int:
        """The mask of values every filling puts at one of ``positions`` (bits of indices)."""
        known = self._required.get(positions)
        if known is None:
            known = self._required[positions] = self._required_in(positions)
        return known

    def _required_in(self, positions: int) -> int:
        if self.tuples is not None:
            picked = [i for i in range(len(self.support)) if positions >> i & 1]
            required = -1
            for values in self.tuples:
                placed = 0
                for i in picked:
                    placed |= 1 << (values[i] - 1)
                required &= placed
                if not required:
                    return 0
            return required if self.tuples else 0
        required = -1
        for combo, where in self.places:
            inside = 0
            for value, spots in where.items():
                if spots & ~positions == 0:
                    inside |= 1 << (value - 1)
            required &= inside & combo
            if not required:
                return 0
        return required if self.places else 0

    def sums(self) -> set[int]:
        return {sum(values) for values in self.sets}

    def products(self) -> set[int]:
        return {prod(values) for values in self.sets}


def cage_masks(state: State, cage: Cage) -> tuple[int, ...]:
    """Candidate masks of the cage cells, a solved cell's mask being its value
    (0 for an empty cell with no candidate left)."""
    candidates, values = state.candidates, state.values
    return tuple(candidates[c] or (1 << values[c] >> 1) for c in cage.cells)


def distinct_pairs(state: State, cells: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Index pairs of ``cells`` that see each other."""
    peers = state.peers
    return tuple(
        (i, j)
        for i in range(len(cells))
        for j in range(i + 1, len(cells))
        if cells[j] in peers[cells[i]]
    )


def fillings(state: State, cage: Cage) -> Fillings | None:
    """The fillings of ``cage`` in ``state`` (None when too many to analyse)."""
    return analyse(
        cage.op, cage.target, state.size, _cage_pairs(state, cage), cage_masks(state, cage)
    )


def _cage_pairs(state: State, cage: Cage) -> int:
    """The cage's distinct index pairs packed as bits ``i * 64 + j`` (cheap to hash)."""
    cache = state.__dict__.setdefault("_cage_pairs", {})
    found = cache.get(id(cage))
    if found is None:
        found = sum(1 << (i * 64 + j) for i, j in distinct_pairs(state, cage.cells))
        cache[id(cage)] = found
    return found


@lru_cache(maxsize=1 << 15)
def analyse(
    op: str, target: int, size: int, packed: int, masks: tuple[int, ...]
) -> Fillings | None:
    """The fillings of a cage given its arithmetic, distinct index pairs (packed as
    bits ``i * 64 + j``) and candidate masks."""
    count = len(masks)
    pairs = tuple(
        (i, j) for i in range(count) for j in range(i + 1, count) if packed >> (i * 64 + j) & 1
    )
    all_distinct = len(pairs) == count * (count - 1) // 2
    if all_distinct and count >= 4 and op in "+*":
        return _by_sets(op, target, size, masks)
    found = _tuples(op, target, pairs, masks)
    if found is None:
        return _by_sets(op, target, size, masks) if all_distinct and op in "+*" else None
    support = [0] * count
    for values in found:
        for i, value in enumerate(values):
            support[i] |= 1 << (value - 1)
    sets = tuple(sorted({tuple(sorted(values)) for values in found}))
    return Fillings(sets, tuple(support), tuple(found), narrows=_narrows(masks, support))


def _narrows(masks: Sequence[int], support: Sequence[int]) -> bool:
    return any(m & ~s for m, s in zip(masks, support, strict=True))


def _tuples(
    op: str, target: int, pairs: tuple[tuple[int, int], ...], masks: tuple[int, ...]
) -> list[tuple[int, ...]] | None:
    count = len(masks)
    options = [digits_of(m) for m in masks]
    if op in "-/=" or count == 1:
        matching: list[tuple[int, ...]] = []
        for combo in product(*options):
            if _distinct_ok(combo, pairs) and satisfies(op, target, combo):
                matching.append(combo)
        return matching
    earlier: list[list[int]] = [[] for _ in range(count)]
    for i, j in pairs:
        earlier[j].append(i)
    low = [opts[0] for opts in options]
    high = [opts[-1] for opts in options]
    suffix_low = [0] * (count + 1)
    suffix_high = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        if op == "+":
            suffix_low[i] = suffix_low[i + 1] + low[i]
            suffix_high[i] = suffix_high[i + 1] + high[i]
        else:
            suffix_low[i] = (suffix_low[i + 1] or 1) * low[i]
            suffix_high[i] = (suffix_high[i + 1] or 1) * high[i]
    found: list[tuple[int, ...]] = []
    values = [0] * count

    def extend(i: int, left: int) -> bool:
        """Fill cell ``i`` on; ``left`` is what the rest must make. False when over the cap."""
        if i == count:
            if left == (0 if op == "+" else 1):
                found.append(tuple(values))
                if len(found) > MAX_TUPLES:
                    return False
            return True
        rest_low, rest_high = suffix_low[i + 1], suffix_high[i + 1]
        for v in options[i]:
            if any(values[j] == v for j in earlier[i]):
                continue
            if op == "+":
                rest = left - v
                if rest < rest_low or rest > rest_high:
                    continue
            else:
                if left % v:
                    continue
                rest = left // v
                if i + 1 < count and (rest < rest_low or rest > rest_high):
                    continue
            values[i] = v
            if not extend(i + 1, rest):
                return False
        values[i] = 0
        return True

    if not extend(0, target):
        return None
    return found


def _distinct_ok(values: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> bool:
    return all(values[i] != values[j] for i, j in pairs)


def _by_sets(op: str, target: int, size: int, masks: tuple[int, ...]) -> Fillings:
    """All cells distinct: each value set in turn, positions by matching (subset DP)."""
    count = len(masks)
    union = 0
    for m in masks:
        union |= m
    sets = []
    support = [0] * count
    places = []
    for digits in combinations(digits_of(union), count):
        if (sum(digits) if op == "+" else prod(digits)) != target:
            continue
        combo = sum(1 << (v - 1) for v in digits)
        spots = _matching_support(combo, [m & combo for m in masks])
        if spots is None:
            continue
        sets.append(digits)
        where: dict[int, int] = {}
        for i, spot in enumerate(spots):
            support[i] |= spot
            for v in digits_of(spot):
                where[v] = where.get(v, 0) | 1 << i
        places.append((combo, where))
    return Fillings(
        tuple(sets), tuple(support), None, tuple(places), narrows=_narrows(masks, support)
    )


def _matching_support(combo: int, masks: list[int]) -> list[int] | None:
    """Per cell, the values of ``combo`` it takes in some perfect assignment (None if none)."""
    count = len(masks)
    forward: list[set[int]] = [{0}]
    for m in masks:
        nxt = set()
        for used in forward[-1]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt.add(used | bit)
        if not nxt:
            return None
        forward.append(nxt)
    if combo not in forward[-1]:
        return None
    backward: list[set[int]] = [set() for _ in range(count + 1)]
    backward[count] = {0}
    for i in range(count - 1, -1, -1):
        nxt = set()
        for used in backward[i + 1]:
            free = masks[i] & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt.add(used | bit)
        backward[i] = nxt
    spots = []
    for i, m in enumerate(masks):
        spot = 0
        after = backward[i + 1]
        for used in forward[i]:
            free = m & ~used & ~spot
            while free:
                bit = free & -free
                free ^= bit
                if combo & ~used & ~bit in after:
                    spot |= bit
        spots.append(spot)
    return spots


# Words ----------------------------------------------------------------

OP_SHOWN = {"+": "+", "-": "-", "*": "x", "/": "/", "=": ""}


def cage_name(state: State, cage: Cage) -> str:
    """``Cage 12+ at r3c4, r4c4 and r4c5`` (Killer cages: ``Cage 12 at ...``)."""
    op = "" if cage.distinct and cage.op == "+" else OP_SHOWN[cage.op]
    where = ", ".join(state.name(c) for c in cage.cells)
    return f"Cage {cage.target}{op} at {where}"


def value_sets(sets: Sequence[Sequence[int]], most: int = 6) -> str:
    """``{3,4,5} or {2,4,6}``; past ``most`` sets just their number."""
    shown = ["{" + ",".join(str(v) for v in values) + "}" for values in sets]
    if len(shown) > most:
        return f"one of {len(shown)} value sets"
    return or_list(shown)
