"""Which engine solves: the native one where it was built, or the pure-Python one.

LATINUM_ENGINE=python forces the pure engine; LATINUM_ENGINE=native insists
on the native one (an error when it was not built).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from ..errors import LatinumError
from .engine import Engine

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from .stats import Stats

#: The environment variable naming the engine.
VARIABLE = "LATINUM_ENGINE"
NAMES = {"python": "python (pure)", "native": "native (Rust)"}


class SearchEngine(Protocol):
    """What a solver needs of an engine."""

    #: Propagation sweeps made so far.
    passes: int

    def search(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
        seed: int | None = None,
        first_cutoff: int | None = None,
    ) -> Iterator[Sequence[int]]:
        """Yield up to ``limit`` solutions (all when None); raise SearchLimit at a limit.

        With ``limit`` 1 and a ``seed``, the solution is looked for by
        randomised restarts (see :mod:`.restarts`), the first, deterministic
        descent cut at ``first_cutoff`` nodes (None: ``restarts.FIRST_CUTOFF``);
        otherwise the search is complete.
        """
        ...

    def count(
        self,
        stats: Stats,
        node_limit: int | None = None,
        deadline: float | None = None,
        limit: int | None = None,
    ) -> tuple[int, str | None]:
        """Count up to ``limit`` solutions keeping none; the count and why a limit stopped it."""
        ...


class EngineUnavailable(LatinumError):
    """The engine asked for is unknown or was not built."""


@cache
def native_module() -> ModuleType | None:
    """The compiled extension, or None when the install could not build it."""
    try:
        return import_module("latinum._native")
    except ImportError:
        return None


#: The largest count, node limit, limit or seed the native engine takes.
MOST = 2**64 - 1


def capped(number: int | None) -> int | None:
    """``number`` (None: no limit), no larger than the native engine takes."""
    return None if number is None else min(number, MOST)


#: LATINUM_ENGINE as os.environ keeps it.
_KEY = getattr(os.environ, "encodekey", lambda key: key)(VARIABLE)


def setting() -> str:
    """The value of LATINUM_ENGINE now ('' when unset).

    Read from os.environ's own mapping where it has one: ``os.environ.get``
    raises and catches a KeyError when the variable is unset, which costs
    a tenth of solving an easy puzzle.
    """
    try:
        value = os.environ._data.get(_KEY)  # type: ignore[attr-defined]
    except AttributeError:
        return os.environ.get(VARIABLE, "")
    return "" if value is None else os.environ.decodevalue(value)


def chosen() -> str:
    """The engine named by LATINUM_ENGINE; when it is unset, ``native`` if it was
    built, else ``python``.

    Raises EngineUnavailable for another name, or for ``native`` when the
    extension was not built.
    """
    name = setting().strip().lower()
    if not name:
        return "python" if native_module() is None else "native"
    if name not in NAMES:
        raise EngineUnavailable(f"{VARIABLE}={name!r}: choose one of {', '.join(NAMES)}")
    if name == "native" and native_module() is None:
        raise EngineUnavailable(
            f"{VARIABLE}=native, but the native engine was not built: reinstall latinum "
            "with a Rust toolchain (cargo) on PATH, or unset the variable"
        )
    return name


def build_state() -> str:
    """Whether the install built the native engine, in words (for ``latinum --version``)."""
    if native_module() is not None:
        return "built"
    return (
        "not built (there was no Rust toolchain when latinum was installed); "
        "the pure-Python engine solves, more slowly"
    )


def describe() -> str:
    """The engine in use, in words (for ``latinum --version``)."""
    return NAMES[chosen()]


def engine_for(puzzle: Puzzle, check: bool = True) -> SearchEngine:
    """A search engine for ``puzzle``: the chosen one, or the pure one for what
    the native engine does not take (relations and sightlines).

    With ``check``, raises InvalidPuzzle for a broken definition.
    """
    if chosen() != "native" or not native_engine().takes(puzzle):
        if check:
            puzzle.check()
        return Engine(puzzle)
    return native_engine().NativeEngine(puzzle, check)


@cache
def native_engine() -> ModuleType:
    """The native engine's module, imported on first use (it needs the extension)."""
    return import_module(".native", __package__)
