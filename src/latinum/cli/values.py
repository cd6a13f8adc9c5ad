"""The numbers options take, and what a bad one is told: in the words of the command
line, with what a good value looks like, never a Python type name.

click's ``self.fail`` puts "Invalid value for '--option':" in front of each message.
"""

from __future__ import annotations

import math
from typing import Any

import click


def _shown(value: Any) -> str:
    """A value as the user typed it, for a message that quotes it."""
    return value.strip() if isinstance(value, str) else str(value)


class WholeNumber(click.ParamType):
    """A whole number from ``min`` to ``max``; either bound may be None (no bound).

    ``example`` is offered in the message when the range does not show a value by itself
    (by default the bound there is, else 1).
    """

    name = "whole number"

    def __init__(
        self, min: int | None = None, max: int | None = None, example: int | None = None
    ) -> None:
        self.min = min
        self.max = max
        if example is None:
            example = min if min is not None else max if max is not None else 1
        self.example = example

    def wanted(self) -> str:
        """What a valid value looks like, after 'a whole number' or 'one'."""
        if self.min is not None and self.max is not None:
            return f"from {self.min} to {self.max}"
        if self.min is not None:
            return f"of {self.min} or more, such as {self.example}"
        if self.max is not None:
            return f"of {self.max} or less, such as {self.example}"
        return f"such as {self.example}"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(_shown(value))
            except ValueError:
                self.fail(
                    f"'{_shown(value)}' is not a whole number; give one {self.wanted()}.",
                    param,
                    ctx,
                )
        if (self.min is not None and number < self.min) or (
            self.max is not None and number > self.max
        ):
            self.fail(f"{number} is out of range; give a whole number {self.wanted()}.", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"WholeNumber(min={self.min}, max={self.max}, example={self.example})"


class Seconds(click.ParamType):
    """A time in seconds, above 0 (a fraction is fine)."""

    name = "seconds"
    WANTED = "above 0, such as 2 or 0.5"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SECONDS"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        try:
            number = float(_shown(value))
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            self.fail(
                f"'{_shown(value)}' is not a number of seconds; give one {self.WANTED}.",
                param,
                ctx,
            )
        if number <= 0:
            self.fail(
                f"{_shown(value)} is out of range; give a number of seconds {self.WANTED}.",
                param,
                ctx,
            )
        return number

    def __repr__(self) -> str:
        return "Seconds()"
