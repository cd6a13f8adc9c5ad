"""Forcing chains and nets: follow an assumption until it breaks a rule (then it
is false), or follow every choice of a cell or a house until they agree (then
what they agree on is true).

Every candidate is assumed in turn and followed breadth-first (see
:mod:`.implications`); of all the proofs found, the shortest come first:
fewest links, then fewest branches. A proof is a chain when every link
follows from one link before it, and a net when some link needs several.
Every link is shown, with its reason; a proof with more than
:data:`MAX_SHOWN` links in a branch is used only when no shorter one exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from .implications import Fact, Implications, Net, Reason
from .registry import technique
from .state import State
from .step import Link, Step
from .words import and_list, or_list, removals

#: The most links of a branch shown before a proof counts as too long to follow.
MAX_SHOWN = 12


@dataclass(frozen=True)
class Branch:
    """One case of a proof: its net and the goals shown (the facts concluded, or
    the ones breaking a rule)."""

    net: Net
    goals: tuple[Fact, ...]

    @property
    def broken(self) -> bool:
        return self.net.broken is not None

    @property
    def size(self) -> int:
        """The links shown."""
        return self.net.links(self.goals)

    @property
    def links(self) -> list[Fact]:
        return self.net.proof(self.goals)

    @property
    def linear(self) -> bool:
        return self.net.linear(self.goals)


@dataclass(frozen=True)
class Proof:
    """A conclusion (``fact``) and the branches that prove it; ``what`` names the cell
    or house whose choices the branches are (empty for a contradiction)."""

    fact: Fact
    branches: tuple[Branch, ...]
    what: str = ""

    @property
    def links(self) -> int:
        return sum(b.size for b in self.branches)

    @property
    def longest(self) -> int:
        return max(b.size for b in self.branches)

    @property
    def linear(self) -> bool:
        return all(b.linear for b in self.branches)

    def order(self) -> tuple[bool, int, int, Fact]:
        """Shown ones first, then fewest links, then fewest branches."""
        return (self.longest > MAX_SHOWN, self.links, len(self.branches), self.fact)


def proofs(state: State) -> list[Proof]:
    """Every forcing proof of ``state``, shortest first (kept while it does not change)."""
    return state.derived("forcing proofs", _proofs, state)


def _proofs(state: State) -> list[Proof]:
    rules = Implications(state)
    nets: dict[tuple[int, int], Net] = {}
    found: list[Proof] = []
    for cell in range(state.size**2):
        for value in state.digits(cell):
            state.check_time()
            net = nets[(cell, value)] = rules.follow((cell, value, True))
            if net.broken is not None:
                found.append(Proof((cell, value, False), (_broken(net),)))
    for cell in range(state.size**2):
        if state.candidates[cell]:
            choices = [nets[(cell, v)] for v in state.digits(cell)]
            found += _agreed(state, state.name(cell), choices)
    for house in state.houses:
        if len(house.cells) != state.size:
            continue
        for value in range(1, state.size + 1):
            places = state.cells_with(value, house.cells)
            if len(places) > 1:
                choices = [nets[(c, value)] for c in places]
                found += _agreed(state, f"{value} in {house.name}", choices)
    found.sort(key=Proof.order)
    return found


def _broken(net: Net) -> Branch:
    assert net.broken is not None
    return Branch(net, net.broken.premises)


def _agreed(state: State, what: str, choices: list[Net]) -> list[Proof]:
    """The facts every choice that breaks no rule implies (at least two such choices)."""
    alive = [net for net in choices if net.broken is None]
    if len(alive) < 2:
        return []
    common = set(alive[0].reasons).intersection(*(net.reasons for net in alive[1:]))
    broken = tuple(_broken(net) for net in choices if net.broken is not None)
    found = []
    for fact in filter(partial(news, state), common):
        branches = tuple(Branch(net, (fact,)) for net in alive)
        found.append(Proof(fact, branches + broken, what))
    return found


@technique("Forcing Chain", 7.8)
def forcing_chain(state: State) -> Iterator[Step]:
    """An assumption followed link by link, each link from one before it: if it
    breaks a rule it is false; what every choice of a cell or a house forces
    is true. Shortest first, every link shown with its reason."""
    for proof in proofs(state):
        if proof.longest > MAX_SHOWN:
            return
        if proof.linear:
            yield _step(state, proof)


@technique("Forcing Net", 8.2)
def forcing_net(state: State) -> Iterator[Step]:
    """Forcing chains whose links may follow from several links before them (a
    cell's last candidate, a house's last place); then, when nothing shorter
    is left, proofs longer than twelve links a branch."""
    for proof in proofs(state):
        if not proof.linear or proof.longest > MAX_SHOWN:
            yield _step(state, proof)


# Words ----------------------------------------------------------------------------


def _step(state: State, proof: Proof) -> Step:
    name = "Forcing Chain" if proof.linear else "Forcing Net"
    facts = concluded(state, proof)
    placements = tuple(sorted((c, v) for c, v, on in facts if on))
    eliminations = tuple(sorted((c, v) for c, v, on in facts if not on))
    effects = [f"places {v} in {state.name(c)}" for c, v in placements]
    if eliminations:
        effects.append(removals(state, eliminations))
    if proof.what:
        found = and_list([said(state, f) for f in facts])
        head = f"{name} on {proof.what}: {_cases(state, proof)}, {found}"
    else:
        branch = proof.branches[0]
        assert branch.net.broken is not None
        start = branch.net.assumption
        head = (
            f"{name}: if {said(state, start)}, then after {_count(branch.size)} "
            f"{branch.net.broken.what}; so {said(state, proof.fact)}"
        )
    lines: list[str] = []
    for branch in proof.branches:
        if proof.what:
            lines.append(f"if {said(state, branch.net.assumption)}:")
        lines += ["  " + line for line in branch_lines(state, branch)]
    facts_shown = [b.net.assumption for b in proof.branches] + [
        f for b in proof.branches for f in b.links
    ]
    cells = [fact[0] for fact in facts_shown]
    return Step(
        name,
        f"{head}: {'; '.join(effects)}",
        placements=placements,
        eliminations=eliminations,
        cells=tuple(dict.fromkeys(cells)),
        digits=tuple(sorted({b.net.assumption[1] for b in proof.branches})),
        weight=weight(proof),
        proof=tuple(lines),
        pattern=tuple(dict.fromkeys((c, v) for c, v, _ in facts_shown)),
        links=tuple(
            Link(((p[0], p[1]),), ((fact[0], fact[1]),), strong=not p[2])
            for branch in proof.branches
            for fact in branch.links
            for p in branch.net.reasons[fact].premises
        ),
    )


def concluded(state: State, proof: Proof) -> list[Fact]:
    """The fact ``proof`` proves, then any other fact every case that breaks no rule
    shows on its way (proved by the same links, at no cost)."""
    alive = [set(b.links) for b in proof.branches if not b.broken]
    if not proof.what:
        return [proof.fact]
    shown = set.intersection(*alive) - {proof.fact}
    placed = {c for c, _, on in shown if on}
    extra = [f for f in shown if news(state, f) and (f[2] or f[0] not in placed)]
    return [proof.fact, *sorted(extra)]


def news(state: State, fact: Fact) -> bool:
    """Whether ``fact`` changes ``state``: a value not placed yet, a candidate still there."""
    cell, value, on = fact
    return not state.values[cell] if on else state.has(cell, value)


def _cases(state: State, proof: Proof) -> str:
    """``whether it is 1 or 2`` for a cell, ``whether it is in r3c4 or r3c6`` for a
    house, with the choices that break a rule."""
    in_cell = len({b.net.assumption[0] for b in proof.branches}) == 1

    def choice(branch: Branch) -> str:
        cell, value, _ = branch.net.assumption
        return str(value) if in_cell else state.name(cell)

    alive = [choice(b) for b in proof.branches if not b.broken]
    broken = [choice(b) for b in proof.branches if b.broken]
    text = f"whether it is {'' if in_cell else 'in '}" + or_list(alive)
    if broken:
        text += f" ({and_list(broken)} {'break' if len(broken) > 1 else 'breaks'} a rule)"
    return text


def _count(links: int) -> str:
    return "1 link" if links == 1 else f"{links} links"


def branch_lines(state: State, branch: Branch) -> list[str]:
    """Each link of ``branch`` numbered, in notation and in words with its reason,
    then how it ends when it breaks a rule."""
    number = {fact: n for n, fact in enumerate(branch.links, 1)}
    lines = []
    for n, fact in enumerate(branch.links, 1):
        reason = branch.net.reasons[fact]
        line = f"{n}. {notation(state, fact)}: {said(state, fact)}, {because(state, fact, reason)}"
        if reason.rule not in ("cell", "peer"):
            line += _from(reason.premises, number, n, branch.net.assumption)
        lines.append(line)
    broken = branch.net.broken
    if broken is not None:
        lines.append(f"so {broken.what}" + _from(broken.premises, number, 0, branch.net.assumption))
    return lines


def _from(premises: tuple[Fact, ...], number: dict[Fact, int], n: int, start: Fact) -> str:
    """`` (from 2 and 5)`` unless the only premise is the line just before."""
    refs = sorted(number[p] for p in premises if p in number)
    if refs == [n - 1] and len(premises) == 1:
        return ""
    words = [str(r) for r in refs]
    if start in premises:
        words.insert(0, "the assumption")
    return f" (from {and_list(words)})" if words else ""


def because(state: State, fact: Fact, reason: Reason) -> str:
    """Why ``fact`` follows by ``reason``, in words."""
    value = fact[1]
    if reason.rule == "cell":
        return f"because it is {reason.premises[0][1]}"
    if reason.rule == "peer":
        return f"because {said(state, reason.premises[0])} in {reason.house}"
    if reason.rule == "naked":
        return "because it has no other candidate left"
    if reason.rule == "hidden":
        return f"because it is the last place for {value} in {reason.house}"
    return f"because {value} in {reason.house} must be in {reason.other}"


def notation(state: State, fact: Fact) -> str:
    """HoDoKu's ``r9c6=3`` or ``r9c6<>3``."""
    cell, value, on = fact
    return f"{state.name(cell)}{'=' if on else '<>'}{value}"


def said(state: State, fact: Fact) -> str:
    """``r9c6 is 3`` or ``r9c6 is not 3``."""
    cell, value, on = fact
    return f"{state.name(cell)} is {'' if on else 'not '}{value}"


def weight(proof: Proof) -> float:
    """Sudoku Explainer's scale: 7.8 for a chain's contradiction, more for a choice
    of several cases and for a net, and 0.1 more each time the links grow by half."""
    base = 7.8 + (0.2 if proof.what else 0.0) + (0.0 if proof.linear else 0.4)
    added, ceiling = 0.0, 4.0
    while proof.links > ceiling and added < 1.0:
        added += 0.1
        ceiling *= 1.5
    return round(base + added, 1)
