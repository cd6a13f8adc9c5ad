"""Batches stream: the reader is lazy, memory does not grow with the input, a bad
record is reported and passed over, and nothing is ever cut silently."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from latinum import ParseError, Puzzle, formats, io, read_all, read_each
from latinum.cli import main
from latinum.formats import records, registry
from latinum.formats.records import SNIFF_CHARS, numbered

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
WAIT = 30  # seconds a test waits for a process before calling it stuck


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def errors(result: Result) -> list[str]:
    return result.stderr.splitlines()


def test_the_reader_yields_a_puzzle_before_the_rest_of_the_input_exists(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzles"
    os.mkfifo(fifo)
    release = threading.Event()
    closed = threading.Event()

    def write() -> None:
        with fifo.open("w") as pipe:
            pipe.write(CLASSIC + "\n")
            pipe.flush()
            release.wait(WAIT)
            pipe.write(HARD + "\n")
        closed.set()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        puzzles = read_each(fifo)
        first = next(puzzles)
        assert not closed.is_set()
        assert first.grid.line() == CLASSIC
    finally:
        release.set()
    assert [puzzle.grid.line() for puzzle in puzzles] == [HARD]
    writer.join(WAIT)


def test_solve_answers_while_its_input_pipe_stays_open() -> None:
    """A solution is printed once the next puzzle comes (or the input ends)."""
    command = [sys.executable, "-m", "latinum", "solve", "--to", "line"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdin and process.stdout
        process.stdin.write(f"{CLASSIC}\n{HARD}\n".encode())
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], WAIT)
        assert ready, "no solution while the pipe stayed open"
        assert process.stdout.readline().decode().strip() == SOLVED
        process.stdin.close()
        assert process.stdout.read().decode().split() == [HARD_SOLVED]
        assert process.wait(WAIT) == 0


@pytest.fixture
def middle(tmp_path: Path) -> Path:
    """Three puzzles with a bad line between the first and the last."""
    path = tmp_path / "middle.txt"
    path.write_text(f"{CLASSIC}\n12345\n{HARD}\n")
    return path


@pytest.mark.parametrize(
    ("command", "out"),
    [
        (["solve", "--to", "line"], [SOLVED, HARD_SOLVED]),
        (["count"], ["1", "1"]),
        (["convert", "--to", "line"], [CLASSIC, HARD]),
    ],
)
def test_a_bad_record_is_reported_and_the_rest_processed(
    middle: Path, command: list[str], out: list[str]
) -> None:
    result = latinum(*command, str(middle))
    assert result.exit_code == 2
    assert result.stdout.split() == out
    assert errors(result) == [
        f"latinum: {middle}, line 2: 5 characters do not make a square grid (N*N for N in 1..25)"
    ]


def test_check_and_rate_go_on_past_a_bad_record(middle: Path) -> None:
    checked = latinum("check", str(middle))
    assert checked.exit_code == 2
    assert [line.split(":")[0] for line in checked.stdout.splitlines()] == [
        f"{middle}, line 1",
        f"{middle}, line 3",
    ]
    rated = latinum("rate", str(middle))
    assert rated.exit_code == 2 and len(rated.stdout.splitlines()) == 2
    assert "line 2" in rated.stderr


def test_one_puzzle_commands_read_no_further_than_the_puzzle_chosen(middle: Path) -> None:
    result = latinum("hint", "--number", "1", str(middle))
    assert result.exit_code == 0, result.output
    assert latinum("hint", "--number", "3", str(middle)).exit_code == 2


def test_an_unreadable_file_does_not_stop_the_others(middle: Path, tmp_path: Path) -> None:
    result = latinum("solve", "--to", "line", str(tmp_path / "missing.txt"), str(middle))
    assert result.exit_code == 2
    assert result.stdout.split() == [SOLVED, HARD_SOLVED]
    assert f"{tmp_path / 'missing.txt'}: no such file" in result.stderr


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        (b"\x00\x01", "a NUL byte (byte 1): binary data, not text"),
        (b"\xff" * 81, "not UTF-8 text (byte 1)"),
        (b"1" * (9 * 1024 * 1024), "a line of over 8 MB"),
    ],
    ids=["binary", "not-utf8", "long-line"],
)
def test_a_broken_line_far_down_is_one_bad_record(tmp_path: Path, bad: bytes, problem: str) -> None:
    """Past the start the format was found on, the puzzles before and after are solved."""
    lines = (SNIFF_CHARS * 2) // (len(CLASSIC) + 1)
    path = tmp_path / "batch.txt"
    path.write_bytes(f"{CLASSIC}\n".encode() * lines + bad + f"\n{CLASSIC}\n".encode())
    result = latinum("solve", "--to", "line", str(path))
    assert result.exit_code == 2
    assert result.stdout.split() == [SOLVED] * (lines + 1)
    [error] = errors(result)
    assert error.startswith(f"latinum: {path}, line {lines + 1}: {problem}")


def test_number_lines_fail_with_one_message_without_reading_them_all() -> None:
    result = latinum("check", "-", stdin="1\n" * 500_000)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert errors(result) == [
        "latinum: <stdin>: not a puzzle in any known format (name one with --from)"
    ]


def test_detection_sees_only_the_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: list[int] = []
    sniff = registry.detect

    def detect(text: str, source: str | None = None, offset: int = 0) -> registry.Format:
        seen.append(len(text))
        return sniff(text, source, offset)

    monkeypatch.setattr(registry, "detect", detect)
    path = tmp_path / "many.txt"
    path.write_text(f"{CLASSIC}\n" * 20_000)
    assert len(read_all(path)) == 20_000
    assert seen and max(seen) <= SNIFF_CHARS


def test_a_format_read_whole_is_refused_not_cut_when_too_large(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(records, "MAX_WHOLE_CHARS", 1000)
    text = "[" + ", ".join(["[" + ", ".join(["0"] * 9) + "]"] * 9) + "]\n"
    assert len(text) < 1000
    assert latinum("solve", "-", stdin=text).exit_code == 0  # read, and one solution printed
    result = latinum("solve", "-", stdin=text * 10)
    assert result.exit_code == 2
    assert errors(result) == [
        "latinum: <stdin>: larger than 0 MB, the most the pylist format reads at once "
        "(one-line puzzles and CSV stream at any length)"
    ]


def test_a_large_batch_on_standard_input_is_read_to_its_last_puzzle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the old 64 MB cut, made small: any length streams."""
    monkeypatch.setattr(io, "CHUNK", 100)
    result = latinum("convert", "--to", "line", "-", stdin=f"{CLASSIC}\n" * 2000 + HARD)
    assert result.exit_code == 0
    lines = result.stdout.split()
    assert len(lines) == 2001 and lines[-1] == HARD


@given(
    lines=st.lists(st.text(alphabet="ab.1\r\u2028é", max_size=12), max_size=12),
    ending=st.sampled_from(["\n", "\r\n"]),
    bom=st.booleans(),
    chunk=st.integers(min_value=1, max_value=20),
)
def test_lines_across_chunks_are_the_lines_of_the_text(
    lines: list[str], ending: str, bom: bool, chunk: int
) -> None:
    text = ending.join(lines)
    data = ("\ufeff" if bom else "").encode() + text.encode()
    chunks = [data[at : at + chunk] for at in range(0, len(data), chunk)]
    assert list(io._lines(chunks, "x")) == list(numbered(text))


def test_a_bad_record_raises_from_the_lazy_reader_when_reached(middle: Path) -> None:
    puzzles = read_each(middle)
    assert next(puzzles).grid.line() == CLASSIC
    with pytest.raises(ParseError, match="line 2"):
        next(puzzles)


@pytest.mark.parametrize("arguments", [["check", "-"], ["solve"]])
def test_a_closed_standard_input_is_one_message(arguments: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "latinum", *arguments],
        capture_output=True,
        text=True,
        timeout=WAIT,
        preexec_fn=lambda: os.close(0),
    )
    assert result.returncode == 2
    assert result.stderr == (
        "latinum: <stdin>: standard input is closed: give a file, or pipe puzzles in\n"
    )


@pytest.mark.parametrize("name", ["csv", "json", "solo"])
def test_every_streamed_format_goes_on_past_a_bad_record(tmp_path: Path, name: str) -> None:
    texts = ["puzzle", CLASSIC, HARD]  # a CSV header and rows
    if name != "csv":
        texts = [formats.write(Puzzle.sudoku(grid), name).strip() for grid in (CLASSIC, HARD)]
    bad = {"csv": "12345", "json": '{"format": "latinum"}', "solo": "3x3:zz"}[name]
    path = tmp_path / f"batch.{name}"
    path.write_text("\n".join([*texts[:-1], bad, texts[-1]]) + "\n")
    result = latinum("solve", "--to", "line", str(path))
    assert result.exit_code == 2
    assert result.stdout.split() == [SOLVED, HARD_SOLVED]
    [error] = errors(result)
    assert error.startswith(f"latinum: {path}, line {len(texts)}")
