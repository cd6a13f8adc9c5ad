"""The ``latinum`` command: one module per family of subcommands."""

from __future__ import annotations

from . import checking, compare, converting, generating, hints, play, rating, solving, steps
from .app import main

__all__ = [
    "checking",
    "compare",
    "converting",
    "generating",
    "hints",
    "main",
    "play",
    "rating",
    "solving",
    "steps",
]
