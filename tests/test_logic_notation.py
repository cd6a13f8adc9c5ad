"""HoDoKu's notation: one step of every technique written as ``r3c3<>6`` and read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from latinum import Puzzle, read
from latinum.cli import main
from latinum.geometry import Geometry
from latinum.logic import TECHNIQUES, State, Step, explain
from latinum.logic.notation import NAMES, cells, hodoku
from latinum.logic.reglib import cases

FIXTURES = Path(__file__).parent / "fixtures" / "logic"
NINE = Geometry(9, (3, 3))


def library_steps() -> dict[str, tuple[Step, State]]:
    """The first step of every technique with HoDoKu codes that its first case asks for."""
    found: dict[str, tuple[Step, State]] = {}
    first = {}
    for case in cases(FIXTURES / "reglib-1.4.txt"):
        first.setdefault(case.code, case)
    for known in TECHNIQUES:
        for code in known.codes:
            case = first.get(code)
            if case is None or case.must_fail or known.name in found:
                continue
            for step in known.find(case.state):
                if set(step.eliminations) == case.eliminations and step.changes:
                    found[known.name] = (step, case.state)
                    break
    return found


def explained_steps() -> dict[str, tuple[Step, State]]:
    """The first step of each technique in the explanations of the sample puzzles."""
    puzzles = [Puzzle.sudoku(line.split()[0]) for line in (FIXTURES / "top1465-sample.txt").open()]
    for name in ("keen-sample.jsonl", "killer-sample.jsonl"):
        for record in map(json.loads, (FIXTURES / name).read_text().splitlines()[:6]):
            puzzles.append(read(record.get("keen_id") or record["solo_id"]))
    found: dict[str, tuple[Step, State]] = {}
    for puzzle in puzzles:
        state = State.start(puzzle)
        for step in explain(state, unique=True):
            found.setdefault(step.technique, (step, state.copy()))
            state.apply(step)
    return found


STEPS = {**explained_steps(), **library_steps()}


def read_back(text: str) -> set[tuple[int, int, bool]]:
    """The ``(cell, value, placed)`` that the results after ``=>`` (or the colon) name."""
    results = text.split(" => ")[-1] if " => " in text else text.split(": ", 1)[1]
    found = set()
    for part in results.split(", "):
        placed = "<>" not in part
        where, value = part.split("=" if placed else "<>")
        for group in where.split(","):
            rows, columns = group[1:].split("c")
            for r in rows:
                for c in columns:
                    found.add((NINE.index(int(r) - 1, int(c) - 1), int(value), placed))
    return found


def test_every_technique_with_codes_has_a_step() -> None:
    coded = {t.name for t in TECHNIQUES if t.codes}
    assert coded <= set(STEPS)
    assert {"Forcing Chain", "Forcing Net", "Cage Combination"} <= set(STEPS)


@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_step_reads_back_from_hodokus_notation(name: str) -> None:
    step, state = STEPS[name]
    text = hodoku(step, state.puzzle.geometry)
    assert text.startswith(NAMES.get(step.technique, step.technique) + ": ")
    if state.size != 9:
        return
    expected = {(c, v, True) for c, v in step.placements}
    expected |= {(c, v, False) for c, v in step.eliminations}
    assert read_back(text) == expected, text
    if step.eliminations and step.digits:
        assert " => " in text and text.split(": ", 1)[1].startswith(",".join(map(str, step.digits)))


def test_cells_are_grouped_by_row_and_column() -> None:
    assert cells(NINE, [0]) == "r1c1"
    assert cells(NINE, [63, 65, 64]) == "r8c123"
    assert cells(NINE, [2, 11, 20]) == "r123c3"
    assert cells(NINE, [0, 1, 12]) == "r1c12,r2c4"
    assert cells(Geometry(16, (4, 4)), [0, 17]) == "r1c1,r2c2"


def test_steps_and_hint_write_hodokus_notation() -> None:
    tour = Path(__file__).resolve().parents[1] / "docs" / "tour"
    runner = CliRunner()
    steps = runner.invoke(
        main,
        ["steps", "--plain", "--grid", "none", "--notation", "hodoku", str(tour / "xywing.txt")],
    )
    assert steps.exit_code == 0, steps.output
    assert " 35. XY-Wing: 1,2,5 in r2c17,r4c7 => r4c1<>5 (4.2)" in steps.stdout
    assert "  1. Hidden Single: r3c1=3 (1.2)" in steps.stdout
    hinted = runner.invoke(
        main, ["hint", "--level", "3", "--notation", "hodoku", "--state", str(tour / "game.json")]
    )
    assert hinted.stdout == "XY-Wing: 1,2,5 in r2c17,r4c7 => r4c1<>5\n"
