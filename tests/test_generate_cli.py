"""``latinum generate``: seeds, counts, formats and one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from latinum import Grid, count_solutions, read
from latinum.cli import main
from latinum.cli.common import Failure
from latinum.cli.generating import parse_box, puzzle_seed


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, ["generate", *args])


def test_seed_makes_the_output_reproducible() -> None:
    first = latinum("sudoku", "--size", "4", "--count", "3", "--seed", "7")
    second = latinum("sudoku", "--size", "4", "--count", "3", "--seed", "7")
    other = latinum("sudoku", "--size", "4", "--count", "3", "--seed", "8")
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout != other.stdout
    assert first.stderr == ""


def test_count_gives_one_unique_puzzle_per_line() -> None:
    result = latinum("sudoku", "--count", "4", "--seed", "s")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and len(set(lines)) == 4
    for line in lines:
        assert len(line) == 81
        assert count_solutions(read(line), limit=2) == 1


def test_without_seed_the_seed_is_named_and_repeats_the_run() -> None:
    result = latinum("latin", "--size", "5", "--count", "2")
    assert result.exit_code == 0, result.output
    base = result.stderr.split()[2]
    again = latinum("latin", "--size", "5", "--count", "2", "--seed", base)
    assert again.stdout == result.stdout


def test_json_holds_solution_rating_and_seed() -> None:
    result = latinum("sudoku", "--box", "2x3", "--to", "json", "--seed", "3", "--count", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    obj = json.loads(lines[0])
    assert obj["size"] == 6 and obj["box"] == [2, 3]
    assert obj["x-seed"] == puzzle_seed("3", 1) == "3:1"
    assert obj["x-rating"]["level"] in ("Easy", "Medium", "Hard", "Expert", "Extreme")
    puzzle = read(lines[0])
    assert puzzle.is_solution(Grid.of([int(c, 36) for c in obj["solution"]]))


def test_box_2x3_and_difficulty_and_other_formats() -> None:
    result = latinum("sudoku", "--box", "2x3", "--difficulty", "easy", "--seed", "1")
    assert result.exit_code == 0, result.output
    puzzle = read(result.stdout)
    assert puzzle.geometry.box == (2, 3)
    boxed = latinum("sudoku", "--size", "4", "--seed", "1", "--to", "boxed", "--count", "2")
    assert boxed.exit_code == 0 and boxed.stdout.startswith("+")
    assert "\n\n+" in boxed.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["nonsense"], "unknown kind"),
        (["sudoku", "--box", "2by3"], "--box"),
        (["sudoku", "--box", "1x1"], "box"),
        (["sudoku", "--difficulty", "impossible"], "unknown difficulty"),
        (["sudoku", "--symmetry", "spiral"], "unknown symmetry"),
        (["sudoku", "--size", "7"], "box"),
        (["latin", "--size", "4", "--to", "solo"], "cannot hold"),
        (["sudoku", "--to", "nope"], "unknown format"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = latinum(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("latinum: ") and words in lines[0]


def test_parse_box() -> None:
    assert parse_box("2x3") == (2, 3)
    assert parse_box("3X2") == (3, 2)
    with pytest.raises(Failure):
        parse_box("2x")


def test_interrupt_keeps_what_was_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum.cli import generating

    made = []
    real = generating.generate

    def interrupted(*args, **kwargs):
        if made:
            raise KeyboardInterrupt
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(generating, "generate", interrupted)
    result = latinum("sudoku", "--size", "4", "--count", "5", "--seed", "1")
    assert result.exit_code == 130
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr == "latinum: interrupted\n"


def test_help_has_examples() -> None:
    result = latinum("--help")
    assert result.exit_code == 0 and "latinum generate sudoku --box 2x3" in result.stdout
