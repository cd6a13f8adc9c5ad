"""Forcing chains: follow an assumption with singles and locked candidates until it
breaks a rule (then it is false) or until every choice of a cell or a house
agrees on a consequence (then that consequence is true).

The last resort before guessing: each step says which assumption was made,
what it forced, and where it broke.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .registry import technique
from .state import State
from .step import Step
from .words import and_list, removals

SHOWN = 6


@dataclass
class Outcome:
    """What an assumption leads to: placements made in order, the candidates left,
    and, when it breaks a rule, why."""

    placed: list[tuple[int, int]]
    candidates: list[int]
    values: list[int]
    broken: str = ""


class Propagator:
    """Singles and locked candidates on plain lists, for trying assumptions fast."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.size = state.size
        self.peers = [tuple(p) for p in state.peers]
        self.houses = [(h.name, h.cells) for h in state.houses if len(h.cells) == state.size]
        self.houses_of: list[list[int]] = [[] for _ in range(state.size**2)]
        for index, (_, cells) in enumerate(self.houses):
            for c in cells:
                self.houses_of[c].append(index)
        self.crossings = _crossings(state)

    def run(
        self, assume: tuple[int, int] | None, exclude: tuple[int, int] | None = None
    ) -> Outcome:
        """Place ``assume`` (cell, value) or remove ``exclude``, then propagate."""
        values = list(self.state.values)
        cands = list(self.state.candidates)
        placed: list[tuple[int, int]] = []
        outcome = Outcome(placed, cands, values)
        queue: list[tuple[int, int]] = []
        if assume is not None:
            queue.append(assume)
        if exclude is not None:
            cands[exclude[0]] &= ~(1 << (exclude[1] - 1))
            if not cands[exclude[0]]:
                outcome.broken = f"{self.state.name(exclude[0])} has no candidate left"
                return outcome
        peers, name = self.peers, self.state.name
        while True:
            while queue:
                cell, value = queue.pop()
                if values[cell]:
                    if values[cell] != value:
                        outcome.broken = f"{name(cell)} would be both {values[cell]} and {value}"
                        return outcome
                    continue
                bit = 1 << (value - 1)
                if not cands[cell] & bit:
                    outcome.broken = f"{name(cell)} cannot be {value}"
                    return outcome
                values[cell] = value
                cands[cell] = 0
                placed.append((cell, value))
                for p in peers[cell]:
                    if cands[p] & bit:
                        cands[p] &= ~bit
                        if not cands[p]:
                            outcome.broken = f"{name(p)} has no candidate left"
                            return outcome
                        if not cands[p] & (cands[p] - 1):
                            queue.append((p, cands[p].bit_length()))
            found = self._hidden(values, cands, queue, outcome)
            if outcome.broken:
                return outcome
            if found:
                continue
            if not self._locked(cands, queue, outcome):
                return outcome
            if outcome.broken:
                return outcome

    def _hidden(self, values, cands, queue, outcome) -> bool:
        for house_name, cells in self.houses:
            seen_once = 0
            seen_more = 0
            done = 0
            for c in cells:
                m = cands[c]
                seen_more |= seen_once & m
                seen_once |= m
                if values[c]:
                    done |= 1 << (values[c] - 1)
            missing = ((1 << self.size) - 1) & ~done & ~seen_once
            if missing:
                value = (missing & -missing).bit_length()
                outcome.broken = f"{house_name} has no place for {value}"
                return False
            single = seen_once & ~seen_more & ~done
            if single:
                bit = single & -single
                for c in cells:
                    if cands[c] & bit:
                        queue.append((c, bit.bit_length()))
                        return True
        return False

    def _locked(self, cands, queue, outcome) -> bool:
        """One round of pointing and claiming; True if it removed anything."""
        changed = False
        for inter, box_rest, line_rest in self.crossings:
            middle = box = line = 0
            for c in inter:
                middle |= cands[c]
            for c in box_rest:
                box |= cands[c]
            for c in line_rest:
                line |= cands[c]
            for gone, victims in (
                (middle & ~box & line, line_rest),
                (middle & ~line & box, box_rest),
            ):
                if not gone:
                    continue
                for c in victims:
                    if cands[c] & gone:
                        cands[c] &= ~gone
                        changed = True
                        if not cands[c]:
                            outcome.broken = f"{self.state.name(c)} has no candidate left"
                            return True
                        if not cands[c] & (cands[c] - 1):
                            queue.append((c, cands[c].bit_length()))
        return changed


def _crossings(state: State) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """For each box and line sharing cells: the shared cells, the rest of the box
    and the rest of the line."""
    found = []
    geometry = state.puzzle.geometry
    for box in geometry.boxes:
        for line in (*geometry.rows, *geometry.columns):
            inter = set(box).intersection(line)
            if len(inter) > 1:
                found.append(
                    (
                        tuple(inter),
                        tuple(c for c in box if c not in inter),
                        tuple(c for c in line if c not in inter),
                    )
                )
    return found


def _trail(state: State, outcome: Outcome) -> str:
    steps = [f"{state.name(c)} is {v}" for c, v in outcome.placed[1 : SHOWN + 1]]
    if len(outcome.placed) > SHOWN + 1:
        steps.append(f"{len(outcome.placed) - SHOWN - 1} more placements follow")
    return ", ".join(steps)


def _weight(outcomes: list[Outcome]) -> float:
    longest = max(len(o.placed) for o in outcomes)
    return round(7.8 + 0.1 * min(longest // 5, 10), 1)


@technique("Forcing Chain", 7.8)
def forcing_chain(state: State) -> Iterator[Step]:
    """An assumption followed through singles and locked candidates: if it breaks
    a rule it is false; what every choice of a cell or a house forces is true."""
    run = Propagator(state)
    cells = sorted(
        (c for c in range(state.size**2) if state.candidates[c]),
        key=lambda c: state.candidates[c].bit_count(),
    )
    outcomes: dict[tuple[int, int], Outcome] = {}
    for cell in cells:
        state.check_time()
        for value in state.digits(cell):
            outcome = run.run((cell, value))
            outcomes[(cell, value)] = outcome
            if outcome.broken:
                yield _contradiction(state, cell, value, outcome)
    for cell in cells:
        branches = [((cell, v), outcomes[(cell, v)]) for v in state.digits(cell)]
        step = _verity(state, f"{state.name(cell)}", branches)
        if step:
            yield step
    for house in state.houses:
        for value in range(1, state.size + 1):
            places = state.cells_with(value, house.cells)
            if len(places) < 2:
                continue
            branches = [((c, value), outcomes[(c, value)]) for c in places]
            step = _verity(state, f"{value} in {house.name}", branches)
            if step:
                yield step


def _contradiction(state: State, cell: int, value: int, outcome: Outcome) -> Step:
    trail = _trail(state, outcome)
    then = f"then {trail}, and " if trail else "then "
    return Step(
        "Forcing Chain",
        f"Forcing Chain: if {state.name(cell)} is {value}, {then}{outcome.broken}; "
        f"so {state.name(cell)} is not {value}: removes {value} from {state.name(cell)}",
        eliminations=((cell, value),),
        cells=(cell,),
        digits=(value,),
        weight=_weight([outcome]),
    )


def _verity(state: State, what: str, branches: list) -> Step | None:
    alive = [(choice, o) for choice, o in branches if not o.broken]
    if len(alive) < 2 and len(branches) > 1 and alive:
        return None
    if not alive:
        return None
    placements = set.intersection(*(set(o.placed) for _, o in alive))
    placements = {(c, v) for c, v in placements if not state.values[c]}
    eliminations = set()
    for cell, mask in enumerate(state.candidates):
        if not mask or any(c == cell for c, _ in placements):
            continue
        for value in range(1, state.size + 1):
            bit = 1 << (value - 1)
            if mask & bit and all(
                not o.candidates[cell] & bit and o.values[cell] != value for _, o in alive
            ):
                eliminations.add((cell, value))
    if not placements and not eliminations:
        return None
    cases = and_list([f"{state.name(c)} is {v}" for (c, v), _ in alive])
    failed = [f"{state.name(c)} is {v}" for (c, v), o in branches if o.broken]
    lead = f"whether {cases}" if len(alive) > 1 else f"{cases} (the only choice left)"
    if failed:
        lead += f" ({and_list(failed)} breaks a rule)"
    results = []
    if placements:
        results.append(and_list([f"{state.name(c)} is {v}" for c, v in sorted(placements)]))
    if eliminations:
        results.append(removals(state, sorted(eliminations)))
    return Step(
        "Forcing Chain",
        f"Forcing Chain on {what}: {lead}, the same follows: {'; '.join(results)}",
        placements=tuple(sorted(placements)),
        eliminations=tuple(sorted(eliminations)),
        cells=tuple(dict.fromkeys(c for (c, _), _ in branches)),
        weight=_weight([o for _, o in alive]),
    )
