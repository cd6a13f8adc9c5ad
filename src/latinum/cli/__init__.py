"""The ``latinum`` command: one module per family of subcommands, each
imported when its command runs (see :data:`latinum.cli.app.COMMANDS`)."""

from __future__ import annotations

from .app import main

__all__ = ["main"]
