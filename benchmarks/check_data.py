"""Read, validate and solve every puzzle under the shared data directory.

Each puzzle's solution must equal the data's (for the multi-solution Sudoku
set, ``count_solutions`` must equal min(2, the data's count)). Prints one row
per file and exits 1 on any mismatch or failure::

    python benchmarks/check_data.py --limit 100
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import latinum
from latinum import LatinumError, ParseError, Puzzle
from latinum.formats.tatham import read_keen_id, read_solo_id
from latinum.symbols import value_of

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
NO_SOLUTION = "no solution"
PARSE_ERROR = "parse error"
UNIQUE = "exactly one solution"


@dataclass
class Case:
    """One puzzle to check: how to get it, and what the data says about it.

    ``expected`` is a solution line, :data:`NO_SOLUTION`, :data:`PARSE_ERROR` or
    :data:`UNIQUE` (the data gives no solution: it must be unique and valid);
    ``count`` (when set) is the number of solutions to expect instead.
    """

    name: str
    load: Callable[[], Puzzle]
    expected: str | None = None
    count: int | None = None


@dataclass
class Tally:
    """Results for one data file."""

    count: int = 0
    ok: int = 0
    mismatches: int = 0
    failures: int = 0
    seconds: float = 0.0


# Sources ---------------------------------------------------------------


def sudoku_lines(path: Path) -> Iterator[Case]:
    """A one-puzzle-per-line file with its ``.solutions.txt`` or ``.solution_counts.txt``."""
    stem = path.name.removesuffix(".txt")
    solutions = path.with_name(f"{stem}.solutions.txt")
    counts = path.with_name(f"{stem}.solution_counts.txt")
    puzzles = path.read_text().split()
    if solutions.exists():
        for number, (line, answer) in enumerate(
            zip(puzzles, solutions.read_text().split(), strict=True), 1
        ):
            yield Case(f"line {number}", _sudoku(line), expected=answer)
    else:
        for number, (line, count) in enumerate(
            zip(puzzles, counts.read_text().split(), strict=True), 1
        ):
            yield Case(f"line {number}", _sudoku(line), count=min(2, int(count)))


def _sudoku(line: str) -> Callable[[], Puzzle]:
    return lambda: Puzzle.sudoku(line)


def records(path: Path) -> Iterator[dict]:
    for line in path.read_text().splitlines():
        if line.strip():
            yield json.loads(line)


def solo_records(path: Path) -> Iterator[Case]:
    for record in records(path):
        yield Case(
            record["solo_id"][:30], _call(read_solo_id, record["solo_id"]), record["solution"]
        )


def keen_records(path: Path) -> Iterator[Case]:
    for record in records(path):
        yield Case(
            record["keen_id"][:30], _call(read_keen_id, record["keen_id"]), record["solution"]
        )


def cage_records(path: Path) -> Iterator[Case]:
    """Records holding ``w`` or ``size`` and ``cages``: built with Puzzle.kenken."""
    for record in records(path):
        size = record.get("w") or record["size"]
        cages = [(c["op"], c["target"], c["cells"]) for c in record["cages"]]
        expected = record.get("solution") or NO_SOLUTION
        name = record.get("id") or record.get("keen_id", "")[:30]
        yield Case(name, _call(Puzzle.kenken, size, cages), expected)


def raw_files(directory: Path, pattern: str, solutions: dict[str, str]) -> Iterator[Case]:
    """Seed-format files read through ``latinum.read``; expectations come from the records."""
    for path in sorted(directory.glob(pattern)):
        if "Error" in path.name:
            expected = PARSE_ERROR
        else:
            expected = solutions.get(path.name.removeprefix("mathdoku-"), NO_SOLUTION)
        yield Case(path.name, _call(latinum.read, path), expected)


def first_fields(path: Path, separator: str | None = None) -> Iterator[Case]:
    """A Sudoku in the first field of each line (``#`` lines are comments), unique."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            yield Case(f"line {number}", _sudoku(line.split(separator)[0]), expected=UNIQUE)


def csv_with_solutions(path: Path) -> Iterator[Case]:
    """A CSV file with ``puzzle`` and ``solution`` columns."""
    with path.open(newline="") as handle:
        for number, row in enumerate(csv.DictReader(handle), 2):
            yield Case(f"line {number}", _sudoku(row["puzzle"]), expected=row["solution"])


def seed_examples(directory: Path) -> Iterator[Case]:
    """The seed documents' examples, read through ``latinum.read``."""
    calcudoku = directory / "calcudoku-5x5.out"
    if calcudoku.exists():
        answer = "".join(calcudoku.read_text().split())
        yield Case("calcudoku-5x5.in", _call(latinum.read, directory / "calcudoku-5x5.in"), answer)
    for name in ("sudoku-sets.py.txt", "sudoku-steps.txt"):
        if (directory / name).exists():
            yield Case(name, _call(latinum.read, directory / name), UNIQUE)


def _call(function: Callable, *args) -> Callable[[], Puzzle]:
    return lambda: function(*args)


def raw_solutions(path: Path) -> dict[str, str]:
    """Solutions of the course records in ``path``, keyed by the base name of their file."""
    if not path.exists():
        return {}
    return {
        Path(record["path"]).name: record["solution"]
        for record in records(path)
        if record.get("solution")
    }


def sources(data: Path) -> Iterator[tuple[str, Iterator[Case]]]:
    """Every data file under ``data`` with its cases, in a stable order."""
    sudoku = data / "sudoku"
    for path in sorted(sudoku.glob("puzzles*.txt")):
        if ".solution" not in path.name:
            yield f"sudoku/{path.name}", sudoku_lines(path)
    cage = data / "calcudoku-mathdoku"
    jsonl = [
        ("sudoku/solo-graded.jsonl", solo_records),
        ("killer/solo-killer-graded.jsonl", solo_records),
        ("kenken/keen-graded.jsonl", keen_records),
        ("kenken/nyt-sven-oly.jsonl", cage_records),
        ("calcudoku-mathdoku/calcudoku_calpoly.jsonl", cage_records),
        ("calcudoku-mathdoku/mathdoku_dal.jsonl", cage_records),
    ]
    for relative, reader in jsonl:
        if (data / relative).exists():
            yield relative, reader(data / relative)
    raw = cage / "raw"
    calpoly = raw_solutions(cage / "calcudoku_calpoly.jsonl")
    dal = raw_solutions(cage / "mathdoku_dal.jsonl")
    yield "calcudoku-mathdoku/raw/test*_in.in", raw_files(raw, "test*_in.in", calpoly)
    yield "calcudoku-mathdoku/raw/mathdoku-*.txt", raw_files(raw, "mathdoku-*.txt", dal)
    rated = data / "sudoku-rated"
    for name, reader in (
        ("sudoku_exchange_strat_hodoku.tsv", lambda path: first_fields(path, "\t")),
        ("sudoku_exchange_diabolical_sample.txt", first_fields),
        ("sudoku_exchange_rated_sample.csv", csv_with_solutions),
    ):
        if (rated / name).exists():
            yield f"sudoku-rated/{name}", reader(rated / name)
    if (data / "seed-examples").is_dir():
        yield "seed-examples/*", seed_examples(data / "seed-examples")


# Checking --------------------------------------------------------------


def check(case: Case, time_limit: float | None) -> tuple[str, str]:
    """``("ok" | "mismatch" | "failure", detail)`` for one case."""
    try:
        puzzle = case.load()
    except ParseError as error:
        if case.expected == PARSE_ERROR:
            return "ok", ""
        return "failure", f"parse error: {error}"
    except Exception as error:  # a broken reader must not stop the whole run
        return "failure", f"{type(error).__name__}: {error}"
    if case.expected == PARSE_ERROR:
        return "mismatch", "read without the expected parse error"
    errors = [p.message for p in puzzle.validate() if p.severity == "error"]
    if errors:
        if case.expected == NO_SOLUTION:
            return "ok", ""
        return "failure", f"invalid: {errors[0]}"
    try:
        if case.count is not None or case.expected == UNIQUE:
            wanted = 1 if case.count is None else case.count
            found = latinum.count_solutions(puzzle, limit=2, time_limit=time_limit)
            if found != wanted:
                return "mismatch", f"{found} solutions, expected {wanted}"
            if case.expected == UNIQUE and not puzzle.is_solution(latinum.solve(puzzle)):
                return "mismatch", "the solution found breaks a rule"
            return "ok", ""
        grid = latinum.solve(puzzle, time_limit=time_limit)
    except latinum.Unsolvable:
        if case.expected == NO_SOLUTION:
            return "ok", ""
        return "mismatch", "no solution found"
    except (LatinumError, NotImplementedError) as error:
        return "failure", f"{type(error).__name__}: {error}"
    got = "".join(str(v) if v <= 9 else chr(ord("A") + v - 10) for v in grid)
    if case.expected == NO_SOLUTION:
        return "mismatch", f"solved {got}, expected no solution"
    expected = [value_of(char) for char in case.expected or ""]
    if list(grid) != expected or not puzzle.is_solution(grid):
        return "mismatch", f"solved {got}, expected {case.expected}"
    return "ok", ""


def run(data: Path, limit: int | None, time_limit: float | None, only: str | None) -> int:
    header = f"{'file':<50} {'count':>6} {'ok':>6} {'mismatch':>8} {'fail':>6} {'seconds':>8}"
    print(header)
    print("-" * len(header))
    bad = 0
    for name, cases in sources(data):
        if only and only not in name:
            continue
        tally = Tally()
        notes: list[str] = []
        for number, case in enumerate(cases):
            if limit is not None and number >= limit:
                break
            start = time.perf_counter()
            verdict, detail = check(case, time_limit)
            tally.seconds += time.perf_counter() - start
            tally.count += 1
            if verdict == "ok":
                tally.ok += 1
            elif verdict == "mismatch":
                tally.mismatches += 1
            else:
                tally.failures += 1
            if verdict != "ok" and len(notes) < 3:
                notes.append(f"    {case.name}: {verdict}: {detail}")
        bad += tally.mismatches + tally.failures
        print(
            f"{name:<50} {tally.count:>6} {tally.ok:>6} {tally.mismatches:>8} "
            f"{tally.failures:>6} {tally.seconds:>8.2f}"
        )
        for note in notes:
            print(note)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="data directory")
    parser.add_argument("--limit", type=int, help="check at most N puzzles per file")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--only", help="check only files whose name contains this text")
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"data not found, skipping: {args.data}")
        return 0
    return run(args.data, args.limit, args.time_limit, args.only)


if __name__ == "__main__":
    sys.exit(main())
