"""Tests of Killer and KenKen generation: uniqueness, cage shapes, operators,
seeds, levels and errors."""

from __future__ import annotations

import pytest

from conftest import needs_native
from independent import count_independently
from latinum import LatinumError, count_solutions, generate, rate, solve
from latinum.logic.cages import cage_level
from latinum.solver.engines import VARIABLE


def _contiguous(size, cells):
    cells = set(cells)
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        row, col = divmod(todo.pop(), size)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            other = r * size + c
            if 0 <= r < size and 0 <= c < size and other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == cells


def _check_cages(puzzle):
    size = puzzle.size
    covered = [cell for cage in puzzle.cages for cell in cage.cells]
    assert sorted(covered) == list(range(size * size))  # every cell, each once
    for cage in puzzle.cages:
        assert _contiguous(size, cage.cells), cage
    assert not [p for p in puzzle.validate() if p.severity == "error"]


@pytest.mark.parametrize("seed", range(4))
def test_4x4_killer_unique_by_both_counters(seed):
    puzzle = generate("killer", box=(2, 2), seed=seed)
    assert puzzle.variant == "killer"
    assert puzzle.size == 4
    assert not any(puzzle.givens)
    _check_cages(puzzle)
    for cage in puzzle.cages:
        assert cage.op == "+"
        assert cage.distinct
        assert 1 <= len(cage.cells) <= 5
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize("seed", range(4))
def test_4x4_kenken_unique_by_both_counters(seed):
    puzzle = generate("kenken", size=4, seed=seed)
    assert puzzle.variant == "kenken"
    assert not any(puzzle.givens)
    _check_cages(puzzle)
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize("size", [3, 5, 6, 7, 9])
def test_kenken_sizes(size):
    puzzle = generate("kenken", size=size, seed=size)
    assert puzzle.size == size
    _check_cages(puzzle)
    assert count_solutions(puzzle, limit=2) == 1


@pytest.mark.parametrize("box", [(2, 3), (3, 3)])
def test_killer_shapes(box):
    puzzle = generate("killer", box=box, seed=3)
    assert puzzle.geometry.box == box
    _check_cages(puzzle)
    assert all(len(cage.cells) <= 5 for cage in puzzle.cages)
    assert count_solutions(puzzle, limit=2) == 1


def test_killer_with_givens():
    found = []
    for seed in range(6):
        puzzle = generate("killer", size=6, seed=seed, givens=True)
        _check_cages(puzzle)
        assert count_solutions(puzzle, limit=2) == 1
        assert count_independently(generate("killer", size=4, seed=seed, givens=True)) == 1
        found.append(sum(1 for v in puzzle.givens if v))
    assert any(found)


@pytest.mark.parametrize(
    ("ops", "max_cage"), [("+", 4), ("*", 3), ("-/", 4), ("/", 2), ("+-", 5), ("x÷", 3)]
)
def test_kenken_operators_respected(ops, max_cage):
    allowed = set(ops.replace("x", "*").replace("÷", "/")) | {"="}
    for seed in range(3):
        puzzle = generate("kenken", size=5, seed=seed, ops=ops, max_cage=max_cage)
        _check_cages(puzzle)
        assert count_solutions(puzzle, limit=2) == 1
        for cage in puzzle.cages:
            assert cage.op in allowed
            assert len(cage.cells) <= max_cage
            assert (cage.op == "=") == (len(cage.cells) == 1)
            if cage.op in "-/":
                assert len(cage.cells) == 2


def test_kenken_quotients_are_whole():
    puzzle = generate("kenken", size=6, seed=5, ops="/")
    solution = tuple(solve(puzzle))
    for cage in puzzle.cages:
        if cage.op == "/":
            low, high = sorted(solution[c] for c in cage.cells)
            assert high == low * cage.target


@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [
        ("kenken", {"size": 6}),
        ("kenken", {"size": 5, "ops": "+*", "max_cage": 3}),
        ("killer", {"size": 6}),
        ("killer", {"size": 4, "givens": True}),
        ("calcudoku", {"size": 4}),
    ],
)
def test_same_seed_same_puzzle(kind, kwargs):
    first = generate(kind, seed=11, **kwargs)
    assert first == generate(kind, seed=11, **kwargs)
    assert str(first.cages) == str(generate(kind, seed=11, **kwargs).cages)
    others = {generate(kind, seed=s, **kwargs) for s in range(12, 16)}
    assert len(others | {first}) > 1


@needs_native
@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [("kenken", {"size": 6}), ("killer", {"size": 6}), ("killer", {"size": 6, "givens": True})],
)
def test_a_seed_makes_the_same_puzzle_on_either_engine(kind, kwargs, monkeypatch):
    made = {}
    for engine in ("python", "native"):
        monkeypatch.setenv(VARIABLE, engine)
        made[engine] = [generate(kind, seed=seed, **kwargs) for seed in range(6)]
    assert made["python"] == made["native"]


def test_kenken_tatham_level_reached():
    puzzle = generate("kenken", size=6, difficulty="normal", seed=2)
    assert cage_level(puzzle) == "Normal"
    assert rate(puzzle).tatham == "Normal"
    easy = generate("kenken", size=5, difficulty="Easy", seed=2)  # Easy: Tatham's
    assert rate(easy).tatham == "Easy"


def test_kenken_latinum_level_reached():
    puzzle = generate("kenken", size=6, difficulty="Medium", seed=1)
    assert rate(puzzle).level == "Medium"
    easy = generate("kenken", size=4, difficulty="latinum:easy", seed=1)
    assert rate(easy).level == "Easy"


@pytest.mark.parametrize("level", ["Easy", "Normal", "Hard", "Unreasonable"])
def test_kenken_every_tatham_level_reached(level):
    puzzle = generate("kenken", size=6, difficulty=level, seed=1)
    assert rate(puzzle).tatham == level
    assert count_solutions(puzzle, limit=2) == 1


def test_kenken_9x9_tatham_extreme_reached():
    puzzle = generate("kenken", size=9, difficulty="Extreme", seed=1)
    assert rate(puzzle).tatham == "Extreme"
    assert count_solutions(puzzle, limit=2) == 1


@pytest.mark.parametrize("level", ["latinum:Easy", "Medium", "latinum:Hard", "latinum:Extreme"])
def test_kenken_latinum_levels_reached(level):
    puzzle = generate("kenken", size=6, difficulty=level, seed=1)
    assert rate(puzzle).level == level.removeprefix("latinum:")


@pytest.mark.parametrize(("size", "level"), [(6, "Easy"), (6, "Medium"), (6, "Hard"), (9, "Hard")])
def test_killer_level_reached(size, level):
    puzzle = generate("killer", size=size, difficulty=level, seed=4)
    assert rate(puzzle).level == level
    assert count_solutions(puzzle, limit=2) == 1


SYMMETRIC = {
    "rotational": lambda n, r, c: (n - 1 - r, n - 1 - c),
    "mirror": lambda n, r, c: (r, n - 1 - c),
    "diagonal": lambda n, r, c: (c, r),
}


def _mirrored(puzzle, symmetry):
    """Whether the image of every cage is a cage, and of every given a given."""
    n, move = puzzle.size, SYMMETRIC[symmetry]

    def image(cell):
        row, col = move(n, *divmod(cell, n))
        return row * n + col

    cages = {frozenset(cage.cells) for cage in puzzle.cages}
    givens = [bool(value) for value in puzzle.givens]
    return all(frozenset(map(image, cage)) in cages for cage in cages) and all(
        givens[cell] == givens[image(cell)] for cell in range(n * n)
    )


@pytest.mark.parametrize("symmetry", SYMMETRIC)
@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [
        ("kenken", {"size": 4}),
        ("kenken", {"size": 5, "ops": "/"}),
        ("killer", {"size": 4}),
        ("killer", {"size": 4, "givens": True}),
    ],
)
@pytest.mark.parametrize("seed", range(3))
def test_cage_symmetry_respected_and_unique_by_both_counters(symmetry, kind, kwargs, seed):
    puzzle = generate(kind, seed=seed, symmetry=symmetry, **kwargs)
    _check_cages(puzzle)
    assert _mirrored(puzzle, symmetry)
    assert count_solutions(puzzle, limit=2) == 1
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize("symmetry", SYMMETRIC)
@pytest.mark.parametrize("kind", ["kenken", "killer"])
def test_cage_symmetry_on_9x9(symmetry, kind):
    puzzle = generate(kind, size=9, seed=2, symmetry=symmetry)
    _check_cages(puzzle)
    assert _mirrored(puzzle, symmetry)
    assert count_solutions(puzzle, limit=2) == 1


def test_unreachable_level_raises_after_attempts():
    with pytest.raises(LatinumError, match="3x3 KenKen does not reach Tatham's Unreasonable"):
        generate("kenken", size=3, difficulty="Unreasonable", seed=1, attempts=3)
    with pytest.raises(LatinumError, match="could not reach"):
        generate("killer", size=4, difficulty="Extreme", seed=1, attempts=2)


@pytest.mark.parametrize(
    ("kind", "kwargs", "match"),
    [
        ("kenken", {"size": 2}, "outside the range"),
        ("kenken", {"size": 10}, "outside the range"),
        ("kenken", {"size": 4.5}, "whole number"),
        ("kenken", {"size": 4, "ops": ""}, "ops"),
        ("kenken", {"size": 4, "ops": "+%"}, "unknown operator"),
        ("kenken", {"size": 4, "ops": "+="}, "implied"),
        ("kenken", {"size": 4, "max_cage": 0}, "max_cage"),
        ("kenken", {"size": 4, "difficulty": "Brutal"}, "unknown difficulty"),
        ("kenken", {"size": 4, "difficulty": "keen:Hard"}, "scale"),
        ("kenken", {"size": 4, "difficulty": "tatham:Medium"}, "unknown difficulty"),
        ("kenken", {"size": 4, "attempts": 0}, "attempts"),
        ("kenken", {"size": 4, "box": (2, 2)}, "no boxes"),
        ("kenken", {"size": 4, "givens": True}, "Killer option"),
        ("kenken", {"size": 4, "diagonals": True}, "diagonals"),
        ("kenken", {"size": 4, "symmetry": "spiral"}, "unknown symmetry"),
        ("killer", {"size": 4, "minimal": True}, "minimal"),
        ("killer", {"size": 4, "difficulty": "Unreasonable"}, "unknown difficulty"),
        ("killer", {"size": 4, "ops": "+"}, "KenKen options"),
        ("killer", {"size": 7}, "no usual box shape"),
        ("killer", {"box": (4, 4)}, "outside the generated range"),
        ("killer", {"size": 6, "box": (3, 3)}, "does not tile"),
        ("killer", {"size": 4, "attempts": -1}, "attempts"),
        ("sudoku", {"size": 4, "givens": True}, "cage options"),
    ],
)
def test_bad_arguments_raise(kind, kwargs, match):
    with pytest.raises(ValueError, match=match):
        generate(kind, **kwargs)
