"""Explain every puzzle of the shared data and check each step against the solution.

Usage: python benchmarks/check_steps.py [--limit N] [--only TEXT] [--data DIR]

For every puzzle with a known solution (Sudoku sets with their solutions
files, Solo, Keen, NYT and the course files, Killer), runs ``latinum.explain``
and checks that every placement is the solution's value and no elimination
removes it. Prints, per file, the puzzles checked, how many the techniques
finish, the wrong steps (must be 0) and the seconds; exits 1 on a wrong step.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from latinum import Puzzle, explain, read
from latinum.symbols import value_of

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def sudoku_sets(data: Path) -> Iterator[tuple[str, list[tuple[Puzzle, str]]]]:
    for path in sorted((data / "sudoku").glob("puzzles*.txt")):
        answers = path.with_name(path.name.replace(".txt", ".solutions.txt"))
        if ".solutions" in path.name or not answers.exists():
            continue
        pairs = zip(path.read_text().split(), answers.read_text().split(), strict=True)
        yield path.name, [(Puzzle.sudoku(line), answer) for line, answer in pairs]


def json_sets(data: Path) -> Iterator[tuple[str, list[tuple[Puzzle, str]]]]:
    for relative, key in (
        ("sudoku/solo-graded.jsonl", "solo_id"),
        ("killer/solo-killer-graded.jsonl", "solo_id"),
        ("kenken/keen-graded.jsonl", "keen_id"),
    ):
        records = [json.loads(line) for line in (data / relative).read_text().splitlines()]
        yield relative, [(read(r[key]), r["solution"]) for r in records]


def check(puzzle: Puzzle, answer: str) -> tuple[bool, list[str]]:
    """Whether the techniques finish ``puzzle``, and the text of every wrong step."""
    solution = [value_of(char) for char in answer]
    wrong, placed = [], sum(1 for v in puzzle.givens if v)
    for step in explain(puzzle, unique=True):
        bad = [c for c, v in step.placements if solution[c] != v]
        bad += [c for c, v in step.eliminations if solution[c] == v]
        if bad:
            wrong.append(step.text)
        placed += len(step.placements)
    return placed == len(solution), wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, help="puzzles per file")
    parser.add_argument("--only", help="only files whose name contains this text")
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"data not found, skipping: {args.data}")
        return 0
    print(f"{'file':<46} {'puzzles':>8} {'finished':>9} {'wrong':>6} {'seconds':>8}")
    total_wrong = 0
    for name, cases in [*sudoku_sets(args.data), *json_sets(args.data)]:
        if args.only and args.only not in name:
            continue
        cases = cases[: args.limit]
        start = time.perf_counter()
        finished = wrong = 0
        for puzzle, answer in cases:
            done, bad = check(puzzle, answer)
            finished += done
            wrong += len(bad)
            for text in bad[:2]:
                print(f"    wrong step: {text}")
        total_wrong += wrong
        seconds = time.perf_counter() - start
        print(f"{name:<46} {len(cases):>8} {finished:>9} {wrong:>6} {seconds:>8.1f}")
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
