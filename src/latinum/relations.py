"""Relations between two orthogonally neighbouring cells (Futoshiki's signs and bars).

A :class:`Relation` says ``first < second`` (kind ``<``), that the two values
differ by exactly one (``|``, the bar of Tatham's adjacent mode) or that they
do not (``!``, what an unmarked pair means in that mode).

One reading holds in every format and command: a bar (or a ``!``) always puts
the puzzle in the adjacent mode, so every neighbouring pair without a bar is
not consecutive (:class:`~latinum.Puzzle` fills in the ``!`` with
:func:`fill_adjacent`), and a puzzle cannot mix signs with bars.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import InvalidArgument

KINDS = {"<": "less than", "|": "consecutive", "!": "not consecutive"}
#: The kinds of the adjacent mode, where every neighbouring pair is one or the other.
ADJACENT_KINDS = frozenset("|!")


@dataclass(frozen=True, order=True)
class Relation:
    """``kind`` holds between the values of cells ``first`` and ``second``.

    For ``<`` the order matters (``first`` holds the smaller value); the
    symmetric kinds keep the smaller cell first.
    """

    first: int
    second: int
    kind: str = "<"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            known = ", ".join(repr(kind) for kind in KINDS)
            raise InvalidArgument(f"unknown relation {self.kind!r} (expected one of {known})")
        if self.kind in ADJACENT_KINDS and self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    @property
    def cells(self) -> tuple[int, int]:
        return (self.first, self.second)

    def holds(self, a: int, b: int) -> bool:
        """True if values ``a`` (of ``first``) and ``b`` (of ``second``) keep the relation."""
        if self.kind == "<":
            return a < b
        return (abs(a - b) == 1) == (self.kind == "|")

    @property
    def oriented(self) -> tuple[tuple[int, int], str]:
        """The pair of cells, smaller index first, and the sign read in that order:
        ``<``, ``>``, ``|`` or ``!``."""
        a, b = sorted(self.cells)
        if self.kind != "<":
            return (a, b), self.kind
        return (a, b), "<" if self.first == a else ">"

    def describe(self, name) -> str:
        """The relation in words, with cells named by ``name`` (``r1c1 < r1c2``)."""
        first, second = name(self.first), name(self.second)
        if self.kind == "<":
            return f"{first} < {second}"
        return f"{first} and {second} {'differ' if self.kind == '|' else 'do not differ'} by one"


def neighbours(size: int) -> list[tuple[int, int]]:
    """Every pair of orthogonally neighbouring cells of a ``size`` grid (smaller cell first)."""
    pairs = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        if col + 1 < size:
            pairs.append((cell, cell + 1))
        if row + 1 < size:
            pairs.append((cell, cell + size))
    return pairs


def adjacent_mode(relations: Iterable[Relation]) -> bool:
    """True if the relations are those of the adjacent mode (bars and their absence)."""
    return any(relation.kind in ADJACENT_KINDS for relation in relations)


def signs_of(solution: Sequence[int], size: int, adjacent: bool = False) -> list[Relation]:
    """Every relation ``solution`` shows between neighbours: signs, or bars and non-bars."""
    found = []
    for a, b in neighbours(size):
        if adjacent:
            found.append(Relation(a, b, "|" if abs(solution[a] - solution[b]) == 1 else "!"))
        else:
            found.append(Relation(a, b) if solution[a] < solution[b] else Relation(b, a))
    return found


def fill_adjacent(relations: Iterable[Relation], size: int) -> tuple[Relation, ...]:
    """``relations`` with ``!`` added on every neighbouring pair that has no bar."""
    given = tuple(relations)
    barred = {relation.cells for relation in given if relation.kind in ADJACENT_KINDS}
    rest = [Relation(a, b, "!") for a, b in neighbours(size) if (a, b) not in barred]
    return given + tuple(rest)


def by_cell(relations: Iterable[Relation]) -> dict[int, tuple[Relation, ...]]:
    """The relations touching each cell."""
    found: dict[int, list[Relation]] = {}
    for relation in relations:
        for cell in relation.cells:
            found.setdefault(cell, []).append(relation)
    return {cell: tuple(group) for cell, group in found.items()}


def allows(relations: Iterable[Relation], cell: int, value: int, values: Sequence[int]) -> bool:
    """True if ``value`` at ``cell`` keeps each of its ``relations`` whose other
    cell is filled in ``values`` (0 = empty)."""
    for relation in relations:
        if relation.first == cell:
            other = values[relation.second]
            if other and not relation.holds(value, other):
                return False
        else:
            other = values[relation.first]
            if other and not relation.holds(other, value):
                return False
    return True
