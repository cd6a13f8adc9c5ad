"""Skyscrapers clues: how many towers are seen from one end of a row or column.

Each cell holds a tower as tall as its value; from outside the grid a tower is
seen when it is taller than every tower in front of it. A :class:`Sightline`
says how many are seen from one side of one row or column.

Sides go in Tatham's order: ``top`` (looking down a column), ``bottom``
(looking up), ``left`` (looking along a row) and ``right``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .errors import InvalidArgument

SIDES = ("top", "bottom", "left", "right")
#: The side facing each side across the grid.
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
_WHERE = {"top": "above", "bottom": "below", "left": "left of", "right": "right of"}


@dataclass(frozen=True)
class Sightline:
    """``seen`` towers are seen from ``side`` along row or column ``index`` (from 0)."""

    side: str
    index: int
    seen: int

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise InvalidArgument(
                f"unknown side {self.side!r} (expected one of {', '.join(SIDES)})"
            )

    @property
    def key(self) -> tuple[int, int]:
        """Where the clue stands: Tatham's order of sides, then the index."""
        return (SIDES.index(self.side), self.index)

    def cells(self, size: int) -> tuple[int, ...]:
        """The cells of the line, nearest the clue first."""
        return line_cells(self.side, self.index, size)

    def count(self, values: Sequence[int]) -> int:
        """How many towers of the full grid ``values`` this clue's viewer sees."""
        return visible([values[cell] for cell in self.cells(_side_of(len(values)))])

    def holds(self, values: Sequence[int]) -> bool:
        return self.count(values) == self.seen

    @property
    def place(self) -> str:
        """Where the clue stands, in words: ``above column 2``, ``right of row 1``."""
        line = "column" if self.side in ("top", "bottom") else "row"
        return f"{_WHERE[self.side]} {line} {self.index + 1}"

    def open_to(self, values: Sequence[int]) -> bool:
        """False only if the filled cells of the grid ``values`` (0 = empty) already
        break the clue: the towers seen in front of the first empty cell are more
        than ``seen``, or the tallest is among them and they are not ``seen``."""
        size = _side_of(len(values))
        seen = tallest = 0
        for cell in self.cells(size):
            height = values[cell]
            if not height:
                break
            if height > tallest:
                tallest = height
                seen += 1
        return seen == self.seen if tallest == size else seen <= self.seen

    def describe(self) -> str:
        """The clue in words: ``clue 3 above column 2``."""
        return f"clue {self.seen} {self.place}"


def line_cells(side: str, index: int, size: int) -> tuple[int, ...]:
    """The cells of row or column ``index`` as seen from ``side``, nearest first."""
    if side == "top":
        return tuple(row * size + index for row in range(size))
    if side == "bottom":
        return tuple(row * size + index for row in reversed(range(size)))
    if side == "left":
        return tuple(index * size + col for col in range(size))
    return tuple(index * size + col for col in reversed(range(size)))


def visible(heights: Iterable[int]) -> int:
    """How many of ``heights`` (nearest first) are taller than all before them."""
    seen = tallest = 0
    for height in heights:
        if height > tallest:
            tallest = height
            seen += 1
    return seen


def sightlines_of(solution: Sequence[int]) -> tuple[Sightline, ...]:
    """Every clue a full grid shows, on every side."""
    size = _side_of(len(solution))
    return tuple(
        Sightline(side, index, visible(solution[cell] for cell in line_cells(side, index, size)))
        for side in SIDES
        for index in range(size)
    )


def from_sides(
    size: int,
    top: Sequence[int | None] | None = None,
    bottom: Sequence[int | None] | None = None,
    left: Sequence[int | None] | None = None,
    right: Sequence[int | None] | None = None,
) -> tuple[Sightline, ...]:
    """Clues from one list per side (0 or None: no clue), each read left to right
    or top to bottom."""
    found = []
    for side, clues in zip(SIDES, (top, bottom, left, right), strict=True):
        if clues is None:
            continue
        if len(clues) != size:
            raise InvalidArgument(f"{len(clues)} {side} clues for a {size}x{size} grid")
        found += [Sightline(side, index, int(seen)) for index, seen in enumerate(clues) if seen]
    return tuple(found)


def facing(sightlines: Iterable[Sightline], size: int) -> Iterator[tuple[str, int, int, int]]:
    """``(side, index, front, back)`` for each column (side ``top``) and row (side
    ``left``) with a clue at either end: ``front`` seen from ``side``, ``back`` from
    the other end (0: no clue)."""
    at = {(line.side, line.index): line.seen for line in sightlines}
    for side in ("top", "left"):
        for index in range(size):
            front, back = at.get((side, index), 0), at.get((OPPOSITE[side], index), 0)
            if front or back:
                yield side, index, front, back


def by_side(sightlines: Iterable[Sightline], size: int) -> dict[str, list[int]]:
    """The clues of each side as a list (0: no clue), left to right or top to bottom."""
    found = {side: [0] * size for side in SIDES}
    for line in sightlines:
        if 0 <= line.index < size:
            found[line.side][line.index] = line.seen
    return found


def by_cell(sightlines: Iterable[Sightline], size: int) -> dict[int, tuple[Sightline, ...]]:
    """The clues whose line holds each cell."""
    found: dict[int, list[Sightline]] = {}
    for line in sightlines:
        for cell in line.cells(size):
            found.setdefault(cell, []).append(line)
    return {cell: tuple(lines) for cell, lines in found.items()}


def _side_of(count: int) -> int:
    return round(count**0.5)


class TooMany(Exception):
    """More fillings than asked for, or more search than allowed."""


def fillings(
    domains: Sequence[int],
    front: int = 0,
    back: int = 0,
    limit: int | None = None,
    node_limit: int | None = None,
) -> list[tuple[int, ...]]:
    """Every filling of one line: a permutation of 1..n (n = ``len(domains)``) whose
    value at position ``i`` is in ``domains[i]`` (bit ``v-1`` for value ``v``), with
    ``front`` towers seen from the first cell's end and ``back`` from the last's
    (0: no clue).

    Raises :class:`TooMany` past ``limit`` fillings or ``node_limit`` values tried.
    """
    size = len(domains)
    values = [0] * size
    found: list[tuple[int, ...]] = []
    nodes = 0

    def place(position: int, used: int, tallest: int, seen: int) -> None:
        nonlocal nodes
        if position == size:
            if not back or visible(reversed(values)) == back:
                found.append(tuple(values))
                if limit is not None and len(found) > limit:
                    raise TooMany
            return
        options = domains[position] & ~used
        while options:
            bit = options & -options
            options ^= bit
            value = bit.bit_length()
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                raise TooMany
            now_seen = seen + (value > tallest)
            now_tallest = max(value, tallest)
            if front:
                # Every value above the tallest so far is still to come.
                still = min(size - now_tallest, size - position - 1)
                if now_seen > front or now_seen + still < front:
                    continue
            if back and value == size and back > size - position:
                continue
            values[position] = value
            place(position + 1, used | bit, now_tallest, now_seen)

    place(0, 0, 0, 0)
    return found


def pair_possible(front: int, back: int, size: int) -> bool:
    """True if some line of ``size`` shows ``front`` from one end and ``back`` from
    the other: the tallest tower is seen from both, so they need ``front + back``
    between 3 and ``size + 1`` (or 1 and 1 on a line of one)."""
    if size == 1:
        return front == back == 1
    return 3 <= front + back <= size + 1
