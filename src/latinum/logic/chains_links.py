"""The link graph of chains: nodes are candidates (or groups of them), links are
weak (the two cannot both be true) or strong (they cannot both be false).

A chain is a walk that alternates "node off, so the next is on" (a strong
link) and "node on, so the next is off" (a weak link). :class:`Search` walks
breadth-first from one premise, layer by layer, so the shortest chain to each
node is found first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from ..geometry import Geometry
from .bitsets import bits
from .state import State
from .step import Candidate, Link


@dataclass(frozen=True)
class Node:
    """A candidate ``digit`` in one cell, or a group: ``digit`` somewhere in ``cells``
    (all of its places in the intersection of a line and a box)."""

    cells: tuple[int, ...]
    digit: int

    @property
    def grouped(self) -> bool:
        return len(self.cells) > 1


class Graph:
    """Nodes with, for each, the bitmask of nodes it turns off when on (``weak``)
    and of nodes it turns on when off (``strong``)."""

    def __init__(self, state: State, nodes: list[Node]) -> None:
        self.state = state
        self.nodes = nodes
        self.index = {(frozenset(n.cells), n.digit): i for i, n in enumerate(nodes)}
        self.weak = [0] * len(nodes)
        self.strong = [0] * len(nodes)
        self.in_cell = [0] * state.size**2
        for i, node in enumerate(nodes):
            if not node.grouped:
                self.in_cell[node.cells[0]] |= 1 << i

    def link_weak(self, a: int, b: int) -> None:
        self.weak[a] |= 1 << b
        self.weak[b] |= 1 << a

    def link_strong(self, a: int, b: int) -> None:
        self.strong[a] |= 1 << b
        self.strong[b] |= 1 << a

    def find(self, cells: frozenset[int], digit: int) -> int | None:
        return self.index.get((cells, digit))

    def name(self, i: int) -> str:
        """``(5)r1c2`` or, for a group in row 1, ``(5)r1c23``."""
        node = self.nodes[i]
        return f"({node.digit}){group_name(self.state, node.cells)}"


def group_name(state: State, cells: tuple[int, ...]) -> str:
    """``r1c2``, ``r1c23`` (cells of one row), ``r12c3`` (one column)."""
    if len(cells) == 1:
        return state.name(cells[0])
    geometry = state.puzzle.geometry
    places = [geometry.row_col(c) for c in sorted(cells)]
    rows = sorted({r + 1 for r, _ in places})
    cols = sorted({c + 1 for _, c in places})
    sep = "" if state.size < 10 else ","
    return f"r{sep.join(map(str, rows))}c{sep.join(map(str, cols))}"


@lru_cache(maxsize=16)
def intersections(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """The cells shared by each line and each box (at least two cells)."""
    found = []
    for box in geometry.boxes:
        cells = set(box)
        for line in (*geometry.rows, *geometry.columns):
            common = tuple(sorted(cells.intersection(line)))
            if len(common) > 1:
                found.append(common)
    return tuple(found)


def build(
    state: State,
    *,
    digits: tuple[int, ...] | None = None,
    bivalue_only: bool = False,
    cell_links: bool = True,
    house_strong: bool = True,
    groups: bool = False,
) -> Graph:
    """The link graph of ``state``.

    ``digits`` limits the digits; ``bivalue_only`` keeps the candidates of
    cells with two candidates only (XY-Chains); ``cell_links`` adds the links
    inside cells (bivalue cells are strong); ``house_strong`` adds the strong
    links of a digit with two places (or a place and a group) in a house;
    ``groups`` adds group nodes.
    """
    wanted = digits or tuple(range(1, state.size + 1))
    nodes: list[Node] = []
    for cell, mask in enumerate(state.candidates):
        if not mask or (bivalue_only and mask.bit_count() != 2):
            continue
        nodes.extend(Node((cell,), d) for d in wanted if mask >> (d - 1) & 1)
    if groups:
        for common in intersections(state.puzzle.geometry):
            for d in wanted:
                places = tuple(state.cells_with(d, common))
                if len(places) > 1:
                    nodes.append(Node(places, d))
    graph = Graph(state, nodes)
    _weak_links(state, graph)
    if cell_links:
        for cell in range(state.size**2):
            members = bits(graph.in_cell[cell])
            for a in members:
                graph.weak[a] |= graph.in_cell[cell] & ~(1 << a)
            if len(members) == 2 and state.candidates[cell].bit_count() == 2:
                graph.link_strong(*members)
    if house_strong:
        _strong_links(state, graph)
    return graph


def _weak_links(state: State, graph: Graph) -> None:
    by_digit: dict[int, list[int]] = {}
    for i, node in enumerate(graph.nodes):
        by_digit.setdefault(node.digit, []).append(i)
    for members in by_digit.values():
        seen = {}
        for i in members:
            cells = graph.nodes[i].cells
            common = set(state.peers[cells[0]])
            for c in cells[1:]:
                common &= state.peers[c]
            seen[i] = (frozenset(cells), common)
        for a_pos, a in enumerate(members):
            _, a_sees = seen[a]
            for b in members[a_pos + 1 :]:
                b_cells, _ = seen[b]
                if b_cells <= a_sees:
                    graph.link_weak(a, b)


def _strong_links(state: State, graph: Graph) -> None:
    groups: dict[int, list[int]] = {}
    for index, node in enumerate(graph.nodes):
        if node.grouped:
            groups.setdefault(node.digit, []).append(index)
    digits = sorted({node.digit for node in graph.nodes})
    for house in state.houses:
        if len(house.cells) != state.size:
            continue
        house_set = set(house.cells)
        for d in digits:
            places = frozenset(state.cells_with(d, house.cells))
            if len(places) < 2:
                continue
            members = [graph.find(frozenset((c,)), d) for c in places]
            members += [g for g in groups.get(d, ()) if house_set.issuperset(graph.nodes[g].cells)]
            for i in members:
                if i is None:
                    continue
                other = graph.find(places.difference(graph.nodes[i].cells), d)
                if other is not None:
                    graph.link_strong(i, other)


class Search:
    """Breadth-first walk from ``premise`` (on or off) through alternating links.

    ``closing`` nodes are recorded when reached (see ``closed``) but not walked
    through; ``blocked`` nodes are never entered.
    """

    def __init__(
        self, graph: Graph, premise: int, on: bool, closing: int = 0, blocked: int = 0
    ) -> None:
        self.graph = graph
        self.premise = premise
        self.on = on
        self.closing = closing
        self.blocked = blocked
        self.layers = [1 << premise]
        self.visited = [0, 0]
        self.visited[on] = 1 << premise
        self.closed = 0

    def polarity(self, depth: int) -> bool:
        """Whether the nodes of layer ``depth`` are on."""
        return self.on != bool(depth % 2)

    def advance(self) -> int:
        """Walk one more link; return the nodes newly reached (0 when done)."""
        depth = len(self.layers) - 1
        links = self.graph.weak if self.polarity(depth) else self.graph.strong
        reached = 0
        for i in bits(self.layers[-1]):
            reached |= links[i]
        side = self.polarity(depth + 1)
        self.closed = reached & self.closing
        fresh = reached & ~self.visited[side] & ~self.closing & ~self.blocked
        self.visited[side] |= fresh
        self.layers.append(fresh)
        return fresh

    def paths(self, target: int, depth: int, limit: int) -> list[list[int]]:
        """Up to ``limit`` different shortest chains from the premise to ``target``."""
        found: list[list[int]] = []

        def back(chain: list[int], d: int) -> None:
            if len(found) >= limit:
                return
            if d < 0:
                found.append(chain[::-1])
                return
            links = self.graph.weak if self.polarity(d) else self.graph.strong
            for i in bits(self.layers[d]):
                if links[i] >> chain[-1] & 1:
                    chain.append(i)
                    back(chain, d - 1)
                    chain.pop()

        back([target], depth - 1)
        return found

    def path(self, target: int, depth: int) -> list[int]:
        """The nodes from the premise to ``target`` reached at ``depth``."""
        chain = [target]
        for d in range(depth - 1, -1, -1):
            links = self.graph.weak if self.polarity(d) else self.graph.strong
            for i in bits(self.layers[d]):
                if links[i] >> chain[-1] & 1:
                    chain.append(i)
                    break
        chain.reverse()
        return chain


def eureka(graph: Graph, chain: list[int], first_on: bool) -> str:
    """A chain in Eureka notation: ``(5)r1c2=(5)r1c7-(5)r4c7``.

    ``first_on`` tells whether the first node is on (the chain then starts
    with a weak link ``-``) or off (a strong link ``=``).
    """
    text = graph.name(chain[0])
    on = first_on
    for i in chain[1:]:
        text += ("-" if on else "=") + graph.name(i)
        on = not on
    return text


def conflicts(state: State, node: Node) -> set[tuple[int, int]]:
    """The candidates that cannot be true when ``node`` is."""
    found = set()
    cells = node.cells
    if len(cells) == 1:
        for d in state.digits(cells[0]):
            if d != node.digit:
                found.add((cells[0], d))
    common = set(state.peers[cells[0]])
    for c in cells[1:]:
        common &= state.peers[c]
    bit = 1 << (node.digit - 1)
    for c in common:
        if state.candidates[c] & bit and c not in cells:
            found.add((c, node.digit))
    return found


def link_lines(graph: Graph, chain: list[int], first_on: bool) -> list[str]:
    """Each link of ``chain`` in Eureka notation and in words: what it means and
    why it holds (``first_on`` as in :func:`eureka`)."""
    lines = []
    on = first_on
    for a, b in pairwise(chain):
        sign = "-" if on else "="
        lines.append(f"{graph.name(a)}{sign}{graph.name(b)}: {link_words(graph, a, b, not on)}")
        on = not on
    return lines


def chain_links(graph: Graph, chain: list[int], first_on: bool) -> tuple[Link, ...]:
    """The links of ``chain`` to draw (``first_on`` as in :func:`eureka`)."""
    found = []
    on = first_on
    for a, b in pairwise(chain):
        found.append(Link(candidates(graph, a), candidates(graph, b), strong=not on))
        on = not on
    return tuple(found)


def candidates(graph: Graph, i: int) -> tuple[Candidate, ...]:
    """The candidates of node ``i``: its digit in each of its cells."""
    node = graph.nodes[i]
    return tuple((cell, node.digit) for cell in node.cells)


def link_words(graph: Graph, a: int, b: int, strong: bool) -> str:
    """Why at least one of nodes ``a`` and ``b`` is true (``strong``), or not both."""
    state = graph.state
    first, second = graph.nodes[a], graph.nodes[b]
    if first.cells == second.cells:
        cell = state.name(first.cells[0])
        if strong:
            return f"{cell} is {first.digit} or {second.digit}, its only candidates"
        return f"{cell} cannot be both {first.digit} and {second.digit}"
    digit = first.digit
    cells = set(first.cells) | set(second.cells)
    if strong:
        home = next(
            (h for h in state.houses if set(state.cells_with(digit, h.cells)) == cells), None
        )
        since = f", since {home.name} has no other place for it" if home else ""
        return f"{_place(graph, a)} or {_place(graph, b)} is {digit}{since}"
    shared = next((h.name for h in state.houses if cells.issubset(h.cells)), "the same cage")
    return f"{_place(graph, a)} and {_place(graph, b)} are not both {digit}, as they share {shared}"


def _place(graph: Graph, i: int) -> str:
    """``r1c2``, or for a group ``r1c23 (any of them)``."""
    node = graph.nodes[i]
    name = group_name(graph.state, node.cells)
    return name if len(node.cells) == 1 else f"{name} (any of them)"
