"""The ``latinum`` command: one module per family of subcommands."""

from __future__ import annotations

from . import converting, solving
from .app import main

__all__ = ["converting", "main", "solving"]
