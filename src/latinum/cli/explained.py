"""The explained solution of ``latinum steps``: numbered steps, pencil-mark grids with
the steps drawn on them, pictures of the steps."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..errors import SearchLimit
from ..logic import State, Step, explain
from ..logic.drawing import at_level
from ..logic.notation import hodoku
from ..render.candidates import Line, drawn_grid, legend
from .common import EXIT_LIMIT, EXIT_NO_SOLUTION, EXIT_OK, Item, fail

#: The style of each role and area of a drawn grid (see render.candidates.Segment).
STYLES = {
    "pattern": "bold cyan",
    "eliminated": "bold red strike",
    "placed": "bold green",
    "cell": "on navy_blue",
    "region": "on grey23",
}


def explained(
    item: Item,
    state: State,
    out: TextIO,
    plain: bool,
    grids: str,
    techniques: list[str],
    time_limit: float | None,
    notation: str = "words",
    pictures: Path | None = None,
) -> int:
    """Write the human-style solution of ``item`` from ``state`` to ``out``; the exit status.

    ``state`` is the start of a puzzle with one solution; ``time_limit``
    (seconds) stops the explanation with the steps so far written;
    ``notation`` is ``words`` or ``hodoku``. A chosen step's grid is the one
    before it, with the step drawn; ``pictures`` is a folder for a picture of
    every step (``step-001.svg``, ...).
    """
    wanted = grid_steps(grids)
    console = grid_console(out, plain)
    console.print(f"[bold]{escape(item.where)}[/bold]: {escape(item.puzzle.describe())}")
    if "start" in wanted:
        print_grid(console, state)
    number = 0
    try:
        for number, step in enumerate(
            explain(state, techniques, unique=True, time_limit=time_limit), 1
        ):
            text = hodoku(step, item.puzzle.geometry) if notation == "hodoku" else step.text
            head, colon, rest = text.partition(":")
            console.print(
                f"{number:>3}. [bold cyan]{escape(head)}[/bold cyan]{colon}{escape(rest)} "
                f"[dim]({step.weight:.1f})[/dim]"
            )
            for line in step.proof if notation == "words" else ():
                console.print(f"       {escape(line)}")
            if "all" in wanted or str(number) in wanted:
                print_grid(console, state, at_level(step, 3))
            if pictures is not None:
                save(pictures / f"step-{number:03d}.svg", step_picture(state, step))
            state.apply(step)
    except SearchLimit:
        out.flush()
        fail(f"{item.where}: stopped at the time limit after {steps(number)}", EXIT_LIMIT)
    if "end" in wanted or "all" in wanted:
        print_grid(console, state)
    if state.solved:
        console.print(f"Solved in {steps(number)}.")
        return EXIT_OK
    console.print(f"[bold red]Stuck after {steps(number)}[/bold red]: no known technique applies.")
    return EXIT_NO_SOLUTION


def steps(number: int) -> str:
    return f"{number} step" if number == 1 else f"{number} steps"


def grid_steps(text: str) -> set[str]:
    """The set of ``start``, ``end``, ``all``, ``none`` and step numbers in ``text``."""
    words = {word.strip().lower() for word in text.split(",") if word.strip()}
    unknown = [w for w in words if w not in {"start", "end", "all", "none"} and not w.isdigit()]
    if unknown:
        fail(f"--grid: {unknown[0]!r} is not start, end, all, none or a step number")
    return words


def grid_console(out: TextIO | None, plain: bool) -> Console:
    """A console writing to ``out`` (standard output when None): without colours when
    ``plain`` or NO_COLOR is set, and with no terminal codes at all into a file."""
    to_file = out is not None and out is not sys.stdout
    return Console(
        file=out,
        no_color=plain or to_file or "NO_COLOR" in os.environ,
        force_terminal=False if to_file else None,
        highlight=False,
        soft_wrap=True,
    )


def print_grid(console: Console, state: State, step: Step | None = None) -> None:
    """The pencil-mark grid of ``state``, with ``step`` (found there) drawn and a
    legend of what the drawing shows."""
    lines = drawn_grid(state.puzzle.geometry, state.values, state.candidates, step)
    key = legend(step) if step else []
    console.print(styled([*lines, key] if key else lines))


def styled(lines: list[Line]) -> Text:
    """Drawn ``lines`` as rich text, each segment in the style of its role and area."""
    text = Text()
    for number, line in enumerate(lines):
        if number:
            text.append("\n")
        for segment in line:
            style = " ".join(STYLES[key] for key in (segment.role, segment.area) if key)
            text.append(segment.text, style)
    return text


def step_picture(state: State, step: Step, level: int = 3) -> str:
    """The SVG picture of ``step``, found in ``state``, at hint ``level``."""
    from ..render.pictures import step_svg

    return step_svg(state.puzzle, state.values, state.candidates, step, level)


def picture_folder(path: str) -> Path:
    """The folder at ``path``, made if missing; a path that cannot be one stops the
    command."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        fail(f"{path}: is a file, not a folder for the pictures")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"{path}: cannot make the folder: {error.strerror or error}")
    return folder


def save(path: Path, text: str) -> None:
    """Write ``text`` to the file at ``path``; one that cannot be written stops the
    command."""
    try:
        path.write_text(text, encoding="utf-8", newline="\n")
    except OSError as error:
        fail(f"{path}: cannot write: {error.strerror or error}")
