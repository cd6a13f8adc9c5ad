"""Numbers on the command line: a bad one is refused (exit 2) in the command line's words,
naming the option and what a good value looks like; a good one is taken as before."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner, Result

from latinum.cli import main
from latinum.cli.values import Seconds, WholeNumber

#: Words of Python, or of click's own number types, that a message must not show.
PYTHON = re.compile(r"float|integer range|\bint\b|INTEGER|FLOAT|Traceback", re.IGNORECASE)


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="latinum")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["solve", "--time-limit", "abc", "x.txt"],
            "Invalid value for '--time-limit': 'abc' is not a number of seconds;"
            " give one above 0, such as 2 or 0.5.",
        ),
        (
            ["solve", "--time-limit", "0", "x.txt"],
            "Invalid value for '--time-limit': 0 is out of range;"
            " give a number of seconds above 0, such as 2 or 0.5.",
        ),
        (
            ["compare", "--time-limit", "-1", "x.txt"],
            "Invalid value for '--time-limit': -1 is out of range;"
            " give a number of seconds above 0, such as 2 or 0.5.",
        ),
        (
            ["solve", "--time-limit", "nan", "x.txt"],
            "Invalid value for '--time-limit': 'nan' is not a number of seconds;",
        ),
        (
            ["solve", "--node-limit", "x", "x.txt"],
            "Invalid value for '--node-limit': 'x' is not a whole number;"
            " give one of 1 or more, such as",
        ),
        (
            ["solve", "--node-limit", "1.5", "x.txt"],
            "Invalid value for '--node-limit': '1.5' is not a whole number;",
        ),
        (
            ["generate", "sudoku", "--count", "x"],
            "Invalid value for '--count': 'x' is not a whole number;"
            " give one of 1 or more, such as 10.",
        ),
        (
            ["generate", "sudoku", "--count", "0"],
            "Invalid value for '--count': 0 is out of range;"
            " give a whole number of 1 or more, such as 10.",
        ),
        (
            ["generate", "sudoku", "--size", "abc"],
            "Invalid value for '--size': 'abc' is not a whole number; give one such as 9.",
        ),
        (
            ["serve", "--port", "70000"],
            "Invalid value for '--port': 70000 is out of range;"
            " give a whole number from 1 to 65535.",
        ),
        (
            ["serve", "--port", "abc"],
            "Invalid value for '--port': 'abc' is not a whole number; give one from 1 to 65535.",
        ),
        (
            ["hint", "--level", "4", "x.txt"],
            "Invalid value for '--level': 4 is out of range; give a whole number from 1 to 3.",
        ),
        (
            ["hint", "--level", "two", "x.txt"],
            "Invalid value for '--level': 'two' is not a whole number; give one from 1 to 3.",
        ),
        (
            ["count", "--limit", "0", "x.txt"],
            "Invalid value for '--limit': 0 is out of range; give a whole number of 1 or more",
        ),
        (
            ["play", "--size", "30"],
            "Invalid value for '--size': 30 is out of range; give a whole number from 3 to 25.",
        ),
        (
            ["print", "--example", "--cell", "4", "-o", "x.svg"],
            "Invalid value for '--cell': 4 is out of range; give a whole number from 12 to 400.",
        ),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_a_bad_number_is_refused_in_plain_words(args: list[str], message: str) -> None:
    result = latinum(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split()), result.output
    assert not PYTHON.search(result.output), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_good_time_limit_is_taken() -> None:
    result = latinum("solve", "--example", "--time-limit", "0.5", "--to", "line")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"[1-9]{81}\n", result.stdout), result.output


def test_good_whole_numbers_are_taken() -> None:
    result = latinum("solve", "--example", "--node-limit", "100000", "--to", "line")
    assert result.exit_code == 0, result.output
    result = latinum("hint", "--example", "--level", "2")
    assert result.exit_code == 0, result.output
    result = latinum("generate", "latin", "--size", "4", "--count", "2", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 2


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["solve"], ["--node-limit N", "--time-limit SECONDS"]),
        (["compare"], ["--time-limit SECONDS", "[default: 10.0]"]),
        (["generate"], ["--size N", "--count K", "[default: 1]", "--max-cage N", "--jobs J"]),
        (["hint"], ["--level N", "--number N"]),
        (["serve"], ["--port N", "from 1 to 65535", "[default: 8000]", "--size N"]),
        (["print"], ["--cell PIXELS", "from 12 to 400"]),
    ],
    ids=lambda value: value[0] if isinstance(value, list) and len(value) == 1 else "",
)
def test_help_shows_meaningful_names(args: list[str], shown: list[str]) -> None:
    result = latinum(*args, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for words in shown:
        assert words in text
    assert not PYTHON.search(result.output)


def test_the_types_convert_and_describe() -> None:
    assert WholeNumber(min=1).convert(" 12 ", None, None) == 12
    assert WholeNumber(min=1).convert(8000, None, None) == 8000
    assert Seconds().convert("0.5", None, None) == 0.5
    assert Seconds().convert(10.0, None, None) == 10.0
    assert WholeNumber(min=1, max=3).wanted() == "from 1 to 3"
    assert WholeNumber(min=1, example=10).wanted() == "of 1 or more, such as 10"
    assert WholeNumber(max=5).wanted() == "of 5 or less, such as 5"
    assert WholeNumber().wanted() == "such as 1"
    with pytest.raises(click.BadParameter, match="not a whole number"):
        WholeNumber().convert("2.0", None, None)
    with pytest.raises(click.BadParameter, match="not a number of seconds"):
        Seconds().convert("inf", None, None)
