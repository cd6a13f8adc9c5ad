"""Tests of latinum.generate: uniqueness, symmetry, seeds, levels, minimality, errors."""

from __future__ import annotations

import pytest

import latinum
from independent import count_independently
from latinum import LatinumError, count_solutions, generate, rate
from latinum.rating import score_within


def _given_cells(puzzle):
    return {cell for cell, value in enumerate(puzzle.givens) if value}


@pytest.mark.parametrize("seed", range(4))
def test_4x4_sudoku_unique_by_both_counters(seed):
    puzzle = generate("sudoku", size=4, seed=seed)
    assert puzzle.variant == "sudoku"
    assert puzzle.geometry.box == (2, 2)
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize("size", [3, 4, 5])
def test_small_latin_unique_by_both_counters(size):
    puzzle = generate("latin", size=size, seed=size)
    assert puzzle.variant == "latin"
    assert puzzle.geometry.box is None
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize(
    ("box", "size"), [((2, 2), 4), ((2, 3), 6), ((3, 2), 6), ((2, 4), 8), ((3, 3), 9), ((3, 4), 12)]
)
def test_box_shapes(box, size):
    puzzle = generate("sudoku", box=box, seed=7)
    assert puzzle.size == size
    assert puzzle.geometry.box == box
    assert count_solutions(puzzle, limit=2) == 1
    solution = latinum.solve(puzzle)
    assert puzzle.is_solution(solution)


def test_size_uses_default_box_and_9x9_default():
    assert generate("sudoku", size=6, seed=1).geometry.box == (2, 3)
    assert generate("sudoku", seed=1).geometry.box == (3, 3)
    assert generate("SUDOKU", size=4, box=(2, 2), seed=1).size == 4


def test_diagonals_sudoku_x():
    puzzle = generate("sudoku", seed=3, diagonals=True)
    assert puzzle.geometry.diagonals
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(generate("sudoku", size=4, seed=3, diagonals=True)) == 1


@pytest.mark.parametrize(
    ("symmetry", "partner"),
    [
        ("rotational", lambda n, r, c: (n - 1 - r, n - 1 - c)),
        ("mirror", lambda n, r, c: (r, n - 1 - c)),
        ("diagonal", lambda n, r, c: (c, r)),
    ],
)
@pytest.mark.parametrize("box", [(3, 3), (2, 3)])
def test_symmetry_respected(symmetry, partner, box):
    puzzle = generate("sudoku", box=box, seed=11, symmetry=symmetry)
    n = puzzle.size
    cells = _given_cells(puzzle)
    for cell in cells:
        row, col = divmod(cell, n)
        other_row, other_col = partner(n, row, col)
        assert other_row * n + other_col in cells
    assert count_solutions(puzzle, limit=2) == 1


def test_symmetry_none_still_unique():
    puzzle = generate("sudoku", seed=5, symmetry="none")
    assert count_solutions(puzzle, limit=2) == 1


def test_same_seed_same_puzzle():
    shapes = ({"kind": "sudoku"}, {"kind": "sudoku", "box": (2, 3)}, {"kind": "latin", "size": 5})
    for kwargs in shapes:
        assert generate(seed=42, **kwargs) == generate(seed=42, **kwargs)
    assert generate("sudoku", seed="abc") == generate("sudoku", seed="abc")


def test_different_seeds_differ():
    puzzles = {generate("sudoku", seed=seed).givens for seed in range(5)}
    assert len(puzzles) == 5


@pytest.mark.parametrize("level", ["Easy", "Medium", "Hard", "Expert", "Extreme", "easy", "MEDIUM"])
@pytest.mark.parametrize("seed", range(2))
def test_requested_level_reached(level, seed):
    puzzle = generate("sudoku", difficulty=level, seed=seed)
    assert puzzle.size == 9
    assert rate(puzzle).level == level.capitalize()
    assert count_solutions(puzzle, limit=2) == 1
    assert _rotationally_symmetric(puzzle)


@pytest.mark.parametrize(
    ("kwargs", "level"),
    [
        ({"box": (2, 3)}, "Easy"),
        ({"box": (2, 3)}, "Hard"),
        ({"box": (2, 3), "symmetry": "none"}, "Medium"),
        ({"box": (2, 3), "minimal": True}, "Expert"),
        ({"diagonals": True}, "Hard"),
        ({"size": 9, "minimal": True}, "Expert"),
    ],
)
def test_requested_level_reached_by_other_shapes(kwargs, level):
    puzzle = generate("sudoku", difficulty=level, seed=1, **kwargs)
    assert rate(puzzle).level == level
    if kwargs.get("minimal"):
        _assert_minimal(puzzle)
    else:
        assert count_solutions(puzzle, limit=2) == 1


def test_score_within_agrees_with_rate():
    for seed in range(6):
        puzzle = generate("sudoku", seed=seed)
        score = rate(puzzle).score
        for cap in (2.3, 3.4, 4.9, 6.9, None):
            within = score_within(puzzle, cap)
            assert within == (score if cap is None or score <= cap else None)


def _rotationally_symmetric(puzzle):
    given = [bool(value) for value in puzzle.givens]
    return given == given[::-1]  # a half turn reverses the cells in reading order


def _assert_minimal(puzzle):
    assert count_solutions(puzzle, limit=2) == 1
    givens = list(puzzle.givens)
    for cell in _given_cells(puzzle):
        fewer = givens.copy()
        fewer[cell] = 0
        assert count_solutions(puzzle.with_givens(fewer), limit=2) == 2


@pytest.mark.parametrize(("kind", "kwargs"), [("sudoku", {"size": 4}), ("sudoku", {"box": (2, 3)})])
@pytest.mark.parametrize("seed", range(3))
def test_minimal(kind, kwargs, seed):
    _assert_minimal(generate(kind, seed=seed, minimal=True, **kwargs))


def test_minimal_latin_and_independent_check():
    puzzle = generate("latin", size=4, seed=9, minimal=True, symmetry="none")
    _assert_minimal(puzzle)
    assert count_independently(puzzle) == 1


def test_unreachable_level_raises_latinum_error():
    with pytest.raises(LatinumError, match="could not reach level Extreme in 3 attempts"):
        generate("latin", size=3, difficulty="extreme", seed=1, attempts=3)


@pytest.mark.parametrize("level", ["Medium", "Hard", "Expert", "Extreme"])
def test_4x4_sudoku_above_easy_is_refused_at_once(level):
    # Every 4x4 Sudoku with one solution is solved by singles (checked exhaustively).
    with pytest.raises(ValueError, match=f"no 4x4 Sudoku rates {level}"):
        generate("sudoku", size=4, difficulty=level)


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("kakuro",), {}, "unknown kind"),
        (("sudoku",), {"difficulty": "impossible"}, "unknown difficulty"),
        (("sudoku",), {"symmetry": "spiral"}, "unknown symmetry"),
        (("sudoku",), {"size": 7}, "no usual box shape"),
        (("sudoku",), {"size": 6, "box": (3, 3)}, "does not tile"),
        (("sudoku",), {"box": (1, 1)}, "not a usable box"),
        (("sudoku",), {"box": "3x3"}, "box must be a pair"),
        (("sudoku",), {"size": 36}, "outside the generated range"),
        (("latin",), {}, "needs a size"),
        (("latin",), {"size": 4, "box": (2, 2)}, "no boxes"),
        (("latin",), {"size": 4, "diagonals": True}, "diagonals"),
        (("latin",), {"size": 1}, "outside the generated range"),
        (("sudoku",), {"attempts": 0}, "attempts"),
    ],
)
def test_bad_arguments_raise(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        generate(*args, **kwargs)


def test_exported():
    assert latinum.generate is generate
    assert "generate" in latinum.__all__
