"""Cage techniques of KenKen and Killer: combinations, must-contain, innies and outies, levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latinum import Puzzle
from latinum.levels import TATHAM_LEVELS as LEVELS
from latinum.logic import State, explain
from latinum.logic.cage_fill import fillings
from latinum.logic.cages import cage_combination, cage_level, cage_must_contain
from latinum.logic.innies import (
    innie_outie_difference,
    innie_outie_products,
    innies_and_outies,
    regions,
)

FIXTURES = Path(__file__).parent / "fixtures" / "logic"
KEEN = [json.loads(line) for line in (FIXTURES / "keen-sample.jsonl").read_text().splitlines()]
KILLER = [json.loads(line) for line in (FIXTURES / "killer-sample.jsonl").read_text().splitlines()]
FINDERS = (
    cage_combination,
    cage_must_contain,
    innies_and_outies,
    innie_outie_difference,
    innie_outie_products,
)


def keen(record: dict) -> Puzzle:
    return Puzzle.kenken(
        record["size"], [(c["op"], c["target"], c["cells"]) for c in record["cages"]]
    )


def killer(record: dict) -> Puzzle:
    cages = [(c["target"], c["cells"]) for c in record["cages"]]
    return Puzzle.killer(cages, box=tuple(record["box"]), givens=record["givens"])


def cell(name: str, size: int) -> int:
    return (int(name[1]) - 1) * size + int(name[3]) - 1


def small_kenken() -> Puzzle:
    """4x4: 3+ at r1c1-r1c2, 12* at r1c3-r2c3 ... covering every cell."""
    return Puzzle.kenken(
        4,
        [
            ("+", 3, [0, 1]),
            ("*", 12, [2, 6]),
            ("+", 5, [3, 7]),
            ("+", 7, [4, 5, 8]),
            ("-", 1, [9, 10]),
            ("+", 5, [11, 15]),
            ("*", 12, [12, 13, 14]),
        ],
    )


def test_cage_combination_names_the_cage_and_its_value_sets() -> None:
    state = State.start(small_kenken())
    steps = {step.cells: step for step in cage_combination(state)}
    step = steps[(0, 1)]
    assert step.text == "Cage 3+ at r1c1, r1c2 can only be {1,2}: removes 3 and 4 from r1c1, r1c2"
    assert set(step.eliminations) == {(0, 3), (0, 4), (1, 3), (1, 4)}
    product = steps[(2, 6)]
    assert product.text.startswith("Cage 12x at r1c3, r2c3 can only be {3,4}")


def test_cage_must_contain_clears_the_rest_of_the_row() -> None:
    state = State.start(small_kenken())
    step = next(s for s in cage_must_contain(state) if s.cells == (0, 1))
    assert step.text == (
        "Cage 3+ at r1c1, r1c2 can only be {1,2}: 1 and 2 must go in row 1 (r1c1, r1c2), "
        "so removes 1 and 2 from r1c3, r1c4"
    )
    assert set(step.eliminations) == {(2, 1), (2, 2), (3, 1), (3, 2)}


def test_fillings_of_an_l_shaped_cage_may_repeat_a_value() -> None:
    """4+ on r1c1, r1c2, r2c1: r1c2 and r2c1 do not see each other, so 2+1+1 is the only
    filling, and row 1 of the cage holds both 1 and 2."""
    puzzle = Puzzle.kenken(4, [("+", 4, [0, 1, 4])])
    state = State(puzzle, [0] * 16, [0b1111] * 16)
    found = fillings(state, puzzle.cages[0])
    assert found is not None
    assert found.tuples == ((2, 1, 1),)
    assert found.required_in(0b011) == 0b11
    assert found.required_in(0b100) == 0b01


def test_innies_of_a_killer_row() -> None:
    """4x4 Killer: 3 at r1c1-r1c2 and two cages reaching down from r1c3, r1c4:
    row 1 sums to 10, so r1c3 + r1c4 = 7 and both are 3 or 4."""
    puzzle = Puzzle.killer(
        [(3, [0, 1]), (5, [2, 6]), (6, [3, 7])],
        box=(2, 2),
    )
    state = State.start(puzzle)
    step = next(s for s in innies_and_outies(state) if s.houses == ("row 1",))
    assert step.text.startswith("Innies of row 1: r1c3 and r1c4 add up to 7")
    assert set(step.eliminations) == {(2, 1), (2, 2), (3, 1), (3, 2)}


def test_outies_of_a_killer_box() -> None:
    """Box 1 (2x2) of a 4x4 Killer is covered by 3 at r1c1-r1c2 and 9 at r2c1-r2c2-r3c1:
    the outie r3c1 is 3+9-10 = 2."""
    puzzle = Puzzle.killer([(3, [0, 1]), (9, [4, 5, 8])], box=(2, 2))
    state = State.start(puzzle)
    step = next(s for s in innies_and_outies(state) if s.text.startswith("Outies of box 1"))
    assert step.text.startswith("Outies of box 1: r3c1 is 2 (")
    assert set(step.eliminations) == {(8, 1), (8, 3), (8, 4)}


def test_kenken_row_product() -> None:
    """Row 1 of a 4x4 multiplies to 24; the 2* cage leaves r1c3 x r1c4 = 12."""
    puzzle = Puzzle.kenken(
        4,
        [
            ("*", 2, [0, 1]),
            ("+", 7, [2, 6]),
            ("+", 5, [3, 7]),
            ("+", 7, [4, 5, 8, 9]),
            ("+", 10, [10, 11, 14, 15]),
            ("+", 5, [12, 13]),
        ],
    )
    state = State.start(puzzle)
    step = next(s for s in innie_outie_products(state) if s.houses == ("row 1",))
    assert "r1c3 and r1c4 multiply to 12" in step.text
    assert set(step.eliminations) == {(2, 1), (2, 2), (3, 1), (3, 2)}


def test_regions_cover_bands_of_rows_columns_and_boxes() -> None:
    puzzle = killer(KILLER[0])
    names = {region.name for region in regions(puzzle)}
    assert {
        "row 1",
        "rows 1-3",
        "rows 2-9",
        "column 9",
        "box 5",
        "boxes 4, 5",
        "boxes 2, 5",
    } <= names
    assert "rows 1-9" not in names and "boxes 1, 2, 3" not in names


def test_no_cages_no_steps() -> None:
    state = State.start(Puzzle.sudoku("." * 81))
    for finder in FINDERS:
        assert list(finder(state)) == []


def check_steps(puzzle: Puzzle, solution: str) -> State:
    answer = [int(ch) for ch in solution]
    state = State.start(puzzle)
    for step in explain(state):
        for where, value in step.placements:
            assert answer[where] == value, step.text
        for where, value in step.eliminations:
            assert answer[where] != value, step.text
        state.apply(step)
    return state


@pytest.mark.parametrize("record", KEEN, ids=lambda r: f"{r['size']}{r['grade']}")
def test_keen_steps_are_right_and_finish_below_unreasonable(record: dict) -> None:
    state = check_steps(keen(record), record["solution"])
    if record["grade"] != "Unreasonable":
        assert state.solved


@pytest.mark.parametrize("record", KILLER, ids=lambda r: r["grade"].split()[0])
def test_killer_steps_are_right_and_finish(record: dict) -> None:
    assert check_steps(killer(record), record["solution"]).solved


@pytest.mark.parametrize(
    ("build", "record"), [(killer, KILLER[-1]), (keen, KEEN[-5])], ids=["killer", "keen"]
)
def test_every_finder_is_right_along_the_way(build, record: dict) -> None:
    """Not just the step explain picks: every step every cage finder sees, every tenth state."""
    answer = [int(ch) for ch in record["solution"]]
    state = State.start(build(record))
    for number, step in enumerate(explain(state)):
        if number % 10 == 0:
            for finder in FINDERS:
                for seen in finder(state):
                    assert all(answer[c] != v for c, v in seen.eliminations), seen.text
        state.apply(step)


def test_level_agrees_with_tathams_grade_on_the_sample() -> None:
    levels = [cage_level(keen(record)) for record in KEEN]
    assert set(levels) <= set(LEVELS)
    agree = sum(level == record["grade"] for level, record in zip(levels, KEEN, strict=True))
    assert agree >= 0.85 * len(KEEN)
