"""Colouring on one digit: Simple Colouring (trap and wrap) and Multi-Colouring.

The conjugate pairs of a digit (houses holding it in exactly two cells) join
cells into clusters; colouring each cluster with two colours, alternately
along the pairs, one colour is the digit everywhere and the other nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations, product

from .registry import technique
from .state import State
from .step import Link, Step
from .words import cells, removals

Cluster = tuple[frozenset[int], frozenset[int]]


def clusters(state: State, value: int) -> list[Cluster]:
    """The two-coloured clusters of conjugate pairs of ``value`` (consistent ones only)."""
    links: dict[int, set[int]] = {}
    for house in state.houses:
        places = state.cells_with(value, house.cells)
        if len(places) == 2:
            a, b = places
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    found: list[Cluster] = []
    colour: dict[int, int] = {}
    for start in sorted(links):
        if start in colour:
            continue
        colour[start] = 0
        members = [start]
        consistent = True
        for cell in members:
            for other in links[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    members.append(other)
                elif colour[other] == colour[cell]:
                    consistent = False
        if consistent:
            found.append(
                (
                    frozenset(c for c in members if colour[c] == 0),
                    frozenset(c for c in members if colour[c] == 1),
                )
            )
    return found


def _sees_any(state: State, cell: int, group: frozenset[int]) -> bool:
    return not state.peers[cell].isdisjoint(group)


def _see(group: frozenset[int]) -> str:
    return "sees" if len(group) == 1 else "see"


def _candidates(state: State, value: int) -> list[int]:
    return [c for c in range(state.size**2) if state.has(c, value)]


def _step(state: State, name: str, value: int, why: str, eliminations, groups: tuple) -> Step:
    return Step(
        name,
        f"{name} on {value}: {why}: {removals(state, eliminations)}",
        eliminations=tuple(eliminations),
        cells=tuple(sorted(set().union(*groups))),
        digits=(value,),
        links=_conjugates(state, value, set().union(*groups)),
    )


def _conjugates(state: State, value: int, cells: set[int]) -> tuple[Link, ...]:
    """The conjugate pairs of ``value`` joining ``cells``: the strong links that colour them."""
    found = {}
    for house in state.houses:
        places = state.cells_with(value, house.cells)
        if len(places) == 2 and cells.issuperset(places):
            found[tuple(places)] = Link(((places[0], value),), ((places[1], value),), True)
    return tuple(found.values())


def _colours(state: State, first: frozenset[int], second: frozenset[int]) -> str:
    return f"colours {cells(state, first)} / {cells(state, second)}"


@technique("Simple Colouring", 4.5, codes=("0500", "0501"))
def simple_colouring(state: State) -> Iterator[Step]:
    """Trap: a cell seeing both colours loses the digit. Wrap: a colour with two
    cells that see each other is false everywhere."""
    for value in range(1, state.size + 1):
        places = _candidates(state, value)
        for on, off in clusters(state, value):
            if len(on) + len(off) < 3:
                continue
            for bad, good in ((on, off), (off, on)):
                if any(_sees_any(state, cell, bad) for cell in bad):
                    yield _step(
                        state,
                        "Simple Colouring",
                        value,
                        f"{_colours(state, bad, good)}; two cells of the first see each "
                        "other, so it is false (wrap)",
                        [(cell, value) for cell in sorted(bad)],
                        (bad, good),
                    )
            trapped = [
                (cell, value)
                for cell in places
                if cell not in on
                and cell not in off
                and _sees_any(state, cell, on)
                and _sees_any(state, cell, off)
            ]
            if trapped:
                yield _step(
                    state,
                    "Simple Colouring",
                    value,
                    f"{_colours(state, on, off)}; one colour is true, so cells seeing both "
                    "lose it (trap)",
                    trapped,
                    (on, off),
                )


@technique("Multi-Colouring", 5.5, codes=("0502", "0503"))
def multi_colouring(state: State) -> Iterator[Step]:
    """Two clusters where a colour of each sees the other: those two colours are not
    both true, so cells seeing both other colours lose the digit (type 1); a
    colour seeing both colours of another cluster is false (type 2)."""
    for value in range(1, state.size + 1):
        places = _candidates(state, value)
        groups = clusters(state, value)
        for first, second in combinations(groups, 2):
            removed: dict[int, None] = {}
            reasons = []
            for i, j in product((0, 1), (0, 1)):
                if not any(_sees_any(state, cell, second[j]) for cell in first[i]):
                    continue
                mate, other = first[1 - i], second[1 - j]
                reasons.append(
                    f"{cells(state, first[i])} {_see(first[i])} {cells(state, second[j])}, so "
                    f"{cells(state, mate)} or {cells(state, other)} holds it"
                )
                for cell in places:
                    if (
                        cell not in mate
                        and cell not in other
                        and _sees_any(state, cell, mate)
                        and _sees_any(state, cell, other)
                    ):
                        removed[cell] = None
            if removed:
                yield _step(
                    state,
                    "Multi-Colouring",
                    value,
                    "; ".join(reasons) + " (type 1)",
                    [(cell, value) for cell in sorted(removed)],
                    (*first, *second),
                )
        for first, second in permutations(groups, 2):
            for mine in first:
                if all(any(_sees_any(state, c, colour) for c in mine) for colour in second):
                    yield _step(
                        state,
                        "Multi-Colouring",
                        value,
                        f"{cells(state, mine)} {_see(mine)} both colours of "
                        f"{cells(state, second[0])} / {cells(state, second[1])}, so "
                        f"{'it is' if len(mine) == 1 else 'they are'} false (type 2)",
                        [(cell, value) for cell in sorted(mine)],
                        (*first, *second),
                    )
