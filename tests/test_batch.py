"""Batches on several processes (``--jobs``, ``latinum.batch``) and dataset output."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from latinum import Puzzle, batch
from latinum.batch.records import GENERATED, Record
from latinum.cli import main
from latinum.errors import MissingExtra
from latinum.grid import Grid
from processes import children, finish

FIXTURES = Path(__file__).parent / "fixtures"
SOLVED = (FIXTURES / "solver" / "sudoku9.txt").read_text().splitlines()
SEVERAL = (FIXTURES / "solver" / "multiple.txt").read_text().splitlines()
NINES = (FIXTURES / "formats" / "line-9x9.txt").read_text().splitlines()
EASY = [line for line in NINES if line and not line.startswith("#")][3:]  # quick to rate
NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 needs the 9 of column 9
INVALID = "11" + "." * 79
UNREADABLE = "this is not a puzzle"
#: Good puzzles with bad ones in the middle: invalid, unreadable, several solutions.
MIXED = [*SOLVED[:8], INVALID, *SEVERAL[:3], UNREADABLE, *SOLVED[8:], *SEVERAL[3:6]]


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "mixed.txt"
    path.write_text("\n".join(MIXED) + "\n")
    return path


@pytest.fixture(scope="module")
def easy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "easy.txt"
    path.write_text("\n".join([*EASY[:2], INVALID, *EASY[2:]]) + "\n")
    return path


COMMANDS = {
    "solve": ["solve", "--to", "line"],
    "solve-first": ["solve", "--first", "--to", "line"],
    "solve-jsonl": ["solve", "--to", "jsonl"],
    "solve-csv": ["solve", "--to", "csv"],
    "count": ["count", "--limit", "5"],
    "check": ["check", "--json"],
    "convert": ["convert", "--to", "solo"],
    "convert-jsonl": ["convert", "--to", "jsonl"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_gives_the_same_output_for_any_jobs(name: str, mixed: Path) -> None:
    runs = [latinum(*COMMANDS[name], str(mixed), "--jobs", str(jobs)) for jobs in (1, 2, 3)]
    first = runs[0]
    assert first.stdout
    for run in runs[1:]:
        assert (run.exit_code, run.stdout, run.stderr) == (
            first.exit_code,
            first.stdout,
            first.stderr,
        )
    assert first.exit_code == 2  # the invalid and the unreadable puzzles
    # check says it on standard output; convert writes an invalid puzzle as it is
    if name.startswith(("solve", "count")):
        assert "mixed.txt, line 9: invalid puzzle" in first.stderr
    assert "mixed.txt, line 13, column 5: space inside a puzzle line" in first.stderr


def test_rate_gives_the_same_output_for_any_jobs(easy: Path) -> None:
    for args in (["--json"], ["--to", "csv"]):
        runs = [latinum("rate", *args, str(easy), "--jobs", str(jobs)) for jobs in (1, 2, 3)]
        assert runs[0].exit_code == 2
        assert "easy.txt, line 3: invalid puzzle" in runs[0].stderr
        assert len(runs[0].stdout.splitlines()) == len(EASY) + (args[0] == "--to")
        for run in runs[1:]:
            assert (run.stdout, run.stderr) == (runs[0].stdout, runs[0].stderr)


def test_generate_gives_the_same_dataset_for_any_jobs() -> None:
    args = ["generate", "sudoku", "--size", "4", "--count", "12", "--seed", "5", "--to", "csv"]
    runs = [latinum(*args, "--jobs", str(jobs)) for jobs in (1, 2, 3)]
    assert all(run.exit_code == 0 for run in runs), runs[0].output
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    records = list(batch.read(io.BytesIO(runs[0].stdout_bytes), "csv"))
    assert [r.seed for r in records] == [f"5:{n}" for n in range(1, 13)]
    same = latinum("generate", "sudoku", "--size", "4", "--count", "12", "--seed", "5")
    assert [r.puzzle for r in records] == same.stdout.split()
    for record in records:
        puzzle = Puzzle.sudoku(record.puzzle)
        assert puzzle.is_solution(Grid.of([int(c) for c in record.solution]))
        assert record.level and record.score and record.steps


def test_the_solve_dataset_holds_checked_solutions(mixed: Path) -> None:
    result = latinum("solve", "--to", "jsonl", str(mixed), "--jobs", "2")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(MIXED) - 2  # the invalid and the unreadable are reported
    assert all(list(r) == ["puzzle", "solution", "solution_count"] for r in records)
    assert [r["solution_count"] for r in records][8:11] == [2, 2, 2]
    for record in records:
        puzzle = Puzzle.sudoku(record["puzzle"])
        assert puzzle.is_solution(Grid.of([int(c) for c in record["solution"]]))
    by_line = {line.split()[0]: line.split()[1] for line in SOLVED}
    for record in records:
        if record["puzzle"] in by_line:
            assert record["solution"] == by_line[record["puzzle"]]


def test_parquet_and_csv_read_back_to_the_same_records(mixed: Path) -> None:
    pytest.importorskip("pyarrow")
    written = {
        kind: latinum("solve", "--to", kind, str(mixed), "--jobs", "2").stdout_bytes
        for kind in ("csv", "parquet", "jsonl")
    }
    read = {kind: list(batch.read(io.BytesIO(data), kind)) for kind, data in written.items()}
    assert read["csv"] == read["parquet"] == read["jsonl"]
    assert len(read["csv"]) == len(MIXED) - 2
    assert read["csv"][0].solution_count == 1 and read["csv"][0].level is None


def test_parquet_without_pyarrow_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    result = latinum("solve", "--example", "--to", "parquet")
    assert result.exit_code == 2
    assert result.stderr == "latinum: Parquet needs pyarrow: pip install 'latinum[data]'\n"
    assert result.stdout == ""
    with pytest.raises(MissingExtra, match=r"pip install 'latinum\[data\]'"):
        batch.writer("parquet", io.BytesIO())


record_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1)
records = st.builds(
    Record,
    puzzle=record_text,
    solution=st.none() | record_text,
    solution_count=st.none() | st.integers(0, 2**40),
    level=st.none() | record_text,
    score=st.none() | st.floats(allow_nan=False, allow_infinity=False),
    hardest=st.none() | record_text,
    steps=st.none() | st.integers(0, 10**6),
    solved=st.none() | st.booleans(),
    tatham=st.none() | record_text,
    seed=st.none() | record_text,
    error=st.none() | record_text,
)


@pytest.mark.parametrize("kind", ["jsonl", "csv", "parquet"])
@settings(max_examples=40, deadline=None)
@given(st.lists(records, max_size=5))
def test_every_dataset_format_round_trips(kind: str, written: list[Record]) -> None:
    if kind == "parquet":
        pytest.importorskip("pyarrow")
    out = io.BytesIO()
    assert batch.write(written, out, kind) == len(written)
    assert list(batch.read(io.BytesIO(out.getvalue()), kind)) == written


def test_the_api_answers_in_order_for_any_jobs() -> None:
    lines = [*SOLVED[:5], INVALID, UNREADABLE, *SEVERAL[:2], NO_SOLUTION]
    one = list(batch.solve(lines))
    assert [r.error for r in one][5:] == [
        "invalid puzzle: r1c1 and r1c2 both hold 1 in row 1 and box 1",
        "not a puzzle in any known format (name one with --from)",
        None,
        None,
        "no solution",
    ]
    assert [r.solution_count for r in one] == [1] * 5 + [None, None, 2, 2, None]
    assert list(batch.solve(lines, jobs=2)) == one == list(batch.solve(iter(lines), jobs=3))
    counted = list(batch.count(lines, limit=3, jobs=2))
    assert [r.solution_count for r in counted][7:] == [3, 3, 0]
    puzzles = [Puzzle.sudoku(line.split()[0]) for line in EASY]
    rated = list(batch.rate(puzzles, jobs=2))
    assert rated == list(batch.rate(puzzles))
    assert all(r.level and r.solution and r.error is None for r in rated)


def test_the_api_generates_as_the_command_line_does() -> None:
    made = list(batch.generate("kenken", 4, "k", jobs=2, size=4))
    assert made == list(batch.generate("kenken", 4, "k", size=4))
    args = ["--size", "4", "--count", "4", "--seed", "k", "--to", "jsonl"]
    shown = latinum("generate", "kenken", *args).stdout.splitlines()
    assert [json.loads(line) for line in shown] == [r.as_dict(GENERATED) for r in made]
    assert all(r.tatham and r.solution_count == 1 for r in made)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: batch.solve(["1.3."], jobs=-1), "jobs is a whole number"),
        (lambda: batch.solve("1.3.3..2..2.2.4."), "give an iterable of puzzles"),
        (lambda: batch.count([], limit=0), "limit must be"),
        (lambda: batch.solve([], time_limit=0), "time_limit must be"),
        (lambda: batch.rate([], ["No Such Wing"]), "No Such Wing"),
        (lambda: batch.generate("sudoku", 0, 1), "count is a whole number"),
        (lambda: batch.writer("xml", io.BytesIO()), "choose one of jsonl, csv, parquet"),
    ],
)
def test_the_api_checks_its_arguments_before_any_work(call, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_batch_and_every_worker(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("\n".join(line.split()[0] for line in SOLVED) * 2000 + "\n")
    command = [sys.executable, "-m", "latinum", "solve", "--to", "line", "--jobs", "2", str(big)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert select.select([process.stdout], [], [], 20)[0], "no solution within 20 s"
        assert len(process.stdout.readline().strip()) == 81
        workers = children(process.pid)
        assert len(workers) == 2
        process.send_signal(signal.SIGINT)
        start = time.monotonic()
        assert process.wait(timeout=10) == 130
        assert time.monotonic() - start < 5
        assert [pid for pid in workers if os.path.exists(f"/proc/{pid}")] == []
        assert process.stderr.read() == "latinum: interrupted\n"
    finally:
        finish(process)


def test_the_module_docstring_example_runs() -> None:
    import doctest

    assert doctest.testmod(batch).failed == 0
