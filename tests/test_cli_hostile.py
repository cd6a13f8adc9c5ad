"""A hostile user's inputs: one clear line, a non-zero status, no traceback, no hang."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from latinum.cli import main

NO_SOLUTION = {
    "keen": "3:a_a3_a_,m3a7s1s1\n",
    "mathdoku": "aab\ncdb\ncde\na 2 *\nb 3 *\nc 5 +\nd 5 +\ne 2 =\n",
    "killer": "2x2k:p,abbba____________,3a6a7a3a3a7a7a3a\n",
}
SEVERAL = ".................................................................................\n"
SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
HARD = "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........\n"


def run(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of ``latinum ARGS``."""
    result = subprocess.run(
        [sys.executable, "-m", "latinum", *args],
        input=stdin,
        capture_output=True,
        timeout=30,
        cwd=cwd,
    )
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def one_line(stderr: str, *words: str) -> str:
    """The one line of ``stderr`` (or of a check report), checked to hold every word
    and no traceback."""
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    for word in words:
        assert word in lines[0], stderr
    return lines[0]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("char", ["ß", "ﬁ", "İ", "ſ"])
def test_a_letter_whose_capital_is_two_letters(char: str) -> None:
    grid = f"{char} . . .\n. . . .\n. . . .\n. . . .\n"
    status, stdout, stderr = run("check", "-", stdin=grid.encode())
    assert status == 2
    one_line(stdout + stderr, "<stdin>", "line 1", repr(char))


@pytest.mark.parametrize(
    ("minus", "words"), [(500, ["line 1", "not a number"]), (20_000, ["nested too deeply"])]
)
def test_a_pylist_value_behind_many_minus_signs(
    tmp_path: Path, minus: int, words: list[str]
) -> None:
    path = write(tmp_path, "deep.py.txt", "[[" + "-" * minus + "1, 0], [0, 0]]\n")
    status, stdout, stderr = run("check", path)
    assert status == 2
    one_line(stdout + stderr, path, *words)


@pytest.mark.parametrize("kind", sorted(NO_SOLUTION))
@pytest.mark.parametrize("command", ["steps", "rate", "hint", "solve"])
def test_a_cage_puzzle_with_no_solution(tmp_path: Path, kind: str, command: str) -> None:
    path = write(tmp_path, f"{kind}.txt", NO_SOLUTION[kind])
    status, stdout, stderr = run(command, path)
    assert status == 1
    assert "Solved" not in stdout and "Easy" not in stdout
    assert one_line(stderr, path) == f"latinum: {path}: no solution"


@pytest.mark.parametrize("command", ["steps", "rate", "hint"])
def test_a_puzzle_with_several_solutions(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, "empty.txt", SEVERAL)
    status, stdout, stderr = run(command, path)
    assert (status, stdout) == (1, "")
    assert one_line(stderr, path) == f"latinum: {path}: more than one solution"


def test_an_empty_25x25_is_refused_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "empty25.txt", "." * 625 + "\n")
    for command in ("steps", "rate", "hint"):
        status, _, stderr = run(command, path)
        assert status == 1
        one_line(stderr, "more than one solution")


def test_solve_says_when_it_printed_one_of_several(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", SEVERAL)
    status, stdout, stderr = run("solve", path)
    assert status == 0 and len(stdout.split()) == 1
    assert one_line(stderr, path, "more than one solution")
    assert run("solve", "--first", path)[2] == ""


@pytest.mark.parametrize("digits", [19, 4000])
def test_a_huge_product_target_is_refused_at_once(tmp_path: Path, digits: int) -> None:
    target = "1" + "0" * (digits - 2) + "3"
    path = write(tmp_path, "big.txt", f"3:a_a3_a_,m{target}a7s1s1\n")
    started = time.monotonic()
    status, _, stderr = run("solve", "--time-limit", "1", path)
    assert time.monotonic() - started < 20
    assert status == 2
    one_line(stderr, path, "multiply to at most 9")


@pytest.mark.parametrize("command", ["steps", "rate", "hint"])
def test_limits_of_the_explaining_commands(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, "hard.txt", HARD)
    status, _, stderr = run(command, "--node-limit", "1", path)
    assert status == 3
    one_line(stderr, path, "node limit")
    status, _, stderr = run(command, "--time-limit", "0.001", path)
    assert status == 3
    one_line(stderr, "time limit")


def test_steps_keeps_the_steps_made_before_the_time_limit(tmp_path: Path) -> None:
    path = write(tmp_path, "hard.txt", HARD)
    status, stdout, stderr = run("steps", "--plain", "--time-limit", "0.5", path)
    assert status == 3
    one_line(stderr, path, "stopped at the time limit after")
    assert "Solved" not in stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_with_no_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    status, stdout, stderr = run("check", str(fifo))
    assert status == 2
    one_line(stdout + stderr, str(fifo), "FIFO")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_with_a_writer_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"sleep 0.2; printf '{SUDOKU.strip()}\\n' > {fifo}"])
    status, stdout, _ = run("check", str(fifo))
    writer.wait(timeout=10)
    assert status == 0 and "exactly one solution" in stdout


def test_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "secret.txt", SUDOKU)
    real_open = os.open

    def refusing(name, *args, **kwargs):
        if str(name) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)
    for command in ("check", "solve", "rate", "steps", "hint"):
        result = CliRunner().invoke(main, [command, path])
        assert result.exit_code == 2
        assert one_line(result.output).endswith(f"{path}: Permission denied")
