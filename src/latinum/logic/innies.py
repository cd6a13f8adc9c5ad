"""Innies and outies: the rule of 45 for Killer Sudoku and its KenKen analogue.

A region made of k whole houses (consecutive rows, consecutive columns, a
box or consecutive boxes of one band or stack) holds every value k times,
so it sums to k*N(N+1)/2 (and, in KenKen, multiplies to N!^k). Cages whose
sum (product) is known and that lie inside the region, or reach out of it,
leave a known total for the few cells that remain: the *innies* (region
cells outside those cages) minus the *outies* (cells of those cages outside
the region). That virtual cage keeps only the candidates some assignment of
its cells uses.

Weights: pure innies or outies 3.5 (one subtraction, then a small cage);
innies minus outies 4.2 (a difference of two groups); the KenKen product
forms 4.4 (the same on products, harder to do in the head).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial, prod

from ..puzzle import Puzzle
from .bitsets import bits, mask_of
from .cage_fill import distinct_pairs, fillings
from .drawing import kept
from .registry import technique
from .state import State, digits_of
from .step import Step
from .words import cells as cell_list
from .words import removals

#: Largest virtual cage worth enumerating (sums, products).
MAX_SUM_CELLS = 5
MAX_PRODUCT_CELLS = 4


@dataclass(frozen=True)
class Region:
    """``houses`` whole houses: ``cells`` as a bitmask, the cages touching it by index."""

    name: str
    houses: int
    cells: int
    inside: tuple[int, ...]
    partial: tuple[int, ...]


@lru_cache(maxsize=32)
def regions(puzzle: Puzzle) -> tuple[Region, ...]:
    """Unions of consecutive rows, of consecutive columns, and of consecutive boxes of a
    band or stack (not the whole grid), with the cages inside them and reaching out."""
    geometry = puzzle.geometry
    size = geometry.size
    masks = [mask_of(cage.cells) for cage in puzzle.cages]
    found = []

    def add(name: str, houses: int, units: list[tuple[int, ...]]) -> None:
        region = 0
        for unit in units:
            region |= mask_of(unit)
        inside = tuple(i for i, m in enumerate(masks) if m & region == m)
        partial = tuple(i for i, m in enumerate(masks) if m & region and m & ~region)
        found.append(Region(name, houses, region, inside, partial))

    for kind, lines in (("row", geometry.rows), ("column", geometry.columns)):
        for start in range(size):
            for stop in range(start + 1, size + 1):
                if stop - start == size:
                    continue
                name = f"{kind} {start + 1}" if stop == start + 1 else f"{kind}s {start + 1}-{stop}"
                add(name, stop - start, list(lines[start:stop]))
    boxes = geometry.boxes
    for index, box in enumerate(boxes):
        add(f"box {index + 1}", 1, [box])
    for line_of in (lambda c: geometry.row_col(c)[0], lambda c: geometry.row_col(c)[1]):
        groups: dict[frozenset[int], list[int]] = {}
        for index, box in enumerate(boxes):
            groups.setdefault(frozenset(line_of(c) for c in box), []).append(index)
        for members in groups.values():
            for start in range(len(members)):
                for stop in range(start + 2, len(members) + 1):
                    if stop - start == len(members):
                        continue
                    picked = members[start:stop]
                    name = "boxes " + ", ".join(str(i + 1) for i in picked)
                    add(name, len(picked), [boxes[i] for i in picked])
    return tuple(found)


@lru_cache(maxsize=32)
def _cage_masks(puzzle: Puzzle) -> tuple[int, ...]:
    return tuple(mask_of(cage.cells) for cage in puzzle.cages)


def _known(state: State, product: bool) -> list[int | None]:
    """Per cage, its sum (product) when every remaining filling gives the same."""
    known: list[int | None] = []
    for cage in state.puzzle.cages:
        if cage.op == ("*" if product else "+") or cage.op == "=":
            known.append(cage.target)
            continue
        found = fillings(state, cage)
        totals = found.products() if found and product else found.sums() if found else set()
        known.append(totals.pop() if len(totals) == 1 else None)
    return known


@dataclass(frozen=True)
class _Virtual:
    region: Region
    plus: tuple[int, ...]  # innies (unsolved)
    minus: tuple[int, ...]  # outies (unsolved)
    total: Fraction  # sum(plus) - sum(minus), or prod(plus) / prod(minus)
    cages_total: int  # the included cages' sum (product)
    region_total: int


def _virtuals(state: State, product: bool) -> Iterator[_Virtual]:
    puzzle = state.puzzle
    size = state.size
    known = _known(state, product)
    masks = _cage_masks(puzzle)
    unsolved = mask_of(state.empty_cells())
    limit = MAX_PRODUCT_CELLS if product else MAX_SUM_CELLS
    seen = set()
    for region in regions(puzzle):
        if product:
            region_total = factorial(size) ** region.houses
        else:
            region_total = region.houses * size * (size + 1) // 2
        base = [i for i in region.inside if known[i] is not None]
        usable = [i for i in region.partial if known[i] is not None]
        greedy = [
            i
            for i in usable
            if (masks[i] & ~region.cells & unsolved).bit_count()
            < (masks[i] & region.cells & unsolved).bit_count()
        ]
        for extra in ((), tuple(usable), tuple(greedy)):
            covered = 0
            for i in (*base, *extra):
                covered |= masks[i]
            plus = region.cells & ~covered
            minus = covered & ~region.cells
            plus_open, minus_open = plus & unsolved, minus & unsolved
            count = (plus_open | minus_open).bit_count()
            if not count or count > limit or (plus_open, minus_open) in seen:
                continue
            seen.add((plus_open, minus_open))
            included = [known[i] for i in (*base, *extra)]
            fixed_plus = [state.values[c] for c in bits(plus & ~unsolved)]
            fixed_minus = [state.values[c] for c in bits(minus & ~unsolved)]
            if product:
                cages_total = prod(included)  # type: ignore[arg-type]
                total = Fraction(region_total, cages_total) * prod(fixed_minus) / prod(fixed_plus)
            else:
                cages_total = sum(included)  # type: ignore[arg-type]
                total = Fraction(region_total - cages_total - sum(fixed_plus) + sum(fixed_minus))
            yield _Virtual(
                region,
                tuple(bits(plus_open)),
                tuple(bits(minus_open)),
                total,
                cages_total,
                region_total,
            )


@lru_cache(maxsize=1 << 15)
def _support(
    signs: tuple[int, ...],
    masks: tuple[int, ...],
    pairs: tuple[tuple[int, int], ...],
    total: Fraction,
    product: bool,
) -> tuple[int, ...]:
    """Per cell, the candidates some assignment meeting the total uses.

    Each candidate not yet seen in an assignment gets a search for one with
    the cell fixed to it; every assignment found supports all its values.
    """
    count = len(masks)
    every = [digits_of(m) for m in masks]
    earlier: list[list[int]] = [[] for _ in range(count)]
    for i, j in pairs:
        earlier[j].append(i)
    support = [0] * count
    values = [0] * count
    goal: Fraction | int = total if product else int(total)
    done: Fraction | int = 1 if product else 0

    def bounds(options: list[list[int]]) -> tuple[list, list]:
        low: list[Fraction | int]
        high: list[Fraction | int]
        if product:
            ends = [
                (Fraction(o[0]) ** s, Fraction(o[-1]) ** s)
                for o, s in zip(options, signs, strict=True)
            ]
            low = [prod(min(e) for e in ends[i:]) for i in range(count + 1)]
            high = [prod(max(e) for e in ends[i:]) for i in range(count + 1)]
        else:
            lows = [o[0] if s > 0 else -o[-1] for o, s in zip(options, signs, strict=True)]
            highs = [o[-1] if s > 0 else -o[0] for o, s in zip(options, signs, strict=True)]
            low = [sum(lows[i:]) for i in range(count + 1)]
            high = [sum(highs[i:]) for i in range(count + 1)]
        return low, high

    def extend(i: int, left, options, low, high) -> bool:
        """Cells ``i``.. must still make ``left``: True when an assignment is found."""
        if i == count:
            if left != done:
                return False
            for k, v in enumerate(values):
                support[k] |= 1 << (v - 1)
            return True
        blocked = 0
        for j in earlier[i]:
            blocked |= 1 << values[j]
        for v in options[i]:
            if blocked >> v & 1:
                continue
            if product:
                rest = left / v if signs[i] > 0 else left * v
            else:
                rest = left - v if signs[i] > 0 else left + v
            if rest < low[i + 1] or rest > high[i + 1]:
                continue
            values[i] = v
            if extend(i + 1, rest, options, low, high):
                values[i] = 0
                return True
        values[i] = 0
        return False

    for i in range(count):
        for v in every[i]:
            if support[i] >> (v - 1) & 1:
                continue
            options = list(every)
            options[i] = [v]
            extend(0, goal, options, *bounds(options))
    return tuple(support)


def _steps(state: State, product: bool, mixed: bool, name: str) -> Iterator[Step]:
    if not state.puzzle.cages:
        return
    for virtual in _virtuals(state, product):
        if bool(virtual.plus and virtual.minus) != mixed:
            continue
        group = virtual.plus + virtual.minus
        signs = (1,) * len(virtual.plus) + (-1,) * len(virtual.minus)
        masks = tuple(state.candidates[c] for c in group)
        support = _support(signs, masks, distinct_pairs(state, group), virtual.total, product)
        if not any(support):
            continue
        eliminations = tuple(
            (cell, value)
            for cell, mask, keep in zip(group, masks, support, strict=True)
            for value in digits_of(mask & ~keep)
        )
        if eliminations:
            yield Step(
                name,
                f"{_say(state, virtual, product)}: {removals(state, eliminations)}",
                eliminations=eliminations,
                cells=group,
                houses=(virtual.region.name,),
                digits=tuple(sorted({v for _, v in eliminations})),
                pattern=kept(state, group, eliminations),
                region=tuple(bits(virtual.region.cells)),
            )


def _say(state: State, virtual: _Virtual, product: bool) -> str:
    region = virtual.region.name
    plural = region.split()[0] in ("rows", "columns", "boxes")
    totals = (
        f"{region} {'multipl' if product else 'add'}"
        f"{('y' if plural else 'ies') if product else ('' if plural else 's')}"
        f"{'' if product else ' up'} to {virtual.region_total}, "
    )
    group = virtual.plus or virtual.minus
    verb = "is" if len(group) == 1 else "multiply to" if product else "add up to"
    if not virtual.minus:
        why = f"{totals}whole cages inside {'them' if plural else 'it'} to {virtual.cages_total}"
        shown = _number(virtual.total)
        return f"Innies of {region}: {cell_list(state, group)} {verb} {shown} ({why})"
    if not virtual.plus:
        why = f"{totals}the cages covering {'them' if plural else 'it'} to {virtual.cages_total}"
        shown = _number(1 / virtual.total if product else -virtual.total)
        return f"Outies of {region}: {cell_list(state, group)} {verb} {shown} ({why})"
    why = f"{totals}the cages used to {virtual.cages_total}"
    joined, relation = (" x ", "divided by") if product else (" + ", "minus")
    names = [joined.join(state.name(c) for c in part) for part in (virtual.plus, virtual.minus)]
    return (
        f"Innies and outies of {region}: {names[0]} {relation} {names[1]} "
        f"is {_number(virtual.total)} ({why})"
    )


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


@technique("Innies and Outies", 3.5)
def innies_and_outies(state: State) -> Iterator[Step]:
    """The cells a region's cages leave out (or take in) have a known sum."""
    yield from _steps(state, product=False, mixed=False, name="Innies and Outies")


@technique("Innie-Outie Difference", 4.2)
def innie_outie_difference(state: State) -> Iterator[Step]:
    """Innies minus outies of a region is a known number."""
    yield from _steps(state, product=False, mixed=True, name="Innie-Outie Difference")


@technique("Innie and Outie Products", 4.4)
def innie_outie_products(state: State) -> Iterator[Step]:
    """KenKen: rows multiply to N!, so innies over outies is a known ratio."""
    if state.puzzle.variant != "kenken":
        return
    for mixed in (False, True):
        yield from _steps(state, product=True, mixed=mixed, name="Innie and Outie Products")
