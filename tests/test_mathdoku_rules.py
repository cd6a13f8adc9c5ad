"""The Mathdoku seed's ``readyToSolve`` rules: each broken rule is reported."""

from __future__ import annotations

import pytest

from latinum import ParseError, read
from latinum.formats import mathdoku

GRID = "aab\ncbb\ncdd\n"


def parse_problems(text: str) -> list[str]:
    with pytest.raises(ParseError) as caught:
        mathdoku.read(text, "m.txt")
    return [error.where() for error in caught.value.every()]


def model_problems(text: str) -> list[str]:
    return [problem.message for problem in read(text, "mathdoku").validate()]


def test_every_group_needs_a_result_and_operator() -> None:
    problems = parse_problems(GRID + "a 3 +\nb 6 *\nc 3 +\n")
    assert problems == ["m.txt, line 3, column 2: group 'd' has no 'GROUP RESULT OP' line"]


def test_result_and_operator_in_the_right_order() -> None:
    problems = parse_problems(GRID + "a 3 +\nb * 6\nc 3 +\nd 3 +\n")
    assert problems == [
        "m.txt, line 5, column 3: result '*' of group 'b' is not a whole number"
        " (the order is GROUP RESULT OP)"
    ]


def test_only_the_five_operators() -> None:
    problems = parse_problems(GRID + "a 3 +\nb 6 #\nc 3 +\nd 3 +\n")
    assert problems == [
        "m.txt, line 5, column 5: group 'b': unknown operator '#' (expected one of + - * / =)"
    ]


def test_every_broken_line_is_reported_at_once() -> None:
    problems = parse_problems(GRID + "a 3 +\nb * 6\nc 3 %\nz 1 =\n")
    assert [p.split(": ", 1)[0] for p in problems] == [
        "m.txt, line 5, column 3",
        "m.txt, line 6, column 5",
        "m.txt, line 3, column 2",
        "m.txt, line 7",
    ]
    assert "group 'z' is not in the grid" in problems[-1]


@pytest.mark.parametrize(
    ("grid", "constraints", "words"),
    [
        (
            "aab\ncdb\ncee\n",
            "a 3 =\nb 3 +\nc 3 +\nd 1 =\ne 3 +\n",
            "an = cage needs exactly 1 cell",
        ),
        ("aab\ncbb\ncdd\n", "a 3 +\nb 1 -\nc 3 +\nd 1 -\n", "needs exactly 2 cells, not 3"),
        ("aab\ncbb\ncdd\n", "a 3 +\nb 2 /\nc 3 +\nd 1 -\n", "needs exactly 2 cells, not 3"),
    ],
)
def test_cell_counts_of_equals_minus_and_divide(grid: str, constraints: str, words: str) -> None:
    assert any(words in problem for problem in model_problems(grid + constraints))


def test_a_ready_puzzle_has_no_problems() -> None:
    assert model_problems("aab\ncdb\ncee\na 3 +\nb 4 +\nc 5 +\nd 1 =\ne 3 +\n") == []
