"""Which engine solves: the pure-Python one, or the native one chosen with LATINUM_ENGINE."""

from __future__ import annotations

import os
from collections.abc import Iterator
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
DEFAULT = "python"
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
    ) -> Iterator[list[int]]:
        """Yield up to ``limit`` solutions (all when None); raise SearchLimit at a limit."""
        ...


class EngineUnavailable(LatinumError):
    """The engine asked for is unknown or was not built."""


def native_module() -> ModuleType | None:
    """The compiled extension, or None when the install could not build it."""
    try:
        return import_module("latinum._native")
    except ImportError:
        return None


def chosen() -> str:
    """The engine named by LATINUM_ENGINE (``python`` when unset).

    Raises EngineUnavailable for another name, or for ``native`` when the
    extension was not built.
    """
    name = os.environ.get(VARIABLE, "").strip().lower() or DEFAULT
    if name not in NAMES:
        raise EngineUnavailable(f"{VARIABLE}={name!r}: choose one of {', '.join(NAMES)}")
    if name == "native" and native_module() is None:
        raise EngineUnavailable(
            f"{VARIABLE}=native, but the native engine was not built: reinstall latinum "
            "with a Rust toolchain (cargo) on PATH, or unset the variable"
        )
    return name


def describe() -> str:
    """The engine in use, in words (for ``latinum --version``)."""
    return NAMES[chosen()]


def engine_for(puzzle: Puzzle) -> SearchEngine:
    """A search engine for ``puzzle``: the chosen one, or the pure one for cages."""
    if chosen() != "native" or puzzle.cages:
        return Engine(puzzle)
    from .native import NativeEngine

    return NativeEngine(puzzle)
