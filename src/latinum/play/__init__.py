"""Playing puzzles: a line-mode game that works in any terminal, pipe or screen reader."""

from __future__ import annotations

from .plain import PlainGame, board_text, duplicates

__all__ = ["PlainGame", "board_text", "duplicates"]
