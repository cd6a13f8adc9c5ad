"""What one assumption implies, each consequence with the reason it follows.

From an assumption ("r9c4 is 5") the rules a person applies by eye are
followed breadth-first, one layer at a time: a placed value leaves its cell's
other candidates and its peers; a cell with one candidate left holds it (a
naked single); a house with one place left for a digit holds it there (a
hidden single); a digit confined to a box-line crossing leaves the rest of
the line or box (locked candidates). Each fact keeps the reason it was first
derived, so the shortest way to any consequence can be shown link by link,
and the propagation stops at the end of the first layer that breaks a
rule, keeping the break with the fewest links.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bitsets import bits, mask_of
from .state import State, digits_of

#: A candidate and whether it is true: ``(cell, value, on)``.
Fact = tuple[int, int, bool]


@dataclass(frozen=True)
class Reason:
    """Why a fact follows: its ``rule``, the facts it follows from and where.

    Rules: ``assumed``; ``cell`` (the cell holds another value); ``peer`` (a
    peer holds the value, in ``house``); ``naked`` (the cell's last
    candidate); ``hidden`` (the last place in ``house``); ``pointing`` and
    ``claiming`` (the digit is confined to ``house``'s crossing with ``other``).
    """

    rule: str
    premises: tuple[Fact, ...] = ()
    house: str = ""
    other: str = ""


@dataclass(frozen=True)
class Broken:
    """A rule broken: ``what`` in words and the facts that break it."""

    what: str
    premises: tuple[Fact, ...]


@dataclass
class Net:
    """The facts an assumption implies with their reasons, in the order derived,
    and the rule it breaks, if any.

    ``ancestors`` holds, for each fact, the set of facts it follows from (itself
    included) as a bitmask over the positions in ``facts``; ``joins`` marks the
    facts that follow from several others.
    """

    assumption: Fact
    reasons: dict[Fact, Reason] = field(default_factory=dict)
    facts: list[Fact] = field(default_factory=list)
    ancestors: dict[Fact, int] = field(default_factory=dict)
    joins: int = 0
    broken: Broken | None = None

    def add(self, fact: Fact, reason: Reason) -> None:
        bit = 1 << len(self.facts)
        mask = bit
        for premise in reason.premises:
            mask |= self.ancestors[premise]
        if len(reason.premises) > 1:
            self.joins |= bit
        self.facts.append(fact)
        self.reasons[fact] = reason
        self.ancestors[fact] = mask

    def support(self, goals: tuple[Fact, ...]) -> int:
        """The facts ``goals`` follow from, as a bitmask (the assumption is bit 0)."""
        mask = 0
        for goal in goals:
            mask |= self.ancestors[goal]
        return mask

    def links(self, goals: tuple[Fact, ...]) -> int:
        """How many facts beside the assumption ``goals`` follow from."""
        return (self.support(goals) >> 1).bit_count()

    def linear(self, goals: tuple[Fact, ...]) -> bool:
        """Whether each fact ``goals`` follow from follows from one fact only."""
        return not self.support(goals) & self.joins

    def proof(self, goals: tuple[Fact, ...]) -> list[Fact]:
        """The facts ``goals`` follow from, themselves included and the assumption
        left out, in the order derived."""
        return [self.facts[i] for i in bits(self.support(goals) & ~1)]


@dataclass(frozen=True)
class Crossing:
    """A box and a line sharing cells, as bitmasks of cells: a digit confined to
    ``shared`` within ``rest`` leaves ``victims`` (pointing when ``rest`` is the
    rest of the box, claiming when it is the rest of the line)."""

    rule: str
    house: str
    other: str
    shared: int
    rest: int
    victims: int


class Implications:
    """Follows assumptions in one state of a puzzle (its rows, columns, boxes and
    diagonals; distinct cages only as peers)."""

    def __init__(self, state: State) -> None:
        self.state = state
        full = [h for h in state.houses if len(h.cells) == state.size]
        self.houses = [(h.name, mask_of(h.cells)) for h in full]
        self.houses_of: list[list[int]] = [[] for _ in state.candidates]
        self.placed = [0] * len(full)
        for index, house in enumerate(full):
            for cell in house.cells:
                self.houses_of[cell].append(index)
                if state.values[cell]:
                    self.placed[index] |= 1 << (state.values[cell] - 1)
        self.peers = [
            [(p, self._shared(c, p)) for p in sorted(state.peers[c]) if state.candidates[p]]
            for c in range(len(state.candidates))
        ]
        self.where = [
            mask_of(state.cells_with(v, range(state.size**2))) for v in range(1, state.size + 1)
        ]
        self.crossings: list[list[Crossing]] = [[] for _ in state.candidates]
        for crossing in _crossings(state):
            for cell in bits(crossing.rest):
                self.crossings[cell].append(crossing)

    def _shared(self, a: int, b: int) -> str:
        for index in self.houses_of[a]:
            name, cells = self.houses[index]
            if cells >> b & 1:
                return name
        return "the same cage"

    def follow(self, assumption: Fact) -> Net:
        """Everything ``assumption`` implies, breadth-first, until a rule breaks."""
        return _Run(self, assumption).net


class _Run:
    """One propagation: candidates and values as they change, layer by layer;
    ``where`` holds each digit's places as a bitmask of cells."""

    def __init__(self, rules: Implications, assumption: Fact) -> None:
        self.rules = rules
        self.start = rules.state.candidates
        self.cands = list(self.start)
        self.values = list(rules.state.values)
        self.where = list(rules.where)
        self.net = Net(assumption)
        self.fresh: list[Fact] = []
        self.broken: list[Broken] = []
        self._add(assumption, Reason("assumed"))
        layer = self.fresh
        while layer and not self.broken:
            self.fresh = []
            for cell, value, on in layer:
                if on:
                    self._placed(cell, value)
                else:
                    self._removed(cell, value)
            layer = self.fresh
        if self.broken:
            self.net.broken = min(self.broken, key=lambda b: self.net.links(b.premises))

    def _add(self, fact: Fact, reason: Reason) -> bool:
        """Record ``fact``; False when it contradicts a fact (the break is kept)."""
        net = self.net
        if fact in net.reasons:
            return True
        cell, value, on = fact
        opposite = (cell, value, not on)
        net.add(fact, reason)
        if opposite in net.reasons:
            name = self.rules.state.name(cell)
            self._break(f"{name} would be {value} and not {value}", (opposite, fact))
            return False
        if on:
            self.values[cell] = value
        else:
            self.cands[cell] &= ~(1 << (value - 1))
            self.where[value - 1] &= ~(1 << cell)
        self.fresh.append(fact)
        return True

    def _placed(self, cell: int, value: int) -> None:
        fact = (cell, value, True)
        for other in digits_of(self.cands[cell]):
            if other != value and not self._add((cell, other, False), Reason("cell", (fact,))):
                return
        bit = 1 << (value - 1)
        for peer, house in self.rules.peers[cell]:
            held = self.cands[peer] & bit or self.values[peer] == value
            if held and not self._add((peer, value, False), Reason("peer", (fact,), house)):
                return

    def _removed(self, cell: int, value: int) -> None:
        rules = self.rules
        if not self.values[cell]:
            left = self.cands[cell]
            if not left & (left - 1):
                gone = tuple((cell, d, False) for d in digits_of(self.start[cell] & ~left))
                if not left:
                    self._break(f"{rules.state.name(cell)} has no candidate left", gone)
                    return
                if not self._add((cell, left.bit_length(), True), Reason("naked", gone)):
                    return
        where, bit = self.where[value - 1], 1 << (value - 1)
        for index in rules.houses_of[cell]:
            if rules.placed[index] & bit:
                continue
            name, cells = rules.houses[index]
            places = where & cells
            if places & (places - 1):
                continue
            if not places:
                gone = self._gone(value, cells)
                self._break(f"{name} has no place for {value}", gone)
                return
            last = (places.bit_length() - 1, value, True)
            if last not in self.net.reasons:
                reason = Reason("hidden", self._gone(value, cells & ~places), name)
                if not self._add(last, reason):
                    return
        for crossing in rules.crossings[cell]:
            where = self.where[value - 1]
            if where & crossing.rest or not where & crossing.shared:
                continue
            victims = where & crossing.victims
            if victims:
                gone = self._gone(value, crossing.rest)
                reason = Reason(crossing.rule, gone, crossing.house, crossing.other)
                for victim in bits(victims):
                    if not self._add((victim, value, False), reason):
                        return

    def _gone(self, value: int, cells: int) -> tuple[Fact, ...]:
        """The eliminations of ``value`` the run made in ``cells``."""
        return tuple((c, value, False) for c in bits(cells & self.rules.where[value - 1]))

    def _break(self, what: str, premises: tuple[Fact, ...]) -> None:
        self.broken.append(Broken(what, premises))


def _crossings(state: State) -> list[Crossing]:
    found = []
    lines = [(h.name, set(h.cells)) for h in state.houses if h.kind in ("row", "column")]
    boxes = [(h.name, set(h.cells)) for h in state.houses if h.kind == "box"]
    for box_name, box in boxes:
        for line_name, line in lines:
            shared = box & line
            if len(shared) > 1:
                middle, box_rest, line_rest = (
                    mask_of(shared),
                    mask_of(box - line),
                    mask_of(line - box),
                )
                found.append(Crossing("pointing", box_name, line_name, middle, box_rest, line_rest))
                found.append(Crossing("claiming", line_name, box_name, middle, line_rest, box_rest))
    return found
