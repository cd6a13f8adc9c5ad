"""Playing puzzles: the full-screen game (:mod:`latinum.play.app`) and a line-mode
game that works in any terminal, pipe or screen reader (:mod:`latinum.play.plain`)."""

from __future__ import annotations

from importlib import import_module

__all__ = ["PlainGame", "board_text", "duplicates"]


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module 'latinum.play' has no attribute {name!r}")
    return getattr(import_module(".plain", __name__), name)
