"""Options shared by the commands that solve the human way: which techniques to use."""

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
