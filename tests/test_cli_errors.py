"""Bad input through the real command: exit status 2, one clear line, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from latinum import Puzzle, formats

VALID = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
GRID_ROWS = [VALID[i : i + 9] for i in range(0, 81, 9)]
HUGE = "9" * 5000
JSON_HUGE = (
    '{"format": "latinum", "version": 1, "variant": "kenken", "size": 2, '
    f'"cages": [{{"op": "*", "target": {HUGE}, "cells": [0, 1, 2, 3]}}]}}\n'
)
MATHDOKU = "aab\ncdb\ncee\na 3 +\nb 4 +\nc 5 +\nd 1 =\ne 3 +\n"

# name, file content (str or bytes), extra arguments, words the message must contain
CASES: list[tuple[str, str | bytes, list[str], list[str]]] = [
    ("truncated-line", VALID[:80] + "\n", [], ["80"]),
    ("truncated-grid", "\n".join(GRID_ROWS[:8]) + "\n", [], []),
    (
        "wrong-row-length",
        "\n".join([*GRID_ROWS[:4], GRID_ROWS[4][:7], *GRID_ROWS[5:]]),
        [],
        ["line 5"],
    ),
    (
        "letter-in-grid",
        "\n".join([*GRID_ROWS[:2], "x" + GRID_ROWS[2][1:], *GRID_ROWS[3:]]),
        [],
        ["3"],
    ),
    ("letter-in-line", VALID[:40] + "?" + VALID[41:] + "\n", [], []),
    ("value-above-size", "123434122143435.\n", [], ["5"]),
    ("26x26", "." * 676 + "\n", [], ["25"]),
    ("duplicate-in-row", "55" + VALID[2:] + "\n", [], ["r1c1", "r1c2"]),
    ("duplicate-in-box", "5" + "." * 9 + "5" + "." * 70 + "\n", [], ["r1c1", "r2c2"]),
    ("empty-file", "", [], ["empty"]),
    ("only-blank-lines", "\n\n   \n", [], ["no puzzle found", "only blank lines"]),
    ("binary-garbage", bytes(range(256)) * 4, [], ["binary"]),
    ("not-utf8", b"\xff\xfe\xfa" + b"5" * 78, [], ["UTF-8"]),
    ("calcudoku-cell-999", "2\n5 0 1 2 3 4 5 6 7 8 9 10 11 12\n9 13 14 15 999\n", [], ["999"]),
    ("calcudoku-overlap", "2\n10 0 1 2 3 4 5 6 7\n10 7 8 9 10 11 12 13 14 15\n", [], []),
    ("calcudoku-count-not-number", "two\n5 0 1\n", ["--from", "calcudoku"], ["line 1"]),
    ("calcudoku-too-few-cages", "3\n10 0 1 2 3\n", ["--from", "calcudoku"], []),
    ("mathdoku-three-cell-minus", "aab\ncab\nccb\na 1 -\nb 6 +\nc 6 *\n", [], ["2 cells"]),
    (
        "mathdoku-blank-in-grid",
        "aab\n\ncdb\ncee\na 3 +\nb 4 +\nc 5 +\nd 1 =\ne 3 +\n",
        [],
        ["line 2"],
    ),
    ("mathdoku-unknown-op", MATHDOKU.replace("a 3 +", "a 3 %"), ["--from", "mathdoku"], ["line 4"]),
    ("mathdoku-missing-group", MATHDOKU.replace("e 3 +\n", ""), ["--from", "mathdoku"], ["e"]),
    (
        "mathdoku-bad-result",
        MATHDOKU.replace("a 3 +", "a three +"),
        ["--from", "mathdoku"],
        ["line 4"],
    ),
    (
        "mathdoku-two-cell-equals",
        MATHDOKU.replace("d 1 =", "d 1 =").replace("cdb", "ddb").replace("c 5 +", "c 3 +"),
        ["--from", "mathdoku"],
        ["1 cell"],
    ),
    ("keen-truncated", "5:a_b,a3\n", ["--from", "keen"], []),
    ("keen-bad-params", "0x:abc,a3\n", ["--from", "keen"], []),
    ("solo-too-many-cells", "2x2:z\n", ["--from", "solo"], []),
    ("json-not-object", "[1, 2, 3]\n", ["--from", "json"], []),
    (
        "json-bad-version",
        '{"format": "latinum", "version": 99, "variant": "sudoku"}\n',
        [],
        ["version"],
    ),
    ("json-missing-field", '{"format": "latinum", "version": 1, "variant": "sudoku"}\n', [], []),
    ("pylist-short-row", "[[1, 2, 3, 4], [3, 4, 1], [2, 1, 4, 3], [4, 3, 2, 1]]\n", [], []),
    ("pylist-code", "__import__('os').system('echo hacked')\n", ["--from", "pylist"], []),
    ("kenken-prime-factor", "aab\ncdb\ncee\na 14 *\nb 4 +\nc 5 +\nd 1 =\ne 3 +\n", [], ["prime"]),
    ("killer-impossible-sum", "", [], ["cannot sum to 9"]),  # content built below
    ("huge-line", None, [], ["MB"]),  # 50 MB of one line, written by the fixture
    ("json-nested-too-deeply", '{"a":' * 100_000 + "1" + "}" * 100_000, [], ["nested"]),
    ("json-huge-number", JSON_HUGE, [], ["line 1", "too long"]),
    ("mathdoku-huge-result", f"ab\nab\na {HUGE} +\nb 3 +\n", [], ["line 3", "too long"]),
    ("calcudoku-huge-sum", f"2\n{HUGE} 0 1\n3 2 3\n", [], ["line 2", "too long"]),
    ("keen-huge-clue", f"4:_a_a__a_ba_a__a__,m{HUGE}m4s1a5d2s2a7d2\n", [], ["too long"]),
    ("solo-huge-given", f"2x2:{HUGE}o\n", [], ["too long"]),
    ("pylist-huge-value", f"[[{HUGE}, 0], [0, 0]]\n", [], ["too long"]),
]


def _content(name: str, content: str | bytes | None) -> bytes:
    if name == "killer-impossible-sum":
        # A 4x4 Killer whose first cage asks two distinct digits for 9, beyond 3+4.
        cages = [(9, [0, 1]), *((4, [cell]) for cell in range(2, 16))]
        return formats.write(Puzzle.killer(cages, box=(2, 2)), "solo").encode()
    if content is None:
        return b"1" * (50 * 1024 * 1024 + 10)
    return content if isinstance(content, bytes) else content.encode()


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "latinum", *args],
        input=stdin,
        capture_output=True,
        timeout=20,
    )


@pytest.mark.parametrize(("name", "content", "extra", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_one_clear_line(
    tmp_path: Path, name: str, content: str | bytes | None, extra: list[str], words: list[str]
) -> None:
    path = tmp_path / f"{name}.txt"
    path.write_bytes(_content(name, content))
    result = _run("solve", *extra, str(path))
    message = result.stderr.decode()
    assert result.returncode == 2, message
    assert "Traceback" not in message
    lines = message.strip().splitlines()
    assert len(lines) == 1, message
    assert str(path) in lines[0], message
    for word in words:
        assert word in lines[0], message


def test_missing_file() -> None:
    result = _run("solve", "/no/such/puzzle.txt")
    assert result.returncode == 2
    assert result.stderr.decode().strip() == "latinum: /no/such/puzzle.txt: no such file"


def test_directory(tmp_path: Path) -> None:
    result = _run("solve", str(tmp_path))
    assert result.returncode == 2 and "directory" in result.stderr.decode()


def test_bad_input_on_standard_input() -> None:
    result = _run("solve", stdin=b"12345\n")
    assert result.returncode == 2
    assert result.stderr.decode().startswith("latinum: <stdin>")


def test_unknown_output_format(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(VALID + "\n")
    result = _run("convert", "--to", "nonsense", str(path))
    assert result.returncode == 2 and "nonsense" in result.stderr.decode()


def test_unknown_input_format(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(VALID + "\n")
    result = _run("solve", "--from", "nonsense", str(path))
    assert result.returncode == 2 and "nonsense" in result.stderr.decode()
