"""The ``latinum`` command on good input: outputs, formats and exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Grid, Puzzle, read
from latinum.cli import main

CAGE = Path(__file__).parent / "fixtures" / "cage"
FORMATS = Path(__file__).parent / "fixtures" / "formats"
SOLVER = Path(__file__).parent / "fixtures" / "solver"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("kind", ["sudoku", "kenken", "killer"])
def test_examples_solve_and_show(kind: str) -> None:
    solved = latinum("solve", "--example", kind, "--to", "line")
    assert solved.exit_code == 0, solved.output
    example = latinum("convert", "--example", kind, "--to", "json")
    puzzle = read(example.stdout)
    assert puzzle.is_solution(Grid.of([int(c, 36) for c in solved.stdout.strip()]))
    shown = latinum("show", "--example", kind)
    assert shown.exit_code == 0 and f"example {kind}: {kind}" in shown.stdout


def test_default_example_is_a_sudoku_grid() -> None:
    result = latinum("solve", "--example")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "5 3 4 6 7 8 9 1 2"


@pytest.mark.parametrize("number", [1, 2, 3])
def test_calcudoku_course_output_is_byte_for_byte(number: int) -> None:
    text = (CAGE / f"test{number}_in.in").read_text()
    result = latinum("solve", stdin=text)
    assert result.exit_code == 0, result.output
    assert result.stdout == (CAGE / f"test{number}_out.out").read_text()


def test_batch_solves_in_input_order_one_per_line(tmp_path: Path) -> None:
    lines = (SOLVER / "sudoku9.txt").read_text().split()
    puzzles, answers = lines[::2], lines[1::2]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(puzzles) + "\n")
    result = latinum("solve", "--to", "line", str(batch))
    assert result.exit_code == 0
    assert result.stdout.split() == answers


def test_standard_input_and_dash() -> None:
    assert latinum("solve", stdin=CLASSIC).stdout.strip() == CLASSIC_SOLVED
    assert latinum("solve", "-", stdin=CLASSIC).stdout.strip() == CLASSIC_SOLVED


def test_solve_prints_in_the_input_family() -> None:
    grid = latinum("solve", str(FORMATS / "puzzle.sdk"))
    rows = grid.stdout.splitlines()
    assert len(rows) == 9 and all(len(row.split()) == 9 for row in rows)
    boxed = latinum("solve", "--to", "boxed", stdin=CLASSIC)
    assert boxed.stdout.startswith("+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |")
    mathdoku = latinum("solve", str(CAGE / "mathdoku-Input_6.txt"))
    assert mathdoku.stdout.splitlines()[0] == "614253"


def test_solve_a_kenken_as_a_plain_grid() -> None:
    result = latinum("solve", "--to", "line", str(FORMATS / "keen-id.txt"))
    assert result.exit_code == 0 and result.stdout.strip() == "312123231"


def test_stats_go_to_standard_error() -> None:
    result = latinum("solve", "--stats", stdin=CLASSIC)
    assert result.stdout.strip() == CLASSIC_SOLVED
    assert "nodes: " in result.stderr and "guesses: " in result.stderr


def test_no_solution_exits_one() -> None:
    # r1c9 can only be 9, but column 9 already holds a 9 further down.
    unsolvable = "12345678." + "." * 27 + "........9" + "." * 36
    puzzle = Puzzle.sudoku(unsolvable)
    assert not puzzle.validate()
    result = latinum("solve", stdin=unsolvable)
    assert result.exit_code == 1
    assert "no solution" in result.stderr


def test_node_limit_stops_the_search() -> None:
    empty = "." * 81
    result = latinum("count", "--limit", "1000000", "--node-limit", "50", stdin=empty)
    assert result.exit_code == 3
    assert "node limit" in result.stderr


def test_count_one_per_line(tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    multiple = (SOLVER / "multiple.txt").read_text().split()[0]
    batch.write_text(f"{CLASSIC}\n{multiple}\n{'.' * 16}\n")
    result = latinum("count", str(batch))
    assert result.stdout.split() == ["1", "2", "2"]
    many = latinum("count", "--limit", "1000", stdin="." * 16)
    assert many.stdout.strip() == "288"


def test_check_statuses(tmp_path: Path) -> None:
    unique = tmp_path / "unique.txt"
    unique.write_text(CLASSIC + "\n")
    several = tmp_path / "several.txt"
    several.write_text("." * 81 + "\n")
    invalid = tmp_path / "invalid.txt"
    invalid.write_text("55" + CLASSIC[2:] + "\n")
    ok = latinum("check", str(unique))
    assert ok.exit_code == 0 and "exactly one solution" in ok.stdout
    assert latinum("check", str(several)).exit_code == 1
    bad = latinum("check", str(invalid))
    assert bad.exit_code == 2 and "r1c1 and r1c2 both hold 5" in bad.stdout


def test_check_reports_every_mathdoku_rule_broken(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text("aab\ncbb\ncdd\na 3 +\nb 1 -\nc 2 =\nd 1 -\n")
    result = latinum("check", "--from", "mathdoku", str(path))
    assert result.exit_code == 2
    assert "'b' 1- at r1c3: a difference cage needs exactly 2 cells, not 3" in result.stdout
    assert "'c' 2= at r2c1: an = cage needs exactly 1 cell, not 2" in result.stdout


@pytest.mark.parametrize("target", ["line", "grid", "boxed", "pylist", "json", "solo"])
def test_convert_round_trips_a_sudoku(target: str) -> None:
    converted = latinum("convert", "--to", target, stdin=CLASSIC)
    assert converted.exit_code == 0, converted.output
    back = latinum("convert", "--to", "line", stdin=converted.stdout)
    assert back.stdout.strip() == CLASSIC


@pytest.mark.parametrize("target", ["json", "mathdoku", "keen"])
def test_convert_round_trips_a_kenken(target: str) -> None:
    original = read(CAGE / "mathdoku-Input_6.txt")
    converted = latinum("convert", "--to", target, str(CAGE / "mathdoku-Input_6.txt"))
    assert converted.exit_code == 0, converted.output
    assert read(converted.stdout) == original


def test_convert_refuses_what_the_format_cannot_hold() -> None:
    result = latinum("convert", "--to", "line", str(CAGE / "mathdoku-Input_6.txt"))
    assert result.exit_code == 2
    assert "cannot write as line" in result.stderr


def test_json_solution_is_kept() -> None:
    result = latinum("solve", "--to", "json", stdin=CLASSIC)
    document = json.loads(result.stdout)
    assert document["solution"] == CLASSIC_SOLVED


def test_show_draws_cages_with_targets() -> None:
    result = latinum("show", str(CAGE / "mathdoku-Input_6.txt"))
    assert result.exit_code == 0
    assert "6*" in result.stdout and "14+" in result.stdout


def test_python_dash_m_and_console_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "latinum", "--help"], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: latinum")
    for command in ("solve", "count", "check", "convert", "show"):
        assert command in result.stdout


def test_check_reports_every_broken_constraint_line_and_goes_on(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("aab\ncbb\ncdd\na 3 +\nb - 1\nc 2 #\ne 1 -\n")
    good = CAGE / "mathdoku-Input_6.txt"
    result = latinum("check", str(broken), str(good))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()  # a file that cannot be read: on standard error
    assert [line.split(": ", 2)[1] for line in lines] == [
        f"{broken}, line 5, column 3",
        f"{broken}, line 6, column 5",
        f"{broken}, line 3, column 2",
        f"{broken}, line 7",
    ]
    assert result.stdout.endswith("valid, exactly one solution\n")
