"""Uniqueness techniques: rectangles and BUG+1 find what they should, only when the
puzzle is known to have one solution, and never lie."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latinum import Puzzle
from latinum.geometry import Geometry
from latinum.logic import TECHNIQUES, State, explain
from latinum.logic.reglib import parse
from latinum.logic.uniqueness import (
    avoidable_rectangle_1,
    avoidable_rectangle_2,
    bug_plus_one,
    hidden_rectangle,
    rectangles,
    unique_rectangle_1,
    unique_rectangle_2,
    unique_rectangle_3,
    unique_rectangle_4,
    unique_rectangle_5,
    unique_rectangle_6,
)

FIXTURES = Path(__file__).parent / "fixtures"
HARD = (FIXTURES / "logic" / "wings-uniqueness.txt").read_text().split()
SHAPES = [
    json.loads(line) for line in (FIXTURES / "solver" / "solo.jsonl").read_text().splitlines()
]
MINE = [t for t in TECHNIQUES if t.find.__module__ == "latinum.logic.uniqueness"]

# One HoDoKu regression line per technique and the text latinum gives for it.
CASES = {
    unique_rectangle_1: (
        ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45"
        "+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
        "Unique Rectangle type 1 on {2,3} at r2c7, r2c9, r9c7, r9c9: r2c7 cannot be 2 or 3 "
        "(that would allow two solutions), so removes 2 and 3 from r2c7",
    ),
    unique_rectangle_2: (
        ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743"
        "+92..9+21+8+576::711 713 722 723 734 739::",
        "Unique Rectangle type 2 on {3,4} at r3c1, r3c2, r9c1, r9c2: one of r3c1 and r3c2 "
        "must be 7 (else two solutions), so removes 7 from r1c1, r1c3, r2c2, r2c3, r3c4, r3c9",
    ),
    unique_rectangle_3: (
        ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371"
        ".+45.......36.::212 222 293 722 793::",
        "Unique Rectangle type 3 on {8,9} at r1c3, r1c7, r3c3, r3c7: one of r1c3 and r3c3 "
        "must be {2,7} (else two solutions), so with r2c3 they form a naked subset {2,7} in "
        "column 3 and box 1: removes 2 from r1c2; 2 and 7 from r2c2, r9c3",
    ),
    unique_rectangle_4: (
        ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4"
        "+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
        "Unique Rectangle type 4 on {1,4} at r2c2, r2c3, r9c2, r9c3: in row 2, 4 is only in "
        "r2c2 and r2c3, so neither can be 1 (that would allow two solutions): "
        "removes 1 from r2c2, r2c3",
    ),
    unique_rectangle_5: (
        ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17.."
        "+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::",
        "Unique Rectangle type 5 on {2,6} at r6c8, r6c9, r7c8, r7c9: one of r6c8, r6c9 and "
        "r7c8 must be 4 (else two solutions), so removes 4 from r4c8",
    ),
    unique_rectangle_6: (
        ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9.."
        "+3...+34.......+8+6+75123+4+9::675 687::",
        "Unique Rectangle type 6 on {6,7} at r7c5, r7c7, r8c5, r8c7: in its rows and columns "
        "6 is only in the rectangle, so r7c5 and r8c7 cannot be 6 (that would allow two "
        "solutions): removes 6 from r7c5, r8c7",
    ),
    hidden_rectangle: (
        ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368"
        ".4..+29+4+5.....+3+2+81.....4::966::",
        "Hidden Rectangle on {3,9} at r6c4, r6c6, r9c4, r9c6: in the row and column of r6c6, "
        "3 is only in the rectangle, so r6c6 cannot be 9 (that would allow two solutions): "
        "removes 9 from r6c6",
    ),
    avoidable_rectangle_1: (
        ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6"
        "+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::",
        "Avoidable Rectangle type 1 on {1,9} at r2c1, r2c2, r5c1, r5c2: r2c1, r2c2 and r5c2 "
        "are placed, not given, so r5c1 cannot be 9 (that would allow two solutions): "
        "removes 9 from r5c1",
    ),
    avoidable_rectangle_2: (
        ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3"
        ".5+8..25.+7.+4....9.+2.1:474 494:943 972 982::",
        "Avoidable Rectangle type 2 on {3,7} at r7c3, r7c7, r8c3, r8c7: r7c7 and r8c7 are "
        "placed, not given, so one of r7c3 and r8c3 must be 9 (else two solutions): "
        "removes 9 from r4c3, r7c2, r8c2",
    ),
    bug_plus_one: (
        ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8"
        "..9+435+67+1+51.+76+8..+2::373 673::",
        "BUG+1: every open cell but r7c3 has two candidates and every candidate is in two "
        "cells of each house but 4 in the houses of r7c3; without 4 there the grid would have "
        "zero or two solutions, so r7c3 is 4: removes 3 and 6 from r7c3",
    ),
}

# Two solutions that differ by swapping 2 and 8 in r1c2, r1c9, r2c2, r2c9: a
# Unique Rectangle "found" on the way would remove the true value of r2c2.
TWO_SOLUTIONS = "6..943.5...3...4..5...2.....4287.6.53..46.28.8..53.1742.81.7.4..1.3.48.7.7.2.69.."


@pytest.mark.parametrize("find", CASES, ids=lambda find: find.__name__)
def test_each_technique_on_a_known_position(find) -> None:
    line, text = CASES[find]
    case = parse(line)
    steps = [s for s in find(case.state) if frozenset(s.eliminations) == case.eliminations]
    assert steps, line
    assert steps[0].text == text
    assert steps[0].technique in {t.name for t in MINE}


def test_uniqueness_techniques_are_marked() -> None:
    names = {t.name for t in MINE}
    assert {"Unique Rectangle Type 1", "Hidden Rectangle", "BUG+1"} <= names
    assert all(t.needs_unique for t in MINE)
    assert all(4.5 <= t.weight <= 4.8 for t in MINE if "Rectangle" in t.name)


def test_explain_uses_them_only_when_the_solution_is_unique() -> None:
    line = CASES[unique_rectangle_1][0]
    state = parse(line).state
    names = ["Unique Rectangle Type 1"]
    assert next(explain(state, names, unique=True)).technique == "Unique Rectangle Type 1"
    assert list(explain(state, names, unique=False)) == []


def test_two_solutions_are_never_explained_with_uniqueness() -> None:
    puzzle = Puzzle.sudoku(TWO_SOLUTIONS)
    state = State.start(puzzle)
    wrong = 0
    for step in explain(puzzle):  # counts the solutions itself: two
        assert not any(t.name == step.technique for t in MINE), step.text
        state.apply(step)
        wrong += sum(1 for _ in unique_rectangle_1(state))
    assert wrong  # the technique would have fired on the way, wrongly


def test_rectangles_span_two_rows_columns_and_boxes() -> None:
    geometry = Geometry(9, (3, 3))
    found = rectangles(geometry)
    assert len(found) == 486
    for corners in found:
        assert len({geometry.box_of(c) for c in corners}) == 2
    # 6x6, 2x3 boxes: 3 row pairs in a band x 9 column pairs across stacks, + 12 x 6.
    assert len(rectangles(Geometry(6, (2, 3)))) == 3 * 9 + 12 * 6
    assert rectangles(Geometry(5)) == ()  # Latin squares: no boxes, left out
    x_cells = {c for unit in Geometry(9, (3, 3), diagonals=True).diagonal_units for c in unit}
    assert not any(set(r) & x_cells for r in rectangles(Geometry(9, (3, 3), diagonals=True)))


def type_1_marks(puzzle: Puzzle) -> State:
    """``puzzle`` with a Unique Rectangle type 1 on {1,2} at r1c1, r1c4, r2c1, r2c4."""
    state = State.from_marks(puzzle, [0] * 81, [range(3, 10)] * 81)
    for cell in (0, 3, 9):
        state.candidates[cell] = 0b11
    state.candidates[12] = 0b111
    return state


def test_nothing_on_caged_puzzles() -> None:
    record = json.loads((FIXTURES / "solver" / "killer.jsonl").read_text().splitlines()[0])
    killer = Puzzle.killer([(c["target"], c["cells"]) for c in record["cages"]])
    plain = Puzzle.sudoku("." * 81)
    assert [s.eliminations for s in unique_rectangle_1(type_1_marks(plain))] == [((12, 1), (12, 2))]
    assert list(unique_rectangle_1(type_1_marks(killer))) == []


def check_all(state: State, answer: list[int]) -> None:
    """Every uniqueness step seen in ``state`` agrees with ``answer``."""
    for known in MINE:
        for step in known.find(state):
            assert all(answer[c] == v for c, v in step.placements), step.text
            assert all(answer[c] != v for c, v in step.eliminations), step.text
            assert all(state.has(c, v) for c, v in step.eliminations), step.text


def walk(puzzle: Puzzle, answer: list[int]) -> None:
    """Check every state on the way through ``puzzle``."""
    state = State.start(puzzle)
    while True:
        check_all(state, answer)
        step = next(explain(state, unique=True), None)
        if step is None:
            break
        state.apply(step)


@pytest.mark.parametrize("index", range(0, len(HARD), 2))
def test_no_uniqueness_step_is_ever_wrong(index: int) -> None:
    walk(Puzzle.sudoku(HARD[index]), [int(c) for c in HARD[index + 1]])


@pytest.mark.parametrize("record", SHAPES, ids=lambda r: f"{r['size']}x{r['x']}")
def test_no_uniqueness_step_is_wrong_on_other_shapes(record: dict) -> None:
    size, box = record["size"], tuple(record["box"])
    geometry = Geometry(size, box, diagonals=record["x"])
    digits = "123456789ABCDEFGHIJKLMNOP"
    givens = tuple(digits.index(c) + 1 if c in digits else 0 for c in record["givens"])
    answer = [digits.index(c) + 1 for c in record["solution"]]
    walk(Puzzle("sudoku", geometry, givens), answer)
