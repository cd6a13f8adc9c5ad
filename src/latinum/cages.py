"""Arithmetic cages: cells, an operator and a target."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product
from math import prod

from .errors import InvalidArgument, SearchLimit

OPERATORS = "+-*/="
OPERATOR_NAMES = {"+": "sum", "-": "difference", "*": "product", "/": "quotient", "=": "value"}
# Characters people use for the operators, mapped to ours.
OPERATOR_ALIASES = {"x": "*", "X": "*", "×": "*", "÷": "/", ":": "/", "−": "-", "–": "-"}


def normalize_operator(op: str) -> str:
    """Our character for an operator written as ``op`` (raises InvalidArgument if unknown)."""
    op = OPERATOR_ALIASES.get(op, op)
    if len(op) != 1 or op not in OPERATORS:
        raise InvalidArgument(f"unknown operator {op!r} (expected one of + - * / =)")
    return op


@dataclass(frozen=True)
class Cage:
    """Cells whose values must combine with ``op`` to ``target``.

    ``-`` and ``/`` take exactly two cells in either order; ``=`` takes one.
    ``distinct`` makes the values in the cage all differ (Killer cages).
    ``label`` is a name kept from the source (a Mathdoku group character).
    """

    cells: tuple[int, ...]
    op: str
    target: int
    distinct: bool = False
    label: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(self.cells)))
        object.__setattr__(self, "op", normalize_operator(self.op))

    def __str__(self) -> str:
        return f"{self.target}{self.op} on {len(self.cells)} cells"

    def evaluate(self, values: Sequence[int]) -> bool:
        """True if the complete ``values`` (in cell order) satisfy the cage."""
        if self.distinct and len(set(values)) != len(values):
            return False
        return satisfies(self.op, self.target, values)

    def allows_partial(self, values: Sequence[int]) -> bool:
        """True if the filled ``values`` (zeros are empty) can still be completed.

        Only checks what is safe for any size: sums and products cannot
        exceed the target; a complete cage must evaluate.
        """
        filled = [v for v in values if v]
        if len(filled) == len(values):
            return self.evaluate(values)
        if self.distinct and len(set(filled)) != len(filled):
            return False
        if self.op == "+":
            return sum(filled) < self.target
        if self.op == "*":
            return self.target % prod(filled) == 0 if filled else True
        return True

    def tuples(
        self, size: int, peers_of: dict[int, set[int]] | None = None, node_limit: int = 0
    ) -> Iterator[tuple]:
        """Every assignment of 1..size to the cells (in cell order) satisfying the cage.

        ``peers_of`` maps each cell to the cage cells it shares a unit with, so
        that those pairs are kept distinct. A ``node_limit`` above 0 bounds the
        values tried by the search for cages of four cells or more (SearchLimit).
        """
        yield from _assignments(self, size, peers_of or {}, node_limit)


def satisfies(op: str, target: int, values: Sequence[int]) -> bool:
    """True if ``values`` combine with ``op`` to ``target``."""
    if op == "+":
        return sum(values) == target
    if op == "*":
        return prod(values) == target
    if op == "=":
        return len(values) == 1 and values[0] == target
    if len(values) != 2:
        return False
    low, high = sorted(values)
    if op == "-":
        return high - low == target
    return high == low * target


def _assignments(
    cage: Cage, size: int, peers_of: dict[int, set[int]], node_limit: int
) -> Iterator[tuple]:
    cells = cage.cells
    count = len(cells)
    if cage.op in "-/=" or count <= 3:
        for values in product(range(1, size + 1), repeat=count):
            if _distinct_where_needed(cells, values, peers_of, cage.distinct) and cage.evaluate(
                values
            ):
                yield values
        return
    yield from _search(cage, size, peers_of, node_limit)


def _distinct_where_needed(
    cells: Sequence[int], values: Sequence[int], peers_of: dict[int, set[int]], distinct: bool
) -> bool:
    for i, a in enumerate(cells):
        for j in range(i + 1, len(cells)):
            if values[i] == values[j] and (distinct or cells[j] in peers_of.get(a, ())):
                return False
    return True


def _search(
    cage: Cage, size: int, peers_of: dict[int, set[int]], node_limit: int
) -> Iterator[tuple]:
    """Depth-first enumeration with pruning on running sums and products."""
    cells = cage.cells
    count = len(cells)
    op, target = cage.op, cage.target
    values = [0] * count
    tried = 0

    def conflicts(i: int, v: int) -> bool:
        for j in range(i):
            if values[j] == v and (cage.distinct or cells[j] in peers_of.get(cells[i], ())):
                return True
        return False

    def extend(i: int, acc: int) -> Iterator[tuple]:
        nonlocal tried
        remaining = count - i
        tried += size
        if node_limit and tried > node_limit:
            raise SearchLimit(f"cage search stopped at the node limit ({node_limit})")
        for v in range(1, size + 1):
            if conflicts(i, v):
                continue
            if op == "+":
                total = acc + v
                left = remaining - 1
                if total + left > target or total + left * size < target:
                    continue
            else:
                total = acc * v
                if target % total:
                    continue
            values[i] = v
            if remaining == 1:
                if total == target:
                    yield tuple(values)
            else:
                yield from extend(i + 1, total)
        values[i] = 0

    yield from extend(0, 0 if op == "+" else 1)


def unfactored_part(number: int, limit: int) -> int:
    """What is left of a positive ``number`` once every factor up to ``limit`` is
    divided out: 1 when all its prime factors are at most ``limit``, and a prime
    itself when below ``(limit + 1) ** 2``."""
    for factor in range(2, limit + 1):
        while number % factor == 0:
            number //= factor
    return number
