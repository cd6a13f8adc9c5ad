"""Almost Locked Sets: ALS-XZ, ALS-XY-Wing and Death Blossom.

An almost locked set (ALS) is N cells of one house holding N+1 candidates:
take one candidate away and the rest are locked in those cells. Two ALSes
share a restricted common candidate (RCC) X when every X of one sees every X
of the other: X can then be in at most one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from .bitsets import bits
from .registry import technique
from .state import State, digits_of
from .step import Candidate, Link, Step
from .words import and_list, digit_set, removals

MAX_SIZE_LARGE = 4
PETALS = 60


@dataclass(frozen=True)
class Als:
    """Cells of one house (``cells``, and as a bitmask ``mask``) and their candidates."""

    cells: tuple[int, ...]
    mask: int
    digits: int
    places: tuple[int, ...]  # bitmask of the cells holding each digit (index v-1)
    sees: tuple[int, ...]  # bitmask of the cells seeing every place of each digit
    near: int = 0  # bitmask of the cells seeing every place of some digit

    def name(self, state: State) -> str:
        cells = ",".join(state.name(c) for c in self.cells)
        return f"{cells} {digit_set(digits_of(self.digits))}"

    def holding(self, digit: int) -> tuple[Candidate, ...]:
        """Its candidates ``digit``."""
        return tuple((cell, digit) for cell in bits(self.places[digit - 1]))


def _restricted(one: Als, other: Als, digits: Iterable[int]) -> tuple[Link, ...]:
    """The weak links of restricted commons ``digits``: never in both sets at once."""
    return tuple(Link(one.holding(d), other.holding(d), strong=False) for d in digits)


class Board:
    """Bitmask views of a state for ALS work, and every ALS in it."""

    def __init__(self, state: State) -> None:
        self.state = state
        n = state.size
        self.peers = [sum(1 << p for p in state.peers[c]) for c in range(n * n)]
        self.with_digit = [0] * n
        for cell, mask in enumerate(state.candidates):
            for v in digits_of(mask):
                self.with_digit[v - 1] |= 1 << cell

    @cached_property
    def alses(self) -> list[Als]:
        state = self.state
        n = state.size
        limit = n - 1 if n <= 9 else MAX_SIZE_LARGE
        seen: set[int] = set()
        found: list[Als] = []
        for house in state.houses:
            open_cells = [c for c in house.cells if state.candidates[c]]
            for k in range(1, min(limit, len(open_cells) - 1) + 1):
                for group in combinations(open_cells, k):
                    digits = 0
                    for c in group:
                        digits |= state.candidates[c]
                    if digits.bit_count() != k + 1:
                        continue
                    mask = sum(1 << c for c in group)
                    if mask in seen:
                        continue
                    seen.add(mask)
                    found.append(self._als(group, mask, digits))
        return found

    def _als(self, group: tuple[int, ...], mask: int, digits: int) -> Als:
        n = self.state.size
        places = []
        sees = []
        everyone = (1 << n * n) - 1
        for v in range(1, n + 1):
            bit = 1 << (v - 1)
            where = 0
            common = everyone
            for c in group:
                if self.state.candidates[c] & bit:
                    where |= 1 << c
                    common &= self.peers[c]
            places.append(where)
            sees.append(common & ~mask if where else 0)
        near = 0
        for common in sees:
            near |= common
        return Als(group, mask, digits, tuple(places), tuple(sees), near)

    def rccs(self, a: Als, b: Als, overlap: bool = False) -> list[int]:
        """The restricted common candidates of two ALSes (none in shared cells)."""
        if (a.mask & b.mask and not overlap) or not b.mask & a.near:
            return []  # an RCC's places in b all see a, so b must lie near a
        return [
            v
            for v in digits_of(a.digits & b.digits)
            if b.places[v - 1] & ~a.sees[v - 1] == 0 and not a.places[v - 1] & b.mask
        ]

    def targets(self, v: int, *groups: Als, also: int = -1) -> int:
        """Cells holding ``v`` that see every ``v`` of ``groups`` (and ``also``)."""
        found = self.with_digit[v - 1] & also
        for g in groups:
            found &= g.sees[v - 1]
        return found


def _pairs(found: dict[int, set[int]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((c, v) for v, cells in found.items() for c in cells))


@technique("ALS-XZ", 7.2, codes=("0901",))
def als_xz(state: State) -> Iterator[Step]:
    """Two ALSes with a restricted common X: a digit Z in both is in one of
    them, so a cell seeing every Z of both is not Z. Two such X (doubly
    linked) lock both sets."""
    board = state.derived(Board, Board, state)
    alses = board.alses
    seen: set[tuple] = set()
    for i, a in enumerate(alses):
        for b in alses[i + 1 :]:
            if (a.digits & b.digits).bit_count() < 2:
                continue
            rccs = board.rccs(a, b)
            if not rccs:
                continue
            found: dict[int, set[int]] = {}
            for z in digits_of(a.digits & b.digits):
                if z in rccs:
                    continue
                found.setdefault(z, set()).update(bits(board.targets(z, a, b)))
            doubly = len(rccs) > 1
            if doubly:
                for x in rccs:
                    found.setdefault(x, set()).update(bits(board.targets(x, a, b)))
                for one, other in ((a, b), (b, a)):
                    for w in digits_of(one.digits):
                        if w not in rccs:
                            places = board.targets(w, one) & ~other.mask
                            found.setdefault(w, set()).update(bits(places))
            eliminations = _pairs(found)
            if not eliminations or eliminations in seen:
                continue
            seen.add(eliminations)
            if doubly:
                kind = f"restricted commons {digit_set(rccs)}"
                why = "each set is locked"
            else:
                kind = f"restricted common {rccs[0]}"
                why = "the other digits they share are in one of them"
            yield Step(
                "ALS-XZ",
                f"ALS-XZ: A = {a.name(state)} and B = {b.name(state)}, {kind} "
                f"(it cannot be in both, so {why}): "
                f"{removals(state, eliminations)}",
                eliminations=eliminations,
                cells=a.cells + b.cells,
                digits=tuple(digits_of(a.digits | b.digits)),
                links=_restricted(a, b, rccs),
            )


@technique("ALS-XY-Wing", 7.3, codes=("0902",))
def als_xy_wing(state: State) -> Iterator[Step]:
    """ALS C shares restricted commons X with A and Y with B: a digit Z of both
    A and B is in one of them."""
    board = state.derived(Board, Board, state)
    alses = board.alses
    links: dict[int, list[tuple[int, list[int]]]] = {i: [] for i in range(len(alses))}
    for i, a in enumerate(alses):
        for j in range(i + 1, len(alses)):
            rccs = board.rccs(a, alses[j], overlap=True)
            if rccs:
                links[i].append((j, rccs))
                links[j].append((i, rccs))
    seen: set[tuple] = set()
    for ci, c in enumerate(alses):
        for (ai, xs), (bi, ys) in combinations(links[ci], 2):
            a, b = alses[ai], alses[bi]
            for x in xs:
                for y in ys:
                    if x == y:
                        continue
                    found: dict[int, set[int]] = {}
                    for z in digits_of(a.digits & b.digits):
                        if z in (x, y):
                            continue
                        places = board.targets(z, a, b) & ~c.mask
                        found.setdefault(z, set()).update(bits(places))
                    eliminations = _pairs(found)
                    if not eliminations or eliminations in seen:
                        continue
                    seen.add(eliminations)
                    yield Step(
                        "ALS-XY-Wing",
                        f"ALS-XY-Wing: C = {c.name(state)} links A = {a.name(state)} by {x} "
                        f"and B = {b.name(state)} by {y} (A or B loses its link digit, "
                        f"so what they share is in one of them): {removals(state, eliminations)}",
                        eliminations=eliminations,
                        cells=a.cells + b.cells + c.cells,
                        digits=tuple(digits_of(a.digits | b.digits | c.digits)),
                        links=_restricted(c, a, (x,)) + _restricted(c, b, (y,)),
                    )


@technique("Death Blossom", 7.5, codes=("0904",))
def death_blossom(state: State) -> Iterator[Step]:
    """A stem cell whose every candidate d has a petal: an ALS whose every d sees
    the stem. Whatever the stem is, that petal loses d and is locked, so a
    digit Z in every petal is in one of them."""
    board = state.derived(Board, Board, state)
    alses = board.alses
    seen: set[tuple] = set()
    for stem in range(state.size**2):
        mask = state.candidates[stem]
        if not 2 <= mask.bit_count() <= 4:
            continue
        stem_digits = digits_of(mask)
        petals = {
            d: [
                a
                for a in alses
                if not a.mask >> stem & 1
                and a.places[d - 1]
                and a.places[d - 1] & ~board.peers[stem] == 0
            ]
            for d in stem_digits
        }
        if any(not p for p in petals.values()):
            continue
        reach = {
            v: board.with_digit[v - 1] & ~(1 << stem)
            for v in range(1, state.size + 1)
            if not mask >> (v - 1) & 1 and board.with_digit[v - 1]
        }
        options = [petals[d][:PETALS] for d in stem_digits]
        for chosen, left in _blossoms(options, 0, reach, []):
            eliminations = tuple(sorted((c, v) for v, m in left.items() for c in bits(m)))
            if not eliminations or eliminations in seen:
                continue
            seen.add(eliminations)
            parts = and_list(
                [f"{d}: {a.name(state)}" for d, a in zip(stem_digits, chosen, strict=True)]
            )
            shared = sorted({v for _, v in eliminations})
            yield Step(
                "Death Blossom",
                f"Death Blossom: stem {state.name(stem)} {digit_set(stem_digits)} with petals "
                f"{parts} (whatever the stem is, the petal of its value is locked, so "
                f"{digit_set(shared)} is in a petal): {removals(state, eliminations)}",
                eliminations=eliminations,
                cells=(stem, *(c for a in chosen for c in a.cells)),
                digits=(*shared, *stem_digits),
                links=tuple(
                    Link(((stem, d),), petal.holding(d), strong=False)
                    for d, petal in zip(stem_digits, chosen, strict=True)
                ),
            )


def _blossoms(
    options: list[list[Als]], k: int, reach: dict[int, int], chosen: list[Als]
) -> Iterator[tuple[list[Als], dict[int, int]]]:
    """Petal choices, one per stem digit, with the cells each shared digit can leave."""
    if k == len(options):
        yield list(chosen), reach
        return
    for a in options[k]:
        left = {v: m & a.sees[v - 1] for v, m in reach.items() if a.digits >> (v - 1) & 1}
        left = {v: m for v, m in left.items() if m}
        if not left:
            continue
        chosen.append(a)
        yield from _blossoms(options, k + 1, left, chosen)
        chosen.pop()
