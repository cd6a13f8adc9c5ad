"""Wings: XY-Wing, XYZ-Wing and W-Wing find what they should, say it plainly, never lie."""

from __future__ import annotations

from pathlib import Path

import pytest

from latinum import Puzzle
from latinum.geometry import Geometry
from latinum.logic import State, explain
from latinum.logic.reglib import parse
from latinum.logic.wings import w_wing, xy_wing, xyz_wing

FIXTURES = Path(__file__).parent / "fixtures"
HARD = (FIXTURES / "logic" / "wings-uniqueness.txt").read_text().split()

XY_WING = (
    ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254"
    ".....7..+6........3::942 943 954 955 956::"
)
XYZ_WING = (
    ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8."
    ".+1..835+4..+8...1+67::635 636::"
)
W_WING = (
    ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5"
    "+6+2.....68+93...::417 427 437 489 499::"
)


def first_matching(find, line: str):
    """The step of ``find`` with the eliminations the reglib line expects."""
    case = parse(line)
    for step in find(case.state):
        if frozenset(step.eliminations) == case.eliminations:
            return step
    raise AssertionError(f"not found: {line}")


def test_xy_wing_names_pivot_and_pincers() -> None:
    step = first_matching(xy_wing, XY_WING)
    assert step.technique == "XY-Wing"
    assert step.text == (
        "XY-Wing with pivot r4c1 {1,6} and pincers r4c4 {1,9}, r5c2 {6,9}: "
        "removes 9 from r4c2, r4c3, r5c4, r5c5, r5c6"
    )
    assert step.digits == (1, 6, 9)


def test_xyz_wing_removes_only_from_cells_seeing_all_three() -> None:
    step = first_matching(xyz_wing, XYZ_WING)
    assert step.text == (
        "XYZ-Wing with pivot r3c4 {4,6,7} and pincers r2c4 {6,7}, r3c7 {4,6}: "
        "removes 6 from r3c5, r3c6"
    )


def test_w_wing_names_the_strong_link() -> None:
    step = first_matching(w_wing, W_WING)
    assert step.text == (
        "W-Wing on {1,4} at r1c9 and r8c7, joined by the strong link on 1 in column 3 "
        "(r1c3 - r8c3): one of them is 4, so removes 4 from r1c7, r2c7, r3c7, r8c9, r9c9"
    )


def marks_6x6(**cells: set[int]) -> State:
    """An empty 6x6 Sudoku (2x3 boxes) whose named cells (``r1c1=...``) have those marks."""
    puzzle = Puzzle("sudoku", Geometry(6, (2, 3)), (0,) * 36)
    marks = [set(range(1, 7)) for _ in range(36)]
    for name, digits in cells.items():
        marks[puzzle.geometry.parse_name(name)] = digits
    return State.from_marks(puzzle, [0] * 36, marks)


def test_xy_wing_on_a_6x6_grid_with_2x3_boxes() -> None:
    state = marks_6x6(r1c1={1, 2}, r1c5={1, 3}, r3c1={2, 3})
    steps = [s for s in xy_wing(state) if s.cells[0] == 0]
    assert [s.eliminations for s in steps] == [((16, 3),)]  # r3c5 sees both pincers
    assert steps[0].text.endswith("removes 3 from r3c5")


def test_xyz_wing_on_a_6x6_grid() -> None:
    # Pivot r1c1 {1,2,3}; pincers r1c2 {1,3} (box and row) and r2c1 {2,3} (box and column).
    state = marks_6x6(r1c1={1, 2, 3}, r1c2={1, 3}, r2c1={2, 3})
    step = next(s for s in xyz_wing(state) if s.cells[0] == 0)
    assert set(step.eliminations) == {(7, 3), (2, 3), (8, 3)}  # r2c2, r1c3, r2c3: box 1


def test_w_wing_needs_cells_that_do_not_see_each_other() -> None:
    # r1c1 and r1c4 {1,2} see each other: a naked pair, not a W-Wing.
    state = marks_6x6(r1c1={1, 2}, r1c4={1, 2}, r2c1={1, 5}, r2c4={1, 5})
    assert not any(set(step.cells[:2]) == {0, 3} for step in w_wing(state))


def test_no_wing_without_bivalue_cells() -> None:
    state = State.start(Puzzle("sudoku", Geometry(9, (3, 3)), (0,) * 81))
    assert not list(xy_wing(state)) + list(xyz_wing(state)) + list(w_wing(state))


@pytest.mark.parametrize("index", range(0, len(HARD), 2))
def test_no_wing_step_is_ever_wrong(index: int) -> None:
    """Every wing seen in every state on the way through real puzzles is true."""
    puzzle = Puzzle.sudoku(HARD[index])
    answer = [int(c) for c in HARD[index + 1]]
    state = State.start(puzzle)
    while True:
        for find in (xy_wing, xyz_wing, w_wing):
            for step in find(state):
                assert all(answer[c] != v for c, v in step.eliminations), step.text
                assert all(state.has(c, v) for c, v in step.eliminations), step.text
        step = next(explain(state, unique=True), None)
        if step is None:
            break
        state.apply(step)
