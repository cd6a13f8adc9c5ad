"""``latinum play``: choosing the game, and its errors, without a terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from latinum.cli import main
from latinum.cli import play as play_command
from latinum.play.app import SAVE_NAME, PlayApp

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def latinum(*args: str, stdin: str = "q\n"):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def full_screen(monkeypatch, tmp_path) -> list[PlayApp]:
    """Pretend to be on a terminal; the apps that would run are collected."""
    started: list[PlayApp] = []
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(play_command, "on_terminal", lambda: True)
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append(app))
    return started


def test_a_pipe_gets_the_plain_game_of_a_new_puzzle():
    result = latinum(
        "play", "--kind", "kenken", "--size", "4", "--difficulty", "easy", "--seed", "1"
    )
    assert result.exit_code == 0, result.output
    assert "Cage" in result.stdout and "Goodbye." in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--difficulty", "Impossible"], "sudoku levels are Easy, Medium"),
        (["--kind", "kenken", "--difficulty", "Expert"], "kenken levels are Easy, Normal"),
        (["--kind", "chess"], "Invalid value for '--kind'"),
        (["--size", "40"], "Invalid value for '--size'"),
        (["--resume"], "needs a terminal"),
        (["puzzle.txt", "--kind", "killer"], "not with FILE"),
        (["--resume", "--kind", "killer"], "give no puzzle with it"),
    ],
)
def test_bad_options_are_refused(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = latinum("play", *args)
    assert result.exit_code == 2
    assert words in result.output


def test_the_full_screen_game_starts_on_a_file_puzzle(full_screen, tmp_path):
    puzzles = tmp_path / "two.txt"
    puzzles.write_text(SUDOKU + "\n" + SUDOKU.replace("5", ".", 1) + "\n")
    result = latinum("play", str(puzzles), "--number", "2", "--keep-marks")
    assert result.exit_code == 0, result.output
    (app,) = full_screen
    assert app.start_with.game.puzzle.givens[0] == 0
    assert not app.start_with.game.remove_peer_marks
    assert app.start_with.source.endswith(", line 2")
    assert latinum("play", str(puzzles), "--number", "3").exit_code == 2


def test_the_full_screen_game_makes_the_asked_puzzle(full_screen):
    result = latinum("play", "--kind", "killer", "--difficulty", "hard", "--theme", "light")
    assert result.exit_code == 0, result.output
    (app,) = full_screen
    assert app.start_with is None and app.choice.kind == "killer"
    assert app.choice.size == 9 and app.choice.difficulty == "Hard"
    assert app.theme_key == "light"


def test_resume_needs_a_saved_game_that_reads(full_screen, tmp_path):
    result = latinum("play", "--resume")
    assert result.exit_code == 2 and "no saved game to resume" in result.output
    saved = Path(tmp_path) / "latinum" / SAVE_NAME
    saved.parent.mkdir(parents=True)
    saved.write_text("{not json")
    result = latinum("play", "--resume")
    assert result.exit_code == 2
    (moved,) = saved.parent.glob(SAVE_NAME + ".corrupt-*")
    assert moved.read_text() == "{not json" and not saved.exists()
    assert f"the saved game cannot be read: {saved}, line 1" in result.output
    assert f"it was moved to {moved}" in " ".join(result.output.split())
    assert not full_screen
