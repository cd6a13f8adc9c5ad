"""Single-digit patterns built from conjugate pairs: Skyscraper, 2-String Kite,
Turbot Fish and Empty Rectangle.

A conjugate pair (strong link) is a house holding the digit in exactly two
cells: one of them is the digit. Two strong links joined by a weak link (two
cells that see each other) make the far ends ``a`` and ``d`` a strong pair:
one of them is the digit, so any cell seeing both loses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from .registry import technique
from .state import House, State, remembered
from .step import Link, Step
from .words import and_list, removals

Pair = tuple[House, int, int]


def strong_links(state: State, value: int, kinds: tuple[str, ...] = ()) -> list[Pair]:
    """Every house (of ``kinds``, all when empty) holding ``value`` in exactly two cells."""
    links = []
    for house in state.houses:
        if kinds and house.kind not in kinds:
            continue
        places = state.cells_with(value, house.cells)
        if len(places) == 2:
            links.append((house, places[0], places[1]))
    return links


def _seen_by_both(state: State, value: int, first: int, second: int, chain: tuple[int, ...]):
    both = state.peers[first] & state.peers[second]
    return tuple(
        (cell, value) for cell in sorted(both) if cell not in chain and state.has(cell, value)
    )


def _ends(link: Pair) -> Iterator[tuple[int, int]]:
    """Both orientations of a link: (end joined to the other link, free end)."""
    _, a, b = link
    yield a, b
    yield b, a


def _chains(state: State, value: int, links: list[Pair]) -> Iterator[tuple]:
    """Pairs of links with a weak link between them: (link1, link2, a, b, c, d, joint)
    with a=b strong, b-c weak (both in the house ``joint``), c=d strong; four cells."""
    for first, second in combinations(links, 2):
        if first[0] == second[0]:
            continue
        for b, a in _ends(first):
            for c, d in _ends(second):
                if len({a, b, c, d}) < 4:
                    continue
                joint = _shared_house(state, b, c)
                if joint is not None:
                    yield first, second, a, b, c, d, joint


def _chain_step(state: State, name: str, value: int, chain: tuple) -> Step | None:
    first, second, a, b, c, d, joint = chain
    eliminations = _seen_by_both(state, value, a, d, (a, b, c, d))
    if not eliminations:
        return None
    name_of = state.name
    return Step(
        name,
        f"{name} on {value}: {name_of(a)}={name_of(b)} in {first[0].name} and "
        f"{name_of(c)}={name_of(d)} in {second[0].name} are joined by {joint.name}, so "
        f"{name_of(a)} or {name_of(d)} is {value}: {removals(state, eliminations)}",
        eliminations=eliminations,
        cells=(a, b, c, d),
        houses=(first[0].name, second[0].name),
        digits=(value,),
        links=(
            link(value, (a,), (b,), True),
            link(value, (b,), (c,), False),
            link(value, (c,), (d,), True),
        ),
    )


def link(value: int, start: Iterable[int], end: Iterable[int], strong: bool) -> Link:
    """The link between ``value`` in the cells ``start`` and in the cells ``end``."""
    return Link(tuple((c, value) for c in start), tuple((c, value) for c in end), strong)


def _shared_house(state: State, b: int, c: int) -> House | None:
    """The house holding both ``b`` and ``c``, lines first."""
    return next((h for h in state.houses_of[b] if c in h.cells), None)


def _shape(chain: tuple) -> str:
    """'Skyscraper', '2-String Kite' or 'Turbot Fish' for a two-link chain."""
    first, second, *_, joint_house = chain
    kinds = {first[0].kind, second[0].kind}
    joint = joint_house.kind
    if first[0].kind == second[0].kind in ("row", "column") and joint in ("row", "column"):
        return "Skyscraper"
    if kinds == {"row", "column"} and joint == "box":
        return "2-String Kite"
    return "Turbot Fish"


def _patterns(state: State, shape: str, kinds: tuple[str, ...]) -> Iterator[Step]:
    by_joint: dict[frozenset[int], list[Step]] = {}
    patterns = state.patterns()
    for value in range(1, state.size + 1):
        key = (state.context, shape, kinds, value, patterns[value - 1])
        for joint, step in remembered(key, _value_patterns, state, shape, kinds, value):
            by_joint.setdefault(joint, []).append(step)
            yield step
    if shape == "2-String Kite":
        for group in by_joint.values():
            yield from _duals(state, "Dual 2-String Kite", group)


def _value_patterns(
    state: State, shape: str, kinds: tuple[str, ...], value: int
) -> tuple[tuple[frozenset[int], Step], ...]:
    """The distinct ``shape`` steps on ``value``, each with its joint cells. They
    depend only on the cells holding ``value`` (and the geometry)."""
    found = []
    seen: set[tuple] = set()
    for chain in _chains(state, value, strong_links(state, value, kinds)):
        if _shape(chain) != shape:
            continue
        step = _chain_step(state, shape, value, chain)
        if step is None:
            continue
        key = (frozenset(step.cells), step.eliminations)
        if key not in seen:
            seen.add(key)
            found.append((frozenset(chain[3:5]), step))
    return tuple(found)


def _duals(state: State, name: str, steps: list[Step]) -> Iterator[Step]:
    """Two patterns through the same cells of a box, their removals merged (HoDoKu
    merges kites on different digits too when they share those cells)."""
    for first, second in combinations(steps, 2):
        if set(first.eliminations) & set(second.eliminations):
            continue
        eliminations = first.eliminations + second.eliminations
        yield Step(
            name,
            f"{name} on {and_list([str(v) for v in sorted({*first.digits, *second.digits})])}: "
            f"{first.text.partition(': ')[2].rpartition(': ')[0]}; and "
            f"{second.text.partition(': ')[2].rpartition(': ')[0]}: "
            f"{removals(state, eliminations)}",
            eliminations=eliminations,
            cells=tuple(dict.fromkeys(first.cells + second.cells)),
            houses=tuple(dict.fromkeys(first.houses + second.houses)),
            digits=tuple(sorted({*first.digits, *second.digits})),
            links=first.links + second.links,
        )


@technique("Skyscraper", 4.0, codes=("0400",))
def skyscraper(state: State) -> Iterator[Step]:
    """Two parallel conjugate pairs with one end of each in a common line."""
    yield from _patterns(state, "Skyscraper", ("row", "column"))


@technique("2-String Kite", 4.1, codes=("0401", "0404"))
def two_string_kite(state: State) -> Iterator[Step]:
    """A row pair and a column pair with one end of each in a common box."""
    yield from _patterns(state, "2-String Kite", ("row", "column"))


@technique("Turbot Fish", 4.2, codes=("0403",))
def turbot_fish(state: State) -> Iterator[Step]:
    """Any other two conjugate pairs joined by a weak link (one often in a box)."""
    yield from _patterns(state, "Turbot Fish", ())


@technique("Empty Rectangle", 4.3, codes=("0402", "0405"))
def empty_rectangle(state: State) -> Iterator[Step]:
    """A box whose digit lies in one row and one column of it, and a conjugate pair
    with one end in that row (or column) outside the box: if the cell where the
    pair's other line crosses the box's column (or row) held the digit, the pair
    would push it out of the box's row and the box would need it twice in its
    column. So that cell loses it."""
    geometry = state.puzzle.geometry
    if geometry.box is None:
        return
    patterns = state.patterns()
    for value in range(1, state.size + 1):
        key = (state.context, "Empty Rectangle", value, patterns[value - 1])
        yield from remembered(key, _value_rectangles, state, value)


def _value_rectangles(state: State, value: int) -> tuple[Step, ...]:
    """The Empty Rectangles (and duals) on ``value``: they depend only on the cells
    holding it."""
    return tuple(_rectangles(state, value))


def _rectangles(state: State, value: int) -> Iterator[Step]:
    n = state.size
    links = strong_links(state, value, ("row", "column"))
    for box in (h for h in state.houses if h.kind == "box"):
        found: list[Step] = []
        places = state.cells_with(value, box.cells)
        if len(places) < 2:
            continue
        box_cells = set(box.cells)
        for row in sorted({cell // n for cell in box.cells}):
            for col in sorted({cell % n for cell in box.cells}):
                if not all(p // n == row or p % n == col for p in places):
                    continue
                arm_row = [p for p in places if p // n == row and p % n != col]
                arm_col = [p for p in places if p % n == col and p // n != row]
                if not arm_row or not arm_col:
                    continue
                for step in _rectangle_steps(state, value, box, places, row, col, links, box_cells):
                    found.append(step)
                    yield step
        yield from _duals(state, "Dual Empty Rectangle", found)


def _rectangle_steps(
    state: State,
    value: int,
    box: House,
    places: list[int],
    row: int,
    col: int,
    links: list[Pair],
    box_cells: set[int],
) -> Iterator[Step]:
    n = state.size
    for house, a, b in links:
        for near, far in ((a, b), (b, a)):
            if near in box_cells or far in box_cells:
                continue
            if house.kind == "column" and near // n == row:
                target = (far // n) * n + col
            elif house.kind == "row" and near % n == col:
                target = row * n + far % n
            else:
                continue
            if target in box_cells or not state.has(target, value):
                continue
            eliminations = ((target, value),)
            yield Step(
                "Empty Rectangle",
                f"Empty Rectangle on {value}: in {box.name} it lies only in row {row + 1} "
                f"and column {col + 1}; with the pair {state.name(near)}={state.name(far)} "
                f"in {house.name}: {removals(state, eliminations)}",
                eliminations=eliminations,
                cells=(*places, near, far),
                houses=(box.name, house.name),
                digits=(value,),
                links=(link(value, places, (near,), False), link(value, (near,), (far,), True)),
            )
