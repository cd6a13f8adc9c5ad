"""Chains of strong and weak links: Remote Pair, X-Chain, XY-Chain, Alternating
Inference Chains and Nice Loops (also with group nodes).

Every finder walks breadth-first from all premises at once (see
:mod:`.chains_links`), so shorter chains come first; each set of eliminations
is reported once, by its shortest chain.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from .bitsets import bits
from .chains_links import (
    Graph,
    Search,
    build,
    candidates,
    chain_links,
    conflicts,
    eureka,
    link_lines,
)
from .registry import technique
from .state import State, remembered
from .step import Link, Step
from .words import cells, digit_set, removals

MAX_LINKS = 20
MAX_REMOTE_CELLS = 14
LOOP_VARIANTS = 6
MAX_REMOTE_PATHS = 20000


def lockstep(searches: list[Search], max_links: int) -> Iterator[tuple[Search, int, int]]:
    """``(search, depth, reached)`` for every search, one depth at a time."""
    active = list(searches)
    for depth in range(1, max_links + 1):
        still = []
        for search in active:
            reached = search.advance()
            yield search, depth, reached
            if reached:
                still.append(search)
        active = still
        if not active:
            return


def _chain_step(
    name: str, graph: Graph, search: Search, end: int, depth: int, eliminations, intro: str
) -> Step:
    chain = search.path(end, depth)
    nodes = [graph.nodes[i] for i in chain]
    first, last = nodes[0], nodes[-1]
    shown = tuple(sorted(eliminations))
    if first.digit == last.digit:
        why = f"either {_where(graph, chain[0])} or {_where(graph, chain[-1])} is {first.digit}"
    else:
        why = (
            f"{_where(graph, chain[0])} is {first.digit} or "
            f"{_where(graph, chain[-1])} is {last.digit}"
        )
    return Step(
        name,
        f"{intro}{eureka(graph, chain, False)} ({why}): {removals(graph.state, shown)}",
        eliminations=shown,
        cells=tuple(dict.fromkeys(c for n in nodes for c in n.cells)),
        digits=tuple(sorted({n.digit for n in nodes})),
        proof=(*link_lines(graph, chain, False), _ends_proved(graph, chain)),
        pattern=tuple(c for i in chain for c in candidates(graph, i)),
        links=chain_links(graph, chain, False),
    )


def _ends_proved(graph: Graph, chain: list[int]) -> str:
    """Why one end of an alternating chain (strong at both ends) is true."""
    first, last = graph.nodes[chain[0]], graph.nodes[chain[-1]]
    start, end = _where(graph, chain[0]), _where(graph, chain[-1])
    lead = f"so if {start} is not {first.digit}, the links make {end} {last.digit}"
    if first.digit == last.digit:
        return f"{lead}: one of them is {first.digit}, and no cell seeing both can be {first.digit}"
    return f"{lead}: one of the two holds, and no candidate clashing with both can"


def _others(graph: Graph, i: int) -> int:
    return graph.in_cell[graph.nodes[i].cells[0]] & ~(1 << i)


def _where(graph: Graph, i: int) -> str:
    node = graph.nodes[i]
    if len(node.cells) == 1:
        return graph.state.name(node.cells[0])
    return "one of " + cells(graph.state, node.cells)


def _ends(
    state: State, graph: Graph, name: str, intro, leave_cell: bool = True
) -> Iterator[tuple[int, int, Step]]:
    """Chains from a node off to a node on: one of the two ends is true, so
    every candidate that conflicts with both goes. Yields (length, start node, step)."""
    starts = [i for i, n in enumerate(graph.nodes) if len(n.cells) == 1]
    searches = [
        Search(graph, i, False, blocked=_others(graph, i) if leave_cell else 0) for i in starts
    ]
    seen: set[frozenset[tuple[int, int]]] = set()
    hits: dict[int, set[tuple[int, int]]] = {}
    for search, depth, reached in lockstep(searches, MAX_LINKS):
        if not search.polarity(depth) or depth < 3:
            continue
        start = graph.nodes[search.premise]
        if search.premise not in hits:
            hits[search.premise] = conflicts(state, start)
        for end in bits(reached):
            node = graph.nodes[end]
            if len(node.cells) != 1 or node.cells == start.cells:
                continue
            if node.digit != start.digit:
                continue
            eliminations = frozenset(hits[search.premise] & conflicts(state, node))
            if not eliminations or eliminations in seen:
                continue
            seen.add(eliminations)
            chain = search.path(end, depth)
            step = _chain_step(name, graph, search, end, depth, eliminations, intro(graph, chain))
            yield depth, search.premise, step


@technique("X-Chain", 6.5, codes=("0701",))
def x_chain(state: State) -> Iterator[Step]:
    """One digit along strong links (two places in a house) joined by weak links.

    The digits' chains never meet, so each digit is searched alone (its chains
    depend only on the cells holding it, and are remembered across states);
    the steps then come in the order of one search over all digits: shortest
    chains first, then by start cell, then by digit."""
    patterns = state.patterns()
    found: list[tuple[int, int, int, Step]] = []
    for value in range(1, state.size + 1):
        key = (state.context, "X-Chain", value, patterns[value - 1])
        found += remembered(key, _x_chains, state, value)
    found.sort(key=lambda item: item[:3])  # stable: one search keeps its order
    for *_, step in found:
        yield step


def _x_chains(state: State, value: int) -> tuple[tuple[int, int, int, Step], ...]:
    """(length, start cell, ``value``, step) of every X-Chain on ``value``."""
    graph = build(state, digits=(value,), cell_links=False)
    steps = _ends(
        state,
        graph,
        "X-Chain",
        lambda graph, chain: f"X-Chain on {graph.nodes[chain[0]].digit}: ",
    )
    return tuple((depth, graph.nodes[start].cells[0], value, step) for depth, start, step in steps)


@technique("XY-Chain", 6.6, codes=("0702",))
def xy_chain(state: State) -> Iterator[Step]:
    """Bivalue cells, each linked to the next by a shared digit."""
    graph = build(state, bivalue_only=True, house_strong=False)
    for *_, step in _ends(state, graph, "XY-Chain", lambda graph, chain: "XY-Chain: ", False):
        yield step


@technique("Remote Pair", 6.0, codes=("0703",))
def remote_pair(state: State) -> Iterator[Step]:
    """A chain of cells holding the same two candidates, each seeing the next: the
    cells alternate the two digits, so a cell seeing two cells of opposite
    parity can hold neither."""
    by_pair: dict[int, list[int]] = {}
    for cell, mask in enumerate(state.candidates):
        if mask.bit_count() == 2:
            by_pair.setdefault(mask, []).append(cell)
    paths: list[tuple[int, list[int]]] = []
    for mask, group in by_pair.items():
        if len(group) < 4:
            continue
        near = {c: [o for o in group if o in state.peers[c]] for c in group}
        found: list[list[int]] = []
        for start in group:
            _remote_paths([start], near, found)
        paths.extend((mask, p) for p in found)
    paths.sort(key=lambda item: len(item[1]))
    seen: set[frozenset[tuple[int, int]]] = set()
    for mask, path in paths:
        eliminations = _remote_eliminations(state, mask, path)
        if not eliminations or eliminations in seen:
            continue
        seen.add(eliminations)
        pair = [d for d in range(1, state.size + 1) if mask >> (d - 1) & 1]
        shown = tuple(sorted(eliminations))
        yield Step(
            "Remote Pair",
            f"Remote Pair {digit_set(pair)}: {'-'.join(state.name(c) for c in path)} "
            f"(the cells alternate {pair[0]} and {pair[1]}, so {state.name(path[0])} and "
            f"{state.name(path[-1])} hold both): {removals(state, shown)}",
            eliminations=shown,
            cells=tuple(path),
            digits=tuple(pair),
            # Each cell sees the next: they are never both the first digit (nor the second).
            links=tuple(
                Link(((a, pair[0]),), ((b, pair[0]),), strong=False) for a, b in pairwise(path)
            ),
        )


def _remote_paths(path: list[int], near: dict[int, list[int]], found: list[list[int]]) -> None:
    if len(found) >= MAX_REMOTE_PATHS:
        return
    if len(path) >= 4 and len(path) % 2 == 0 and path[0] < path[-1]:
        found.append(list(path))
    if len(path) >= MAX_REMOTE_CELLS:
        return
    for nxt in near[path[-1]]:
        if nxt not in path:
            path.append(nxt)
            _remote_paths(path, near, found)
            path.pop()


def _remote_eliminations(state: State, mask: int, path: list[int]) -> frozenset[tuple[int, int]]:
    even = set().union(*(state.peers[c] for c in path[0::2]))
    odd = set().union(*(state.peers[c] for c in path[1::2]))
    found = set()
    for cell in (even & odd).difference(path):
        for d in range(1, state.size + 1):
            if mask >> (d - 1) & 1 and state.candidates[cell] >> (d - 1) & 1:
                found.add((cell, d))
    return frozenset(found)


# Alternating Inference Chains and Nice Loops ---------------------------------


def _loops(state: State, grouped: bool) -> Iterator[Step]:
    graph = build(state, groups=grouped)
    normal = [i for i, n in enumerate(graph.nodes) if len(n.cells) == 1]
    searches = []
    for i in normal:
        cell = graph.nodes[i].cells[0]
        searches.append(Search(graph, i, True, closing=graph.in_cell[cell]))
        searches.append(Search(graph, i, False, closing=graph.in_cell[cell]))
    prefix = "Grouped " if grouped else ""
    seen: set[frozenset[tuple[int, int]]] = set()
    cache: dict[int, set[tuple[int, int]]] = {}

    def hit(i: int) -> set[tuple[int, int]]:
        if i not in cache:
            cache[i] = conflicts(state, graph.nodes[i])
        return cache[i]

    for search, depth, reached in lockstep(searches, MAX_LINKS):
        if depth < 3:
            continue
        found = []
        for end in bits(search.closed):
            found += [(*item, None) for item in _nice_loop(state, graph, search, end, depth, hit)]
        if search.polarity(depth):
            start = search.premise if not search.on else _bivalue_partner(graph, search.premise)
            if start is not None:
                first = graph.nodes[start]
                for end in bits(reached):
                    node = graph.nodes[end]
                    if node.grouped or node.cells == first.cells:
                        continue
                    eliminations = frozenset(hit(start) & hit(end))
                    if eliminations:
                        virtual = None if start == search.premise else start
                        found.append(
                            ("Alternating Inference Chain", end, eliminations, None, virtual)
                        )
        for kind, end, eliminations, chain, virtual in found:
            if not eliminations or eliminations in seen:
                continue
            chain = chain or search.path(end, depth)
            if grouped and not any(graph.nodes[i].grouped for i in chain):
                kind_name = kind
            else:
                kind_name = prefix + kind
            seen.add(eliminations)
            yield _loop_step(state, graph, search, chain, kind, kind_name, eliminations, virtual)


def _bivalue_partner(graph: Graph, i: int) -> int | None:
    """The other candidate of a bivalue cell (it is on exactly when ``i`` is off)."""
    partner = graph.strong[i] & graph.in_cell[graph.nodes[i].cells[0]]
    return partner.bit_length() - 1 if partner else None


def _nice_loop(state: State, graph: Graph, search: Search, end: int, depth: int, hit):
    """The kind and eliminations of the loop closing at ``end`` in the start cell."""
    start = graph.nodes[search.premise]
    cell, d = start.cells[0], start.digit
    e = graph.nodes[end].digit
    first_strong = not search.on
    last_strong = search.polarity(depth)
    dnl = "Discontinuous Nice Loop"
    if not first_strong and not last_strong and e == d:
        return [(dnl, end, frozenset({(cell, d)}), None)]
    if first_strong and last_strong and e == d:
        others = {(cell, x) for x in state.digits(cell) if x != d}
        return [(dnl, end, frozenset(others), None)]
    if first_strong != last_strong and e != d:
        return [(dnl, end, frozenset({(cell, e if first_strong else d)}), None)]
    bivalue = state.candidates[cell].bit_count() == 2
    if not (
        (not first_strong and not last_strong and bivalue and e != d)
        or (first_strong and last_strong and e != d)
        or (first_strong != last_strong and e == d)
    ):
        return []
    loops = []
    for chain in search.paths(end, depth, LOOP_VARIANTS):
        found: set[tuple[int, int]] = set()
        for k in range(len(chain) - 1):
            if search.polarity(k):
                found |= hit(chain[k]) & hit(chain[k + 1])
        if first_strong and last_strong:
            found |= hit(end) & hit(search.premise)
        loops.append(("Continuous Nice Loop", end, frozenset(found), chain))
    return loops


def _loop_step(state, graph, search, chain, kind, name, eliminations, virtual) -> Step:
    shown = tuple(sorted(eliminations))
    first_on = search.on
    text = eureka(graph, chain, first_on)
    if virtual is not None:
        text = f"{graph.name(virtual)}={text}"
        chain = [virtual, *chain]
        first_on = False
    lines = link_lines(graph, chain, first_on)
    links = chain_links(graph, chain, first_on)
    start = graph.nodes[chain[0]]
    last = graph.nodes[chain[-1]]
    where = state.name(start.cells[0])
    if kind == "Alternating Inference Chain":
        why = (
            f"{where} is {start.digit} or {_where(graph, chain[-1])} is {last.digit}"
            if start.digit != last.digit
            else f"either {where} or {_where(graph, chain[-1])} is {start.digit}"
        )
        lines.append(_ends_proved(graph, chain))
    elif kind == "Continuous Nice Loop":
        closing = search.polarity(len(chain) - 1)
        text += ("-" if closing else "=") + graph.name(chain[0])
        lines += link_lines(graph, [chain[-1], chain[0]], closing)
        links += chain_links(graph, [chain[-1], chain[0]], closing)
        why = "a closed loop: every weak link in it is also strong"
        lines.append(
            "so the loop closes: going round it either way, each weak link has one end true, "
            "and whatever sees both ends of a weak link (or shares its cell) goes"
        )
    else:
        why, proved = _discontinuous(state, search, chain, start, last)
        lines.append(proved)
    return Step(
        name,
        f"{name}: {text} ({why}): {removals(state, shown)}",
        eliminations=shown,
        cells=tuple(dict.fromkeys(c for i in chain for c in graph.nodes[i].cells)),
        digits=tuple(sorted({graph.nodes[i].digit for i in chain})),
        proof=tuple(lines),
        pattern=tuple(c for i in chain for c in candidates(graph, i)),
        links=links,
    )


def _discontinuous(state, search, chain, start, last) -> tuple[str, str]:
    """The short reason of a Discontinuous Nice Loop and how its end proves it."""
    where, d, e = state.name(start.cells[0]), start.digit, last.digit
    last_on = search.polarity(len(chain) - 1)
    assumed, outcome = ("is" if search.on else "is not"), ("is" if last_on else "is not")
    why = f"if {where} {assumed} {d}, then it {outcome} {e}"
    if not search.on and last_on:
        return f"{why}; so it is {d}", f"so if {where} is not {d}, the links make it {d}: it is {d}"
    if search.on and not last_on:
        return f"{why}; so it is not {d}", (
            f"so if {where} is {d}, the links make it not {d}: it cannot be {d}"
        )
    if search.on:
        return f"{why}; so it is not {d}", (
            f"so if {where} is {d}, the links make it {e} as well, which cannot be: it is not {d}"
        )
    return f"{why}; so it is not {e}", (
        f"so if {where} is not {d}, the links make it not {e}, and if it is {d} it is not "
        f"{e} either: it is not {e}"
    )


@technique("Alternating Inference Chain", 7.0, codes=("0707", "0708"))
def nice_loops(state: State) -> Iterator[Step]:
    """Chains of candidates through cells and houses: an AIC (one of its ends is
    true) or a Nice Loop (a chain back to its start cell)."""
    yield from _loops(state, grouped=False)


@technique("Grouped Alternating Inference Chain", 7.1)
def grouped_nice_loops(state: State) -> Iterator[Step]:
    """AICs and Nice Loops that may pass through groups: a digit's places in
    the intersection of a line and a box, taken together."""
    yield from _loops(state, grouped=True)
