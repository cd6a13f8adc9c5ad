"""Jigsaw Sudoku (irregular regions) and Windoku (four extra windows): the model,
Solo's jigsaw IDs, both engines, the step-by-step logic and the drawings."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import latinum
from independent import count_independently
from latinum import Geometry, Puzzle
from latinum.cli import main
from latinum.errors import InvalidPuzzle, ParseError
from latinum.logic import State, by_name, explain, hint, next_step
from latinum.logic.uniqueness import rectangles
from latinum.render.pictures import svg

#: Tatham's Solo, ``sgt-solo --generate``: a 9x9 jigsaw (Intermediate), a 6x6 with
#: diagonals, and a 6x6 Jigsaw Killer.
JIGSAW_9 = (
    "9j:a2d7a1a4k1a2c6_1b8b9i6b8b3_1c9a7k6a3a4d9a,"
    "dcbababaa_b__aa_ab_cbabac_aabfda_b__db_a__bc__abacc__a_dcba"
)
JIGSAW_6X = "6jx:5_4_1e3b1l3b5e2_1_3,aaac_c__a___bce___ca_aa____f_"
JIGSAW_KILLER = (
    "6jk:zj,baaaaa_ecbe_b__aa__aa__a_da,__aa_______________a__b_caaa__aa_abaa_ba,"
    "10_6_6a7c10_5_7_10a11d6a6_15_9f9_9e"
)
#: latinum's own Windoku (generate windoku --seed 1 --difficulty medium); window 1
#: points at row 4 in its steps.
WINDOKU = "5.3....9.4..5.....6...........8...59....7....73...6...........1.....3..2.2....5.6"
#: Four regions of a 4x4 grid drawn row by row.
STAIRS = "AAAB ACBB CCDB CDDD"


def test_regions_replace_the_boxes() -> None:
    puzzle = Puzzle.jigsaw("." * 16, "AAAA BBCC BBCC DDDD")
    geometry = puzzle.geometry
    assert geometry.box is None and geometry.has_boxes and puzzle.has_boxes
    assert geometry.boxes == ((0, 1, 2, 3), (4, 5, 8, 9), (6, 7, 10, 11), (12, 13, 14, 15))
    assert geometry.unit_names[8:] == ("region 1", "region 2", "region 3", "region 4")
    assert puzzle.describe() == "sudoku 4x4, jigsaw regions, 0 givens"


def test_region_labels_numbers_and_groups_make_one_geometry() -> None:
    groups = [[0, 1, 2, 4], [3, 6, 7, 11], [5, 8, 9, 12], [10, 13, 14, 15]]
    numbers = [7, 7, 7, 3, 7, 5, 3, 3, 5, 5, 1, 3, 5, 1, 1, 1]
    by_letters = Puzzle.jigsaw("." * 16, STAIRS)
    assert Puzzle.jigsaw("." * 16, groups) == by_letters
    assert Puzzle.jigsaw("." * 16, numbers) == by_letters
    assert by_letters.geometry.regions == (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)


@pytest.mark.parametrize(
    ("regions", "message"),
    [
        ("AAAB ACBB CCDB CDDA", "the region at r1c1 has 5 cells (expected 4)"),
        ("AABA ACBB CCDB CDDD", "the region at r1c1 is in pieces"),
        ("AAAB ACBB CCDB CDD", "15 region numbers for a 4x4 grid (expected 16)"),
        ("AAAA BBBB CCCC DDDE", "5 regions in a 4x4 grid (expected 4)"),
        ([[0, 1, 2, 3], [3, 4, 5, 6]], "cell 3 is in regions 1 and 2"),
    ],
)
def test_bad_regions_are_refused_with_a_reason(regions: object, message: str) -> None:
    with pytest.raises(InvalidPuzzle, match=message.replace("(", r"\(").replace(")", r"\)")):
        Puzzle.jigsaw("." * 16, regions)  # type: ignore[arg-type]


def test_windows_need_a_nine_by_nine_grid_of_boxes() -> None:
    with pytest.raises(InvalidPuzzle, match="Windoku's windows need a 9x9 grid"):
        Geometry(4, (2, 2), windows=True)
    with pytest.raises(InvalidPuzzle, match="boxes or jigsaw regions, not both"):
        Geometry(4, (2, 2), regions=(0,) * 16)
    with pytest.raises(InvalidPuzzle, match="a Windoku has 81 cells, not 16"):
        Puzzle.windoku("." * 16)


def test_windoku_adds_four_windows() -> None:
    puzzle = Puzzle.windoku("." * 81)
    windows = puzzle.geometry.window_units
    assert [puzzle.geometry.name(w[0]) for w in windows] == ["r2c2", "r2c6", "r6c2", "r6c6"]
    assert all(len(window) == 9 for window in windows)
    assert puzzle.geometry.unit_names[-4:] == ("window 1", "window 2", "window 3", "window 4")
    assert puzzle.describe() == "sudoku 9x9, boxes 3x3, windows, 0 givens"


@pytest.mark.parametrize("game_id", [JIGSAW_9, JIGSAW_6X, JIGSAW_KILLER])
def test_solo_ids_round_trip_byte_for_byte(game_id: str) -> None:
    puzzle = Puzzle.from_string(game_id)
    assert puzzle.geometry.regions is not None
    assert puzzle.to_string("solo") == game_id
    assert Puzzle.from_string(game_id, format="solo") == puzzle


def test_solo_ids_say_what_they_hold() -> None:
    assert Puzzle.from_string(JIGSAW_9).describe() == "sudoku 9x9, jigsaw regions, 20 givens"
    assert Puzzle.from_string(JIGSAW_6X).geometry.diagonals
    killer = Puzzle.from_string(JIGSAW_KILLER)
    assert killer.variant == "killer" and len(killer.cages) == 15


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9j:a2d7", "the description must be GRID,REGIONS"),
        ("6j:zj,ae_b_aba____dbabb_a_acaabcb", "too many borders"),
        ("6j:zj,ae_b_aba____dbabb_a_acaab", "cover 57 of 61 borders"),
        ("6j:zj,zzj", "1 region in a 6x6 grid"),
        ("30j:a,b", "make a grid outside 1..25"),
    ],
)
def test_bad_solo_jigsaw_ids_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Puzzle.from_string(text, format="solo")


@pytest.mark.parametrize("game_id", [JIGSAW_9, JIGSAW_6X, JIGSAW_KILLER])
def test_both_engines_solve_tathams_jigsaws(game_id: str, engine: str) -> None:
    puzzle = Puzzle.from_string(game_id)
    solution = latinum.solve(puzzle)
    assert puzzle.is_solution(solution)
    assert latinum.count_solutions(puzzle, limit=5) == 1


def test_the_independent_counter_agrees_on_a_six_by_six() -> None:
    assert count_independently(Puzzle.from_string(JIGSAW_6X)) == 1


def test_a_broken_region_is_named() -> None:
    puzzle = Puzzle.from_string(JIGSAW_6X)
    solution = list(latinum.solve(puzzle))
    first, second = puzzle.geometry.boxes[0][:2]
    solution[first] = solution[second]
    assert "region 1 repeats a value" in puzzle.violations(solution)


def test_givens_clashing_in_a_region_name_the_region() -> None:
    values = [0] * 16
    values[0] = values[4] = 1  # r1c1 and r2c1, both in region 1
    problems = [str(p) for p in Puzzle.jigsaw(values, STAIRS).validate()]
    assert problems == ["r1c1 and r2c1 both hold 1 in column 1 and region 1"]


@st.composite
def jigsaw_puzzles(draw: st.DrawFn) -> Puzzle:
    """A Tatham jigsaw with some of its givens taken away or some cells filled in."""
    puzzle = Puzzle.from_string(draw(st.sampled_from([JIGSAW_9, JIGSAW_6X])))
    solution = latinum.solve(puzzle)
    cells = draw(st.lists(st.integers(0, puzzle.size**2 - 1), max_size=12, unique=True))
    values = list(puzzle.givens)
    for cell in cells:
        values[cell] = 0 if values[cell] else solution[cell]
    return puzzle.with_givens(values)


@settings(max_examples=25, deadline=None)
@given(jigsaw_puzzles())
def test_the_engines_count_alike_on_changed_jigsaws(puzzle: Puzzle) -> None:
    counts = []
    for name in ("python", "native"):
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("LATINUM_ENGINE", name)
            if name == "native" and latinum.solver.engines.native_module() is None:
                continue
            counts.append(latinum.count_solutions(puzzle, limit=50))
    assert len(set(counts)) == 1


def test_steps_name_the_regions() -> None:
    texts = [step.text for step in explain(Puzzle.from_string(JIGSAW_9))]
    assert texts[0] == "Hidden single: in region 1, 1 fits only in r2c1"
    assert any(text.startswith("Pointing: in region") for text in texts)
    assert latinum.rate(Puzzle.from_string(JIGSAW_9)).level == "Medium"


def test_hints_name_a_region() -> None:
    found = hint(Puzzle.from_string(JIGSAW_9), level=2)
    assert found is not None and "region 1" in found.text


def test_a_window_points() -> None:
    # In window 1 (r2-4, c2-4) the 1s are confined to row 2 once r3 and r4 are full of
    # other values there; pointing then clears 1 from the rest of row 2.
    puzzle = Puzzle.windoku("." * 81)
    state = State.start(puzzle)
    window = puzzle.geometry.window_units[0]
    for cell in window[3:]:
        state.eliminate(cell, 1)
    step = next_step(state, [by_name("Pointing")])
    assert step is not None
    assert step.text.startswith("Pointing: in window 1, 1 can only be in ")
    assert {cell for cell, value in step.eliminations} >= {9, 17}


def test_show_draws_the_region_walls() -> None:
    result = CliRunner().invoke(main, ["show", JIGSAW_6X])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()[1:]
    assert all(line[0] in "+|" and line[-1] in "+|" for line in lines)
    puzzle = Puzzle.from_string(JIGSAW_6X)
    walls = sum(line.count("|") for line in lines[1::2]) - 2 * puzzle.size
    inside = sum(
        puzzle.geometry.box_of(row * 6 + col) != puzzle.geometry.box_of(row * 6 + col + 1)
        for row in range(6)
        for col in range(5)
    )
    assert walls == inside


def test_pictures_draw_regions_and_shade_windows() -> None:
    drawn = svg(Puzzle.from_string(JIGSAW_9))
    assert 'class="box-line"' in drawn
    windoku = svg(Puzzle.windoku("." * 81))
    assert windoku.count('class="window"') == 36


def test_the_solution_of_a_windoku_keeps_its_windows(engine: str) -> None:
    puzzle = Puzzle.windoku("." * 81)
    solution = latinum.solve(puzzle)
    for window in puzzle.geometry.window_units:
        assert sorted(solution[cell] for cell in window) == list(range(1, 10))


def test_the_law_of_leftovers_pairs_a_row_with_a_region() -> None:
    puzzle = Puzzle.from_string(JIGSAW_9)
    empty = puzzle.with_givens([0] * 81)
    state = State.start(empty)
    for cell in (9, 18, 27, 28):  # region 1's cells outside row 1
        state.eliminate(cell, 5)
    step = next_step(state, [by_name("Law of Leftovers")])
    assert step is not None
    assert set(step.eliminations) == {(5, 5), (6, 5), (7, 5), (8, 5)}
    assert step.text == (
        "Law of Leftovers: row 1 and region 1 each hold every value once, so r1c6, r1c7, "
        "r1c8 and r1c9 (in the rows, outside the regions) hold the same values as r2c1, "
        "r3c1, r4c1 and r4c2 (in the regions, outside the rows); removes 5 from r1c6, "
        "r1c7, r1c8, r1c9"
    )


def test_no_leftovers_without_regions() -> None:
    state = State.start(Puzzle.sudoku("." * 81))
    assert next_step(state, [by_name("Law of Leftovers")]) is None


def test_rectangles_keep_out_of_a_window_they_would_break() -> None:
    windows = Puzzle.windoku("." * 81).geometry
    plain = Puzzle.sudoku("." * 81).geometry
    one_corner_in = (0, 3, 9, 12)  # r1c1, r1c4, r2c1, r2c4: only r2c4 is in window 1
    row_pair_in = (10, 11, 37, 38)  # r2c2 and r2c3 in window 1, r5c2 and r5c3 in none
    all_in = (10, 11, 28, 29)  # r2c2, r2c3, r4c2 and r4c3, all in window 1
    assert one_corner_in in rectangles(plain) and one_corner_in not in rectangles(windows)
    assert row_pair_in in rectangles(windows) and all_in in rectangles(windows)


@pytest.mark.parametrize("seed", ["z:5", 1, 2])
def test_steps_on_generated_windokus_keep_the_solution(seed: object) -> None:
    puzzle = latinum.generate("windoku", seed=seed)
    solution = latinum.solve(puzzle)
    for step in explain(puzzle):
        assert all(solution[cell] != value for cell, value in step.eliminations), step.text
        assert all(solution[cell] == value for cell, value in step.placements), step.text


def test_window_steps_come_in_the_same_order_in_every_process() -> None:
    script = (
        "from latinum import Puzzle\nfrom latinum.logic import explain\n"
        f"print([s.text for s in explain(Puzzle.windoku({WINDOKU!r}))])"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(runs) == 1
