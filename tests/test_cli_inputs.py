"""The commands agree on their inputs: standard input, batches and --number, --json,
unreadable files, puzzles typed at the prompt, and the solution that came with a puzzle."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Puzzle, formats
from latinum.cli import common, main, solving
from latinum.cli import play as play_command
from latinum.cli.known import given_solution_problem
from latinum.formats import json as latinum_json
from latinum.grid import Grid
from latinum.play.app import PlayApp

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
TATHAM = "3x3:5_3b7d6b1_9_5d9_8d6a8c6c3_4b8a3b1_7c2c6a6d2_8d4_1_9b5d8b7_9"
EMPTY = "." * 81
#: Every command that reads puzzles, with the options it needs.
READERS = {
    "solve": [],
    "count": [],
    "check": [],
    "convert": ["--to", "line"],
    "show": [],
    "rate": [],
    "steps": [],
    "hint": [],
    "compare": ["--algorithms", "fast"],
}


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def one_error(result: Result, status: int = 2) -> str:
    """The one line on standard error of a command that failed with ``status``
    and printed nothing on standard output."""
    assert result.exit_code == status, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("latinum: "), result.stderr
    return lines[0]


@pytest.fixture
def batch(tmp_path: Path) -> str:
    """A file of three puzzles: the classic, the classic less its first given, an empty grid."""
    path = tmp_path / "batch.txt"
    path.write_text(f"{CLASSIC}\n.{CLASSIC[1:]}\n{EMPTY}\n")
    return str(path)


# Standard input -------------------------------------------------------------------


@pytest.mark.parametrize("dash", [False, True], ids=["no-file", "dash"])
@pytest.mark.parametrize("command", sorted(READERS))
def test_every_command_reads_standard_input(command: str, dash: bool) -> None:
    args = [command, *READERS[command], *(["-"] if dash else [])]
    result = latinum(*args, stdin=CLASSIC + "\n")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    expected = {"solve": SOLVED, "count": "1", "convert": CLASSIC, "hint": "Hidden Single"}
    assert expected.get(command, "<stdin>") in result.stdout


def test_play_dash_reads_the_puzzle_then_the_keys_from_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fake_terminal() -> None:
        sys.stdin = io.StringIO("1 3 4\nquit\n")  # the runner puts its own back afterwards

    monkeypatch.setattr(play_command, "keys_from_terminal", fake_terminal)
    result = latinum("play", "--plain", "-", stdin=CLASSIC + "\n")
    assert result.exit_code == 0, result.output
    assert "[4]" in result.stdout and "Goodbye." in result.stdout


def test_play_dash_starts_the_full_screen_game_on_the_piped_puzzle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[PlayApp] = []
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(play_command, "keys_from_terminal", lambda: None)
    monkeypatch.setattr(play_command, "on_terminal", lambda: True)
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append(app))
    result = latinum("play", "-", stdin=f".{CLASSIC[1:]}\n")
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.start_with.game.puzzle.givens[0] == 0
    assert app.start_with.source == "<stdin>"


def test_play_dash_without_a_terminal_is_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "latinum", "play", "-"],
        input=CLASSIC.encode(),
        capture_output=True,
        timeout=60,
        start_new_session=True,  # no controlling terminal: /dev/tty cannot be opened
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode() == (
        "latinum: the puzzle came from standard input and there is no terminal for the keys; "
        "give the puzzle as a file\n"
    )


# One puzzle of a batch: --number ------------------------------------------------------


@pytest.mark.parametrize("command", ["steps", "hint", "compare"])
def test_a_batch_needs_number(command: str, batch: str) -> None:
    line = one_error(latinum(command, batch))
    assert line == f"latinum: {batch} holds 3 puzzles; choose one with --number N"


@pytest.mark.parametrize("command", ["steps", "hint", "compare"])
def test_number_out_of_range_is_one_line(command: str, batch: str, tmp_path: Path) -> None:
    line = one_error(latinum(command, batch, "--number", "4"))
    assert line == f"latinum: {batch} holds 3 puzzles; --number is 1 to 3, not 4"
    single = tmp_path / "one.txt"
    single.write_text(CLASSIC + "\n")
    line = one_error(latinum(command, str(single), "--number", "2"))
    assert line == f"latinum: {single} holds 1 puzzle; --number is 1, not 2"
    assert "Invalid value for '--number'" in latinum(command, batch, "--number", "0").stderr


def test_number_chooses_the_puzzle(batch: str) -> None:
    steps = latinum("steps", "--plain", "--grid", "none", batch, "--number", "2")
    assert steps.exit_code == 0, steps.output
    assert steps.stdout.startswith(f"{batch}, line 2: sudoku 9x9, boxes 3x3, 29 givens\n")
    compare = latinum("compare", "--algorithms", "fast", "--number", "2", batch)
    assert compare.exit_code == 0 and ", line 2: sudoku 9x9, boxes 3x3, 29" in compare.stdout
    several = latinum("hint", batch, "--number", "3")
    assert one_error(several, 1) == f"latinum: {batch}, line 3: more than one solution"
    assert latinum("hint", batch, "--number", "1").stdout == "Look for a Hidden Single.\n"


def test_number_and_standard_input(batch: str) -> None:
    text = Path(batch).read_text()
    line = one_error(latinum("hint", stdin=text))
    assert line == "latinum: <stdin> holds 3 puzzles; choose one with --number N"
    assert latinum("hint", "-", "--number", "2", stdin=text).exit_code == 0


def test_hint_refuses_number_with_state(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(latinum_json.dumps(Puzzle.sudoku(CLASSIC)))
    line = one_error(latinum("hint", "--state", str(game), "--number", "2"))
    assert line == "latinum: --number chooses a puzzle of FILE; not with --state"
    line = one_error(latinum("hint", "--state", str(game), "--example"))
    assert "give only one of" in line


@pytest.fixture
def full_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[PlayApp]:
    started: list[PlayApp] = []
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(play_command, "on_terminal", lambda: True)
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append(app))
    return started


def test_play_full_screen_follows_the_same_rule(full_screen: list[PlayApp], batch: str) -> None:
    line = one_error(latinum("play", batch))
    assert line == f"latinum: {batch} holds 3 puzzles; choose one with --number N"
    line = one_error(latinum("play", batch, "--number", "7"))
    assert line == f"latinum: {batch} holds 3 puzzles; --number is 1 to 3, not 7"
    assert latinum("play", batch, "--number", "2").exit_code == 0
    assert full_screen[0].start_with.source == f"{batch}, line 2"


def test_play_plain_plays_a_batch_in_turn_or_the_one_chosen(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{CLASSIC}\n.{CLASSIC[1:]}\n")
    every = latinum("play", "--plain", str(path), stdin="quit\n")
    assert every.exit_code == 0 and "Puzzle 1 of 2" in every.stdout
    chosen = latinum("play", "--plain", str(path), "--number", "2", stdin="quit\n")
    assert chosen.exit_code == 0 and "of 2" not in chosen.stdout
    assert "29 givens" in chosen.stdout
    line = one_error(latinum("play", "--plain", "--number", "2"))
    assert line == "latinum: --number chooses a puzzle of FILE; give a FILE with it"


# --json -----------------------------------------------------------------------------


def test_check_json(batch: str) -> None:
    result = latinum("check", "--json", batch)
    assert result.exit_code == 1 and result.stderr == ""
    first, _, last = (json.loads(line) for line in result.stdout.splitlines())
    assert first == {
        "puzzle": f"{batch}, line 1",
        "description": "sudoku 9x9, boxes 3x3, 30 givens",
        "valid": True,
        "errors": [],
        "warnings": [],
        "solutions": 1,
        "unique": True,
        "given_solution": None,
    }
    assert (last["solutions"], last["unique"]) == (2, False)


def test_check_json_of_an_invalid_puzzle_and_a_limit() -> None:
    invalid = latinum("check", "--json", stdin="55" + CLASSIC[2:])
    assert invalid.exit_code == 2
    report = json.loads(invalid.stdout)
    assert report["valid"] is False and report["solutions"] is None
    assert any("r1c1 and r1c2 both hold 5" in error for error in report["errors"])
    assert invalid.stderr.startswith("latinum: <stdin>: invalid puzzle: ")
    assert len(invalid.stderr.splitlines()) == 1
    hard = "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5..........."
    stopped = latinum("check", "--json", "--node-limit", "1", stdin=hard)
    assert stopped.exit_code == 3
    report = json.loads(stopped.stdout)
    assert (report["solutions"], report["unique"]) == (None, None)
    assert stopped.stderr.startswith("latinum: <stdin>: ") and "node limit" in stopped.stderr


def test_count_json() -> None:
    result = latinum("count", "--json", "--limit", "1000", stdin="." * 16)
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "puzzle": "<stdin>",
        "count": 288,
        "limit": 1000,
        "exact": True,
    }
    capped = latinum("count", "--json", "--limit", "5", stdin="." * 16)
    assert json.loads(capped.stdout)["exact"] is False
    stopped = latinum("count", "--json", "--limit", "100000", "--node-limit", "5", stdin=EMPTY)
    assert one_error(stopped, 3).startswith("latinum: <stdin>: ")


def test_json_options_are_in_the_help() -> None:
    for command in ("check", "count"):
        helped = latinum(command, "--help").stdout
        assert "--json" in helped and f"latinum {command} --json" in helped


# Files that cannot be read ------------------------------------------------------


def _bad_path(kind: str, tmp_path: Path) -> str:
    if kind == "missing":
        return str(tmp_path / "missing.txt")
    if kind == "directory":
        return str(tmp_path)
    path = tmp_path / f"{kind}.txt"
    path.write_text("" if kind == "empty" else CLASSIC)
    return str(path)


BAD = {
    "missing": "no such file",
    "directory": "is a directory, not a puzzle file",
    "empty": "empty input: no puzzle found",
    "unreadable": "Permission denied",
}


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize("command", [*sorted(READERS), "play"])
def test_a_file_that_cannot_be_read_is_one_line_on_standard_error(
    command: str, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _bad_path(kind, tmp_path)
    if kind == "unreadable":
        real_open = os.open

        def refusing(name, *args, **kwargs):
            if str(name) == path:
                raise PermissionError(13, "Permission denied")
            return real_open(name, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing)
    line = one_error(latinum(command, *READERS.get(command, []), path))
    assert line == f"latinum: {path}: {BAD[kind]}"


def test_check_goes_on_past_a_missing_file(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(CLASSIC + "\n")
    missing = tmp_path / "missing.txt"
    result = latinum("check", str(missing), str(good))
    assert result.exit_code == 2
    assert result.stderr == f"latinum: {missing}: no such file\n"
    assert (
        result.stdout == f"{good}: sudoku 9x9, boxes 3x3, 30 givens: valid, exactly one solution\n"
    )


def test_a_missing_game_state_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "game.json"
    assert (
        one_error(latinum("hint", "--state", str(missing))) == f"latinum: {missing}: no such file"
    )


# Puzzles typed at the prompt ------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solving, "stdin_is_terminal", lambda: True)


@pytest.mark.parametrize("pasted", [CLASSIC, TATHAM], ids=["line", "tatham"])
def test_a_puzzle_pasted_at_the_prompt_is_solved(terminal: None, pasted: str) -> None:
    result = latinum("solve", "--to", "line", stdin=f"{pasted}\nn\n")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert f"Puzzle file: {pasted}\n{SOLVED}\nSolve another puzzle?" in result.stdout


def test_the_prompt_still_reads_files_and_explains_what_is_neither(
    terminal: None, tmp_path: Path
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(CLASSIC + "\n")
    answers = f"{tmp_path / 'missing.txt'}\n{path}\ny\nmissing\n12345\n"
    result = latinum("solve", "--to", "line", stdin=answers)
    assert result.exit_code == 0
    assert result.stdout.count("Puzzle file:") == 5 and SOLVED in result.stdout
    missing, word, digits = result.stderr.splitlines()
    assert missing == f"latinum: {tmp_path / 'missing.txt'}: no such file"
    assert word.startswith("latinum: missing: no such file, nor puzzle text: ")
    assert digits.startswith("latinum: 12345: no such file, nor puzzle text: ")


def test_a_broken_pasted_puzzle_names_the_typed_text(terminal: None) -> None:
    result = latinum("solve", stdin="55" + CLASSIC[2:] + "\nn\n")
    assert result.exit_code == 2
    assert result.stderr.startswith("latinum: <typed>: invalid puzzle: r1c1 and r1c2 both hold 5")


# The solution that came with a puzzle -------------------------------------------


def known(solution: str | tuple[int, ...], givens: str = CLASSIC) -> Puzzle:
    """The classic Sudoku (or ``givens``) with ``solution`` attached."""
    values = tuple(int(c) for c in solution) if isinstance(solution, str) else solution
    return replace(Puzzle.sudoku(givens), solution=values)


WRONG_CELL = SOLVED[:2] + "6" + SOLVED[3:]  # r1c3 is 6 instead of 4
CHANGED_GIVEN = "6" + SOLVED[1:]  # the given 5 at r1c1 becomes 6


@pytest.mark.parametrize(
    ("solution", "givens", "problem"),
    [
        (SOLVED, CLASSIC, None),
        (WRONG_CELL, CLASSIC, "r1c3 is 6, the only solution has 4 there"),
        (CHANGED_GIVEN, CLASSIC, "it changes the given 5 at r1c1 to 6"),
        (SOLVED[:80], CLASSIC, "it has 80 cells, not 81"),
        ("0" + SOLVED[1:], EMPTY, "it breaks a rule: r1c1 is 0, outside 1..9"),
        (SOLVED[1] + SOLVED[1:], EMPTY, "it breaks a rule: row 1 repeats a value"),
        (SOLVED, EMPTY, None),
    ],
    ids=["right", "wrong-cell", "changed-given", "size", "empty-cell", "rule", "one-of-many"],
)
def test_given_solution_problem(solution: str, givens: str, problem: str | None) -> None:
    puzzle = known(solution, givens)
    unique = [Grid.of([int(c) for c in SOLVED])] if givens == CLASSIC else None
    assert given_solution_problem(puzzle, unique) == problem
    assert given_solution_problem(Puzzle.sudoku(CLASSIC), unique) is None


class Unlocated(Iterator[Puzzle]):
    """Puzzles as records of a format read whole: no line is known."""

    line = None

    def __init__(self, puzzles: tuple[Puzzle, ...]) -> None:
        self.puzzles = iter(puzzles)

    def __next__(self) -> Puzzle:
        return next(self.puzzles)


@pytest.fixture
def with_solutions(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Make the reader of every file give these puzzles (as the dataset readers will);
    the files named exist (empty), so that their names are not read as puzzles."""
    monkeypatch.chdir(tmp_path)
    for name in ("data.txt", "ok.txt", "x"):
        (tmp_path / name).touch()

    def give(*puzzles: Puzzle) -> None:
        def stream(path: str, fmt: str | None) -> tuple[formats.Format, Iterator[Puzzle]]:
            return formats.get("line"), Unlocated(puzzles)

        monkeypatch.setattr(common, "stream", stream)

    return give


def test_check_reports_a_wrong_given_solution(with_solutions) -> None:
    with_solutions(known(SOLVED), known(WRONG_CELL), known(CHANGED_GIVEN))
    result = latinum("check", "data.txt")
    assert result.exit_code == 1 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[2] == "data.txt puzzle 2: the given solution is wrong: " + (
        "r1c3 is 6, the only solution has 4 there"
    )
    assert lines[4] == (
        "data.txt puzzle 3: the given solution is wrong: it changes the given 5 at r1c1 to 6"
    )
    assert len(lines) == 5
    report = [json.loads(line) for line in latinum("check", "--json", "x").stdout.splitlines()]
    assert report[0]["given_solution"] == {"correct": True, "problem": None}
    assert report[1]["given_solution"] == {
        "correct": False,
        "problem": "r1c3 is 6, the only solution has 4 there",
    }


def test_check_exits_0_for_a_right_given_solution(with_solutions) -> None:
    with_solutions(known(SOLVED))
    assert latinum("check", "ok.txt").exit_code == 0


def test_solve_reports_a_wrong_given_solution_and_goes_on(with_solutions) -> None:
    with_solutions(known(WRONG_CELL), known(SOLVED))
    result = latinum("solve", "--to", "line", "data.txt")
    assert result.exit_code == 1
    assert result.stdout == f"{SOLVED}\n{SOLVED}\n"
    assert result.stderr == (
        "latinum: data.txt puzzle 1: the given solution is wrong: "
        "r1c3 is 6, the only solution has 4 there\n"
    )
    with_solutions(known(SOLVED, EMPTY))  # several solutions: nothing proven against it
    several = latinum("solve", "x")
    assert several.exit_code == 0 and "more than one solution" in several.stderr


def _json_reader_keeps_solutions() -> bool:
    text = latinum_json.dumps(Puzzle.sudoku(CLASSIC), solution=[int(c) for c in SOLVED])
    return formats.read_text(text)[1][0].solution is not None


@pytest.mark.skipif(
    not _json_reader_keeps_solutions(),
    reason="the JSON reader does not fill Puzzle.solution yet",
)
def test_a_json_solution_key_is_checked_end_to_end(tmp_path: Path) -> None:
    path = tmp_path / "known.jsonl"
    wrong = [int(c) for c in WRONG_CELL]
    path.write_text(latinum_json.dumps(Puzzle.sudoku(CLASSIC), solution=wrong) + "\n")
    for command in ("check", "solve"):
        result = subprocess.run(
            [sys.executable, "-m", "latinum", command, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 1
        assert "the given solution is wrong: r1c3 is 6, the only solution has 4 there" in (
            result.stdout if command == "check" else result.stderr
        )
