"""Skyscrapers (Tatham's Towers): the model, the engine on Tatham's own puzzles, the generator."""

from __future__ import annotations

import csv
import json
import random
from itertools import permutations
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from independent import count_independently
from latinum import InvalidArgument, InvalidPuzzle, Puzzle, count_solutions, solve
from latinum.cli import main
from latinum.formats import read_text
from latinum.generator import generate
from latinum.sightlines import (
    Sightline,
    TooMany,
    fillings,
    pair_possible,
    sightlines_of,
    visible,
)
from latinum.solver.algorithms import run
from latinum.solver.engine import Engine
from latinum.solver.engines import engine_for

TATHAM = Path(__file__).parent / "fixtures" / "towers" / "towers.tsv"
ROWS = list(csv.DictReader(TATHAM.open(encoding="utf-8"), delimiter="\t"))
SMALL = [row for row in ROWS if len(row["solution"]) <= 25]
# A 5x5 Unreasonable from Tatham's generator (the README's), with his solution.
TOUR = "5:4///////2////3//1//3//1/3/,p2h"
TOUR_SOLUTION = "1453221354432155214335421"


def towers(game_id: str) -> Puzzle:
    _, (puzzle,) = read_text(game_id, "towers")
    return puzzle


def test_the_fixtures_cover_every_size_and_level() -> None:
    seen = {(len(row["solution"]), row["level"]) for row in ROWS}
    for size in (4, 5, 6, 7):
        for level in ("Easy", "Hard", "Extreme", "Unreasonable"):
            assert (size * size, level) in seen


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["id"][:14])
def test_tathams_puzzles_solve_to_his_solution(row: dict[str, str]) -> None:
    puzzle = towers(row["id"])
    assert puzzle.variant == "skyscrapers" and puzzle.validate() == []
    grid = solve(puzzle)
    assert grid.line() == row["solution"]
    assert puzzle.is_solution(grid)
    assert count_solutions(puzzle, limit=None) == 1


@pytest.mark.parametrize("row", SMALL, ids=lambda row: row["id"][:14])
def test_small_tatham_puzzles_count_one_by_the_independent_counter(row: dict[str, str]) -> None:
    assert count_independently(towers(row["id"])) == 1


@pytest.mark.parametrize("row", SMALL[::3], ids=lambda row: row["id"][:14])
def test_the_seed_backtracking_reads_the_clues_too(row: dict[str, str]) -> None:
    assert run(towers(row["id"]), "backtrack").grid.line() == row["solution"]


def test_brute_force_reads_the_clues() -> None:
    small = next(row for row in ROWS if row["id"].startswith("4:"))
    assert run(towers(small["id"]), "brute-force").grid.line() == small["solution"]


def test_eliminate_refuses_the_clues() -> None:
    with pytest.raises(InvalidPuzzle, match="not the clues of a skyscrapers"):
        run(towers(TOUR), "eliminate")


def test_the_pure_engine_solves_them_whichever_engine_is_chosen() -> None:
    assert isinstance(engine_for(towers(TOUR)), Engine)


# The model ---------------------------------------------------------------


def test_constructor_and_description() -> None:
    by_sides = Puzzle.skyscrapers(3, top=[2, 2, 1], left=[2, 0, None], givens="1........")
    by_clues = Puzzle.skyscrapers(
        3, [("left", 0, 2), Sightline("top", 2, 1), ("top", 0, 2), ("top", 1, 2)], "1........"
    )
    assert by_sides == by_clues
    assert by_sides.describe() == "skyscrapers 3x3, 4 clues, 1 givens"
    assert [line.side for line in by_sides.sightlines] == ["top", "top", "top", "left"]
    assert Puzzle("towers", by_sides.geometry, (0,) * 9).variant == "skyscrapers"
    assert not by_sides.units_only and Puzzle.latin("." * 9).units_only


def test_clue_words() -> None:
    assert Sightline("top", 1, 3).describe() == "clue 3 above column 2"
    assert Sightline("right", 0, 1).place == "right of row 1"
    with pytest.raises(InvalidArgument, match="unknown side 'up'"):
        Sightline("up", 0, 1)
    with pytest.raises(InvalidArgument, match="3 top clues for a 4x4 grid"):
        Puzzle.skyscrapers(4, top=[1, 2, 3])


@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (Puzzle.skyscrapers(4, left=[0, 5, 0, 0]), "clue 5 left of row 2: a clue must be 1..4"),
        (
            Puzzle.skyscrapers(4, [("bottom", 4, 1)]),
            "clue 1 below column 5: no such line in a 4x4 grid",
        ),
        (
            Puzzle.skyscrapers(4, [("top", 0, 2), ("top", 0, 3)]),
            "two clues above column 1: 2 and 3",
        ),
        (
            Puzzle.skyscrapers(4, top=[4, 0, 0, 0], bottom=[2, 0, 0, 0]),
            "column 1: no line of 4 shows 4 above and 2 below",
        ),
        (
            Puzzle.skyscrapers(5, left=[1, 0, 0, 0, 0], right=[1, 0, 0, 0, 0]),
            "row 1: no line of 5 shows 1 from the left and 1 from the right",
        ),
        (
            Puzzle.skyscrapers(4, top=[1, 0, 0, 0], givens="1" + "." * 15),
            "column 1: no filling meets its clues and its givens",
        ),
    ],
)
def test_validate_refuses_clues_no_line_meets(puzzle: Puzzle, message: str) -> None:
    (problem,) = puzzle.validate()
    assert problem.message.startswith(message)
    with pytest.raises(InvalidPuzzle, match=message):
        solve(puzzle)


def test_violations_name_the_broken_clue() -> None:
    puzzle = Puzzle.skyscrapers(3, top=[3, 0, 0])
    assert puzzle.violations([3, 1, 2, 1, 2, 3, 2, 3, 1]) == [
        "clue 3 above column 1 is broken (1 seen)"
    ]
    assert puzzle.is_solution([1, 2, 3, 2, 3, 1, 3, 1, 2])


def test_the_clues_a_grid_shows() -> None:
    grid = [1, 2, 3, 2, 3, 1, 3, 1, 2]
    shown = {(line.side, line.index): line.seen for line in sightlines_of(grid)}
    assert shown["left", 0] == 3 and shown["right", 0] == 1
    assert shown["top", 2] == 1 and shown["bottom", 2] == 2
    assert visible([2, 1, 4, 3]) == 2


@pytest.mark.parametrize("size", range(1, 7))
def test_fillings_and_pairs_agree_with_every_permutation(size: int) -> None:
    everything = list(permutations(range(1, size + 1)))
    rng = random.Random(size)
    full = (1 << size) - 1
    for front in range(size + 1):
        for back in range(size + 1):
            domains = [full & ~(1 << rng.randrange(size)) if rng.random() < 0.3 else full]
            domains += [full] * (size - 1)
            expected = sorted(
                line
                for line in everything
                if (not front or visible(line) == front)
                and (not back or visible(reversed(line)) == back)
                and all(domains[i] >> (v - 1) & 1 for i, v in enumerate(line))
            )
            assert sorted(fillings(domains, front, back)) == expected
            if front and back:
                meets = any(
                    visible(line) == front and visible(reversed(line)) == back
                    for line in everything
                )
                assert pair_possible(front, back, size) == meets


def test_fillings_stop_at_their_limits() -> None:
    with pytest.raises(TooMany):
        fillings([255] * 8, 2, limit=10)
    with pytest.raises(TooMany):
        fillings([255] * 8, 2, node_limit=100)


# The engine against an independent counter ----------------------------------


@st.composite
def skyscrapers(draw_from: st.DrawFn) -> Puzzle:
    size = draw_from(st.integers(3, 5))
    shift = draw_from(st.permutations(range(size)))
    order = draw_from(st.permutations(range(1, size + 1)))
    square = [order[(shift[row] + col) % size] for row in range(size) for col in range(size)]
    square = [square[row * size + col] for col in range(size) for row in range(size)]
    kept = [line for line in sightlines_of(square) if draw_from(st.integers(0, 2)) == 0]
    if kept and draw_from(st.integers(0, 4)) == 0:  # sometimes a clue no solution keeps
        first = kept[0]
        kept[0] = Sightline(first.side, first.index, first.seen % size + 1)
    givens = [value if draw_from(st.integers(0, 5)) == 0 else 0 for value in square]
    return Puzzle.skyscrapers(size, kept, givens)


@settings(max_examples=120, deadline=None)
@given(skyscrapers())
def test_engine_counts_agree_with_the_independent_counter(puzzle: Puzzle) -> None:
    try:
        puzzle.check()
    except InvalidPuzzle:
        return
    found = count_solutions(puzzle, limit=None)
    assert found == count_independently(puzzle)
    if found:
        assert puzzle.is_solution(solve(puzzle))
        assert puzzle.is_solution(run(puzzle, "backtrack").grid)


# The generator -------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4, 5])
def test_generated_puzzles_have_one_solution_by_the_independent_count(size: int) -> None:
    for seed in range(3):
        puzzle = generate("skyscrapers", size=size, seed=seed)
        assert puzzle.variant == "skyscrapers" and puzzle.sightlines
        assert puzzle.validate() == []
        assert count_independently(puzzle) == 1


def test_bigger_generated_puzzles_are_unique() -> None:
    for size in (6, 7):
        puzzle = generate("skyscrapers", size=size, seed=2)
        assert count_solutions(puzzle, limit=None) == 1


def test_generation_repeats_with_the_seed() -> None:
    assert generate("skyscrapers", seed="a") == generate("skyscrapers", seed="a")
    assert generate("skyscrapers", seed="a") != generate("skyscrapers", seed="b")
    assert generate("towers", size=4, seed=1).size == 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 10}, "outside the range 3..9"),
        ({"size": 2}, "outside the range 3..9"),
        ({"difficulty": "hard"}, "takes size and seed only, not difficulty"),
        ({"adjacent": True}, "not adjacent"),
        ({"box": (2, 2)}, "not box"),
    ],
)
def test_generation_refuses_what_it_cannot_do(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate("skyscrapers", **options)


# The commands ----------------------------------------------------------------


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def test_solve_count_and_check_take_a_game_id() -> None:
    solved = latinum("solve", "--to", "line", stdin=TOUR)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout == TOUR_SOLUTION + "\n"
    assert latinum("count", "--limit", "10", stdin=TOUR).stdout == "1\n"
    checked = latinum("check", stdin=TOUR)
    assert checked.exit_code == 0
    assert "skyscrapers 5x5, 7 clues, 1 givens: valid, exactly one solution" in checked.stdout


def test_check_names_an_impossible_clue_and_fails() -> None:
    checked = latinum("check", stdin="4:4////2///////////")
    assert checked.exit_code != 0
    assert "column 1: no line of 4 shows 4 above and 2 below" in checked.stdout


def test_generate_prints_tatham_ids_and_json() -> None:
    made = latinum("generate", "skyscrapers", "--size", "4", "--seed", "4", "--count", "2")
    assert made.exit_code == 0, made.output
    for line in made.stdout.splitlines():
        assert line.startswith("4:")
        assert count_independently(towers(line)) == 1
    obj = json.loads(
        latinum("generate", "towers", "--seed", "1", "--to", "json", "--with-solution").stdout
    )
    assert obj["variant"] == "skyscrapers" and "x-rating" not in obj
    assert len(obj["solution"]) == 25
    refused = latinum("generate", "skyscrapers", "--difficulty", "hard")
    assert refused.exit_code != 0
    assert "--difficulty does not apply to Skyscrapers; it takes --size only" in refused.stderr


@pytest.mark.parametrize("command", ["steps", "hint", "rate", "play"])
def test_logic_and_game_refuse_in_one_line(command: str, tmp_path: Path) -> None:
    puzzle = tmp_path / "towers.txt"
    puzzle.write_text(TOUR + "\n")
    result = latinum(command, str(puzzle))
    assert result.exit_code != 0
    assert "Skyscrapers clues" in result.stderr
    assert "Traceback" not in result.output


def test_a_book_with_ratings_prints_them_unrated(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    pytest.importorskip("pypdf")
    puzzle = tmp_path / "towers.txt"
    puzzle.write_text(TOUR + "\n")
    printed = latinum("print", "--to", "pdf", "--rate", str(puzzle), "-o", str(tmp_path / "t.pdf"))
    assert printed.exit_code == 0, printed.output
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF")
