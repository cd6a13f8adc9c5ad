"""Forcing chains and nets, loops and AICs shown whole: every link with its reason,
each reason checked against the candidates, the shortest proofs first."""

from __future__ import annotations

from pathlib import Path

import pytest

from latinum import Puzzle
from latinum.logic import State, by_name, explain
from latinum.logic.forcing import MAX_SHOWN, Branch, proofs
from latinum.logic.implications import Fact, Net
from latinum.logic.reglib import cases, parse

FIXTURES = Path(__file__).parent / "fixtures"
TOP = [
    line.split() for line in (FIXTURES / "logic" / "top1465-sample.txt").read_text().splitlines()
]
EASY = ["Full House", "Hidden Single", "Naked Single", "Pointing", "Claiming"]
LIBRARY = list(cases(FIXTURES / "logic" / "reglib-1.4.txt"))


def after_easy(line: str) -> State:
    """The state of ``line`` once singles and locked candidates are done."""
    state = State.start(Puzzle.sudoku(line))
    for step in explain(state, EASY):
        state.apply(step)
    return state


def test_a_forcing_chain_shows_every_link() -> None:
    step = next(by_name("Forcing Chain").find(after_easy(TOP[0][0])))
    assert str(step) == "\n".join(
        [
            "Forcing Chain: if r8c2 is 6, then after 4 links r9c7 has no candidate left; "
            "so r8c2 is not 6: removes 6 from r8c2",
            "    1. r8c2<>1: r8c2 is not 1, because it is 6",
            "    2. r8c2<>2: r8c2 is not 2, because it is 6",
            "    3. r9c7<>1: r9c7 is not 1, because 1 in box 7 must be in row 9 (from 1)",
            "    4. r9c7<>2: r9c7 is not 2, because 2 in box 7 must be in row 9 (from 2)",
            "    so r9c7 has no candidate left (from 3 and 4)",
        ]
    )
    assert step.eliminations == ((9 * 7 + 1, 6),)


def test_a_forcing_net_shows_every_case() -> None:
    step = next(by_name("Forcing Net").find(after_easy(TOP[1][0])))
    assert step.text == (
        "Forcing Net on 7 in row 3: whether it is in r3c4 or r3c6, r4c5 is not 3, "
        "r3c4 is not 3 and r3c6 is not 3: removes 3 from r3c4, r3c6, r4c5"
    )
    assert step.proof == (
        "if r3c4 is 7:",
        "  1. r3c4<>3: r3c4 is not 3, because it is 7",
        "  2. r3c4<>8: r3c4 is not 8, because it is 7",
        "  3. r3c6=8: r3c6 is 8, because it is the last place for 8 in row 3",
        "  4. r3c6<>3: r3c6 is not 3, because it is 8",
        "  5. r4c5<>3: r4c5 is not 3, because 3 in box 2 must be in column 5 (from 1 and 4)",
        "if r3c6 is 7:",
        "  1. r3c6<>3: r3c6 is not 3, because it is 7",
        "  2. r3c6<>8: r3c6 is not 8, because it is 7",
        "  3. r3c4=8: r3c4 is 8, because it is the last place for 8 in row 3",
        "  4. r3c4<>3: r3c4 is not 3, because it is 8",
        "  5. r4c5<>3: r4c5 is not 3, because 3 in box 2 must be in column 5 (from 1 and 4)",
    )


def library_step(code: str):
    case = parse(next(c.text for c in LIBRARY if c.code == code))
    for step in by_name("Alternating Inference Chain").find(case.state):
        if frozenset(step.eliminations) == case.eliminations:
            return step
    raise AssertionError(f"no step for {code}")


def test_a_nice_loop_says_what_each_link_means() -> None:
    step = library_step("0707")
    assert step.technique == "Discontinuous Nice Loop"
    assert step.proof == (
        "(1)r6c4=(1)r6c5: r6c4 or r6c5 is 1, since row 6 has no other place for it",
        "(1)r6c5-(9)r6c5: r6c5 cannot be both 1 and 9",
        "(9)r6c5=(9)r3c5: r6c5 or r3c5 is 9, since column 5 has no other place for it",
        "(9)r3c5-(2)r3c5: r3c5 cannot be both 9 and 2",
        "(2)r3c5=(2)r3c4: r3c5 or r3c4 is 2, since row 3 has no other place for it",
        "(2)r3c4-(1)r3c4: r3c4 cannot be both 2 and 1",
        "(1)r3c4=(1)r6c4: r3c4 or r6c4 is 1, since column 4 has no other place for it",
        "so if r6c4 is not 1, the links make it 1: it is 1",
    )


def test_an_aic_says_why_its_ends_prove_the_elimination() -> None:
    step = library_step("0708")
    assert step.text == (
        "Alternating Inference Chain: (5)r1c2=(3)r1c2-(3)r1c4=(3)r3c4-(9)r3c4=(9)r7c4"
        "-(2)r7c4=(2)r7c2-(2)r8c3=(5)r8c3 (either r1c2 or r8c3 is 5): "
        "removes 5 from r1c3, r2c3, r3c3, r7c2, r8c2"
    )
    assert step.proof[0] == "(5)r1c2=(3)r1c2: r1c2 is 5 or 3, its only candidates"
    assert step.proof[7] == "(2)r7c2-(2)r8c3: r7c2 and r8c3 are not both 2, as they share box 7"
    assert step.proof[-1] == (
        "so if r1c2 is not 5, the links make r8c3 5: one of them is 5, "
        "and no cell seeing both can be 5"
    )


def justified(state: State, net: Net, fact: Fact) -> bool:
    """Whether the reason of ``fact`` in ``net`` holds, checked from scratch."""
    reason = net.reasons[fact]
    cell, value, on = fact
    premises = set(reason.premises)
    if not premises <= set(net.facts[: net.facts.index(fact)]):
        return False
    houses = {h.name: set(h.cells) for h in state.houses}
    if reason.rule == "cell":
        [(other, placed, is_on)] = premises
        return other == cell and placed != value and is_on and not on
    if reason.rule == "peer":
        [(other, placed, is_on)] = premises
        shared = reason.house == "the same cage" or {cell, other} <= houses[reason.house]
        return placed == value and is_on and not on and other in state.peers[cell] and shared
    gone = {(c, v) for c, v, is_on in premises if not is_on}
    if len(gone) != len(premises):
        return False
    if reason.rule == "naked":
        return on and gone == {(cell, d) for d in state.digits(cell) if d != value}
    house = houses[reason.house]
    if reason.rule == "hidden":
        return on and gone == {(c, value) for c in state.cells_with(value, house - {cell})}
    rest = house - houses[reason.other]
    return (
        not on
        and cell in houses[reason.other] - house
        and gone == {(c, value) for c in state.cells_with(value, rest)}
    )


def check_branch(state: State, branch: Branch) -> None:
    for fact in branch.links:
        assert justified(state, branch.net, fact), (fact, branch.net.reasons[fact])
    assert set(branch.goals) <= set(branch.links) | {branch.net.assumption}


@pytest.mark.parametrize("line", [line for line, _ in TOP])
def test_every_link_of_the_shortest_proofs_checks_out(line: str) -> None:
    state = after_easy(line)
    found = proofs(state)
    assert found
    for proof in found[:40]:
        for branch in proof.branches:
            check_branch(state, branch)
    keys = [p.order() for p in found]
    assert keys == sorted(keys)


def test_explanations_show_every_link_and_are_right() -> None:
    line, answer = TOP[0]
    solution = [int(ch) for ch in answer]
    state = State.start(Puzzle.sudoku(line))
    forcing = 0
    for step in explain(state, unique=True):
        assert "more placements follow" not in str(step)
        for cell, value in step.placements:
            assert solution[cell] == value, step.text
        for cell, value in step.eliminations:
            assert solution[cell] != value, step.text
        if step.technique in ("Forcing Chain", "Forcing Net"):
            forcing += 1
            numbered = [line for line in step.proof if line.strip()[:1].isdigit()]
            assert numbered and all("because" in line for line in numbered)
        state.apply(step)
    assert state.solved and forcing


def test_a_chain_too_long_to_show_waits_for_the_shorter_ones() -> None:
    state = State.start(Puzzle.sudoku(TOP[0][0]))
    for step in explain(state, unique=True):
        if step.technique.startswith("Forcing"):
            break
        state.apply(step)
    chains = list(by_name("Forcing Chain").find(state))
    nets = list(by_name("Forcing Net").find(state))
    assert all(branch_length(s) <= MAX_SHOWN for s in chains)
    lengths = [branch_length(s) for s in nets]
    short = [n <= MAX_SHOWN for n in lengths]
    assert short == sorted(short, reverse=True)


def branch_length(step) -> int:
    longest = run = 0
    for line in step.proof:
        run = 0 if line.startswith("if ") else run + line.strip()[:1].isdigit()
        longest = max(longest, run)
    return longest
