"""``latinum serve``: its options, checked before the server starts, and the server's
own behaviour that needs no browser (the browser tests are in test_serve_browser.py)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from click.testing import CliRunner

from latinum import Puzzle
from latinum.cli import main
from latinum.cli import play as play_cli
from latinum.cli.serving import play_arguments
from latinum.play import serve as web
from latinum.play.app import PlayApp
from latinum.play.screen import too_small
from playing import SUDOKU


def latinum(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def served(monkeypatch, tmp_path) -> list[tuple]:
    """The servers that would start, collected instead of run."""
    pytest.importorskip("textual_serve")
    started: list[tuple] = []
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(web, "serve", lambda *args: started.append(args))
    return started


def test_the_puzzle_options_reach_every_tabs_game(served, tmp_path):
    puzzles = tmp_path / "two.txt"
    puzzles.write_text(SUDOKU + "\n" + SUDOKU + "\n")
    result = latinum("serve", str(puzzles), "--number", "2", "--keep-marks", "--port", "8123")
    assert result.exit_code == 0, result.output
    (arguments, host, port, _announce) = served[0]
    assert arguments == [str(puzzles.resolve()), "--number", "2", "--keep-marks"]
    assert (host, port) == ("127.0.0.1", 8123)
    assert "warning" not in result.stderr and "stopped" in result.stderr


def test_a_new_puzzle_is_described_by_its_options(served):
    result = latinum("serve", "--kind", "kenken", "--size", "5", "--difficulty", "hard")
    assert result.exit_code == 0, result.output
    assert served[0][0] == ["--kind", "kenken", "--size", "5", "--difficulty", "hard"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--difficulty", "Impossible"], "sudoku levels are Easy, Medium"),
        (["puzzle.txt", "--kind", "killer"], "not with FILE"),
        (["-"], "give a file, not '-'"),
        (["missing.txt"], "missing.txt"),
        (["--resume"], "no saved game to resume"),
        (["--number", "2"], "give a FILE with it"),
        (["--port", "0"], "Invalid value for '--port'"),
    ],
)
def test_bad_options_are_refused_before_serving(served, args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = latinum("serve", *args)
    assert result.exit_code == 2
    assert words in result.output
    assert not served


def test_a_save_that_cannot_be_read_is_set_aside_before_serving(served, tmp_path):
    saved = tmp_path / "latinum" / "game.json"
    saved.parent.mkdir()
    saved.write_text("{}")
    result = latinum("serve", "--resume")
    assert result.exit_code == 2 and not served
    (moved,) = saved.parent.glob("game.json.corrupt-*")
    assert "it was moved to" in result.stderr and moved.read_text() == "{}"


def test_a_puzzle_file_is_checked_before_serving(served, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("55" + SUDOKU[2:] + "\n")
    result = latinum("serve", str(bad))
    assert result.exit_code == 2
    assert "bad.txt" in result.stderr and not served


def test_listening_beyond_this_machine_warns(served):
    result = latinum("serve", "--host", "0.0.0.0")
    assert result.exit_code == 0, result.output
    assert "warning: listening on 0.0.0.0" in result.stderr


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.8.9.1", True), ("localhost", True), ("::1", True),
     ("[::1]", True), ("0.0.0.0", False), ("192.168.1.4", False), ("example.org", False)],
)  # fmt: skip
def test_loopback_hosts(host, loopback):
    assert web.is_loopback(host) is loopback


def test_without_the_web_extra_it_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    result = latinum("serve")
    assert result.exit_code == 2
    assert (
        result.stderr == "latinum: latinum serve needs textual-serve: pip install 'latinum[web]'\n"
    )


def test_a_port_in_use_is_one_clear_line(tmp_path):
    pytest.importorskip("textual_serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "latinum", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"XDG_STATE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
    assert result.returncode == 2
    assert (
        result.stderr
        == f"latinum: port {port} of 127.0.0.1 is in use: choose another with --port\n"
    )
    assert "Traceback" not in result.stderr


def test_play_arguments_keep_values_and_flags():
    options = {"--kind": "killer", "--seed": None, "--resume": False, "--keep-marks": True}
    assert play_arguments(None, options) == ["--kind", "killer", "--keep-marks"]
    assert play_arguments("/p.txt", {"--number": 3}) == ["/p.txt", "--number", "3"]


def test_a_tabs_game_is_the_full_screen_one(monkeypatch, tmp_path):
    started: list[PlayApp] = []
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    monkeypatch.setattr(play_cli, "on_terminal", lambda: False)
    monkeypatch.setattr(PlayApp, "run", lambda app: started.append(app))
    result = latinum("play", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert len(started) == 1


def test_too_small_names_what_the_game_needs():
    sudoku = Puzzle.sudoku(SUDOKU)
    assert too_small(sudoku, 80, 24) is None
    problem = too_small(sudoku, 40, 30)
    assert problem.startswith("This window is too small for the 9x9 Sudoku: the game needs")
    assert "has 40x30" in problem
