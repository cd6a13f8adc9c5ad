"""Generation of Jigsaw Sudoku (random regions) and Windoku: the regions, uniqueness by
an independent count, seeds, the options refused, the command line and its output."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from independent import count_independently
from latinum import InvalidArgument, Puzzle, count_solutions, rate, solve
from latinum.cli import main
from latinum.formats import read_text
from latinum.generator import GenerationLimit, generate, plan, regions
from latinum.generator.regions import random_regions
from latinum.generator.shapes import groups
from latinum.geometry import Geometry
from latinum.solver import engines
from latinum.solver.fill import _Filling, bounded_grid

NATIVE = engines.native_module() is not None
#: The top-left cells (row, column, from 0) of Windoku's four windows.
WINDOWS = [(1, 1), (1, 5), (5, 1), (5, 5)]


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, ["generate", *args], prog_name="latinum")


def pieces(labels: tuple[int, ...], size: int) -> list[set[int]]:
    """The regions of ``labels``, each split into its side-by-side connected pieces."""
    found = []
    for label in set(labels):
        left = {cell for cell, other in enumerate(labels) if other == label}
        while left:
            piece, todo = set(), [left.pop()]
            while todo:
                cell = todo.pop()
                piece.add(cell)
                row, col = divmod(cell, size)
                for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                    if 0 <= r < size and 0 <= c < size and r * size + c in left:
                        left.discard(r * size + c)
                        todo.append(r * size + c)
            found.append(piece)
    return found


def has_one_solution(puzzle: Puzzle) -> bool:
    """Exactly one solution by the engine, and that solution keeps the givens and fills
    every unit of a Jigsaw Sudoku or a Windoku with 1..N."""
    size = puzzle.size
    grid = list(solve(puzzle))
    labels = puzzle.geometry.regions
    if labels is None:  # a Windoku's 3x3 boxes
        labels = tuple(cell // 27 * 3 + cell % 9 // 3 for cell in range(81))
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    units += [sorted(piece) for piece in pieces(labels, size)]
    if puzzle.geometry.diagonals:
        units += [
            [i * size + i for i in range(size)],
            [i * size + size - 1 - i for i in range(size)],
        ]
    if puzzle.geometry.windows:
        units += [[(t + r) * 9 + s + c for r in range(3) for c in range(3)] for t, s in WINDOWS]
    fills = all(sorted(grid[cell] for cell in unit) == list(range(1, size + 1)) for unit in units)
    kept = all(value in (0, grid[cell]) for cell, value in enumerate(puzzle.givens))
    return fills and kept and count_solutions(puzzle, limit=None) == 1


def symmetric(puzzle: Puzzle) -> bool:
    """Whether the givens' pattern has 180-degree rotational symmetry."""
    filled = {cell for cell, value in enumerate(puzzle.givens) if value}
    last = puzzle.size * puzzle.size - 1
    return all(last - cell in filled for cell in filled)


# Random regions ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(size=st.integers(4, 9), seed=st.integers(0, 2**32))
def test_random_regions_are_n_connected_regions_of_n_cells(size: int, seed: int) -> None:
    labels = random_regions(size, random.Random(seed))
    assert len(labels) == size * size
    assert sorted(Counter(labels).values()) == [size] * size
    assert len(pieces(labels, size)) == size  # each region in one piece
    assert Geometry(size, regions=labels).regions == labels  # numbered in reading order
    for group in Geometry(size, regions=labels).boxes:  # none repeats a row or a column
        assert len({cell // size for cell in group}) > 1
        assert len({cell % size for cell in group}) > 1


@pytest.mark.parametrize("size", range(4, 10))
def test_random_regions_are_the_same_for_a_seed_and_differ_between_seeds(size: int) -> None:
    first = random_regions(size, random.Random(5))
    assert random_regions(size, random.Random(5)) == first
    drawn = {random_regions(size, random.Random(seed)) for seed in range(10)}
    assert len(drawn) >= (10 if size >= 6 else 5)  # 4x4 has few partitions


def test_regions_are_well_mixed() -> None:
    """The border between regions is as long as a mixed partition's on average (about
    61 sides in 9x9, against 72 for the rows mixing starts from and 36 for the boxes),
    and few regions are 3x3 squares."""
    drawn = [random_regions(9, random.Random(seed)) for seed in range(30)]
    borders = [
        sum(labels[cell] != labels[cell + 1] for cell in range(81) if cell % 9 < 8)
        + sum(labels[cell] != labels[cell + 9] for cell in range(72))
        for labels in drawn
    ]
    assert 58 <= sum(borders) / len(borders) <= 66
    squares = [
        group
        for labels in drawn
        for group in Geometry(9, regions=labels).boxes
        if len({cell // 9 for cell in group}) == len({cell % 9 for cell in group}) == 3
    ]
    assert len(squares) <= 10  # of 270 regions


@pytest.mark.skipif(not NATIVE, reason="the native engine was not built")
def test_the_bounded_fill_is_the_same_with_either_engine() -> None:
    for seed in range(8):
        geometry = Geometry(7, regions=random_regions(7, random.Random(seed)))
        for nodes in (30, 300, 3000):
            filling = _Filling(geometry, seed)
            filling.nodes = nodes
            assert bounded_grid(geometry, seed, nodes) == filling.grid()


def test_partitions_that_never_fill_give_a_generation_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(regions, "bounded_grid", lambda *_: None)
    monkeypatch.setattr(regions, "MOST_PARTITIONS", 3)
    with pytest.raises(GenerationLimit, match="3 random partitions of a 6x6 grid"):
        generate("jigsaw", size=6, seed=1)


# Generated puzzles ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_a_6x6_jigsaw_has_one_solution_by_the_independent_count(seed: int) -> None:
    puzzle = generate("jigsaw", size=6, seed=seed)
    assert puzzle.variant == "sudoku" and puzzle.geometry.box is None
    assert puzzle.geometry.regions is not None and puzzle.validate() == []
    assert symmetric(puzzle)
    assert count_independently(puzzle) == 1
    assert has_one_solution(puzzle)


@pytest.mark.parametrize("seed", [5, 6])  # others take the plain counter seconds or minutes
def test_an_easy_9x9_jigsaw_has_one_solution_by_the_independent_count(seed: int) -> None:
    puzzle = generate("jigsaw", difficulty="easy", seed=seed)
    assert puzzle.size == 9 and puzzle.geometry.regions is not None
    assert rate(puzzle).level == "Easy"
    assert count_independently(puzzle) == 1


@pytest.mark.parametrize("size", range(4, 10))
def test_jigsaws_of_every_size_have_one_solution(size: int) -> None:
    for seed in range(3):
        puzzle = generate("jigsaw", size=size, seed=seed)
        assert puzzle.size == size and symmetric(puzzle)
        assert has_one_solution(puzzle)


def test_a_jigsaw_with_diagonals() -> None:
    puzzle = generate("jigsaw", size=6, seed=2, diagonals=True)
    assert puzzle.geometry.diagonals and puzzle.geometry.regions is not None
    assert count_independently(puzzle) == 1


def test_windoku_has_one_solution_by_the_independent_count() -> None:
    puzzle = generate("windoku", seed=1)
    assert puzzle.geometry == Geometry(9, (3, 3), windows=True)
    assert symmetric(puzzle)
    assert count_independently(puzzle) == 1
    for seed in range(2, 6):
        assert has_one_solution(generate("windoku", seed=seed))


def test_a_seed_gives_the_same_puzzle_and_seeds_differ() -> None:
    for kind, options in (("jigsaw", {"size": 6}), ("jigsaw", {}), ("windoku", {})):
        first = generate(kind, seed="again", **options)
        assert generate(kind, seed="again", **options) == first
        assert generate(kind, seed="other", **options) != first


@pytest.mark.parametrize(
    ("kind", "options", "level"),
    [
        ("jigsaw", {"size": 6}, "Medium"),
        ("jigsaw", {}, "Hard"),
        ("windoku", {}, "Medium"),
        ("windoku", {}, "Hard"),
    ],
)
def test_a_level_is_reached(kind: str, options: dict, level: str) -> None:
    puzzle = generate(kind, seed=3, difficulty=level, **options)
    assert rate(puzzle).level == level
    assert has_one_solution(puzzle)


def test_minimal_and_other_symmetries() -> None:
    minimal = generate("jigsaw", size=6, seed=1, minimal=True)
    for cell, value in enumerate(minimal.givens):
        if value:
            fewer = list(minimal.givens)
            fewer[cell] = 0
            assert count_solutions(minimal.with_givens(fewer), limit=2) == 2
    mirrored = generate("windoku", seed=1, symmetry="mirror")
    filled = {cell for cell, value in enumerate(mirrored.givens) if value}
    for group in groups(9, "mirror"):
        assert set(group) <= filled or not set(group) & filled


def test_the_levels_get_the_default_attempts_and_no_measured_warning() -> None:
    for kind in ("jigsaw", "windoku"):
        recipe = plan(kind, difficulty="expert")
        assert recipe.attempts == 50
        assert recipe.measured == (kind, 9, "Expert")  # not a row of the reach tables


@pytest.mark.parametrize(
    ("kind", "options", "words"),
    [
        ("jigsaw", {"box": (3, 3)}, "leave box out"),
        ("jigsaw", {"size": 3}, "outside the range 4..9"),
        ("jigsaw", {"size": 10}, "outside the range 4..9"),
        ("jigsaw", {"size": "9"}, "whole number"),
        ("jigsaw", {"givens": True}, "cage options"),
        ("jigsaw", {"adjacent": True}, "Futoshiki option"),
        ("jigsaw", {"difficulty": "fiendish"}, "unknown difficulty"),
        ("jigsaw", {"symmetry": "spiral"}, "symmetry"),
        ("windoku", {"size": 6}, "no size but 9"),
        ("windoku", {"box": (3, 3)}, "no box"),
        ("windoku", {"diagonals": True}, "no diagonals"),
        ("windoku", {"ops": "+"}, "cage options"),
    ],
)
def test_options_that_make_no_sense_are_refused_before_any_work(
    kind: str, options: dict, words: str
) -> None:
    with pytest.raises(InvalidArgument, match=words):
        plan(kind, **options)


def test_the_kinds_are_listed() -> None:
    with pytest.raises(InvalidArgument, match="jigsaw, windoku"):
        plan("hexadoku")


# The command line ----------------------------------------------------------------------


def test_jigsaws_are_printed_as_solo_ids_that_read_back() -> None:
    result = latinum("jigsaw", "--size", "6", "--seed", "7", "--count", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("6j:") for line in lines)
    for number, line in enumerate(lines, 1):
        _, (read,) = read_text(line, "solo")
        made = generate("jigsaw", size=6, seed=f"7:{number}")
        assert read.geometry == made.geometry and read.givens == made.givens


def test_the_default_jigsaw_is_9x9() -> None:
    result = latinum("jigsaw", "--seed", "7")
    assert result.exit_code == 0 and result.stdout.startswith("9j:")


def test_windokus_are_printed_one_a_line_and_read_back_as_windoku() -> None:
    result = latinum("windoku", "--seed", "7", "--difficulty", "medium")
    assert result.exit_code == 0, result.output
    (line,) = result.stdout.splitlines()
    _, (read,) = read_text(line, "windoku")
    made = generate("windoku", seed="7:1", difficulty="medium")
    assert read == made and count_solutions(read) == 1


@pytest.mark.parametrize(
    ("args", "kind"), [(["jigsaw", "--size", "6", "--x"], "jigsaw"), (["windoku"], "windoku")]
)
def test_json_output_reads_back(args: list[str], kind: str) -> None:
    result = latinum(*args, "--seed", "3", "--to", "json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["x-seed"] == "3:1" and record["x-rating"]["solved"]
    _, (read,) = read_text(result.stdout, "json")
    made = generate(kind, seed="3:1", size=6 if kind == "jigsaw" else None, diagonals="--x" in args)
    assert read == made


def test_other_formats_that_hold_them() -> None:
    jigsaw = latinum("jigsaw", "--size", "6", "--seed", "3", "--to", "jigsaw")
    assert jigsaw.exit_code == 0, jigsaw.output
    _, (read,) = read_text(jigsaw.stdout, "jigsaw")
    assert read == generate("jigsaw", size=6, seed="3:1")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["jigsaw", "--to", "line"], "format line cannot hold the regions of a Jigsaw Sudoku"),
        (["windoku", "--to", "grid"], "format grid cannot hold the windows of a Windoku"),
        (["jigsaw", "--box", "3x3"], "--box does not apply to Jigsaw Sudoku"),
        (["windoku", "--x"], "--x does not apply to Windoku"),
        (["windoku", "--size", "6"], "no size but 9"),
        (["jigsaw", "--size", "12"], "outside the range 4..9"),
        (["jigsaw", "--attempts", "5"], "--attempts bounds the search for a --difficulty"),
    ],
)
def test_what_cannot_be_made_or_written_gives_one_line_and_exit_2(
    args: list[str], words: str
) -> None:
    result = latinum(*args, "--seed", "1")
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("latinum: ") and words in line


def test_the_help_lists_the_new_kinds() -> None:
    result = CliRunner().invoke(main, ["generate", "--help"], prog_name="latinum")
    assert "jigsaw, windoku" in " ".join(result.stdout.split())
    assert "latinum generate jigsaw" in result.stdout
