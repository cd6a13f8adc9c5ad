"""Fish, single-digit patterns and colouring: explicit positions, any grid shape, and
never a wrong step on real puzzles (patterns9.txt: puzzles of magictour's top1465)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latinum import Puzzle, solve
from latinum.logic import State, Step, by_name, explain
from latinum.logic.reglib import parse

FIXTURES = Path(__file__).parent / "fixtures"
PATTERNS = [
    line.split() for line in (FIXTURES / "logic" / "patterns9.txt").read_text().splitlines()
]
MINE = [
    "X-Wing",
    "Swordfish",
    "Jellyfish",
    "Finned X-Wing",
    "Sashimi X-Wing",
    "Finned Swordfish",
    "Sashimi Swordfish",
    "Finned Jellyfish",
    "Sashimi Jellyfish",
    "Skyscraper",
    "2-String Kite",
    "Turbot Fish",
    "Empty Rectangle",
    "Simple Colouring",
    "Multi-Colouring",
]
BASIC = ["Full House", "Hidden Single", "Naked Single", "Pointing", "Claiming", "Naked Pair"]

# (reglib line, technique, the step's name and text)
POSITIONS = [
    (
        ":0300:5:.+4+1+7+2+9.+3.76+9..3+4.2.+3264.+7+194.39..+17.+6.+7..49.3+1+95+3+7..2+4+21+456+7+3+9+837"
        "+6.9.+541+9+5+8+4+3+1+26+7::545::",
        "X-Wing",
        "X-Wing on 5 in rows 2 and 5 (columns 5 and 8): removes 5 from r4c5",
    ),
    (
        ":0301:1:..9+753.4+2...2687..+7.+2+9...3.23.+8+9+745...71.52...95.+2..87.7...+9.+2+4+9.4582"
        ".+7..2.47.9..:121 521 132 432 137 139 661 667 371 871 373 177 377 677 189 191 691 891 "
        "193 693 199 399 699:122 171::",
        "Swordfish",
        "Swordfish on 1 in rows 1, 6 and 8 (columns 1, 2 and 7): removes 1 from r2c2, r7c1",
    ),
    (
        ":0302:3:72+4+5+6.+8.+9+5.1+7.8+6+24.+864.2.+7+5.6.8..+5+4.4.5+92+67.8.+7+8+3+45+96..+4+76+892"
        "+5.8.+21..4+9+6+6..+2.+4.87:141 149:335 392 395::",
        "Jellyfish",
        "Jellyfish on 3 in rows 1, 2, 5 and 8 (columns 2, 5, 6 and 8): "
        "removes 3 from r3c5, r9c2, r9c5",
    ),
    (
        ":0310:2:5....1.+4+9..9.4.5...84+9+57..66.....+92+4873+2+9+4651+49+2..+5..39+4.5..36...8.3.4."
        "+5...4....8:144 145 764 864 765 865 192 193:275::",
        "Finned X-Wing",
        "Finned X-Wing on 2 in columns 6 and 9 (rows 2 and 7, fins r8c6 and r9c6): "
        "removes 2 from r7c5",
    ),
    (
        ":0320:7:....1+6+4+236.2.......142.8..9+45+3.62+98.+1.94853.+2+82.39..4+52..6.359......."
        "2.47...2...+6:822 784:729::",
        "Sashimi X-Wing",
        "Sashimi X-Wing on 7 in rows 3 and 7 (columns 5 and 9, fins r3c7 and r3c8): "
        "removes 7 from r2c9",
    ),
    (
        ":0311:7:3+5+84..+6...17.6..+8.....+58.1773+6.24.5+8+5+81..+62...9.58..6384.6.........4"
        ".83....+8.5..6:915 216 916 927 229 929 937 467 176 776 177 281 186 786 197:797::",
        "Finned Swordfish",
        "Finned Swordfish on 7 in rows 1, 6 and 7 (columns 5, 6 and 7, fin r7c8): "
        "removes 7 from r9c7",
    ),
    (
        ":03111:5:94..+2..7.2..51..+69..........2.1....3..........69.7..141+3+42+65+98+7+6+98+7+3"
        "+1.4.7+5+2+489.3.::531 543 553::",
        "Finned Swordfish",
        "Siamese Finned Swordfish on 5 in rows 1, 6 and 8 (columns 1, 7 and 9, fin r1c3) and "
        "(columns 3, 7 and 9, fin r6c1): removes 5 from r3c1, r4c3, r5c3",
    ),
    (
        ":0321:3:2+81+95.+6+4.+4..+8...59.9564.8.+1+129465.+8.+8+4+7.+9.+5+6+2+5..27819+4+6.8.2947"
        "+595+4+7.+6..+8..+2+58+49.6:322:336::",
        "Sashimi Swordfish",
        "Sashimi Swordfish on 3 in columns 1, 5 and 8 (rows 3, 8 and 9, fin r2c5): "
        "removes 3 from r3c6",
    ),
    (
        ":0312:9:.3.....2...9.3.5...4..1..83.1.5.3.6....4.7.....5...3.....6.2.3..8..7..4.7"
        ".23481.6:724 729 651 952 653 958 259 859 959 962 264 168 169 769 571 971 977 579 979 "
        "181 581 981 183:968::",
        "Finned Jellyfish",
        "Finned Jellyfish on 9 in rows 4, 5, 7 and 9 (columns 1, 2, 5 and 8, fins r4c7, r4c9 "
        "and r5c7): removes 9 from r6c8",
    ),
    (
        ":0322:3:.2.56+17....1+4372....6+8+2+9+4.19+58.+4......2+9785......5.9......+14..916.2"
        "+9+5+8.4....86...:313 344 648 649 364 768 769 571 591:371 372 391 392::",
        "Sashimi Jellyfish",
        "Sashimi Jellyfish on 3 in rows 1, 3, 5 and 8 (columns 1, 2, 8 and 9, fin r8c3): "
        "removes 3 from r7c1, r7c2, r9c1, r9c2",
    ),
    (
        ":0400:4:..1.+2+8+7+59.8+79.+5+132+9+52173+4+8+6.2.+7..+3+4....+5..27.+7148+3+26+9+5....9.+8"
        "+1+7.+7+8.5+1+96319..+87+5+2+4::414::",
        "Skyscraper",
        "Skyscraper on 4: r2c5=r2c1 in row 2 and r8c1=r8c4 in row 8 are joined by column 1, "
        "so r2c5 or r8c4 is 4: removes 4 from r1c4",
    ),
    (
        ":0401:4:7...+6418+2+8+245+7+1+6+93.618..+75+4+6..2....9.1.....6.5....6....8...742.2..."
        "+839...796....8:935 343 353 954 955 363 763 367 391:454::",
        "2-String Kite",
        "2-String Kite on 4: r8c4=r8c2 in row 8 and r9c1=r5c1 in column 1 are joined by box 7, "
        "so r8c4 or r5c1 is 4: removes 4 from r5c4",
    ),
    (
        ":0402-1:9:4..+7.5.....1..3..8...81.6..+6259+4+7..3+147+38+256+99..+1+5624+7+3.2.71..+58"
        "+5.2..7..+7+1+45.+8.+26:312 313 915 928 338 938:932::",
        "Empty Rectangle",
        "Empty Rectangle on 9: in box 7 it lies only in row 8 and column 2; with the pair "
        "r8c6=r3c6 in column 6: removes 9 from r3c2",
    ),
    (
        ":0403:8:.+97+2+5.+4..5..+7.4.29.4+2..1+57.25.+4.......4+5..+29.+7+6+91+238+4+5+1+26.4.+7+53+98"
        "+5+37+21+6+4+4+7+36+1+5+982::855::",
        "Turbot Fish",
        "Turbot Fish on 8: r2c5=r2c3 in row 2 and r4c3=r5c1 in box 4 are joined by column 3, "
        "so r2c5 or r5c1 is 8: removes 8 from r5c5",
    ),
    (
        ":0500:3:8.+7.9.6.2+95+28+6..4.3.6.+2.+5+9+8+7+8+19+34+25+62+6+4.....9+53+96.2..+4+6.....+4+21"
        "+12..+46+98.4.8+21..+65:726 157 757 158 767:326::",
        "Simple Colouring",
        "Simple Colouring on 3: colours r2c9 and r9c7 / r8c9 and r9c6; one colour is true, "
        "so cells seeing both lose it (trap): removes 3 from r2c6",
    ),
    (
        ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961"
        ".......::824 832::",
        "Multi-Colouring",
        "Multi-Colouring on 8: r2c4 and r3c2 see both colours of r5c2 / r5c4, so they are "
        "false (type 2): removes 8 from r2c4, r3c2",
    ),
]


@pytest.mark.parametrize("line, name, text", POSITIONS, ids=[p[1] for p in POSITIONS])
def test_each_technique_finds_hodokus_step_in_words(line: str, name: str, text: str) -> None:
    case = parse(line)
    found = [s for s in by_name(name).find(case.state) if set(s.eliminations) == case.eliminations]
    assert found, f"{name} misses {line}"
    assert found[0].text == text
    assert found[0].digits and found[0].cells


def test_fish_of_any_shape_and_none_finned_without_boxes() -> None:
    # 6x6 with 2x3 boxes, and a 5x5 Latin square: 1 only in columns 2 and 5 of rows 1 and 4
    for puzzle in (Puzzle.sudoku("." * 36, (2, 3)), Puzzle.latin("." * 25)):
        state = State.start(puzzle)
        n = state.size
        for row in (0, 3):
            for col in range(n):
                if col not in (1, 4):
                    state.eliminate(row * n + col, 1)
        steps = list(by_name("X-Wing").find(state))
        assert [s.text for s in steps] == [
            "X-Wing on 1 in rows 1 and 4 (columns 2 and 5): removes 1 from "
            + ", ".join(f"r{r + 1}c{c + 1}" for r in range(n) if r not in (0, 3) for c in (1, 4))
        ]
        if puzzle.geometry.box is None:
            assert not list(by_name("Finned X-Wing").find(state))


def test_finned_x_wing_on_a_6x6() -> None:
    puzzle = Puzzle.sudoku("." * 36, (2, 3))
    state = State.start(puzzle)
    keep = {(0, 0), (0, 4), (3, 0), (3, 4), (3, 5)}  # fin r4c6 in box 4 (rows 3-4, cols 4-6)
    for row in (0, 3):
        for col in range(6):
            if (row, col) not in keep:
                state.eliminate(row * 6 + col, 2)
    [step] = by_name("Finned X-Wing").find(state)
    assert step.text == (
        "Finned X-Wing on 2 in rows 1 and 4 (columns 1 and 5, fin r4c6): removes 2 from r3c5"
    )


def check(state: State, step: Step, answer) -> None:
    for cell, value in step.placements:
        assert answer[cell] == value, step.text
    for cell, value in step.eliminations:
        assert answer[cell] != value, step.text
        assert state.has(cell, value), f"removes what is not there: {step.text}"


def every_step_is_right(puzzle: Puzzle, answer, techniques=None, every: int = 1) -> set[str]:
    """Solve with ``techniques`` (placing a digit of ``answer`` whenever stuck); at every
    ``every``-th state, every step of every technique here must be right."""
    state = State.start(puzzle)
    seen: set[str] = set()
    finders = [by_name(name).find for name in MINE]
    count = 0
    while not state.solved:
        for step in explain(state, techniques):
            if count % every == 0:
                for find in finders:
                    for found in find(state):
                        check(state, found, answer)
                        seen.add(found.technique)
            count += 1
            check(state, step, answer)
            state.apply(step)
        if not state.solved:
            cell = min(state.empty_cells(), key=lambda c: state.candidates[c].bit_count())
            state.place(cell, answer[cell])
    return seen


def test_no_wrong_step_on_hard_sudokus() -> None:
    seen: set[str] = set()
    for line, solution in PATTERNS:
        answer = [int(ch) for ch in solution]
        seen |= every_step_is_right(Puzzle.sudoku(line), answer, BASIC + MINE)
    assert set(MINE) <= seen
    assert {"Siamese Finned X-Wing", "Dual Empty Rectangle"} <= seen


def solo_records() -> list[dict]:
    """Sudokus of 4x4 to 16x16, with and without diagonals (one of each big size)."""
    text = (FIXTURES / "solver" / "solo.jsonl").read_text()
    records = [json.loads(line) for line in text.splitlines()]
    big = {r["size"]: r for r in records if r["size"] > 9}
    return [r for r in records if r["size"] <= 9] + list(big.values())


@pytest.mark.parametrize("record", solo_records(), ids=lambda r: f"{r['size']}{'x' * r['x']}")
def test_no_wrong_step_on_other_shapes(record: dict) -> None:
    puzzle = Puzzle.sudoku(record["givens"], tuple(record["box"]), diagonals=record["x"])
    every_step_is_right(puzzle, solve(puzzle).values, BASIC + MINE, 1 if puzzle.size <= 9 else 5)


def cage_puzzles() -> list[Puzzle]:
    found = []
    for name in ("killer.jsonl", "kenken.jsonl"):
        for line in (FIXTURES / "solver" / name).read_text().splitlines():
            record = json.loads(line)
            if name == "killer.jsonl":
                found.append(Puzzle.killer([(c["target"], c["cells"]) for c in record["cages"]]))
            else:
                cages = [(c["op"], c["target"], c["cells"]) for c in record["cages"]]
                found.append(Puzzle.kenken(record["size"], cages))
    return found


@pytest.mark.parametrize("puzzle", cage_puzzles(), ids=lambda p: f"{p.variant}{p.size}")
def test_no_wrong_step_on_killer_and_kenken(puzzle: Puzzle) -> None:
    every_step_is_right(puzzle, solve(puzzle).values, BASIC + MINE)
