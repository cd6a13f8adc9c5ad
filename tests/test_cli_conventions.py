"""What a newcomer meets first: a puzzle typed on the command line, ``latinum`` alone,
``--version`` and ``doctor``, colours, and the state folder."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum.cli import main
from latinum.solver import engines

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SMALL = "4......23......3"
ESCAPE = "\x1b["
#: A terminal code that sets a colour (bold and dim are not colours).
COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7])(?:;[0-9;]*)?m")
#: The colour variables, cleared for a run and restored after it.
UNCOLOURED = {"NO_COLOR": None, "FORCE_COLOR": None}


def latinum(*args: str, stdin: str | None = None, **env: str | None) -> Result:
    return CliRunner().invoke(
        main, list(args), input=stdin, env={**UNCOLOURED, **env}, prog_name="latinum"
    )


def from_file(tmp_path: Path, *args: str) -> Result:
    puzzle = tmp_path / "classic.txt"
    puzzle.write_text(CLASSIC + "\n")
    return latinum(*args, str(puzzle))


# A puzzle typed where a file goes -----------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--to", "line"],
        ["count"],
        ["check"],
        ["rate"],
        ["steps"],
        ["hint", "--level", "3"],
        ["convert", "--to", "solo"],
        ["show"],
    ],
    ids=lambda args: args[0],
)
def test_a_typed_puzzle_reads_as_the_same_puzzle_in_a_file(tmp_path: Path, args) -> None:
    typed = latinum(*args, CLASSIC)
    filed = from_file(tmp_path, *args)
    assert typed.exit_code == filed.exit_code == 0, typed.output
    assert typed.stdout == filed.stdout.replace(str(tmp_path / "classic.txt"), "<argument 1>")


def test_a_typed_puzzle_is_solved_and_named_by_its_position(tmp_path: Path) -> None:
    assert latinum("solve", "--to", "line", CLASSIC).stdout == CLASSIC_SOLVED + "\n"
    broken = "55" + CLASSIC[2:]
    both = latinum("check", CLASSIC, broken)
    assert both.exit_code == 2
    assert "<argument 1>: sudoku 9x9, boxes 3x3, 30 givens: valid" in both.stdout
    assert "<argument 2>: r1c1 and r1c2 both hold 5" in both.stdout


def test_a_tatham_game_id_can_be_typed() -> None:
    solo = latinum("convert", "--to", "solo", CLASSIC).stdout.strip()
    assert latinum("solve", "--to", "line", solo).stdout == CLASSIC_SOLVED + "\n"


def test_a_file_wins_over_text_of_the_same_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path(SMALL).write_text(CLASSIC + "\n")
    assert latinum("solve", "--to", "line", SMALL).stdout == CLASSIC_SOLVED + "\n"


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("puzzles.txt", "latinum: puzzles.txt: no such file\n"),
        ("data/puzzles", "latinum: data/puzzles: no such file\n"),
        (CLASSIC[:40], f"latinum: {CLASSIC[:40]}: no such file, nor puzzle text: "),
    ],
)
def test_text_that_is_neither_a_file_nor_a_puzzle(argument: str, message: str) -> None:
    for command in ("solve", "hint"):
        result = latinum(command, argument)
        assert result.exit_code == 2
        assert result.stderr.startswith(message)
        assert len(result.stderr.splitlines()) == 1


def test_help_says_a_puzzle_may_be_typed() -> None:
    for command in ("solve", "count", "check", "rate", "steps", "hint", "convert", "play"):
        text = " ".join(latinum(command, "--help").stdout.split())
        assert "an argument that names no file is read as puzzle text" in text, command


# latinum alone, --version, doctor ------------------------------------------------


def test_latinum_alone_prints_the_help_and_succeeds() -> None:
    result = latinum()
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: latinum [OPTIONS] ")  # COMMAND, in click's words
    assert "doctor" in result.stdout and "help" in result.stdout


def test_version_says_the_native_engine_is_built_or_not(monkeypatch) -> None:
    monkeypatch.delenv(engines.VARIABLE, raising=False)
    built = engines.native_module() is not None
    lines = latinum("--version").stdout.splitlines()
    assert lines[2] == (
        "native engine: built" if built else f"native engine: {engines.build_state()}"
    )
    monkeypatch.setattr(engines, "native_module", lambda: None)
    result = latinum("--version")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == [
        "engine: python (pure)",
        "native engine: not built (there was no Rust toolchain when latinum was installed); "
        "the pure-Python engine solves, more slowly",
    ]


def test_doctor_reports_the_install(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv(engines.VARIABLE, raising=False)
    (tmp_path / "best-times.json").write_text("{}")
    result = latinum("doctor", LATINUM_STATE_DIR=str(tmp_path))
    assert result.exit_code == 0, result.output
    labels = [line.split()[0] for line in result.stdout.splitlines() if not line.startswith(" ")]
    assert labels == ["latinum", "engine", "extras", "state", "terminal", "more"]
    assert f"{tmp_path} (from LATINUM_STATE_DIR" in result.stdout
    assert "holds best-times.json" in result.stdout
    assert "output: not a terminal" in result.stdout
    for extra in ("print", "web", "docs", "test"):
        assert f" {extra}: " in result.stdout


def test_doctor_names_each_problem_and_fails(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(engines, "native_module", lambda: None)
    blocked = tmp_path / "file"
    blocked.write_text("")
    result = latinum("doctor", LATINUM_ENGINE="native", LATINUM_STATE_DIR=str(blocked))
    assert result.exit_code == 1
    assert "native: not built" in result.stdout
    assert "problem: LATINUM_ENGINE=native, but the native engine was not built" in result.stdout
    assert "problem: it is not a folder latinum can write to" in result.stdout


def test_generate_help_says_what_comes_without_a_difficulty() -> None:
    text = " ".join(latinum("generate", "--help").stdout.split())
    assert "Without it, each puzzle is the first one made, at whatever level comes" in text


# Colours --------------------------------------------------------------------------


def colours(*args: str, stdin: str | None = None, **env: str) -> str:
    """The standard output of ``latinum args`` run in its own process, through a pipe."""
    environ = {k: v for k, v in os.environ.items() if k not in UNCOLOURED}
    command = [sys.executable, "-m", "latinum", *args]
    return subprocess.run(
        command, input=stdin, env={**environ, **env}, capture_output=True, text=True, check=True
    ).stdout


def test_color_forces_colours_into_a_pipe_and_no_color_or_NO_COLOR_removes_them() -> None:
    steps = ["steps", SMALL]
    assert ESCAPE not in colours(*steps)
    assert ESCAPE in colours("--color", *steps)
    assert ESCAPE in colours(*steps, "--color")
    assert ESCAPE not in colours(*steps, "--no-color", FORCE_COLOR="1")
    assert ESCAPE not in colours("--no-color", *steps, FORCE_COLOR="1")
    coloured = colours(*steps, FORCE_COLOR="1")
    assert COLOUR.search(coloured)
    assert not COLOUR.search(colours(*steps, FORCE_COLOR="1", NO_COLOR="1"))
    assert COLOUR.search(colours(*steps, "--color", NO_COLOR="1"))


def test_every_command_takes_color_options() -> None:
    for name in main.list_commands(None):  # type: ignore[arg-type]
        text = latinum(name, "--help").stdout
        assert "--color / --no-color" in text, name


def test_the_line_game_underlines_entries_only_with_colours(tmp_path: Path) -> None:
    game = ["play", "--plain", SMALL]
    moves = "1 2 1\nquit\n"
    state = str(tmp_path)
    assert ESCAPE in colours(*game, stdin=moves, FORCE_COLOR="1", LATINUM_STATE_DIR=state)
    assert ESCAPE in colours("--color", *game, stdin=moves, LATINUM_STATE_DIR=state)
    assert ESCAPE not in colours(
        *game, "--no-color", stdin=moves, FORCE_COLOR="1", LATINUM_STATE_DIR=state
    )


# The state folder -------------------------------------------------------------------


def test_latinum_state_dir_moves_the_game_state(tmp_path: Path, monkeypatch) -> None:
    from latinum.play.app import PlayApp

    monkeypatch.setenv("LATINUM_STATE_DIR", str(tmp_path / "state"))
    assert PlayApp().directory == tmp_path / "state"
    result = latinum("doctor", LATINUM_STATE_DIR=str(tmp_path / "state"))
    assert "not made yet: the first game makes it" in result.stdout
