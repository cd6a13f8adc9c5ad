"""Every example of the README runs as written and prints what the README shows.

Each ``console`` block runs in a fresh copy of ``docs/tour/``: every ``$``
line with bash, its standard output and error compared with the lines shown
under it. A line ``...`` stands for any number of lines, and ``...`` inside
a line, with the spaces around it, for any text (timings, counts that depend
on the machine). Each
``python`` block runs as a script in a copy of the same folder.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from latinum.solver import engines

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
TOUR = ROOT / "docs" / "tour"
COMMAND_SECONDS = 120
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)


@dataclass
class Command:
    line: str
    expected: list[str]


@dataclass
class Block:
    language: str
    line: int  # where the block starts in the README
    text: str

    @property
    def commands(self) -> list[Command]:
        commands: list[Command] = []
        for line in self.text.splitlines():
            if line.startswith("$ "):
                commands.append(Command(line[2:], []))
            elif commands:
                commands[-1].expected.append(line)
        return commands


def blocks(language: str) -> list[Block]:
    text = README.read_text(encoding="utf-8")
    return [
        Block(found[1], text.count("\n", 0, found.start()) + 1, found[2])
        for found in FENCE.finditer(text)
        if found[1] == language
    ]


def pattern(expected: list[str]) -> re.Pattern[str]:
    """A regular expression for the output shown: ``...`` lines and ``...`` inside lines."""
    parts = []
    for line in trimmed(expected):
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = re.split(r" *\.\.\. *", line)
            parts.append(".*".join(re.escape(piece) for piece in pieces) + r"\n")
    return re.compile("".join(parts))


def trimmed(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def run(command: str, where: Path) -> str:
    environment = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "COLUMNS": "200",
        "NO_COLOR": "1",
        "TERM": "dumb",
    }
    result = subprocess.run(
        ["bash", "-c", command],
        cwd=where,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=COMMAND_SECONDS,
    )
    return "".join(line + "\n" for line in trimmed(result.stdout.splitlines()))


def native_chosen() -> bool:
    try:
        return engines.chosen() == "native"
    except engines.EngineUnavailable:
        return False


def skip_without_dask(block: Block) -> None:
    if "dask" in block.text and importlib.util.find_spec("distributed") is None:
        pytest.skip("runs on Dask, which is not installed (the dask extra)")


def tour_copy(tmp_path: Path) -> Path:
    where = tmp_path / "tour"
    shutil.copytree(TOUR, where)
    return where


@pytest.mark.parametrize("block", blocks("console"), ids=lambda block: f"line{block.line}")
def test_console_block(block: Block, tmp_path: Path) -> None:
    if "engine: native" in block.text and not native_chosen():
        pytest.skip("shows the native engine, which is not the one in use here")
    skip_without_dask(block)
    where = tour_copy(tmp_path)
    for command in block.commands:
        output = run(command.line, where)
        expected = "\n".join(trimmed(command.expected))
        assert pattern(command.expected).fullmatch(output), (
            f"README line {block.line}: $ {command.line}\n"
            f"--- shown ---\n{expected}\n--- printed ---\n{output}"
        )


@pytest.mark.parametrize("block", blocks("python"), ids=lambda block: f"line{block.line}")
def test_python_block(block: Block, tmp_path: Path) -> None:
    skip_without_dask(block)
    where = tour_copy(tmp_path)
    script = where / "example.py"
    script.write_text(block.text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(script)],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=COMMAND_SECONDS,
    )
    assert result.returncode == 0, f"README line {block.line}:\n{result.stderr}"


def test_the_tour_folder_holds_every_file_the_readme_names() -> None:
    named = set()
    for block in blocks("console"):
        for command in block.commands:
            named.update(re.findall(r"[\w.-]+\.(?:txt|in|out|sdk|json|csv)\b", command.line))
    created = {"empty.txt"}
    misspelt = {"puzles.txt"}  # shows the error for a file that does not exist
    missing = sorted(name for name in named - created - misspelt if not (TOUR / name).exists())
    assert not missing


def test_a_pattern_is_not_a_free_pass() -> None:
    assert pattern(["a", "...", "d"]).fullmatch("a\nb\nc\nd\n")
    assert pattern(["a", "...", "d"]).fullmatch("a\nd\n")
    assert not pattern(["a", "...", "d"]).fullmatch("a\nb\n")
    assert pattern(["time: ... ms"]).fullmatch("time: 0.21 ms\n")
    assert not pattern(["time: ... ms"]).fullmatch("time: 0.21 s\n")
    assert not pattern(["x"]).fullmatch("x\ny\n")
