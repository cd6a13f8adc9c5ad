"""The explained solution of ``latinum steps``: numbered steps, pencil-mark grids."""

from __future__ import annotations

import os
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from ..errors import SearchLimit
from ..logic import State, explain
from ..logic.notation import hodoku
from ..render.candidates import pencil_grid
from .common import EXIT_LIMIT, EXIT_NO_SOLUTION, EXIT_OK, Item, fail


def explained(
    item: Item,
    state: State,
    out: TextIO,
    plain: bool,
    grids: str,
    techniques: list[str],
    time_limit: float | None,
    notation: str = "words",
) -> int:
    """Write the human-style solution of ``item`` from ``state`` to ``out``; the exit status.

    ``state`` is the start of a puzzle with one solution; ``time_limit``
    (seconds) stops the explanation with the steps so far written;
    ``notation`` is ``words`` or ``hodoku``.
    """
    wanted = grid_steps(grids)
    console = Console(
        file=out, no_color=plain or "NO_COLOR" in os.environ, highlight=False, soft_wrap=True
    )
    console.print(f"[bold]{escape(item.where)}[/bold]: {escape(item.puzzle.describe())}")
    if "start" in wanted or "all" in wanted:
        console.print(pencil_grid(item.puzzle.geometry, state.values, state.candidates))
    number = 0
    try:
        for number, step in enumerate(
            explain(state, techniques, unique=True, time_limit=time_limit), 1
        ):
            state.apply(step)
            text = hodoku(step, item.puzzle.geometry) if notation == "hodoku" else step.text
            head, colon, rest = text.partition(":")
            console.print(
                f"{number:>3}. [bold cyan]{escape(head)}[/bold cyan]{colon}{escape(rest)} "
                f"[dim]({step.weight:.1f})[/dim]"
            )
            for line in step.proof if notation == "words" else ():
                console.print(f"       {escape(line)}")
            if "all" in wanted or str(number) in wanted:
                console.print(pencil_grid(item.puzzle.geometry, state.values, state.candidates))
    except SearchLimit:
        out.flush()
        fail(f"{item.where}: stopped at the time limit after {steps(number)}", EXIT_LIMIT)
    if "end" in wanted and "all" not in wanted:
        console.print(pencil_grid(item.puzzle.geometry, state.values, state.candidates))
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
