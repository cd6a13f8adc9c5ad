"""One reading of a Futoshiki bar everywhere: a bar means Tatham's adjacent mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Puzzle, Relation, count_solutions, solve
from latinum.cli import main
from latinum.formats import read_text, write
from latinum.puzzle import MIXED
from latinum.relations import neighbours

# Six bars of a 4x4 adjacent puzzle with two solutions.
BARS = [(1, 2), (2, 6), (6, 7), (7, 11), (8, 12), (12, 13)]
LAYOUT = ". .|. .\n    -\n. . .|.\n      -\n. . . .\n-\n.|. . .\n"


def as_json(adjacent: bool | None = None, signs: tuple = ()) -> str:
    obj: dict = {"format": "latinum", "version": 1, "variant": "futoshiki", "size": 4}
    if adjacent is not None:
        obj["adjacent"] = adjacent
    obj["relations"] = [[a, "|", b] for a, b in BARS] + [list(sign) for sign in signs]
    return json.dumps(obj)


def flagged() -> Puzzle:
    return Puzzle.futoshiki(4, [(a, b, "|") for a, b in BARS], adjacent=True)


def read_one(text: str, fmt: str | None = None) -> Puzzle:
    _, (puzzle,) = read_text(text, fmt)
    return puzzle


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def assert_adjacent(puzzle: Puzzle) -> None:
    """Every neighbouring pair is barred or marked not consecutive."""
    marked = {relation.cells for relation in puzzle.relations}
    assert marked == set(neighbours(puzzle.size))
    assert {r.cells for r in puzzle.relations if r.kind == "|"} == set(BARS)
    assert puzzle.adjacent and "adjacent, 6 bars" in puzzle.describe()


def test_json_bars_without_the_flag_are_the_adjacent_mode() -> None:
    puzzle = read_one(as_json())
    assert_adjacent(puzzle)
    assert puzzle == read_one(as_json(adjacent=True)) == flagged()


def test_the_layout_with_a_bar_and_no_header_is_the_adjacent_mode() -> None:
    puzzle = read_one(LAYOUT, "futoshiki")
    assert_adjacent(puzzle)
    assert puzzle == read_one("futoshiki adjacent\n" + LAYOUT) == flagged()


def test_the_python_api_needs_no_adjacent_flag_for_bars() -> None:
    puzzle = Puzzle.futoshiki(4, [(a, b, "|") for a, b in BARS])
    assert_adjacent(puzzle)
    assert puzzle == flagged()
    again = Puzzle("futoshiki", puzzle.geometry, puzzle.givens, relations=puzzle.relations)
    assert again.relations == puzzle.relations  # filling is idempotent


def test_the_solutions_keep_the_pairs_without_a_bar_apart() -> None:
    puzzle = Puzzle.futoshiki(4, [(a, b, "|") for a, b in BARS])
    assert count_solutions(puzzle) == count_solutions(flagged()) == 2
    grid = solve(puzzle)
    for a, b in neighbours(4):
        assert (abs(grid[a] - grid[b]) == 1) == ((a, b) in BARS)


def test_count_of_the_flagless_json_equals_the_flagged_one(tmp_path: Path) -> None:
    flagless, with_flag = tmp_path / "flagless.json", tmp_path / "flagged.json"
    flagless.write_text(as_json(), encoding="utf-8")
    with_flag.write_text(as_json(adjacent=True), encoding="utf-8")
    counts = [latinum("count", str(path)) for path in (flagless, with_flag)]
    assert [result.exit_code for result in counts] == [0, 0]
    assert counts[0].stdout == counts[1].stdout == "2\n"


def test_convert_to_unequal_writes_the_adjacent_mode() -> None:
    result = latinum("convert", "--to", "unequal", "-", stdin=as_json())
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("4a:")
    assert read_one(result.stdout) == flagged()
    assert write(read_one(as_json()), "json") == write(flagged(), "json")


def test_a_bar_naming_a_cell_outside_the_grid_is_reported_not_crashed_on() -> None:
    puzzle = Puzzle.futoshiki(3, [(0, 99, "|")])
    assert [problem.message for problem in puzzle.validate()] == [
        "a relation names cell 99, outside 0..8"
    ]


@pytest.mark.parametrize(
    "relations",
    [
        [(0, 1, "|"), (4, 5)],
        [(0, 1, "!"), (5, 4)],
        [Relation(1, 2, "|"), Relation(2, 1), Relation(0, 4, "|")],
    ],
)
def test_signs_mixed_with_bars_are_refused_by_validate(relations: list) -> None:
    puzzle = Puzzle.futoshiki(4, relations)
    assert [problem.message for problem in puzzle.validate()] == [MIXED]
    assert "signs (<) and bars (|) cannot be mixed" in MIXED


@pytest.mark.parametrize("command", ["check", "solve", "count"])
def test_signs_mixed_with_bars_exit_2_with_one_clear_message(command: str) -> None:
    mixed = as_json(signs=[(0, "<", 1)])
    result = latinum(command, "-", stdin=mixed)
    assert result.exit_code == 2
    assert (result.stdout + result.stderr).count(MIXED) == 1
