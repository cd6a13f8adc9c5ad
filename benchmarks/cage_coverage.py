"""How far the human-style techniques get on graded KenKen (Keen) and Killer (Solo) puzzles.

Usage: python benchmarks/cage_coverage.py [--limit N] [--data DIR] [--killer-only|--keen-only]

For each puzzle runs ``latinum.explain`` (no guessing), checks every step
against the solution, and counts the puzzles solved per grade; for Keen also
compares :func:`latinum.logic.cages.cage_level` with Tatham's grade.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from latinum import Puzzle
from latinum.logic import State, explain
from latinum.logic.cages import cage_level

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def keen_puzzle(record: dict) -> Puzzle:
    cages = [(c["op"], c["target"], c["cells"]) for c in record["cages"]]
    return Puzzle.kenken(record["size"], cages)


def killer_puzzle(record: dict) -> Puzzle:
    cages = [(c["target"], c["cells"]) for c in record["cages"]]
    return Puzzle.killer(cages, box=tuple(record["box"]), givens=record["givens"])


def run(puzzle: Puzzle, solution: str) -> tuple[bool, int, list[str]]:
    """Solved?, steps, wrong steps (text) for one puzzle."""
    answer = [int(ch) for ch in solution]
    state = State.start(puzzle)
    wrong = []
    count = 0
    for step in explain(state):
        count += 1
        bad = [p for p in step.placements if answer[p[0]] != p[1]]
        bad += [e for e in step.eliminations if answer[e[0]] == e[1]]
        if bad:
            wrong.append(f"{step.technique}: {step.text}")
        state.apply(step)
    return state.solved, count, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--keen-only", action="store_true")
    parser.add_argument("--killer-only", action="store_true")
    args = parser.parse_args()
    sets = []
    if not args.killer_only:
        sets.append(("kenken/keen-graded.jsonl", keen_puzzle, True))
    if not args.keen_only:
        sets.append(("killer/solo-killer-graded.jsonl", killer_puzzle, False))
    failures = 0
    for relative, build, leveled in sets:
        records = [json.loads(line) for line in (args.data / relative).read_text().splitlines()]
        if args.limit:
            records = records[: args.limit]
        solved: Counter[str] = Counter()
        total: Counter[str] = Counter()
        agree = 0
        confusion: Counter[tuple[str, str]] = Counter()
        started = time.perf_counter()
        for record in records:
            puzzle = build(record)
            grade = record["grade"].split(" ")[0]
            total[grade] += 1
            done, _, wrong = run(puzzle, record["solution"])
            solved[grade] += done
            for text in wrong:
                failures += 1
                print(f"WRONG {record.get('keen_id') or record.get('solo_id')}: {text}")
            if leveled:
                level = cage_level(puzzle)
                agree += level == grade
                confusion[(grade, level)] += 1
        seconds = time.perf_counter() - started
        print(f"{relative}: {sum(total.values())} puzzles, {seconds:.1f} s")
        for grade in total:
            print(f"  {grade:14} solved {solved[grade]:3} of {total[grade]:3}")
        if leveled:
            count = sum(total.values())
            print(f"  level agrees with grade: {agree} of {count} ({100 * agree / count:.1f}%)")
            for (grade, level), n in sorted(confusion.items()):
                if grade != level:
                    print(f"    graded {grade:12} rated {level:12} x{n}")
    print(f"wrong steps: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
