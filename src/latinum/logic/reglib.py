"""HoDoKu's regression library: one test case a line, a pencil-mark state and the
eliminations or placements a technique must find in it.

Line format: ``:CODE[-VARIANT]:DIGITS:GIVENS:DELETED:ELIMINATIONS:PLACEMENTS:EXTRA:``,
where GIVENS is 81 cells (``+`` before a placed, non-given digit, ``.`` empty)
and the other fields are lists of ``<digit><row><col>``. A variant ``x`` means
no instance of the technique may be found.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..geometry import Geometry
from ..puzzle import Puzzle
from .registry import TECHNIQUES, Technique
from .state import State


@dataclass(frozen=True)
class Case:
    """One test case of the library."""

    line: int
    code: str
    variant: str
    text: str
    state: State
    eliminations: frozenset[tuple[int, int]]
    placements: frozenset[tuple[int, int]]

    @property
    def must_fail(self) -> bool:
        return self.variant == "x"


def cases(path: str | Path) -> Iterator[Case]:
    """Every test case of the library file at ``path``."""
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if line.startswith(":"):
            yield parse(line, number)


def parse(text: str, number: int = 0) -> Case:
    """The test case on one line of the library."""
    fields = text.split(":")
    code, _, variant = fields[1].partition("-")
    givens = fields[3]
    values: list[int] = []
    real: list[int] = []
    placed = False
    for char in givens:
        if char == "+":
            placed = True
            continue
        value = int(char) if char.isdigit() else 0
        values.append(value)
        real.append(0 if placed else value)
        placed = False
    puzzle = Puzzle("sudoku", Geometry(9, (3, 3)), tuple(real))
    state = State(puzzle, values, [0] * 81)
    for cell in range(81):
        if not values[cell]:
            taken = {values[peer] for peer in state.peers[cell]}
            state.candidates[cell] = sum(1 << (v - 1) for v in range(1, 10) if v not in taken)
    for cell, value in _triples(fields[4]):
        state.eliminate(cell, value)
    return Case(
        number,
        code,
        variant,
        text,
        state,
        frozenset(_triples(fields[5])),
        frozenset(_triples(fields[6])),
    )


def _triples(field: str) -> list[tuple[int, int]]:
    """``(cell, value)`` of each ``<digit><row><col>`` in ``field``."""
    found = []
    for word in field.split():
        value, row, col = int(word[0]), int(word[1]), int(word[2])
        found.append(((row - 1) * 9 + col - 1, value))
    return found


def techniques_for(code: str) -> list[Technique]:
    """The registered techniques that answer HoDoKu's ``code``."""
    return [t for t in TECHNIQUES if code in t.codes]


def passes(case: Case, step_limit: int = 5000) -> bool:
    """True if latinum's techniques for the case's code find what HoDoKu expects."""
    found = False
    for known in techniques_for(case.code):
        for count, step in enumerate(known.find(case.state.copy())):
            if count >= step_limit:
                break
            if not step.changes:
                continue
            found = True
            if (
                frozenset(step.eliminations) == case.eliminations
                and frozenset(step.placements) == case.placements
            ):
                return not case.must_fail
    return case.must_fail and not found
