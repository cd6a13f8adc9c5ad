"""The ``latinum`` command group."""

from __future__ import annotations

import difflib
import os
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
    "doctor": "doctor",
    "generate": "generating",
    "help": "helping",
    "hint": "hints",
    "play": "play",
    "print": "printing",
    "rate": "rating",
    "serve": "serving",
    "show": "converting",
    "solve": "solving",
    "steps": "steps",
}


#: Commands that must run whatever the environment says, to report on it.
REPORTERS = frozenset({"doctor", "help"})


def apply_color(ctx: click.Context, _param: click.Parameter, value: bool | None) -> None:
    """--color forces colours (FORCE_COLOR), --no-color turns them off (NO_COLOR), for
    this process and what it starts (the game, the browser's games)."""
    if value is None or ctx.resilient_parsing:
        return
    os.environ.pop("NO_COLOR" if value else "FORCE_COLOR", None)
    os.environ["FORCE_COLOR" if value else "NO_COLOR"] = "1"
    ctx.color = value


def color_option() -> click.Option:
    return click.Option(
        ["--color/--no-color"],
        default=None,
        expose_value=False,
        is_eager=True,
        callback=apply_color,
        help="Colours even when the output is not a terminal, or none "
        "(default: on a terminal unless NO_COLOR is set).",
    )


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used, and
    gives every command --color/--no-color."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            import_module(f"latinum.cli.{COMMANDS[name]}")
        command = super().get_command(ctx, name)
        if command is not None and not any(p.name == "color" for p in command.params):
            command.params.append(color_option())
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0]
        if self.get_command(ctx, name) is None and not ctx.resilient_parsing:
            commands = self.list_commands(ctx)
            starting = [command for command in commands if command.startswith(name.lower())]
            close = difflib.get_close_matches(name.lower(), commands, n=3, cutoff=0.6)
            close = list(dict.fromkeys(starting + close))[:3]
            quoted = [f"'{match}'" for match in close]
            known = (
                ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else "".join(quoted)
            )
            hint = f" Did you mean {known}?" if close else " 'latinum --help' lists the commands."
            ctx.fail(f"No such command '{name}'.{hint}")
        return super().resolve_command(ctx, args)


def show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """Print the version, the engine in use and whether the native one was built."""
    if not value or ctx.resilient_parsing:
        return
    from ..solver import engines

    lines = [f"latinum, version {version('latinum')}"]
    status = 0
    try:
        lines.append(f"engine: {engines.describe()}")
    except engines.EngineUnavailable as error:
        lines.append(f"engine: {error}")
        status = 2
    lines.append(f"native engine: {engines.build_state()}")
    click.echo("\n".join(lines))  # in one write, whole to a reader that stops early (grep -q)
    ctx.exit(status)


@click.group(
    cls=LazyGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=show_version,
    help="Show the version, the solving engine and whether the native one is built.",
)
@click.pass_context
def main(ctx: click.Context) -> None:
    """Solve, check, convert, draw and print Latin-square puzzles.

    Sudoku (any box shape, 4x4 to 25x25, Sudoku-X), KenKen / Mathdoku /
    Calcudoku (Tatham's Keen), Killer Sudoku, Futoshiki (Tatham's Unequal),
    Skyscrapers (Tatham's Towers) and Latin squares. Files are read in
    any supported format, detected from their content; '-' or no file reads
    standard input, and an argument that names no file is read as the puzzle
    itself: latinum solve 4......23......3
    The commands that work on one puzzle (steps, hint, compare, play) take
    puzzle N of a batch with --number N. 'latinum help' lists the topics
    (formats, techniques, exit status, environment, shell completion);
    'latinum doctor' says what this install has.

    Exit status: 0 success, 1 a puzzle has no solution (or, for check,
    steps, hint and rate, is not unique; or the solution that came with it
    is wrong), 2 bad input or usage, 3 a --node-limit or --time-limit was
    reached. Over many puzzles the highest status is returned.

    Sudoku, Sudoku-X, Latin squares, KenKen and Killer are solved by the
    native (Rust) engine when it was built, else by the pure-Python one;
    LATINUM_ENGINE=python forces the pure engine, LATINUM_ENGINE=native
    insists on the native one. Futoshiki and Skyscrapers puzzles always use
    the pure engine.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())
        ctx.exit()
    if ctx.invoked_subcommand in REPORTERS:
        return
    from ..solver import engines

    try:
        engines.chosen()
    except engines.EngineUnavailable as error:
        click.echo(f"latinum: {error}", err=True)
        sys.exit(2)


main.params.append(color_option())
