"""Cage techniques of KenKen (Calcudoku, Mathdoku) and Killer Sudoku, and Tatham's levels.

* Cage Combination (Tatham's Keen "Normal"): each cell keeps the values some
  remaining filling of its cage gives it.
* Cage Must-Contain (Keen's "Hard"): a value every filling puts into the
  cage's part of a house leaves the rest of that house.

:func:`cage_level` grades a caged puzzle with Keen's names, solving with the
techniques each level allows (see the table in its docstring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..levels import TATHAM_LEVELS
from ..puzzle import Puzzle
from .cage_fill import Fillings, cage_name, fillings, value_sets
from .drawing import kept
from .explainer import next_step
from .registry import TECHNIQUES, Technique, technique
from .state import State, digits_of
from .step import Step
from .words import and_list, removals


@technique("Cage Combination", 2.0)
def cage_combination(state: State) -> Iterator[Step]:
    """Candidates of a cage cell that no remaining filling of the cage uses go."""
    for cage in state.puzzle.cages:
        found = fillings(state, cage)
        if found is None or not found.sets or not found.narrows:
            continue
        eliminations = tuple(
            (cell, value)
            for cell, keep in zip(cage.cells, found.support, strict=True)
            if not state.values[cell]
            for value in digits_of(state.candidates[cell] & ~keep)
        )
        if eliminations:
            yield Step(
                "Cage Combination",
                f"{cage_name(state, cage)} can only be {value_sets(found.sets)}: "
                f"{removals(state, eliminations)}",
                eliminations=eliminations,
                cells=cage.cells,
                digits=tuple(sorted({v for _, v in eliminations})),
                pattern=kept(state, cage.cells, eliminations),
                region=cage.cells,
            )


@technique("Cage Must-Contain", 2.8)
def cage_must_contain(state: State) -> Iterator[Step]:
    """A value every filling puts into the cage's cells of a house leaves the rest of it."""
    for cage in state.puzzle.cages:
        if all(state.values[c] for c in cage.cells):
            continue
        found = fillings(state, cage)
        if found is None or not found.sets:
            continue
        clauses, eliminations, houses = _must_contain(state, cage.cells, found)
        if eliminations:
            yield Step(
                "Cage Must-Contain",
                f"{cage_name(state, cage)} can only be {value_sets(found.sets)}: "
                f"{'; '.join(clauses)}, so {removals(state, eliminations)}",
                eliminations=tuple(eliminations),
                cells=cage.cells,
                houses=tuple(houses),
                digits=tuple(sorted({v for _, v in eliminations})),
            )


def _must_contain(
    state: State, cells: tuple[int, ...], found: Fillings
) -> tuple[list[str], list[tuple[int, int]], list[str]]:
    """Clauses ("7 and 9 must go in row 1 and box 3 (r1c8, r1c9)"), eliminations, houses."""
    inside = set(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    by_part: dict[tuple[int, ...], tuple[set[int], list[str]]] = {}
    eliminations: dict[tuple[int, int], None] = {}
    for house in dict.fromkeys(h for cell in cells for h in state.houses_of[cell]):
        part = tuple(c for c in house.cells if c in inside)
        required = found.required_in(sum(1 << index[c] for c in part))
        for value in digits_of(required):
            victims = [c for c in state.cells_with(value, house.cells) if c not in inside]
            if victims:
                values, houses = by_part.setdefault(part, (set(), []))
                values.add(value)
                if house.name not in houses:
                    houses.append(house.name)
                eliminations.update(((c, value), None) for c in victims)
    clauses = [
        f"{and_list([str(v) for v in sorted(values)])} must go in {and_list(houses)} "
        f"({', '.join(state.name(c) for c in part)})"
        for part, (values, houses) in by_part.items()
    ]
    houses = [name for _, names in by_part.values() for name in names]
    return clauses, list(eliminations), houses


# Levels ---------------------------------------------------------------


def _cage_digits(state: State) -> Iterator[Step]:
    """Keen's Easy cage deduction: values no filling of a cage uses leave all its cells."""
    for cage in state.puzzle.cages:
        if all(state.values[c] for c in cage.cells):
            continue
        found = fillings(state, cage)
        if found is None or not found.sets:
            continue
        used = 0
        for values in found.sets:
            for value in values:
                used |= 1 << (value - 1)
        eliminations = tuple(
            (cell, value)
            for cell in cage.cells
            if not state.values[cell]
            for value in digits_of(state.candidates[cell] & ~used)
        )
        if eliminations:
            yield Step(
                "Cage Digits",
                f"{cage_name(state, cage)} can only be {value_sets(found.sets)}: "
                f"{removals(state, eliminations)}",
                eliminations=eliminations,
                cells=cage.cells,
                pattern=kept(state, cage.cells, eliminations),
                region=cage.cells,
            )


_EASY = ("Full House", "Hidden Single", "Naked Single")
_NORMAL = ("Cage Combination",)
_HARD = (
    "Cage Must-Contain",
    "Pointing",
    "Claiming",
    "Naked Pair",
    "Hidden Pair",
    "Naked Triple",
    "Hidden Triple",
    "Naked Quad",
    "Hidden Quad",
    "Locked Pair",
    "Locked Triple",
)

#: Keen's Extreme is fish plus forcing along two-candidate cells: up to XY-Chain (6.6).
EXTREME_MAX_WEIGHT = 6.6
_NOT_KEEN = ("Innies and Outies", "Innie-Outie Difference", "Innie and Outie Products")


def cage_level(
    puzzle: Puzzle, tick: Callable[[], None] | None = None, up_to: str | None = None
) -> str:
    """Tatham's Keen level of a caged puzzle: the first whose techniques solve it.

    ======== ============================================================
    Easy     singles, and values in no filling of a cage leave its cells
    Normal   + Cage Combination (each cell keeps what a filling gives it)
    Hard     + Cage Must-Contain and naked/hidden subsets (Keen's set
             elimination within a row or column; Killer: and locked
             candidates)
    Extreme  + every other technique up to XY-Chain (6.6) that does not
             assume a unique solution (fish, wings, colouring, X- and
             XY-chains: Keen's fish and bivalue forcing)
    ======== ============================================================

    Anything still unsolved is Unreasonable (Keen guesses; so do puzzles
    needing longer chains, ALS or forcing nets). Innies and outies are left
    out: Keen's solver has no such reasoning, so a puzzle that needs them is
    beyond its Extreme. ``tick`` is called before each step (a time limit may
    raise from it). With ``up_to``, the techniques of the levels above it are
    not tried: a puzzle they would be needed for gets the level just above.
    """
    state = State.start(puzzle)
    known = {t.name: t for t in TECHNIQUES}
    easy = [known[n] for n in _EASY if n in known] + [Technique("Cage Digits", 1.9, _cage_digits)]
    normal = easy + [known[n] for n in _NORMAL]
    hard = normal + [known[n] for n in _HARD if n in known]
    named = {t.name for t in hard}
    extreme = hard + [
        t
        for t in TECHNIQUES
        if t.name not in named
        and t.name not in _NOT_KEEN
        and not t.needs_unique
        and t.weight <= EXTREME_MAX_WEIGHT
    ]
    for level, usable in zip(TATHAM_LEVELS, (easy, normal, hard, extreme), strict=False):
        usable = sorted(usable, key=lambda t: t.weight)
        while not state.solved:
            if tick is not None:
                tick()
            step = next_step(state, usable)
            if step is None:
                break
            state.apply(step)
        if state.solved:
            return level
        if level == up_to:
            return TATHAM_LEVELS[TATHAM_LEVELS.index(level) + 1]
    return "Unreasonable"
