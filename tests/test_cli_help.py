"""``latinum help``: the topics, every format and technique, commands' help, and the
completion scripts it tells the user to install."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import formats
from latinum.cli import main
from latinum.logic import TECHNIQUES

#: The console script of the environment running the tests.
SCRIPT = Path(sys.executable).with_name("latinum")
TOPICS = ("formats", "techniques", "exit-status", "environment", "completion")


def latinum(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="latinum", env=env)


def flat(text: str) -> str:
    """``text`` with every run of white space made one space (help text is wrapped)."""
    return " ".join(text.split())


def test_overview_lists_the_topics_and_the_commands() -> None:
    result = latinum("help")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: latinum help [TOPIC]")
    for topic in TOPICS:
        assert re.search(rf"^  {topic} +\S", result.stdout, re.MULTILINE), topic
    for command in ("solve", "count", "check", "convert", "steps", "help"):
        assert re.search(rf"^  {command} +\S", result.stdout, re.MULTILINE), command
    assert "latinum help COMMAND" in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


@pytest.mark.parametrize(
    ("topic", "expected"),
    [
        ("formats", ["NAME", "ALIASES", "grid", "sdk, rows, pencil"]),
        ("techniques", ["Easy (up to 2.3)", "3.2  X-Wing", "BUG+1 *", "Extreme"]),
        ("exit-status", ["0    success", "3    a --node-limit", "130"]),
        ("environment", ["LATINUM_ENGINE", "LATINUM_STATE_DIR", "NO_COLOR", "FORCE_COLOR"]),
        ("completion", ["bash_source", "zsh_source", "fish_source"]),
    ],
)
def test_each_topic(topic: str, expected: list[str]) -> None:
    result = latinum("help", topic)
    assert result.exit_code == 0, result.output
    for text in expected:
        assert text in result.stdout
    # Only the command to copy for fish is longer than 80 columns.
    long = [line for line in result.stdout.splitlines() if len(line) > 80]
    assert all("fish_source" in line for line in long)


@pytest.mark.parametrize(("typed", "topic"), [("Exit", "exit-status"), ("env", "environment")])
def test_topics_answer_to_other_spellings(typed: str, topic: str) -> None:
    assert latinum("help", typed).stdout == latinum("help", topic).stdout
    assert latinum("help", "exit", "status").stdout == latinum("help", "exit-status").stdout


def test_environment_shows_even_when_the_engine_is_misnamed() -> None:
    result = latinum("help", "environment", env={"LATINUM_ENGINE": "bogus"})
    assert result.exit_code == 0 and "LATINUM_ENGINE" in result.stdout


def test_the_formats_table_describes_every_format() -> None:
    shown = latinum("help", "formats").stdout
    rows = {line.split()[0] for line in shown.splitlines() if line and not line[0].isspace()}
    for name in formats.names():
        fmt = formats.get(name)
        assert name in rows
        assert fmt.description.strip() and flat(fmt.description) in flat(shown)
        for alias in fmt.aliases:
            assert alias in shown


@pytest.mark.parametrize("name", formats.names())
def test_each_format_has_its_help_with_a_real_example(name: str) -> None:
    fmt = formats.get(name)
    result = latinum("help", name)
    assert result.exit_code == 0, result.output
    shown = result.stdout
    assert shown.startswith(f"{name}: ")
    assert flat(fmt.description) in flat(shown)
    for label in ("aliases:", "reads:", "writes:"):
        assert f"  {label}" in shown
    if "'latinum convert --example" in shown:
        kind = re.search(r"'latinum convert --example (\w+) --to", shown)
        assert kind is not None
        converted = latinum("convert", "--example", kind[1], "--to", name)
        assert converted.exit_code == 0
        assert converted.stdout.rstrip("\n") in shown
    elif "'latinum solve --example --to" in shown:
        solved = latinum("solve", "--example", "--to", name)
        assert solved.stdout.rstrip("\n") in shown
    else:
        assert "None of the built-in examples fits" in shown or "It cannot write puzzles" in shown


def test_the_sudoku_example_comes_first_and_then_the_others() -> None:
    grid = latinum("help", "grid").stdout
    assert "The built-in sudoku example" in grid and "5 3 0 0 7 0 0 0 0" in grid
    keen = latinum("help", "keen").stdout
    assert "The built-in kenken example (it cannot hold the sudoku)" in keen
    calcudoku = latinum("help", "calcudoku").stdout
    assert "None of the built-in examples fits calcudoku:" in calcudoku
    assert re.search(r"^  kenken: .*\* cage", calcudoku, re.MULTILINE)


def test_read_only_and_write_only_formats_say_so() -> None:
    csv = latinum("help", "csv").stdout
    assert "datasets: a header" in csv and "--example --to csv'\nwrites it:" in csv
    assert latinum("solve", "--example", "--to", "csv").stdout.strip() in csv
    assert "reads:     no" in latinum("help", "mathdoku-print").stdout


@pytest.mark.parametrize("alias", ["sdk", "SDK", "Pencil"])
def test_a_format_alias_in_any_case_shows_its_format(alias: str) -> None:
    result = latinum("help", alias)
    assert result.exit_code == 0
    assert result.stdout == latinum("help", "grid").stdout
    assert "aliases:   sdk, rows, pencil" in result.stdout


@pytest.mark.parametrize("typed", [["x-wing"], ["X", "WING"], ["xWiNg"], ["  x_wing "]])
def test_a_technique_in_any_case_and_spacing(typed: list[str]) -> None:
    result = latinum("help", *typed)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "X-Wing"
    assert "3.2 on Sudoku Explainer's scale (Medium)" in lines[1]
    assert "HoDoKu code:   0300" in lines[2]


@pytest.mark.parametrize("technique", TECHNIQUES, ids=lambda technique: technique.name)
def test_every_technique_has_a_description(technique) -> None:
    result = latinum("help", technique.name.lower().replace(" ", "-"))
    assert result.exit_code == 0, result.output
    shown = result.stdout
    assert shown.splitlines()[0] == technique.name
    description = shown.split("\n\n")[1]
    assert len(description.split()) >= 5 and "(not described)" not in description
    for code in technique.codes:
        assert code in shown
    assert ("valid only" in shown) == technique.needs_unique
    assert all(len(line) <= 80 for line in shown.splitlines())


def test_a_finder_made_by_a_factory_is_described_with_its_numbers() -> None:
    shown = flat(latinum("help", "naked triple").stdout)
    assert "3 cells of one house whose candidates together are 3 values" in shown


@pytest.mark.parametrize("command", ["solve", "count", "steps", "help"])
def test_a_commands_help_is_its_own_help(command: str) -> None:
    result = latinum("help", command)
    assert result.exit_code == 0
    assert result.stdout == latinum(command, "--help").stdout
    assert result.stdout.startswith(f"Usage: latinum {command} ")


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("x-wnig", "X-Wing"), ("formts", "formats"), ("solv", "solve"), ("sdkk", "sdk")],
)
def test_an_unknown_topic_is_one_line_with_a_suggestion(typed: str, suggested: str) -> None:
    result = latinum("help", typed)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"latinum: no help topic {typed!r}; ")
    assert f"did you mean {suggested!r}?" in lines[0]
    assert all(topic in lines[0] for topic in TOPICS)


def test_an_unknown_topic_without_a_close_one() -> None:
    result = latinum("help", "qqqqqq")
    assert result.exit_code == 2
    assert "did you mean" not in result.stderr
    assert result.stderr.startswith("latinum: no help topic 'qqqqqq'; topics are formats,")


needs_script = pytest.mark.skipif(not SCRIPT.exists(), reason="no latinum console script")


@needs_script
def test_the_completion_lines_produce_scripts() -> None:
    shown = latinum("help", "completion").stdout
    sources = re.findall(r"_LATINUM_COMPLETE=(\w+)_source latinum", shown)
    assert {"bash", "zsh", "fish"} <= set(sources)
    for shell in ("bash", "zsh", "fish"):
        env = {**os.environ, "_LATINUM_COMPLETE": f"{shell}_source"}
        done = subprocess.run(
            [str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stderr
        assert "_latinum_completion" in done.stdout
        assert "complete" in done.stdout


@needs_script
def test_the_shell_completes_help_topics() -> None:
    env = {
        **os.environ,
        "_LATINUM_COMPLETE": "bash_complete",
        "COMP_WORDS": "latinum help x-w",
        "COMP_CWORD": "2",
    }
    done = subprocess.run(
        [str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "plain,x-wing" in done.stdout.splitlines()
