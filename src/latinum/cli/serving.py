"""``latinum serve``: the game in a web browser."""

from __future__ import annotations

import errno
from pathlib import Path

import click

from .app import main
from .common import choose, fail, run
from .play import (
    check_choice,
    chosen_kind,
    file_items,
    game_options,
    playable,
    saved_game,
)
from .values import WholeNumber


@main.command("serve")
@game_options
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. The default lets only this machine in; any other "
    "(0.0.0.0 is every address) lets in anyone who can reach it, with a warning.",
)
@click.option(
    "--port",
    type=WholeNumber(min=1, max=65535),
    default=8000,
    show_default=True,
    help="Port, from 1 to 65535.",
)
def serve_command(
    file, kind, size, difficulty, seed, number, resume, theme, keep_marks, source_format, host, port
) -> None:
    """Play in a web browser: serve the game at http://HOST:PORT/.

    A puzzle may be typed in place of FILE: an argument that names no file
    is read as puzzle text (a line of digits and dots, a Tatham game ID).

    Each browser tab that opens the address gets its own game, the same
    full-screen game as 'latinum play' with the same options: click a cell
    to select it, click a digit of the pad or type it, press ? for every
    key. Moves and best times are saved in the state folder as in
    the terminal (one saved game: the tab that moved last). Ctrl+C stops the
    server; every open game is saved first.

    Needs the web extra: pip install 'latinum[web]'.

    \b
    Examples:
      latinum serve
      latinum serve --kind killer --difficulty Hard --port 8080
      latinum serve puzzles.txt --number 3
    """

    def command() -> int:
        from ..play import serve as web

        web.require()
        check_choice(file, kind, size, difficulty, seed, number, resume)
        chosen_kind(kind, size, difficulty)
        if file == "-":
            fail("serve reads FILE for every browser tab: give a file, not '-'")
        if file:
            playable([choose(file_items(file, source_format), number)])
        if resume:
            saved_game()  # stops here when there is none, or it cannot be read
        arguments = play_arguments(
            str(Path(file).resolve()) if file else None,
            {
                "--kind": kind,
                "--size": size,
                "--difficulty": difficulty,
                "--seed": seed,
                "--number": number,
                "--theme": theme,
                "--from": source_format,
                "--resume": resume,
                "--keep-marks": keep_marks,
            },
        )
        if not web.is_loopback(host):
            click.echo(
                f"latinum serve: warning: listening on {host}: anyone who can reach this "
                "machine can open the game (--host 127.0.0.1 keeps it to this machine)",
                err=True,
            )

        def announce(url: str) -> None:
            click.echo(f"latinum serve: open {url} in a browser (Ctrl+C stops)", err=True)

        try:
            web.serve(arguments, host, port, announce)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                fail(f"port {port} of {host} is in use: choose another with --port")
            fail(f"cannot listen on {host} port {port}: {error.strerror or error}")
        click.echo("latinum serve: stopped", err=True)
        return 0

    run(command)


def play_arguments(file: str | None, options: dict[str, object]) -> list[str]:
    """The ``latinum play`` arguments of ``file`` and the options given (True for a flag)."""
    arguments = [file] if file else []
    for flag, value in options.items():
        if value is True:
            arguments.append(flag)
        elif value not in (None, False):
            arguments += [flag, str(value)]
    return arguments
