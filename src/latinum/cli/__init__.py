"""The ``latinum`` command: one module per family of subcommands."""

from __future__ import annotations

from . import checking, compare, converting, play, solving, steps
from .app import main

__all__ = ["checking", "compare", "converting", "main", "play", "solving", "steps"]
