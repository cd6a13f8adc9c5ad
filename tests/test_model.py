"""The puzzle model: geometry, cages and validation."""

from __future__ import annotations

import pytest

from latinum import Cage, Geometry, InvalidPuzzle, Puzzle
from latinum.geometry import default_box

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_geometry_units_and_peers() -> None:
    g = Geometry(9, (3, 3))
    assert len(g.units) == 27
    assert all(len(unit) == 9 for unit in g.units)
    assert len(g.peers[0]) == 20
    assert g.name(0) == "r1c1" and g.name(80) == "r9c9"
    assert g.parse_name("r2c3") == 11


def test_geometry_box_shapes() -> None:
    g = Geometry(6, (2, 3))
    assert g.boxes[0] == (0, 1, 2, 6, 7, 8)
    assert Geometry(6, (3, 2)).boxes[0] == (0, 1, 6, 7, 12, 13)
    assert default_box(12) == (3, 4) and default_box(8) == (2, 4) and default_box(7) is None
    with pytest.raises(InvalidPuzzle):
        Geometry(6, (2, 2))
    with pytest.raises(InvalidPuzzle, match=r"outside 1\.\.25"):
        Geometry(26)


def test_diagonals_are_units() -> None:
    g = Geometry(9, (3, 3), diagonals=True)
    assert len(g.units) == 29
    assert (0, 10, 20, 30, 40, 50, 60, 70, 80) in g.units


@pytest.mark.parametrize(
    ("op", "target", "values", "ok"),
    [
        ("+", 6, (1, 2, 3), True),
        ("*", 6, (1, 2, 3), True),
        ("-", 2, (3, 1), True),
        ("-", 2, (1, 3), True),
        ("/", 2, (2, 4), True),
        ("/", 2, (4, 3), False),
        ("=", 4, (4,), True),
    ],
)
def test_cage_evaluate(op: str, target: int, values: tuple, ok: bool) -> None:
    cells = tuple(range(len(values)))
    assert Cage(cells, op, target).evaluate(values) is ok


def test_killer_cage_needs_distinct_values() -> None:
    assert not Cage((0, 10), "+", 4, distinct=True).evaluate((2, 2))
    assert Cage((0, 10), "+", 4).evaluate((2, 2))


def test_cage_tuples_respect_peers() -> None:
    cage = Cage((0, 1, 2, 3), "*", 24)
    tuples = set(cage.tuples(4, {0: {1, 2, 3}, 1: {0, 2, 3}, 2: {0, 1, 3}, 3: {0, 1, 2}}))
    assert all(sorted(t) == [1, 2, 3, 4] for t in tuples) and len(tuples) == 24


def test_valid_sudoku_has_no_problems() -> None:
    assert Puzzle.sudoku(CLASSIC).validate() == []


def test_duplicate_givens_are_named() -> None:
    problems = Puzzle.sudoku("55" + "." * 79).validate()
    assert any("r1c1 and r1c2 both hold 5" in str(p) for p in problems)


def test_kenken_problems_are_all_reported() -> None:
    puzzle = Puzzle.kenken(
        3, [("*", 7, [0, 1]), ("+", 9, [2, 4, 5]), ("-", 1, [3, 6, 7]), ("+", 30, [8])]
    )
    messages = [p.message for p in puzzle.validate()]
    assert any("prime factor 7" in m for m in messages)
    assert any("no values 1..3 reach target 9" in m for m in messages)
    assert any("needs exactly 2 cells" in m for m in messages)
    assert any("cannot sum to 30" in m for m in messages)
    with pytest.raises(InvalidPuzzle):
        puzzle.check()


def test_uncovered_and_overlapping_cages() -> None:
    puzzle = Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [1, 3])])
    messages = [p.message for p in puzzle.validate()]
    assert any("overlaps" in m for m in messages)
    assert any("in no cage: r2c1" in m for m in messages)


def test_non_contiguous_cage_is_a_warning() -> None:
    puzzle = Puzzle.kenken(2, [("+", 3, [0, 3]), ("+", 3, [1, 2])])
    problems = puzzle.validate()
    assert problems and all(p.severity == "warning" for p in problems)


def test_killer_sum_out_of_reach() -> None:
    puzzle = Puzzle.killer([(18, [0, 1])], givens="." * 81)
    assert any("cannot sum to 18" in p.message for p in puzzle.validate())


def test_violations_name_the_broken_rule() -> None:
    puzzle = Puzzle.latin("1...")
    assert puzzle.is_solution([1, 2, 2, 1])
    assert puzzle.violations([2, 1, 1, 2]) == ["r1c1 is 2 but the given is 1"]
    assert puzzle.violations([1, 1, 2, 2])


def test_wrong_cell_count_is_refused() -> None:
    with pytest.raises(InvalidPuzzle, match="square"):
        Puzzle.sudoku("123")


def test_package_docstring_example_runs() -> None:
    import doctest

    import latinum

    assert doctest.testmod(latinum).failed == 0
