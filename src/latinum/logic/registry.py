"""The techniques latinum knows, easiest first, each with its difficulty weight.

Weights follow Sudoku Explainer's scale (1.0 hidden single in a box ... 9+
nested chains) so that a rating reads like the ones players know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache

from ..errors import InvalidArgument
from .state import State
from .step import Step

Finder = Callable[[State], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """A named way of reasoning: ``find`` yields every step it sees in a state.

    ``codes`` are HoDoKu's technique codes it answers (for the regression
    library); ``needs_unique`` marks techniques valid only for puzzles known
    to have one solution.
    """

    name: str
    weight: float
    find: Finder
    codes: tuple[str, ...] = ()
    needs_unique: bool = False


TECHNIQUES: list[Technique] = []
#: The techniques by their names in lower case without spaces or hyphens.
_BY_PLAIN_NAME: dict[str, Technique] = {}


def technique(
    name: str, weight: float, codes: tuple[str, ...] = (), needs_unique: bool = False
) -> Callable[[Finder], Finder]:
    """Register the decorated finder as the technique ``name``."""

    def register(find: Finder) -> Finder:
        TECHNIQUES.append(Technique(name, weight, find, codes, needs_unique))
        TECHNIQUES.sort(key=lambda t: t.weight)
        return find

    return register


def by_name(name: str) -> Technique:
    """The technique called ``name``, in any case and with or without its spaces and
    hyphens (``xy wing`` is XY-Wing); :class:`~latinum.errors.InvalidArgument` if none."""
    if len(_BY_PLAIN_NAME) != len(TECHNIQUES):
        _BY_PLAIN_NAME.clear()
        _BY_PLAIN_NAME.update((_plain(known.name), known) for known in TECHNIQUES)
    known = _BY_PLAIN_NAME.get(_plain(name))
    if known is not None:
        return known
    names = [t.name for t in TECHNIQUES]
    close = get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}? " if close else ""
    raise InvalidArgument(f"unknown technique {name!r} ({hint}known: {', '.join(names)})")


@lru_cache(maxsize=256)
def _plain(name: str) -> str:
    return "".join(char for char in name.lower() if char.isalnum() or char == "+")
