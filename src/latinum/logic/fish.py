"""Fish on one digit: X-Wing, Swordfish, Jellyfish and their finned, sashimi and
Siamese forms, with rows as base and columns as cover or the other way round.

``n`` base lines hold the digit only within ``n`` cover lines, so each cover
line's digit lies in the base: the cover lines lose it everywhere else. A
finned fish has extra base candidates (fins) in one box: either a fin is true
or the fish holds, so only cover cells of the fin box lose the digit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..geometry import Geometry
from .bitsets import bits
from .registry import technique
from .state import State
from .step import Step
from .words import and_list, cells, removals

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


@dataclass(frozen=True)
class Fish:
    """One fish: ``base`` and ``cover`` line indices (rows then columns or the reverse)."""

    value: int
    by_rows: bool
    base: tuple[int, ...]
    cover: tuple[int, ...]
    fins: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    sashimi: bool = False

    @property
    def kind(self) -> str:
        if not self.fins:
            return "Basic"
        return "Sashimi" if self.sashimi else "Finned"


def line_masks(state: State, value: int, by_rows: bool) -> list[int]:
    """Per base line, the bits of the cross lines where ``value`` is a candidate."""
    return list(_line_masks(state.size, state.patterns()[value - 1], by_rows))


@lru_cache(maxsize=4096)
def _line_masks(n: int, pattern: int, by_rows: bool) -> tuple[int, ...]:
    """Per base line, the cross lines of the cells in ``pattern`` (a bitmask of cells)."""
    full = (1 << n) - 1
    if by_rows:
        return tuple(pattern >> (row * n) & full for row in range(n))
    masks = [0] * n
    for cell in bits(pattern):
        row, col = divmod(cell, n)
        masks[col] |= 1 << row
    return tuple(masks)


def _cell(n: int, by_rows: bool, line: int, cross: int) -> int:
    return line * n + cross if by_rows else cross * n + line


def _groups(
    lines: list[int], size: int, cap: Sequence[int], required: int = 0
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Sets of ``size`` lines (from ``lines``) whose ``cap`` masks together span at
    most ``size`` cross lines, as (lines, union of cap masks); with ``required``,
    only sets holding one of those lines."""
    last = max((at for at, line in enumerate(lines) if required >> line & 1), default=-1)

    def grow(start: int, chosen: tuple[int, ...], union: int, met: bool) -> Iterator[tuple]:
        if len(chosen) == size:
            yield chosen, union
            return
        for at in range(start, len(lines) - (size - len(chosen)) + 1):
            if not met and required and at > last:
                return
            line = lines[at]
            joined = union | cap[line]
            if joined.bit_count() <= size:
                yield from grow(at + 1, (*chosen, line), joined, met or bool(required >> line & 1))

    yield from grow(0, (), 0, False)


def basic_fish(state: State, size: int) -> Iterator[Fish]:
    """Every basic fish of ``size`` lines, rows as base first."""
    n = state.size
    patterns = state.patterns()
    for value in range(1, n + 1):
        for by_rows in (True, False):
            yield from _basic_fish(n, size, value, by_rows, patterns[value - 1])


@lru_cache(maxsize=4096)
def _basic_fish(n: int, size: int, value: int, by_rows: bool, pattern: int) -> tuple[Fish, ...]:
    """The basic fish on ``value``, whose candidates are the cells of ``pattern``."""
    masks = _line_masks(n, pattern, by_rows)
    found = []
    lines = [i for i, m in enumerate(masks) if 2 <= m.bit_count() <= size]
    for base, union in _groups(lines, size, masks):
        if union.bit_count() != size:
            continue
        cover = tuple(bits(union))
        eliminations = tuple(
            (_cell(n, by_rows, line, cross), value)
            for cross in cover
            for line in range(n)
            if line not in base and masks[line] >> cross & 1
        )
        if eliminations:
            found.append(Fish(value, by_rows, base, cover, (), eliminations))
    return tuple(found)


@lru_cache(maxsize=16)
def _box_spans(geometry: Geometry) -> tuple[tuple[int, int], ...]:
    """Per box: the masks of its rows and of its columns."""
    if geometry.box is None:
        return ()
    height, width = geometry.box
    spans = []
    for top in range(0, geometry.size, height):
        for left in range(0, geometry.size, width):
            rows = ((1 << height) - 1) << top
            cols = ((1 << width) - 1) << left
            spans.append((rows, cols))
    return tuple(spans)


def finned_fish(state: State, size: int) -> list[Fish]:
    """Every finned or sashimi fish of ``size`` lines with fins in one box."""
    found: list[Fish] = []
    geometry = state.puzzle.geometry
    patterns = state.patterns()
    for value in range(1, state.size + 1):
        for by_rows in (True, False):
            found += _finned_fish(geometry, size, value, by_rows, patterns[value - 1])
    return found


@lru_cache(maxsize=4096)
def _finned_fish(
    geometry: Geometry, size: int, value: int, by_rows: bool, pattern: int
) -> tuple[Fish, ...]:
    """The finned and sashimi fish on ``value``, whose candidates are the cells of
    ``pattern``, rows as base when ``by_rows``."""
    n = geometry.size
    found: dict[tuple, Fish] = {}
    masks = _line_masks(n, pattern, by_rows)
    for rows, cols in _box_spans(geometry):
        box_lines, box_cross = (rows, cols) if by_rows else (cols, rows)
        band = [i for i in bits(box_lines) if masks[i] & box_cross]
        if len(band) < 2:  # fins and removals lie on different lines of the box
            continue
        outside = [m & ~box_cross if box_lines >> i & 1 else m for i, m in enumerate(masks)]
        lines = [i for i, m in enumerate(masks) if m and outside[i].bit_count() <= size]
        required = sum(1 << line for line in band)
        for base, union in _groups(lines, size, outside, required):
            in_box = 0
            targets = 0
            for line in band:
                if line in base:
                    in_box |= masks[line] & box_cross
                else:
                    targets |= masks[line] & box_cross
            in_box &= ~union
            if not in_box or not targets:
                continue
            for extra in _subsets(bits(in_box), size - union.bit_count()):
                covers = union | extra
                if not targets & covers:
                    continue
                fish = _finned(n, masks, value, by_rows, base, covers, band, box_cross)
                if fish is not None:
                    found.setdefault((base, covers), fish)
    return tuple(found.values())


def _subsets(items: list[int], count: int) -> Iterator[int]:
    """Masks of every ``count`` of the bit indices ``items``."""
    if count == 0:
        yield 0
        return
    for at in range(len(items) - count + 1):
        for rest in _subsets(items[at + 1 :], count - 1):
            yield 1 << items[at] | rest


def _finned(
    n: int,
    masks: Sequence[int],
    value: int,
    by_rows: bool,
    base: tuple[int, ...],
    covers: int,
    band: list[int],
    box_cross: int,
) -> Fish | None:
    """The fish on ``base`` and ``covers``, its fins in the box of ``band`` and ``box_cross``."""
    body = [masks[line] & covers for line in base]
    if not all(body):
        return None
    fins = tuple(
        sorted(
            _cell(n, by_rows, line, cross) for line in base for cross in bits(masks[line] & ~covers)
        )
    )
    eliminations = tuple(
        (_cell(n, by_rows, line, cross), value)
        for line in band
        if line not in base
        for cross in bits(masks[line] & covers & box_cross)
    )
    if not fins or not eliminations:
        return None
    sashimi = any(b.bit_count() < 2 for b in body)
    return Fish(value, by_rows, base, tuple(bits(covers)), fins, eliminations, sashimi)


def siamese(fishes: list[Fish]) -> Iterator[tuple[Fish, Fish]]:
    """Pairs of finned fish on the same digit and base lines with different removals."""
    for i, first in enumerate(fishes):
        for second in fishes[i + 1 :]:
            if (first.value, first.by_rows, first.base) == (
                second.value,
                second.by_rows,
                second.base,
            ) and set(first.eliminations) != set(second.eliminations):
                yield first, second


def _lines(fish: Fish) -> tuple[str, str]:
    """``rows 2 and 7`` and ``columns 3 and 8``, or the reverse for a column fish."""
    base_kind, cover_kind = ("rows", "columns") if fish.by_rows else ("columns", "rows")
    base = and_list([str(i + 1) for i in fish.base])
    cover = and_list([str(i + 1) for i in fish.cover])
    return f"{base_kind} {base}", f"{cover_kind} {cover}"


def _cover(state: State, fish: Fish) -> str:
    """``(columns 3 and 8, fin r2c9)``."""
    fins = ""
    if fish.fins:
        fins = f", fin{'s' if len(fish.fins) > 1 else ''} {cells(state, fish.fins)}"
    return f"({_lines(fish)[1]}{fins})"


def _pattern(state: State, fish: Fish) -> tuple[int, ...]:
    n = state.size
    return tuple(
        cell
        for line in fish.base
        for cross in range(n)
        for cell in (_cell(n, fish.by_rows, line, cross),)
        if state.has(cell, fish.value)
    )


def _houses(fish: Fish) -> tuple[str, ...]:
    base_kind, cover_kind = ("row", "column") if fish.by_rows else ("column", "row")
    return tuple(f"{base_kind} {i + 1}" for i in fish.base) + tuple(
        f"{cover_kind} {i + 1}" for i in fish.cover
    )


def describe(state: State, fish: Fish, name: str) -> Step:
    """The step of one fish, named ``name``."""
    return Step(
        name,
        f"{name} on {fish.value} in {_lines(fish)[0]} {_cover(state, fish)}: "
        f"{removals(state, fish.eliminations)}",
        eliminations=fish.eliminations,
        cells=_pattern(state, fish),
        houses=_houses(fish),
        digits=(fish.value,),
    )


def _merged(state: State, first: Fish, second: Fish, name: str) -> Step:
    """Two fish on the same base lines as one step (HoDoKu's Siamese fish)."""
    eliminations = tuple(dict.fromkeys(first.eliminations + second.eliminations))
    return Step(
        name,
        f"{name} on {first.value} in {_lines(first)[0]} {_cover(state, first)} and "
        f"{_cover(state, second)}: {removals(state, eliminations)}",
        eliminations=eliminations,
        cells=_pattern(state, first),
        houses=tuple(dict.fromkeys(_houses(first) + _houses(second))),
        digits=(first.value,),
    )


_cache: dict[int, tuple[tuple, list[Fish]]] = {}


def _finned_cached(state: State, size: int) -> list[Fish]:
    """Finned and sashimi fish share one search per state."""
    key = (state.puzzle.geometry, tuple(state.candidates))
    last = _cache.get(size)
    if last is None or last[0] != key:
        last = (key, finned_fish(state, size))
        _cache[size] = last
    return last[1]


def _basic(size: int):
    def find(state: State) -> Iterator[Step]:
        for fish in basic_fish(state, size):
            yield describe(state, fish, FISH_NAMES[size])

    find.__doc__ = f"{size} base lines whose digit lies in {size} cover lines."
    return find


def _finned_kind(size: int, kind: str):
    def find(state: State) -> Iterator[Step]:
        fishes = _finned_cached(state, size)
        name = f"{kind} {FISH_NAMES[size]}"
        for fish in fishes:
            if fish.kind == kind:
                yield describe(state, fish, name)
        for first, second in siamese(fishes):
            if first.kind == kind:
                yield _merged(state, first, second, f"Siamese {name}")
            elif second.kind == kind:
                yield _merged(state, second, first, f"Siamese {name}")

    find.__doc__ = f"{kind} fish of {size} lines, alone or as a Siamese pair."
    return find


technique("X-Wing", 3.2, codes=("0300",))(_basic(2))
technique("Swordfish", 3.8, codes=("0301",))(_basic(3))
technique("Jellyfish", 5.2, codes=("0302",))(_basic(4))
technique("Finned X-Wing", 4.1, codes=("0310",))(_finned_kind(2, "Finned"))
technique("Sashimi X-Wing", 4.1, codes=("0320",))(_finned_kind(2, "Sashimi"))
technique("Finned Swordfish", 4.6, codes=("0311", "03111"))(_finned_kind(3, "Finned"))
technique("Sashimi Swordfish", 4.6, codes=("0321", "03211"))(_finned_kind(3, "Sashimi"))
technique("Finned Jellyfish", 5.6, codes=("0312", "03121"))(_finned_kind(4, "Finned"))
technique("Sashimi Jellyfish", 5.6, codes=("0322", "03221"))(_finned_kind(4, "Sashimi"))
