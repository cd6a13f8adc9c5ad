"""Plain-words pieces shared by the explanations: lists of cells, digits and removals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .state import State


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def cells(state: State, group: Iterable[int]) -> str:
    """``r1c1, r1c2 and r3c4`` in reading order."""
    return and_list([state.name(cell) for cell in sorted(set(group))])


def digit_set(values: Iterable[int]) -> str:
    """``{3,6}``."""
    return "{" + ",".join(str(v) for v in sorted(set(values))) + "}"


def removals(state: State, eliminations: Iterable[tuple[int, int]]) -> str:
    """``removes 3 and 6 from r8c1, r8c5; 3 from r9c9``: cells grouped by what they lose."""
    lost: dict[int, set[int]] = {}
    for cell, value in eliminations:
        lost.setdefault(cell, set()).add(value)
    by_digits: dict[tuple[int, ...], list[int]] = {}
    for cell in sorted(lost):
        by_digits.setdefault(tuple(sorted(lost[cell])), []).append(cell)
    parts = [
        f"{and_list([str(v) for v in values])} from {', '.join(state.name(c) for c in group)}"
        for values, group in by_digits.items()
    ]
    return "removes " + "; ".join(parts)
