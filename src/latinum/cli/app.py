"""The ``latinum`` command group."""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.metadata import version

import click

#: The module of each command; it registers the command on :func:`main` when imported.
COMMANDS = {
    "check": "checking",
    "compare": "compare",
    "convert": "converting",
    "count": "solving",
    "generate": "generating",
    "hint": "hints",
    "play": "play",
    "print": "printing",
    "rate": "rating",
    "serve": "serving",
    "show": "converting",
    "solve": "solving",
    "steps": "steps",
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            import_module(f"latinum.cli.{COMMANDS[name]}")
        return super().get_command(ctx, name)


def show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """Print the version and the engine in use, then exit."""
    if not value or ctx.resilient_parsing:
        return
    from ..solver import engines

    click.echo(f"latinum, version {version('latinum')}")
    try:
        click.echo(f"engine: {engines.describe()}")
    except engines.EngineUnavailable as error:
        click.echo(f"engine: {error}")
        ctx.exit(2)
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=show_version,
    help="Show the version and the solving engine, then exit.",
)
def main() -> None:
    """Solve, check, convert, draw and print Latin-square puzzles.

    Sudoku (any box shape, 4x4 to 25x25, Sudoku-X), KenKen / Mathdoku /
    Calcudoku, Killer Sudoku and Latin squares. Files are read in any
    supported format, detected from their content; '-' or no file reads
    standard input. The commands that work on one puzzle (steps, hint,
    compare, play) take puzzle N of a batch with --number N.

    Exit status: 0 success, 1 a puzzle has no solution (or, for check,
    steps, hint and rate, is not unique; or the solution that came with it
    is wrong), 2 bad input or usage, 3 a --node-limit or --time-limit was
    reached. Over many puzzles the highest status is returned.

    Sudoku, Sudoku-X and Latin squares are solved by the native (Rust)
    engine when it was built, else by the pure-Python one;
    LATINUM_ENGINE=python forces the pure engine, LATINUM_ENGINE=native
    insists on the native one. KenKen, Killer and Futoshiki puzzles always
    use the pure engine.
    """
    from ..solver import engines

    try:
        engines.chosen()
    except engines.EngineUnavailable as error:
        click.echo(f"latinum: {error}", err=True)
        sys.exit(2)
