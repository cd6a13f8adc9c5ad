"""Chains, almost locked sets and forcing chains: they find what they should, say it
plainly and are never wrong."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest

from latinum import Puzzle, solve
from latinum.logic import State, Step, by_name, explain
from latinum.logic.reglib import cases, parse

FIXTURES = Path(__file__).parent / "fixtures"
TOP = [
    line.split() for line in (FIXTURES / "logic" / "top1465-sample.txt").read_text().splitlines()
]

MINE = [
    "Remote Pair",
    "X-Chain",
    "XY-Chain",
    "Alternating Inference Chain",
    "Grouped Alternating Inference Chain",
    "ALS-XZ",
    "ALS-XY-Wing",
    "Death Blossom",
    "Forcing Chain",
    "Forcing Net",
]

LIBRARY = list(cases(FIXTURES / "logic" / "reglib-1.4.txt"))
FIRST = {
    "X-Chain": "0701",
    "XY-Chain": "0702",
    "Remote Pair": "0703",
    "Alternating Inference Chain": "0707",
    "ALS-XZ": "0901",
    "ALS-XY-Wing": "0902",
    "Death Blossom": "0904",
}
CASES = {name: next(c.text for c in LIBRARY if c.code == code) for name, code in FIRST.items()}


def first_matching(name: str, line: str) -> Step:
    """The step of technique ``name`` with the eliminations the reglib line expects."""
    case = parse(line)
    for step in by_name(name).find(case.state):
        if frozenset(step.eliminations) == case.eliminations:
            return step
    raise AssertionError(f"{name} did not find {line}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_finds_the_library_example(name: str) -> None:
    step = first_matching(name, CASES[name])
    assert step.text.startswith(step.technique)
    assert step.text.endswith(step.text.split(": ")[-1])
    assert "removes" in step.text


def test_x_chain_reads_as_a_chain_of_one_digit() -> None:
    step = first_matching("X-Chain", CASES["X-Chain"])
    assert step.text == (
        "X-Chain on 7: (7)r1c2=(7)r1c9-(7)r2c8=(7)r7c8-(7)r7c3=(7)r4c3 "
        "(either r1c2 or r4c3 is 7): removes 7 from r4c2"
    )
    assert step.digits == (7,)


def test_remote_pair_names_the_pair_and_cells() -> None:
    step = first_matching("Remote Pair", CASES["Remote Pair"])
    assert step.text.startswith("Remote Pair {5,8}: ")
    assert step.digits == (5, 8)


def test_discontinuous_loop_places_by_removing_the_rest() -> None:
    step = first_matching("Alternating Inference Chain", CASES["Alternating Inference Chain"])
    assert step.technique == "Discontinuous Nice Loop"
    assert "(if r6c4 is not 1, then it is 1; so it is 1)" in step.text
    assert step.text.endswith("removes 2, 3, 4 and 8 from r6c4")


def test_als_xz_names_both_sets() -> None:
    step = first_matching("ALS-XZ", CASES["ALS-XZ"])
    assert step.text.startswith("ALS-XZ: A = ")
    assert "restricted common" in step.text


def test_forcing_chain_explains_the_contradiction() -> None:
    puzzle = Puzzle.sudoku(TOP[0][0])
    state = State.start(puzzle)
    easy = ["Full House", "Hidden Single", "Naked Single", "Pointing", "Claiming"]
    for step in explain(state, easy):
        state.apply(step)
    step = next(by_name("Forcing Chain").find(state))
    assert step.text.startswith("Forcing Chain: if r")
    assert "; so r" in step.text
    answer = [int(ch) for ch in TOP[0][1]]
    check(state, step, answer)


def test_forcing_chain_solves_the_hardest_without_guessing() -> None:
    for line, solution in TOP[:2]:
        state = State.start(Puzzle.sudoku(line))
        steps = list(explain(state, unique=True))
        for step in steps:
            state.apply(step)
        assert state.solved
        assert "".join(map(str, state.values)) == solution
        assert any(s.technique in ("Forcing Chain", "Forcing Net") for s in steps)


def check(state: State, step: Step, answer: list[int]) -> None:
    for cell, value in step.placements:
        assert answer[cell] == value, f"wrong placement: {step.text}"
    for cell, value in step.eliminations:
        assert answer[cell] != value, f"wrong elimination: {step.text}"
        assert state.has(cell, value), f"removes a candidate already gone: {step.text}"
    assert step.changes, step.text


def every_step_is_right(puzzle: Puzzle, answer, every: int = 1, limit: int = 60) -> set[str]:
    """Solve with every technique (placing a digit of ``answer`` when stuck); at every
    ``every``-th state, the first ``limit`` steps of each technique here must be right."""
    state = State.start(puzzle)
    finders = [by_name(name).find for name in MINE]
    seen: set[str] = set()
    count = 0
    while not state.solved:
        for step in explain(state, unique=False):
            if count % every == 0:
                for find in finders:
                    for found in islice(find(state), limit):
                        check(state, found, answer)
                        seen.add(found.technique)
            count += 1
            check(state, step, answer)
            state.apply(step)
        if not state.solved:
            cell = min(state.empty_cells(), key=lambda c: state.candidates[c].bit_count())
            state.place(cell, answer[cell])
    return seen


def test_no_wrong_step_on_the_hardest_sudokus() -> None:
    seen: set[str] = set()
    for line, solution in TOP[:2]:
        seen |= every_step_is_right(Puzzle.sudoku(line), [int(ch) for ch in solution], 6, 25)
    assert {"X-Chain", "XY-Chain", "Alternating Inference Chain", "Forcing Net"} <= seen


def test_no_wrong_step_on_classic_sudokus() -> None:
    lines = (FIXTURES / "solver" / "sudoku9.txt").read_text().split()
    for line, solution in list(zip(lines[0::2], lines[1::2], strict=True))[:2]:
        every_step_is_right(Puzzle.sudoku(line), [int(ch) for ch in solution], 8, 25)


def solo_records() -> list[dict]:
    """Sudokus of other sizes and box shapes (one of each size)."""
    text = (FIXTURES / "solver" / "solo.jsonl").read_text()
    records = [json.loads(line) for line in text.splitlines()]
    return list({r["size"]: r for r in records if r["size"] != 9}.values())


@pytest.mark.parametrize("record", solo_records(), ids=lambda r: str(r["size"]))
def test_no_wrong_step_on_other_shapes(record: dict) -> None:
    puzzle = Puzzle.sudoku(record["givens"], tuple(record["box"]), diagonals=record["x"])
    every = 1 if puzzle.size <= 9 else 8
    every_step_is_right(puzzle, solve(puzzle).values, every, 20)
