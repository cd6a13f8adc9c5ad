"""The small things a newcomer trips on in the first hour: what generation says while
it works, answers kept out of puzzles, messages in the command line's words, help in
step with the kinds, progress only for batches, a mistyped command, named units."""

from __future__ import annotations

import io
import json
import re
import sys
import time

import pytest
from click.testing import CliRunner, Result

from latinum import Grid, Puzzle, read
from latinum.cli import common, main, status
from latinum.cli.generating import KIND_OPTIONS
from latinum.generator import KINDS, generate
from latinum.generator.reach import REACH, rarely_reached
from latinum.generator.sudoku import LEVEL_NAMES
from latinum.puzzle import VARIANT_ALIASES, VARIANTS

PYTHON_WORDS = re.compile(r"box=|\(rows, cols\)|givens=True|max_cage|float|integer range")


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="latinum")


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


# Generation says what it does ---------------------------------------------------


def test_each_attempt_at_a_level_is_heard_with_the_hardest_level_so_far() -> None:
    heard: list[tuple[int, int, str | None]] = []
    with pytest.raises(ValueError, match="could not reach level Extreme in 4 attempts"):
        generate(
            "killer",
            size=6,
            difficulty="extreme",
            seed=1,
            attempts=4,
            on_attempt=lambda *attempt: heard.append(attempt),
        )
    assert [(attempt, attempts) for attempt, attempts, _ in heard] == [(n, 4) for n in range(1, 5)]
    assert heard[0][2] is None
    assert all(hardest in LEVEL_NAMES for _, _, hardest in heard[1:])


def test_the_status_line_shows_the_attempt_and_the_hardest_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(status, "SHOW_AFTER", 0.0)
    with status.GenerationStatus(1) as line:
        line.attempt(3, 50, "Hard")
        time.sleep(0.5)
    assert "attempt 3 of 50, hardest so far Hard" in terminal.getvalue()


def test_no_status_line_off_a_terminal_or_for_a_quick_run(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with status.GenerationStatus(1) as line:
        line.attempt(1, 50, None)
    assert "attempt" not in terminal.getvalue()
    result = latinum("generate", "sudoku", "--size", "4", "--seed", "1")
    assert result.exit_code == 0 and result.stderr == ""


def test_a_rarely_reached_level_is_named_before_the_work() -> None:
    result = latinum("generate", "killer", "--size", "6", "--difficulty", "extreme", "--seed", "1")
    assert result.exit_code == 3
    first, *_, last = result.stderr.splitlines()
    assert "Extreme is rarely reached by a 6x6 Killer Sudoku" in first
    assert "puzzle 1 (seed 1:1): could not reach level Extreme in 50 attempts" in last
    assert rarely_reached(("sudoku", 9, "Easy"), 50) is None
    assert rarely_reached(("sudoku", 5, "Hard"), 50) is None


def test_the_reach_table_names_real_kinds_and_levels() -> None:
    for kind, size, level in REACH:
        assert kind in KINDS and 3 <= size <= 16
        assert level.split(":")[-1] in (*LEVEL_NAMES, "Normal", "Unreasonable")
        reached, made, seconds = REACH[kind, size, level]
        assert 0 <= reached <= made and seconds > 0


def test_attempts_bound_the_search_for_a_level() -> None:
    result = latinum(
        "generate", "killer", "--size", "6", "--difficulty", "extreme", "--attempts", "2"
    )
    assert result.exit_code == 3 and "in 2 attempts" in result.stderr
    alone = latinum("generate", "sudoku", "--attempts", "2")
    assert alone.exit_code == 2 and "--difficulty" in alone.stderr


# The answer only when asked -----------------------------------------------------


def test_a_generated_puzzle_comes_without_its_solution_unless_asked() -> None:
    plain = latinum("generate", "killer", "--size", "6", "--seed", "1")
    assert plain.exit_code == 0, plain.output
    assert "solution" not in json.loads(plain.stdout)
    asked = latinum("generate", "killer", "--size", "6", "--seed", "1", "--with-solution")
    obj = json.loads(asked.stdout)
    puzzle = read(plain.stdout)
    assert puzzle.is_solution(Grid.of([int(c, 36) for c in obj["solution"]]))
    line = latinum("generate", "sudoku", "--size", "4", "--seed", "1", "--with-solution")
    assert "solution" in json.loads(line.stdout)
    refused = latinum("generate", "killer", "--with-solution", "--to", "solo")
    assert refused.exit_code == 2
    assert "--with-solution keeps the solution in JSON" in refused.stderr


# Messages in the command line's words -------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("sudoku", "--size", "7"), "give one with --box RxC"),
        (("killer", "--size", "7"), "give one with --box RxC"),
        (("kenken", "--x"), "--x does not apply to KenKen"),
        (("kenken", "--box", "2x3"), "--box does not apply to KenKen"),
        (("sudoku", "--givens"), "--givens does not apply to Sudoku"),
        (("sudoku", "--ops", "+"), "--ops does not apply to Sudoku"),
        (("killer", "--max-cage", "3"), "--max-cage does not apply to Killer Sudoku"),
        (("futoshiki", "--difficulty", "hard"), "--difficulty does not apply to Futoshiki"),
        (("latin",), "give --size N"),
        (("nonogram",), "unknown kind 'nonogram'"),
        (("kenken", "--ops", ""), "--ops must be"),
    ],
)
def test_generate_refuses_in_command_line_words(args: tuple[str, ...], expected: str) -> None:
    result = latinum("generate", *args, "--seed", "1")
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    assert not PYTHON_WORDS.search(result.stderr), result.stderr


def test_every_kind_has_its_options_listed() -> None:
    assert set(KIND_OPTIONS) == set(KINDS)


# Help in step with the kinds ----------------------------------------------------


def test_the_top_level_help_names_every_kind_the_commands_accept() -> None:
    text = latinum("--help").stdout.lower()
    for kind in (*VARIANTS, *VARIANT_ALIASES):
        assert kind in text, kind
    generate_help = latinum("generate", "--help").stdout
    assert all(kind in generate_help for kind in KINDS)


# Progress only for batches ------------------------------------------------------


def test_a_short_batch_shows_no_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert list(common.with_progress([1], "solving")) == [1]
    assert terminal.getvalue() == ""
    many = range(common.PROGRESS_FROM + 5)
    assert list(common.with_progress(many, "solving")) == list(many)
    assert "done" in terminal.getvalue()


# A mistyped command -------------------------------------------------------------


def test_a_mistyped_command_suggests_the_closest() -> None:
    result = latinum("slove")
    assert result.exit_code == 2
    assert "No such command 'slove'. Did you mean 'solve'" in result.stderr
    assert "Did you mean 'generate'?" in latinum("gen").stderr
    assert "'latinum --help' lists the commands" in latinum("zzz").stderr


# Units by name ------------------------------------------------------------------


def test_a_clash_of_givens_names_its_unit() -> None:
    def messages(puzzle: Puzzle) -> list[str]:
        return [problem.message for problem in puzzle.validate()]

    row_and_box = Puzzle.sudoku("11" + "." * 79)
    assert messages(row_and_box) == ["r1c1 and r1c2 both hold 1 in row 1 and box 1"]
    column = Puzzle.sudoku("." * 8 + "5" + "." * 71 + "5")
    assert messages(column) == ["r1c9 and r9c9 both hold 5 in column 9"]
    box = Puzzle.sudoku("." * 30 + "7" + "." * 9 + "7" + "." * 40)
    assert messages(box) == ["r4c4 and r5c5 both hold 7 in box 5"]
    diagonal = Puzzle.sudoku("3" + "." * 79 + "3", diagonals=True)
    assert messages(diagonal) == ["r1c1 and r9c9 both hold 3 in the main diagonal"]
