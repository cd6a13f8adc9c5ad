"""Options shared by the commands that solve the human way: which techniques to use
and how to write the steps."""

from __future__ import annotations

from collections.abc import Callable

import click

from ..logic import TECHNIQUES


def technique_options(function: Callable) -> Callable:
    """Add ``--only NAME`` and ``--exclude NAME`` (both repeatable)."""
    names = click.Choice([t.name for t in TECHNIQUES], case_sensitive=False)
    function = click.option(
        "--exclude",
        multiple=True,
        type=names,
        metavar="TECHNIQUE",
        help="Do not use this technique (repeatable).",
    )(function)
    return click.option(
        "--only",
        multiple=True,
        type=names,
        metavar="TECHNIQUE",
        help="Use only these techniques (repeatable).",
    )(function)


def notation_option(function: Callable) -> Callable:
    """Add ``--notation words|hodoku``."""
    return click.option(
        "--notation",
        type=click.Choice(["words", "hodoku"], case_sensitive=False),
        default="words",
        show_default=True,
        help="words: plain words, chains link by link; hodoku: one line a step in "
        "HoDoKu's notation (r3c3<>6, r9c3=7).",
    )(function)
