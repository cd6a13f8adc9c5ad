"""``solve`` and ``count`` over one-line files answer chunks of lines in Rust, with
the same output, messages and exit status as the puzzle-by-puzzle path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from conftest import needs_native
from latinum.cli import line_batch, main, solving
from latinum.solver.engines import VARIABLE

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
#: Every kind of line Rust leaves aside, between puzzles it answers.
MESSY = [
    "# a comment",
    "",
    PUZZLE,
    f"{PUZZLE} {SOLUTION}",
    f"{PUZZLE},{SOLUTION.replace('5', '6', 1)}",
    "x" + PUZZLE[1:],
    "55" + PUZZLE[2:],
    PUZZLE[1:],
    "12" + PUZZLE[2:],
    "." * 81,
    "*" + PUZZLE[1:] + "  ",
    "." * 25,
    "1...",
    "0" + "." * 255,
    "." * 256,
    "\t" + PUZZLE,
]
#: A path past every limit, so that the command takes the puzzle-by-puzzle path.
SLOW = ["--node-limit", str(10**15)]
MODES = [
    ["solve", "--to", "line"],
    ["solve", "--first", "--to", "line"],
    ["solve"],
    ["count"],
    ["count", "--limit", "5", "--json"],
]


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def messy_file(tmp_path: Path, repeat: int = 5) -> Path:
    """MESSY, then puzzles and open grids, a line of bytes that are not UTF-8 among them."""
    text = "\n".join(MESSY + [PUZZLE, "." * 81, PUZZLE] * repeat).encode()
    path = tmp_path / "messy.txt"
    path.write_bytes(text + b"\n\xff\xfe\n" + PUZZLE.encode() + b"\r\n")
    return path


def same(fast: Result, slow: Result) -> None:
    assert (fast.stdout, fast.stderr, fast.exit_code) == (slow.stdout, slow.stderr, slow.exit_code)


@pytest.fixture
def rust_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The chunk sizes the commands hand to Rust."""
    calls: list[int] = []
    for name in ("first_lines", "check_lines", "counts_of_lines"):
        original = getattr(solving, name)

        def counted(texts: list[str], *args: object, original=original) -> list:
            calls.append(len(texts))
            return original(texts, *args)

        monkeypatch.setattr(solving, name, counted)
    return calls


@needs_native
@pytest.mark.parametrize("mode", MODES, ids=" ".join)
def test_chunks_answer_as_puzzles_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rust_calls: list[int], mode: list[str]
) -> None:
    monkeypatch.setenv(VARIABLE, "native")
    monkeypatch.setattr(line_batch, "CHUNK", 7)
    path = str(messy_file(tmp_path))
    fast = run(*mode, path, path)
    assert rust_calls and max(rust_calls) == 7
    slow = run(*mode, *SLOW, path, path)
    same(fast, slow)
    assert fast.exit_code == 2 and fast.stderr.count("\n") >= 6
    assert "messy.txt, line 6, column 1: letter 'x'" in fast.stderr
    if mode[0] == "solve" and "--first" not in mode:
        assert "line 10 (puzzle 8): more than one solution; printed one" in fast.stderr
    monkeypatch.setenv(VARIABLE, "python")
    pure = run(*mode, path, path)
    assert (pure.stderr, pure.exit_code) == (slow.stderr, slow.exit_code)
    if mode[0] == "count":  # of several solutions, the engines may print others
        assert pure.stdout == slow.stdout


@needs_native
@pytest.mark.parametrize("mode", MODES, ids=" ".join)
def test_standard_input_and_other_sources_mix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rust_calls: list[int], mode: list[str]
) -> None:
    monkeypatch.setenv(VARIABLE, "native")
    monkeypatch.setattr(line_batch, "CHUNK", 4)
    one = tmp_path / "one.txt"
    one.write_text(f"# one puzzle\n{'.' * 81}\n")
    grid = tmp_path / "grid.txt"
    grid.write_text("1 2\n2 1\n")
    lines = "\n".join([PUZZLE, "." * 16] * 5)
    sources = ["-", str(one), str(grid), PUZZLE, str(tmp_path / "absent.txt")]
    fast = run(*mode, *sources, stdin=lines)
    assert rust_calls
    same(fast, run(*mode, *SLOW, *sources, stdin=lines))
    assert "absent.txt: no such file" in fast.stderr
    if mode[0] == "solve" and "--first" not in mode:
        # A file of one puzzle is named alone, as always.
        assert f"{one}: more than one solution" in fast.stderr


@needs_native
def test_options_that_need_each_puzzle_take_the_usual_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rust_calls: list[int]
) -> None:
    monkeypatch.setenv(VARIABLE, "native")
    path = str(messy_file(tmp_path))
    for args in (
        ["solve", "--stats"],
        ["solve", "--to", "grid"],
        ["solve", "--to", "csv"],
        ["solve", "--time-limit", "5"],
        ["solve", "--algorithm", "backtrack"],
        ["solve", "--example"],
        ["count", "--jobs", "2"],
    ):
        run(*args, path)
    assert rust_calls == []
    run("solve", "--to", "oneline", path)
    assert rust_calls


def test_without_rust_the_usual_path_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rust_calls: list[int]
) -> None:
    monkeypatch.setenv(VARIABLE, "python")
    result = run("solve", "--to", "line", str(messy_file(tmp_path, repeat=1)))
    assert rust_calls == [] and result.stdout.startswith(SOLUTION + "\n")


@needs_native
def test_a_pipe_is_answered_in_order(tmp_path: Path) -> None:
    path = messy_file(tmp_path, repeat=400)
    env = {**os.environ, VARIABLE: "native"}
    command = [sys.executable, "-m", "latinum", "solve", "--to", "line"]
    piped = subprocess.run(
        command, input=path.read_bytes(), capture_output=True, env=env, timeout=120, check=False
    )
    from_file = run("solve", "--to", "line", *SLOW, str(path))
    assert piped.stdout.decode() == from_file.stdout
    assert piped.stderr.decode() == from_file.stderr.replace(str(path), "<stdin>")
