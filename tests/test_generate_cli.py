"""``latinum generate``: seeds, counts, formats and one-line errors."""

from __future__ import annotations

import json
import multiprocessing

import pytest
from click.testing import CliRunner, Result

from latinum import Grid, Puzzle, count_solutions, read
from latinum.batch import pool as parallel
from latinum.batch import puzzle_seed
from latinum.cli import generating, main
from latinum.cli.common import Failure
from latinum.cli.generating import parse_box


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
    result = latinum(
        "sudoku", "--box", "2x3", "--to", "json", "--seed", "3", "--count", "2", "--with-solution"
    )
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
        (["sudoku", "--ops", "+"], "--ops does not apply to Sudoku"),
        (["sudoku", "--givens"], "--givens does not apply to Sudoku"),
        (["killer", "--max-cage", "3"], "--max-cage does not apply to Killer Sudoku"),
        (["kenken", "--givens"], "--givens does not apply to KenKen"),
        (["kenken", "--max-cage", "0"], "--max-cage must be"),
        (["kenken", "--ops", "%"], "unknown operator"),
        (
            ["latin", "--size", "4", "--count", "3", "--jobs", "2", "--ops", "*"],
            "--ops does not apply to Latin square",
        ),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = latinum(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("latinum: ") and words in lines[0]
    assert "Traceback" not in result.output


def test_parse_box() -> None:
    assert parse_box("2x3") == (2, 3)
    assert parse_box("3X2") == (3, 2)
    with pytest.raises(Failure):
        parse_box("2x")


def test_interrupt_keeps_what_was_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = generating.generate

    def interrupted(*args, **kwargs):
        if len(made) == 2:
            raise KeyboardInterrupt
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(generating, "generate", interrupted)
    result = latinum("sudoku", "--size", "4", "--count", "5", "--seed", "1")
    assert result.exit_code == 130
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr == "latinum: interrupted after 2 puzzles\n"


def test_interrupt_with_jobs_terminates_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    real_in_order, real_stop = parallel.in_order, parallel.stop
    stopped = []

    def interrupted(workers, *args):
        yield next(real_in_order(workers, *args))
        raise KeyboardInterrupt

    def stop(workers):
        alive = [worker.process.is_alive() for worker in workers]
        real_stop(workers)
        stopped.append(alive)

    monkeypatch.setattr(parallel, "in_order", interrupted)
    monkeypatch.setattr(parallel, "stop", stop)
    args = ("sudoku", "--size", "4", "--count", "5", "--seed", "1")
    result = latinum(*args, "--jobs", "2")
    assert result.exit_code == 130
    assert result.stdout.splitlines() == latinum(*args).stdout.splitlines()[:1]
    assert result.stderr == "latinum: interrupted after 1 puzzle\n"
    assert stopped == [[True, True]] and multiprocessing.active_children() == []


@pytest.mark.parametrize(
    "args",
    [
        ["sudoku", "--size", "4", "--count", "6", "--seed", "j"],
        ["kenken", "--size", "4", "--count", "4", "--seed", "j"],
    ],
)
def test_jobs_give_the_same_output(args: list[str]) -> None:
    alone = latinum(*args)
    shared = latinum(*args, "--jobs", "2")
    assert alone.exit_code == shared.exit_code == 0, shared.output
    assert shared.stdout == alone.stdout and len(alone.stdout.splitlines()) > 1


def test_jobs_stop_at_the_first_bad_option() -> None:
    result = latinum("sudoku", "--size", "4", "--count", "20", "--max-cage", "2", "--jobs", "2")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("latinum: --max-cage does not apply to Sudoku; it takes")
    assert multiprocessing.active_children() == []


def puzzles_of(*args: str) -> list[Puzzle]:
    result = latinum(*args, "--to", "json")
    assert result.exit_code == 0, result.output
    return [read(line) for line in result.stdout.splitlines()]


def test_ops_plus_gives_sums_only() -> None:
    for puzzle in puzzles_of("kenken", "--ops", "+", "--size", "4", "--count", "2", "--seed", "1"):
        assert puzzle.variant == "kenken"
        assert {cage.op for cage in puzzle.cages} <= {"+", "="}


def test_max_cage_bounds_the_cages() -> None:
    args = ("calcudoku", "--max-cage", "2", "--size", "5", "--count", "2", "--seed", "1")
    for puzzle in puzzles_of(*args):
        assert max(len(cage.cells) for cage in puzzle.cages) <= 2


def test_killer_with_givens() -> None:
    (puzzle,) = puzzles_of("killer", "--givens", "--size", "4", "--seed", "1")
    assert puzzle.variant == "killer" and puzzle.cages and any(puzzle.givens)
    (bare,) = puzzles_of("killer", "--size", "4", "--seed", "1")
    assert not any(bare.givens)


def test_only_given_options_reach_the_api(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict] = []

    def recorded(kind: str, **options: object) -> Puzzle:
        seen.append(options)
        return read("1234341221434321")

    monkeypatch.setattr(generating, "generate", recorded)
    assert latinum("kenken", "--seed", "1").exit_code == 0
    assert latinum("kenken", "--symmetry", "mirror", "--ops", "+", "--seed", "1").exit_code == 0
    assert seen[0]["symmetry"] is None and not {"givens", "ops", "max_cage"} & set(seen[0])
    assert seen[1]["symmetry"] == "mirror" and seen[1]["ops"] == "+"


def test_help_has_examples() -> None:
    result = latinum("--help")
    assert result.exit_code == 0 and "latinum generate sudoku --box 2x3" in result.stdout
