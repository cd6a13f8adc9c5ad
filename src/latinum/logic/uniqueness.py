"""Uniqueness techniques: deductions valid only for puzzles known to have one solution.

A *deadly pattern* is four non-given cells in two rows, two columns and two
boxes holding ``a`` and ``b`` crosswise: swapping ``a`` and ``b`` gives a second
solution. So in a puzzle with one solution, at least one cell of such a
rectangle takes a value outside ``{a,b}`` (Unique and Hidden Rectangles), and
placed cells must not complete one (Avoidable Rectangles). A Bivalue Universal
Grave (every open cell two candidates, every candidate twice in each house) has
zero or two solutions, so a single extra candidate must be the answer (BUG+1).

These hold only for plain grids: Killer and KenKen cages are not symmetric under
the swap, and a rectangle cell on a Sudoku-X diagonal breaks it too. Rectangles
are looked for only in grids with boxes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import combinations

from ..geometry import Geometry
from .registry import technique
from .state import House, State, digits_of
from .step import Step
from .words import and_list, cells, digit_set, removals

Corners = tuple[int, int, int, int]
"""Top-left, top-right, bottom-left and bottom-right cells of a rectangle."""

ROW_MATE = (1, 0, 3, 2)
COLUMN_MATE = (2, 3, 0, 1)
OPPOSITE = (3, 2, 1, 0)


@lru_cache(maxsize=32)
def rectangles(geometry: Geometry) -> tuple[Corners, ...]:
    """Every rectangle of cells in two rows, two columns and two boxes, none on a
    diagonal, whose two values could swap within each Windoku window (one holding
    none, all four, or two in a row or column of the rectangle); none at all
    without boxes."""
    if geometry.box is None:
        return ()
    n = geometry.size
    on_diagonal = {cell for unit in geometry.diagonal_units for cell in unit}
    windows = [set(window) for window in geometry.window_units]
    found = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if len({geometry.box_of(c) for c in corners}) != 2 or on_diagonal & set(corners):
                continue
            if all(_swappable(corners, window) for window in windows):
                found.append(corners)
    return tuple(found)


def _swappable(corners: Corners, unit: set[int]) -> bool:
    """True if swapping the rectangle's two values keeps ``unit`` whole: it holds none
    of the corners, all four, or two that share a row or column."""
    inside = [i for i, cell in enumerate(corners) if cell in unit]
    if len(inside) == 2:
        first, second = inside
        return second in (ROW_MATE[first], COLUMN_MATE[first])
    return len(inside) in (0, 4)


@lru_cache(maxsize=32)
def _rectangles_of(geometry: Geometry) -> tuple[tuple[Corners, ...], ...]:
    """The rectangles holding each cell."""
    holding: list[list[Corners]] = [[] for _ in geometry.cells]
    for corners in rectangles(geometry):
        for cell in corners:
            holding[cell].append(corners)
    return tuple(tuple(group) for group in holding)


def _applies(state: State) -> bool:
    return not state.puzzle.cages


_memo: dict[str, tuple[tuple, list]] = {}


def _memoised(kind: str, state: State, compute: Callable[[State], list]) -> list:
    """``compute(state)``, reused while the same state is asked again (the finders of
    one kind run one after another on one state)."""
    key = (state.puzzle, tuple(state.values), tuple(state.candidates))
    hit = _memo.get(kind)
    if hit is not None and hit[0] == key:
        return hit[1]
    result = compute(state)
    _memo[kind] = (key, result)
    return result


def _open_rectangles(state: State) -> list[tuple[Corners, int, tuple[int, ...]]]:
    """Rectangles of four open cells, each with a digit pair ``{a,b}`` (a mask) that
    is the whole of some corner and meets every corner, and each corner's extras
    (its candidates outside the pair)."""
    return _memoised("open", state, _find_open_rectangles) if _applies(state) else []


def _find_open_rectangles(state: State) -> list[tuple[Corners, int, tuple[int, ...]]]:
    by_cell = _rectangles_of(state.puzzle.geometry)
    masks = state.candidates
    seen: set[tuple[Corners, int]] = set()
    found: list[tuple[Corners, int, tuple[int, ...]]] = []
    for cell, pair in enumerate(masks):
        if pair.bit_count() != 2:
            continue
        for corners in by_cell[cell]:
            if (corners, pair) in seen:
                continue
            seen.add((corners, pair))
            a, b, c, d = (masks[corner] for corner in corners)
            if a & pair and b & pair and c & pair and d & pair:
                found.append((corners, pair, (a & ~pair, b & ~pair, c & ~pair, d & ~pair)))
    return found


def _head(state: State, name: str, corners: Corners, pair: int) -> str:
    where = ", ".join(state.name(cell) for cell in sorted(corners))
    return f"{name} on {digit_set(digits_of(pair))} at {where}"


def _common_victims(state: State, value: int, seeing: list[int]) -> tuple[tuple[int, int], ...]:
    """``(cell, value)`` for each cell with ``value`` seeing every cell of ``seeing``."""
    common = set(state.peers[seeing[0]])
    for cell in seeing[1:]:
        common &= state.peers[cell]
    return tuple((cell, value) for cell in sorted(common) if state.has(cell, value))


def _names(state: State, group: list[int]) -> str:
    return and_list([state.name(cell) for cell in group])


def _only_in(state: State, value: int, house: House, group: Iterable[int]) -> bool:
    """True if ``value`` is still open in ``house`` and only in cells of ``group``."""
    places = state.cells_with(value, house.cells)
    return bool(places) and set(places) <= set(group)


def _shared_houses(state: State, first: int, second: int) -> list[House]:
    return [house for house in state.houses_of[first] if second in house.cells]


@technique("Unique Rectangle Type 1", 4.5, codes=("0600",), needs_unique=True)
def unique_rectangle_1(state: State) -> Iterator[Step]:
    """Three corners hold only ``{a,b}``: the fourth must not, so it loses a and b."""
    for corners, pair, extras in _open_rectangles(state):
        roofs = [i for i in range(4) if extras[i]]
        if len(roofs) != 1:
            continue
        roof = corners[roofs[0]]
        values = digits_of(state.candidates[roof] & pair)
        eliminations = tuple((roof, v) for v in values)
        said = " or ".join(str(v) for v in values)
        yield Step(
            "Unique Rectangle Type 1",
            f"{_head(state, 'Unique Rectangle type 1', corners, pair)}: {state.name(roof)} "
            f"cannot be {said} (that would allow two solutions), so "
            f"{removals(state, eliminations)}",
            eliminations=eliminations,
            cells=corners,
            digits=tuple(digits_of(pair)),
        )


def _single_extra(
    state: State, name: str, corners: Corners, pair: int, extras: tuple[int, ...]
) -> Iterator[Step]:
    """Steps for rectangles whose corners with extras all have the same one extra c:
    one of those corners is c. ``name`` picks type 2 (two corners on one side) or
    type 5 (two opposite corners, or three or four corners)."""
    roofs = [i for i in range(4) if extras[i]]
    if len(roofs) < 2 or len({extras[i] for i in roofs}) != 1 or extras[roofs[0]].bit_count() != 1:
        return
    side = len(roofs) == 2 and OPPOSITE[roofs[0]] != roofs[1]
    if side != (name == "Unique Rectangle Type 2"):
        return
    extra = extras[roofs[0]].bit_length()
    holders = [corners[i] for i in roofs]
    eliminations = _common_victims(state, extra, holders)
    if not eliminations:
        return
    yield Step(
        name,
        f"{_head(state, name.replace('Type', 'type'), corners, pair)}: one of "
        f"{_names(state, holders)} must be {extra} (else two solutions), so "
        f"{removals(state, eliminations)}",
        eliminations=eliminations,
        cells=corners,
        digits=(*digits_of(pair), extra),
    )


@technique("Unique Rectangle Type 2", 4.6, codes=("0601",), needs_unique=True)
def unique_rectangle_2(state: State) -> Iterator[Step]:
    """Two corners on one side have one extra candidate c, the same: one of them is c,
    so c leaves every cell seeing both."""
    for corners, pair, extras in _open_rectangles(state):
        yield from _single_extra(state, "Unique Rectangle Type 2", corners, pair, extras)


@technique("Unique Rectangle Type 5", 4.6, codes=("0604",), needs_unique=True)
def unique_rectangle_5(state: State) -> Iterator[Step]:
    """Two opposite corners, or three, have one extra candidate c, the same: one of
    them is c, so c leaves every cell seeing all of them."""
    for corners, pair, extras in _open_rectangles(state):
        yield from _single_extra(state, "Unique Rectangle Type 5", corners, pair, extras)


def _roof_side(extras: tuple[int, ...]) -> tuple[int, int] | None:
    """The two corners with extras when they are exactly two on one side."""
    roofs = [i for i in range(4) if extras[i]]
    if len(roofs) == 2 and OPPOSITE[roofs[0]] != roofs[1]:
        return roofs[0], roofs[1]
    return None


@technique("Unique Rectangle Type 4", 4.7, codes=("0603",), needs_unique=True)
def unique_rectangle_4(state: State) -> Iterator[Step]:
    """Two corners on one side have extras and, in a house holding both, one pair
    digit u is only in them: one of them is u, so neither can be the other digit."""
    for corners, pair, extras in _open_rectangles(state):
        side = _roof_side(extras)
        if side is None:
            continue
        roofs = [corners[i] for i in side]
        digits = digits_of(pair)
        for house in _shared_houses(state, *roofs):
            for u in digits:
                if not _only_in(state, u, house, roofs):
                    continue
                other = digits[0] + digits[1] - u
                eliminations = tuple((c, other) for c in roofs if state.has(c, other))
                if not eliminations:
                    continue
                yield Step(
                    "Unique Rectangle Type 4",
                    f"{_head(state, 'Unique Rectangle type 4', corners, pair)}: in "
                    f"{house.name}, {u} is only in {_names(state, roofs)}, so neither can be "
                    f"{other} (that would allow two solutions): "
                    f"{removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=corners,
                    houses=(house.name,),
                    digits=tuple(digits),
                )


@technique("Unique Rectangle Type 3", 4.8, codes=("0602",), needs_unique=True)
def unique_rectangle_3(state: State) -> Iterator[Step]:
    """Two corners on one side have extras: one of them holds an extra, so together
    they act as one cell holding those extras, which can form a naked subset with
    other cells of a house holding both."""
    for corners, pair, extras in _open_rectangles(state):
        side = _roof_side(extras)
        if side is None:
            continue
        virtual = extras[side[0]] | extras[side[1]]
        if virtual.bit_count() < 2:
            continue
        roofs = [corners[i] for i in side]
        seen: set[tuple[int, ...]] = set()
        for house in _shared_houses(state, *roofs):
            others = [c for c in house.cells if state.candidates[c] and c not in roofs]
            for group, values in _virtual_subsets(state, virtual, others):
                if group in seen:
                    continue
                seen.add(group)
                # A subset inside every house holding it and the roofs (row and box).
                houses = [h for h in _shared_houses(state, *roofs) if set(group) <= set(h.cells)]
                keep = {*roofs, *group}
                eliminations = tuple(
                    dict.fromkeys(
                        (c, v)
                        for h in houses
                        for c in h.cells
                        if c not in keep
                        for v in values
                        if state.has(c, v)
                    )
                )
                if not eliminations:
                    continue
                where = " and ".join(h.name for h in houses)
                yield Step(
                    "Unique Rectangle Type 3",
                    f"{_head(state, 'Unique Rectangle type 3', corners, pair)}: one of "
                    f"{_names(state, roofs)} must be {digit_set(digits_of(virtual))} "
                    f"(else two solutions), so with {cells(state, group)} they form a "
                    f"naked subset {digit_set(values)} in {where}: "
                    f"{removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=(*corners, *group),
                    houses=tuple(h.name for h in houses),
                    digits=tuple(values),
                )


def _virtual_subsets(
    state: State, virtual: int, others: list[int]
) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """Groups of ``k`` cells of ``others`` whose candidates with ``virtual`` are ``k+1``
    digits, and those digits."""
    for size in range(1, min(len(others) - 1, 4) + 1):
        fitting = [c for c in others if (state.candidates[c] | virtual).bit_count() <= size + 1]
        for group in combinations(fitting, size):
            union = virtual
            for cell in group:
                union |= state.candidates[cell]
            if union.bit_count() == size + 1:
                yield group, digits_of(union)


def _confined(state: State, value: int, corners: Corners) -> bool:
    """True if ``value`` is, in both rows and both columns of the rectangle, only in
    its corners."""
    inside = set(corners)
    for cell in (corners[0], corners[3]):
        for house in state.houses_of[cell]:
            if house.kind in ("row", "column") and not _only_in(state, value, house, inside):
                return False
    return True


@technique("Unique Rectangle Type 6", 4.8, codes=("0605",), needs_unique=True)
def unique_rectangle_6(state: State) -> Iterator[Step]:
    """Two opposite corners have extras and a pair digit u is, in both rows and both
    columns, only in the rectangle: u there would fill the other two corners with
    the other digit, so the corners with extras are not u."""
    for corners, pair, extras in _open_rectangles(state):
        roofs = [i for i in range(4) if extras[i]]
        if len(roofs) != 2 or OPPOSITE[roofs[0]] != roofs[1]:
            continue
        holders = [corners[i] for i in roofs]
        for u in digits_of(pair):
            if not _confined(state, u, corners):
                continue
            eliminations = tuple((c, u) for c in holders if state.has(c, u))
            if not eliminations:
                continue
            yield Step(
                "Unique Rectangle Type 6",
                f"{_head(state, 'Unique Rectangle type 6', corners, pair)}: in its rows and "
                f"columns {u} is only in the rectangle, so {_names(state, holders)} cannot "
                f"be {u} (that would allow two solutions): {removals(state, eliminations)}",
                eliminations=eliminations,
                cells=corners,
                digits=tuple(digits_of(pair)),
            )


@technique("Hidden Rectangle", 4.8, codes=("0606",), needs_unique=True)
def hidden_rectangle(state: State) -> Iterator[Step]:
    """A corner holds only ``{a,b}`` and, in the row and column of the opposite corner,
    u is only in the rectangle: the opposite corner cannot be the other digit."""
    for corners, pair, extras in _open_rectangles(state):
        plain = [i for i in range(4) if not extras[i]]
        if len(plain) > 2 or (len(plain) == 2 and OPPOSITE[plain[0]] != plain[1]):
            continue
        digits = digits_of(pair)
        for i in plain:
            far = OPPOSITE[i]
            target = corners[far]
            row = (target, corners[ROW_MATE[far]])
            column = (target, corners[COLUMN_MATE[far]])
            for u in digits:
                other = digits[0] + digits[1] - u
                if not state.has(target, other):
                    continue
                lines = [h for h in state.houses_of[target] if h.kind in ("row", "column")]
                if not all(_only_in(state, u, h, (*row, *column)) for h in lines):
                    continue
                eliminations = ((target, other),)
                yield Step(
                    "Hidden Rectangle",
                    f"{_head(state, 'Hidden Rectangle', corners, pair)}: in the row and "
                    f"column of {state.name(target)}, {u} is only in the rectangle, so "
                    f"{state.name(target)} cannot be {other} (that would allow two "
                    f"solutions): {removals(state, eliminations)}",
                    eliminations=eliminations,
                    cells=corners,
                    digits=tuple(digits),
                )


def _placed_rectangles(state: State, solved: int) -> list[tuple[Corners, list[int]]]:
    """Rectangles of four non-given cells, ``solved`` of them placed, the placed values
    consistent with a deadly pattern; with each corner's deadly value (its own value
    or that of the placed corner opposite it)."""
    if not _applies(state):
        return []
    return [
        (corners, deadly)
        for corners, deadly, placed in _memoised("placed", state, _find_placed_rectangles)
        if placed == solved
    ]


def _find_placed_rectangles(state: State) -> list[tuple[Corners, list[int], int]]:
    givens = state.puzzle.givens
    values = state.values
    found = []
    for corners in rectangles(state.puzzle.geometry):
        if givens[corners[0]] or givens[corners[1]] or givens[corners[2]] or givens[corners[3]]:
            continue
        placed = sum(1 for cell in corners if values[cell])
        if placed < 2:
            continue
        deadly = [values[corners[i]] or values[corners[OPPOSITE[i]]] for i in range(4)]
        # The pattern: opposite corners equal, neighbours different.
        if all(deadly) and all(
            deadly[i] != deadly[ROW_MATE[i]] and deadly[i] == deadly[OPPOSITE[i]] for i in range(4)
        ):
            found.append((corners, deadly, placed))
    return found


@technique("Avoidable Rectangle Type 1", 4.5, codes=("0607",), needs_unique=True)
def avoidable_rectangle_1(state: State) -> Iterator[Step]:
    """Three non-given corners were placed crosswise with a and b: the fourth cannot
    complete the pattern."""
    for corners, deadly in _placed_rectangles(state, 3):
        open_i = next(i for i in range(4) if not state.values[corners[i]])
        target, value = corners[open_i], deadly[open_i]
        if not state.has(target, value):
            continue
        eliminations = ((target, value),)
        pair = (1 << (deadly[0] - 1)) | (1 << (deadly[1] - 1))
        placed = [c for c in corners if c != target]
        yield Step(
            "Avoidable Rectangle Type 1",
            f"{_head(state, 'Avoidable Rectangle type 1', corners, pair)}: "
            f"{_names(state, placed)} are placed, not given, so {state.name(target)} cannot "
            f"be {value} (that would allow two solutions): {removals(state, eliminations)}",
            eliminations=eliminations,
            cells=corners,
            digits=(deadly[0], deadly[1]),
        )


@technique("Avoidable Rectangle Type 2", 4.6, codes=("0608",), needs_unique=True)
def avoidable_rectangle_2(state: State) -> Iterator[Step]:
    """Two non-given corners on one side were placed with a and b; the other two each
    hold the value completing the pattern and one same extra c: one of them is c."""
    for corners, deadly in _placed_rectangles(state, 2):
        holders = [c for c in corners if not state.values[c]]
        extras = {state.candidates[c] & ~(1 << (deadly[corners.index(c)] - 1)) for c in holders}
        if len(extras) != 1:
            continue
        extra = extras.pop()
        if extra.bit_count() != 1:
            continue
        value = extra.bit_length()
        eliminations = _common_victims(state, value, holders)
        if not eliminations:
            continue
        pair = (1 << (deadly[0] - 1)) | (1 << (deadly[1] - 1))
        placed = [c for c in corners if c not in holders]
        yield Step(
            "Avoidable Rectangle Type 2",
            f"{_head(state, 'Avoidable Rectangle type 2', corners, pair)}: "
            f"{_names(state, placed)} are placed, not given, so one of "
            f"{_names(state, holders)} must be {value} (else two solutions): "
            f"{removals(state, eliminations)}",
            eliminations=eliminations,
            cells=corners,
            digits=(deadly[0], deadly[1], value),
        )


@technique("BUG+1", 5.6, codes=("0610",), needs_unique=True)
def bug_plus_one(state: State) -> Iterator[Step]:
    """Every open cell has two candidates but one, which has three, and every candidate
    is in exactly two cells of each house but one digit of that cell, in three: without
    it the grid would have zero or two solutions, so the cell takes that digit."""
    if not _applies(state):
        return
    extra_cell = None
    for cell, mask in enumerate(state.candidates):
        count = mask.bit_count()
        if count == 3 and extra_cell is None:
            extra_cell = cell
        elif count not in (0, 2):
            return
    if extra_cell is None:
        return
    answer = None
    for house in state.houses:
        for value in range(1, state.size + 1):
            count = len(state.cells_with(value, house.cells))
            if count in (0, 2):
                continue
            if count != 3 or extra_cell not in house.cells or answer not in (None, value):
                return
            answer = value
    if (
        answer is None
        or not state.has(extra_cell, answer)
        or any(len(state.cells_with(answer, h.cells)) != 3 for h in state.houses_of[extra_cell])
    ):
        return
    name = state.name(extra_cell)
    others = [v for v in state.digits(extra_cell) if v != answer]
    eliminations = tuple((extra_cell, v) for v in others)
    yield Step(
        "BUG+1",
        f"BUG+1: every open cell but {name} has two candidates and every candidate is in two "
        f"cells of each house but {answer} in the houses of {name}; without {answer} there "
        f"the grid would have zero or two solutions, so {name} is {answer}: "
        f"{removals(state, eliminations)}",
        eliminations=eliminations,
        cells=(extra_cell,),
        digits=(answer,),
    )
