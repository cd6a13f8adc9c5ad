"""Futoshiki (Tatham's Unequal): the model, the engine on Tatham's own puzzles, the generator."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from independent import count_independently
from latinum import (
    InvalidPuzzle,
    LatinumError,
    Puzzle,
    Relation,
    count_solutions,
    explain,
    solve,
)
from latinum.cli import main
from latinum.formats import read_text
from latinum.generator import generate
from latinum.relations import neighbours, signs_of
from latinum.render.text import draw
from latinum.solver.algorithms import run

TATHAM = Path(__file__).parent / "fixtures" / "futoshiki" / "unequal.tsv"
ROWS = list(csv.DictReader(TATHAM.open(encoding="utf-8"), delimiter="\t"))
SMALL = [row for row in ROWS if len(row["solution"]) <= 25]
# Guardian puzzle #1, as Tatham's source lists it.
GUARDIAN = "5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,"


def unequal(game_id: str) -> Puzzle:
    _, (puzzle,) = read_text(game_id, "unequal")
    return puzzle


def test_the_fixtures_cover_every_size_mode_and_level() -> None:
    seen = {(len(row["solution"]), row["mode"], row["level"]) for row in ROWS}
    for size in (4, 5, 6, 7):
        for level in ("Trivial", "Easy", "Tricky", "Extreme", "Recursive"):
            assert (size * size, "plain", level) in seen
            if size >= 5 or level in ("Trivial", "Easy"):  # Tatham's own limit
                assert (size * size, "adjacent", level) in seen


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["id"][:12])
def test_tathams_puzzles_solve_to_his_solution(row: dict[str, str]) -> None:
    puzzle = unequal(row["id"])
    assert puzzle.adjacent == (row["mode"] == "adjacent")
    grid = solve(puzzle)
    assert grid.line() == row["solution"]
    assert puzzle.is_solution(grid)
    assert count_solutions(puzzle, limit=None) == 1


@pytest.mark.parametrize("row", SMALL, ids=lambda row: row["id"][:12])
def test_small_tatham_puzzles_count_one_by_the_independent_counter(row: dict[str, str]) -> None:
    assert count_independently(unequal(row["id"])) == 1


@pytest.mark.parametrize("row", SMALL[::4], ids=lambda row: row["id"][:12])
def test_the_seed_backtracking_reads_the_signs_too(row: dict[str, str]) -> None:
    assert run(unequal(row["id"]), "backtrack").grid.line() == row["solution"]


def test_brute_force_reads_the_signs() -> None:
    small = next(row for row in ROWS if row["id"].startswith("4:") and row["level"] == "Easy")
    assert run(unequal(small["id"]), "brute-force").grid.line() == small["solution"]


def test_eliminate_refuses_the_signs() -> None:
    with pytest.raises(InvalidPuzzle, match="not the signs of a futoshiki"):
        run(unequal(GUARDIAN), "eliminate")


# The model ---------------------------------------------------------------


def test_constructor_and_description() -> None:
    puzzle = Puzzle.futoshiki(4, [(0, 1), Relation(5, 4)], givens="1" + "0" * 15)
    assert puzzle.variant == "futoshiki" and not puzzle.adjacent
    assert puzzle.describe() == "futoshiki 4x4, 2 signs, 1 givens"
    barred = Puzzle.futoshiki(4, [(0, 1, "|")], adjacent=True)
    assert barred.adjacent
    assert len(barred.relations) == len(neighbours(4)) == 24
    assert barred.describe() == "futoshiki 4x4, adjacent, 1 bar, 0 givens"
    assert Puzzle("unequal", puzzle.geometry, puzzle.givens).variant == "futoshiki"


def test_relations_are_kept_sorted_and_once() -> None:
    puzzle = Puzzle.futoshiki(3, [(1, 0), (1, 0), (3, 4, "|"), (4, 3, "|")])
    assert puzzle.relations == (Relation(1, 0), Relation(3, 4, "|"))


def test_an_unknown_relation_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown relation '='"):
        Relation(0, 1, "=")


@pytest.mark.parametrize(
    ("relations", "givens", "message"),
    [
        ([(0, 9)], None, "r1c1 < r1c2: the cells are not neighbours|not neighbours"),
        ([(0, 99)], None, "names cell 99, outside 0..24"),
        ([(0, 1), (1, 0)], None, "r1c1 and r1c2 have contradicting relations"),
        ([(0, 1, "|"), (0, 1, "!")], None, "r1c1 and r1c2 have contradicting relations"),
        ([(0, 1), (1, 6), (6, 5), (5, 0)], None, "go round in a circle"),
        ([(0, 1), (1, 2), (2, 3), (3, 4), (4, 9)], None, "a chain of 5 signs needs 6"),
        ([(0, 1), (1, 2)], "1" + "0" * 24, None),
        ([(0, 1), (1, 2)], "0" * 2 + "2" + "0" * 22, "r1c3 holds 2, but the signs allow only 3..5"),
        ([(0, 1, "|")], "14" + "0" * 23, "r1c1 and r1c2 differ by one, but the givens are 1 and 4"),
    ],
)
def test_validate_refuses_contradictions(
    relations: list[tuple], givens: str | None, message: str | None
) -> None:
    puzzle = Puzzle.futoshiki(5, relations, givens)
    errors = [str(problem) for problem in puzzle.validate()]
    if message is None:
        assert errors == []
        return
    assert len(errors) == 1, errors
    assert any(part in errors[0] for part in message.split("|")), errors
    with pytest.raises(InvalidPuzzle):
        solve(puzzle)


def test_violations_name_the_broken_relation() -> None:
    puzzle = Puzzle.futoshiki(3, [(1, 0), (3, 4, "|"), (4, 5, "!")])
    assert puzzle.violations([1, 2, 3, 3, 1, 2, 2, 3, 1]) == [
        "r1c2 < r1c1 is broken",
        "r2c1 and r2c2 differ by one is broken",
        "r2c2 and r2c3 do not differ by one is broken",
    ]
    assert not puzzle.is_solution([2, 1, 3, 3, 2, 1, 1, 3, 2])  # r2c2, r2c3 differ by one
    assert puzzle.is_solution([3, 1, 2, 2, 3, 1, 1, 2, 3])


def test_the_signs_decide_the_puzzle() -> None:
    plain = Puzzle.latin("0" * 9)
    assert count_solutions(plain, limit=None) == 12
    # r1c1 < r1c2 < r1c3 and r2c1 > r3c1: one Latin square of 3 is left.
    puzzle = Puzzle.futoshiki(3, [(0, 1), (1, 2), (6, 3)])
    assert count_solutions(puzzle, limit=None) == count_independently(puzzle) == 1
    assert solve(puzzle).line() == "123312231"


def test_logic_says_it_does_not_read_signs_yet() -> None:
    with pytest.raises(LatinumError, match="does not read Futoshiki signs yet"):
        list(explain(unequal(GUARDIAN)))


def test_show_draws_the_signs_between_the_cells() -> None:
    assert draw(unequal(GUARDIAN)).splitlines()[:4] == [
        " . < . < .   .   .",
        "",
        " . > . < .   . < .",
        "             v",
    ]
    barred = draw(Puzzle.futoshiki(3, [(0, 1, "|"), (1, 4, "|")], "100000000", adjacent=True))
    assert barred.splitlines()[:2] == [" 1 | .   .", "     -"]


# The engine against the independent counter ------------------------------


@st.composite
def futoshikis(draw_from: st.DrawFn) -> Puzzle:
    size = draw_from(st.integers(3, 4))
    rng = random.Random(draw_from(st.integers(0, 10**6)))
    square = [(row + col) % size + 1 for row in range(size) for col in range(size)]
    order = rng.sample(range(1, size + 1), size)
    square = [order[value - 1] for value in square]
    adjacent = draw_from(st.booleans())
    relations = signs_of(square, size, adjacent)
    kept = [r for r in relations if draw_from(st.booleans())] if not adjacent else relations
    if draw_from(st.booleans()):  # sometimes a sign no solution keeps
        kept.append(
            Relation(kept[0].second, kept[0].first) if kept and not adjacent else Relation(0, 1)
        )
    givens = [value if draw_from(st.integers(0, 4)) == 0 else 0 for value in square]
    return Puzzle(
        "futoshiki", Puzzle.latin("0" * size * size).geometry, givens, relations=tuple(kept)
    )


@settings(max_examples=120, deadline=None)
@given(futoshikis())
def test_engine_counts_agree_with_the_independent_counter(puzzle: Puzzle) -> None:
    try:
        puzzle.check()
    except InvalidPuzzle:
        return
    found = count_solutions(puzzle, limit=None)
    assert found == count_independently(puzzle)
    if found:
        assert puzzle.is_solution(solve(puzzle))


# The generator -------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("adjacent", [False, True])
def test_generated_puzzles_have_one_solution_by_the_independent_count(
    size: int, adjacent: bool
) -> None:
    for seed in range(3):
        puzzle = generate("futoshiki", size=size, seed=seed, adjacent=adjacent)
        assert puzzle.variant == "futoshiki" and puzzle.adjacent == adjacent
        assert puzzle.validate() == []
        assert count_independently(puzzle) == 1


@pytest.mark.parametrize("adjacent", [False, True])
def test_bigger_generated_puzzles_are_unique(adjacent: bool) -> None:
    puzzle = generate("futoshiki", size=7, seed=1, adjacent=adjacent)
    assert count_solutions(puzzle, limit=None) == 1
    if adjacent:
        assert len(puzzle.relations) == len(neighbours(7))


def test_generation_repeats_with_the_seed() -> None:
    assert generate("futoshiki", seed="a") == generate("futoshiki", seed="a")
    assert generate("futoshiki", seed="a") != generate("futoshiki", seed="b")
    assert generate("unequal", size=4, seed=1).size == 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 10}, "outside the range 3..9"),
        ({"difficulty": "hard"}, "not difficulty"),
        ({"box": (2, 2)}, "not box"),
        ({"symmetry": "mirror"}, "not symmetry"),
    ],
)
def test_generation_refuses_what_it_cannot_do(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate("futoshiki", **options)


def test_adjacent_is_a_futoshiki_option() -> None:
    with pytest.raises(ValueError, match="adjacent is a Futoshiki option"):
        generate("sudoku", adjacent=True)


# The commands ----------------------------------------------------------------


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def test_solve_count_and_check_take_a_game_id() -> None:
    solved = latinum("solve", stdin=GUARDIAN)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout == "5:1,3L,5L,2,4,2R,1,3L,4D,5L,5R,4,2,3D,1,3,5,4,1,2,4U,2,1,5,3U,\n"
    assert latinum("count", "--limit", "10", stdin=GUARDIAN).stdout == "1\n"
    checked = latinum("check", stdin=GUARDIAN)
    assert checked.exit_code == 0
    assert "futoshiki 5x5, 10 signs, 1 givens: valid, exactly one solution" in checked.stdout


def test_check_names_a_contradiction_and_fails() -> None:
    # r1c1 > r1c2 > r1c3 > r1c4 > r1c5 and r1c5 given 3: it must be 1.
    game_id = "5:0R,0R,0R,0R,3," + "0," * 20
    checked = latinum("check", stdin=game_id)
    assert checked.exit_code != 0
    assert "r1c5 holds 3, but the signs allow only 1..1 there" in checked.stdout


def test_show_and_convert_keep_the_signs() -> None:
    shown = latinum("show", stdin=GUARDIAN)
    assert shown.exit_code == 0
    assert " . > . < .   . < ." in shown.stdout
    text = latinum("convert", "--to", "futoshiki", stdin=GUARDIAN).stdout
    assert text.splitlines()[:2] == ["futoshiki", ".<.<. . ."]
    back = latinum("convert", "--to", "unequal", stdin=text)
    assert back.stdout == GUARDIAN + "\n"
    refused = latinum("convert", "--to", "line", stdin=GUARDIAN)
    assert refused.exit_code != 0
    assert "cannot hold the relations" in refused.stderr


def test_generate_prints_tatham_ids_and_json() -> None:
    made = latinum("generate", "futoshiki", "--size", "4", "--seed", "4", "--count", "2")
    assert made.exit_code == 0, made.output
    for line in made.stdout.splitlines():
        assert count_independently(unequal(line)) == 1
    adjacent = latinum(
        "generate", "futoshiki", "--adjacent", "--seed", "1", "--to", "json", "--with-solution"
    )
    obj = json.loads(adjacent.stdout)
    assert obj["variant"] == "futoshiki" and obj["adjacent"] is True
    assert "x-rating" not in obj and len(obj["solution"]) == 25
    text = latinum("generate", "futoshiki", "--size", "4", "--seed", "4", "--to", "text")
    first, row = text.stdout.splitlines()[:2]
    assert first == "futoshiki" and len(row.replace(">", " ").replace("<", " ").split()) == 4
    refused = latinum("generate", "futoshiki", "--difficulty", "hard")
    assert refused.exit_code != 0 and "--difficulty does not apply to Futoshiki" in refused.stderr


@pytest.mark.parametrize("command", ["steps", "hint", "rate", "play"])
def test_logic_and_game_refuse_in_one_line(command: str, tmp_path: Path) -> None:
    puzzle = tmp_path / "guardian.txt"
    puzzle.write_text(GUARDIAN + "\n")
    result = latinum(command, str(puzzle))
    assert result.exit_code != 0
    assert "Futoshiki signs" in result.stderr
    assert "Traceback" not in result.output
