"""``latinum help``: topics beyond one command's --help (formats, techniques, exit
statuses, environment variables, shell completion) and each command's --help."""

from __future__ import annotations

import inspect
import io
import re
import shlex
import sys
import textwrap
from collections.abc import Callable
from difflib import get_close_matches
from functools import cache

import click
from click.shell_completion import CompletionItem

from .. import formats
from ..batch.datasets import DATASETS
from ..batch.datasets import write as write_dataset
from ..batch.records import SOLVED, Record, puzzle_text
from ..errors import LatinumError
from ..formats import Format
from ..grid import Grid
from ..levels import LEVELS
from ..logic import TECHNIQUES, Technique, by_name
from ..puzzle import Puzzle
from ..rating import level_of
from .app import main
from .common import (
    EXAMPLES,
    EXIT_BAD_INPUT,
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    fail,
    read_items,
    run,
)

WIDTH = 80
#: Spellings of the topics people may try, beyond their own names.
SYNONYMS = {
    "format": "formats",
    "technique": "techniques",
    "exit": "exit-status",
    "exit-statuses": "exit-status",
    "exit-code": "exit-status",
    "exit-codes": "exit-status",
    "status": "exit-status",
    "env": "environment",
    "environment-variables": "environment",
    "completions": "completion",
}
#: A Sphinx role (:func:`name`): it marks a docstring paragraph written for programmers.
ROLE = re.compile(r":[a-z]+:`[^`]*`")
#: ``literal`` and *emphasis* in docstrings, read as plain words.
LITERAL = re.compile(r"``([^`]*)``")
EMPHASIS = re.compile(r"(?<![\w*])\*(\w[^*]*?)\*(?![\w*])")


@main.command("help")
@click.argument("topic", nargs=-1, shell_complete=lambda ctx, _p, text: completions(ctx, text))
@click.pass_context
def help_command(ctx: click.Context, topic: tuple[str, ...]) -> None:
    """Show help on a topic, a format, a technique or a command.

    The topics: formats, techniques, exit-status, environment (variables)
    and completion (for the shell). Without a TOPIC, lists the topics and
    the commands. A format is named as --from and --to take it (or by an
    alias), a technique in any case, with or without its spaces and hyphens;
    a command's help is its --help.

    \b
    Examples:
      latinum help
      latinum help formats
      latinum help sdk
      latinum help x-wing
      latinum help solve
    """

    def command() -> int:
        wanted = " ".join(topic).strip()
        root = ctx.find_root()
        if not wanted:
            overview(ctx, root)
        else:
            find_topic(wanted, root)()
        return EXIT_OK

    run(command)


# Finding the topic ---------------------------------------------------------------


def topics() -> dict[str, tuple[str, Callable[[], None]]]:
    """Each fixed topic: its line in the overview and what shows it."""
    return {
        "formats": ("the formats puzzles are read and written in", show_formats),
        "techniques": ("the human-style solving techniques, easiest first", show_techniques),
        "exit-status": ("what the exit statuses of latinum mean", show_exit_status),
        "environment": ("the environment variables latinum reads", show_environment),
        "completion": ("how to turn on shell completion (bash, zsh, fish)", show_completion),
    }


def find_topic(wanted: str, root: click.Context) -> Callable[[], None]:
    """What shows the topic ``wanted``: a fixed topic, a command, a format or a
    technique; stops the command with a suggestion when it is none of them."""
    key = re.sub(r"[\s_]+", "-", wanted.lower())
    fixed = topics()
    key = SYNONYMS.get(key, key)
    if key in fixed:
        return fixed[key][1]
    if key in main.list_commands(root):
        return lambda: show_command(root, key)
    try:
        fmt = formats.get(wanted.strip())
    except LatinumError:
        pass
    else:
        return lambda: show_format(fmt)
    try:
        technique = by_name(wanted)
    except LatinumError:
        pass
    else:
        return lambda: show_technique(technique)
    names = topic_names(root)
    close = get_close_matches(key, list(names), n=1, cutoff=0.6)
    hint = f"did you mean {names[close[0]]!r}? " if close else ""
    fail(
        f"no help topic {wanted!r}; {hint}topics are {', '.join(fixed)}, "
        "or a command, format or technique ('latinum help' lists them)",
        EXIT_BAD_INPUT,
    )


def topic_names(root: click.Context) -> dict[str, str]:
    """Every name a topic answers to, lowercased, with the name to show for it."""
    names = {name: name for name in (*topics(), *SYNONYMS)}
    names.update((name, name) for name in main.list_commands(root))
    for name in formats.names():
        names.update((alias, alias) for alias in (name, *formats.get(name).aliases))
    names.update((typed(t.name), t.name) for t in TECHNIQUES)
    return names


def typed(name: str) -> str:
    """A technique's name as typed without quotes: ``Naked Pair`` is ``naked-pair``."""
    return name.lower().replace(" ", "-")


def completions(ctx: click.Context, incomplete: str) -> list[CompletionItem]:
    """The topics that start with what was typed, for shell completion."""
    start = incomplete.lower()
    names = set(topic_names(ctx.find_root())) - set(SYNONYMS)
    found = sorted(name for name in names if name.startswith(start))
    return [CompletionItem(name) for name in found]


# The overview and commands -------------------------------------------------------


def overview(ctx: click.Context, root: click.Context) -> None:
    """The topics, one line each, and the commands."""
    click.echo(f"Usage: {ctx.command_path} [TOPIC]")
    click.echo()
    click.echo("Topics:")
    fixed = topics()
    width = max(map(len, fixed))
    for name, (line, _show) in fixed.items():
        click.echo(f"  {name:<{width}}  {line}")
    click.echo()
    path = root.command_path
    kinds = [
        ("FORMAT", "one format, such as grid, sdk or keen"),
        ("TECHNIQUE", "one technique, such as x-wing or 'naked pair'"),
        ("COMMAND", f"a command's help, as {path} COMMAND --help"),
    ]
    width = max(len(kind) for kind, _line in kinds)
    for kind, line in kinds:
        click.echo(f"  {path} help {kind:<{width}}  {line}")
    click.echo()
    click.echo("Commands:")
    names = main.list_commands(root)
    width = max(map(len, names))
    for name in names:
        command = main.get_command(root, name)
        if command is None or command.hidden:
            continue
        short = command.get_short_help_str(limit=WIDTH - width - 4)
        click.echo(f"  {name:<{width}}  {short}")


def show_command(root: click.Context, name: str) -> None:
    """The help of command ``name``, as ``latinum NAME --help`` prints it."""
    command = main.get_command(root, name)
    if command is None:
        fail(f"no command {name!r}")
    with click.Context(command, info_name=name, parent=root) as context:
        click.echo(command.get_help(context))


# Formats --------------------------------------------------------------------------


@cache
def examples() -> dict[str, Puzzle]:
    """The built-in example puzzles, by kind."""
    return {kind: next(iter(read_items((), None, kind))).puzzle for kind in EXAMPLES}


@cache
def written(name: str) -> tuple[dict[str, str], dict[str, str]]:
    """The text of each built-in example the format ``name`` writes, and why it
    cannot write the others, by kind."""
    texts, refusals = {}, {}
    for kind, puzzle in examples().items():
        try:
            texts[kind] = formats.write(puzzle, name).rstrip("\n")
        except (LatinumError, ValueError) as error:
            refusals[kind] = str(error)
    return texts, refusals


def fitting(fmt: Format) -> dict[str, str]:
    """The built-in examples ``fmt`` writes, by kind."""
    return written(fmt.name)[0]


@cache
def reads_back(name: str) -> bool:
    """Whether the format ``name`` reads back what it writes of the examples (a format
    that writes none is taken to read)."""
    texts = fitting(formats.get(name))
    if not texts:
        return True
    try:
        formats.read_text(next(iter(texts.values())), name)
    except LatinumError:
        return False
    return True


def batches(fmt: Format) -> bool:
    """Whether one input of ``fmt`` may hold several puzzles."""
    return fmt.batch or fmt.stream is not None


def writes(fmt: Format) -> str:
    """What ``fmt`` writes, in a few words."""
    if fmt.name in DATASETS:
        return "datasets"
    if fmt.write is None:
        return "solutions only" if fmt.write_solution else "nothing"
    return "puzzles, solutions" if fmt.write_solution else "puzzles"


def show_formats() -> None:
    """Every format: name, aliases, batches, reading, writing, description."""
    click.echo("Formats, for --from and --to (in any case; an alias names the same format).")
    click.echo("BATCH: one input may hold several puzzles. 'latinum help FORMAT' shows one,")
    click.echo("with an example.")
    click.echo()
    fmts = [formats.get(name) for name in formats.names()]
    rows = [
        (
            fmt.name,
            ", ".join(fmt.aliases) or "-",
            "yes" if batches(fmt) else "-",
            "yes" if reads_back(fmt.name) else "no",
            writes(fmt),
        )
        for fmt in fmts
    ]
    headers = ("NAME", "ALIASES", "BATCH", "READS", "WRITES")
    widths = [max(len(row[column]) for row in [headers, *rows]) for column in range(4)]
    line = "  ".join(f"{{:<{width}}}" for width in widths) + "  {}"
    click.echo(line.format(*headers))
    for row, fmt in zip(rows, fmts, strict=True):
        click.echo(line.format(*row))
        click.echo(wrapped(fmt.description, "    "))


def show_format(fmt: Format) -> None:
    """One format: description, aliases, what it reads and writes, an example."""
    click.echo(wrapped(f"{fmt.name}: {fmt.description}", "", "  "))
    click.echo()
    texts = fitting(fmt)
    options = [f"--from {fmt.name}"] if reads_back(fmt.name) else []
    if fmt.write is not None or fmt.write_solution is not None:
        options.append(f"--to {fmt.name}")
    facts = [
        ("aliases", ", ".join(fmt.aliases) or "none"),
        ("reads", reading(fmt)),
        ("writes", writing(fmt, texts)),
        ("futoshiki", "holds the signs and bars" if fmt.relations else "no signs or bars"),
        ("towers", "holds Skyscrapers' clues" if fmt.sightlines else "no Skyscrapers clues"),
        ("options", ", ".join(options)),
    ]
    width = max(len(label) for label, _text in facts) + 1
    for label, text in facts:
        click.echo(wrapped(text, f"  {label + ':':<{width}} ", " " * (width + 3)))
    click.echo()
    show_example(fmt, texts)


def reading(fmt: Format) -> str:
    """What reading ``fmt`` does, in words."""
    if not reads_back(fmt.name):
        return "no: it is only written"
    how = "several puzzles in one input (a batch)" if batches(fmt) else "one puzzle an input"
    texts = fitting(fmt)
    if not texts:
        return f"yes, {how}"
    try:
        found = formats.detect(next(iter(texts.values()))).name
    except LatinumError:
        found = None
    if found == fmt.name:
        seen = "recognised from the content"
    elif found:
        seen = f"read as {found} unless named with --from {fmt.name}"
    else:
        seen = f"only when named with --from {fmt.name}"
    return f"yes, {how}; {seen}"


def writing(fmt: Format, texts: dict[str, str]) -> str:
    """What writing ``fmt`` does, in words."""
    if fmt.name in DATASETS:
        return (
            f"datasets: a header, then a row a puzzle (latinum solve, rate, convert and"
            f" generate --to {fmt.name}; see the README's 'Datasets')"
        )
    if fmt.write is None:
        if fmt.write_solution is None:
            return "no"
        return f"solutions only (latinum solve --to {fmt.name}), not puzzles"
    solutions = " and solutions" if fmt.write_solution else ""
    kinds = ", ".join(texts) if texts else "none"
    return f"puzzles{solutions}; of the built-in examples: {kinds}"


def show_example(fmt: Format, texts: dict[str, str]) -> None:
    """The first built-in example ``fmt`` writes (the sudoku when it can), or why none."""
    if texts:
        kind, text = next(iter(texts.items()))
        instead = "" if kind == "sudoku" else " (it cannot hold the sudoku)"
        click.echo(f"The built-in {kind} example{instead}, as")
        click.echo(f"'latinum convert --example {kind} --to {fmt.name}' writes it:")
        click.echo()
        click.echo(text)
        return
    if fmt.name in DATASETS:
        puzzle = examples()["sudoku"]
        record = Record(puzzle_text(puzzle), solved(puzzle).line(), 1)
        out = io.BytesIO()
        write_dataset([record], out, fmt.name, SOLVED)
        click.echo(f"The built-in sudoku solved, as 'latinum solve --example --to {fmt.name}'")
        click.echo("writes it:")
        click.echo()
        click.echo(out.getvalue().decode().rstrip("\n"))
        return
    if fmt.write is None and fmt.write_solution is not None:
        puzzle = examples()["sudoku"]
        try:
            text = fmt.write_solution(puzzle, solved(puzzle)).rstrip("\n")
        except (LatinumError, ValueError):
            pass
        else:
            click.echo("It cannot write puzzles; the built-in sudoku solved, as 'latinum solve")
            click.echo(f"--example --to {fmt.name}' writes it:")
            click.echo()
            click.echo(text)
            return
    if fmt.write is None:
        click.echo("No example: the format cannot write puzzles.")
        return
    click.echo(f"None of the built-in examples fits {fmt.name}:")
    for kind, reason in written(fmt.name)[1].items():
        click.echo(wrapped(f"{kind}: {reason}", "  ", "    "))


def solved(puzzle: Puzzle) -> Grid:
    from ..solver import solve

    return solve(puzzle)


# Techniques -----------------------------------------------------------------------


def show_techniques() -> None:
    """Every technique, easiest first, grouped by level."""
    click.echo("The techniques of 'latinum steps', 'hint' and 'rate', easiest first, grouped")
    click.echo("by the level of a puzzle whose hardest step they are. Weights are on Sudoku")
    click.echo("Explainer's scale; * marks those valid only for a puzzle with exactly one")
    click.echo("solution. 'latinum help TECHNIQUE' describes one. A house is a unit that")
    click.echo("holds every digit once: a row, a column, a box or a diagonal of Sudoku-X.")
    last = 0.0
    for level, bound in LEVELS:
        chosen = [t for t in TECHNIQUES if last < t.weight <= bound]
        if chosen:
            limit = f"up to {bound:.1f}" if bound < 99 else f"above {last:.1f}"
            click.echo()
            click.echo(f"{level} ({limit})")
            for technique in chosen:
                unique = " *" if technique.needs_unique else ""
                click.echo(f"  {technique.weight:.1f}  {technique.name}{unique}")
        last = bound


def show_technique(technique: Technique) -> None:
    """One technique: name, weight, HoDoKu codes, what it does, and its family."""
    click.echo(technique.name)
    codes = ", ".join(technique.codes) or "none"
    plural = "s" if len(technique.codes) > 1 else ""
    level = level_of(technique.weight)
    click.echo(f"  weight:        {technique.weight:.1f} on Sudoku Explainer's scale ({level})")
    click.echo(f"  HoDoKu code{plural}:{' ' if plural else '  '} {codes}")
    if technique.needs_unique:
        click.echo("  valid only:    for a puzzle with exactly one solution")
    click.echo()
    description = paragraphs(finder_doc(technique.find))[:1]
    click.echo(wrapped(description[0] if description else "(not described)", ""))
    module = sys.modules.get(technique.find.__module__)
    family = [p for p in paragraphs(inspect.getdoc(module) or "") if not ROLE.search(p)]
    if family:
        click.echo()
        click.echo("About its family:")
        click.echo("\n\n".join(wrapped(paragraph, "  ") for paragraph in family))
    name = shlex.quote(technique.name)
    click.echo()
    usage = (
        f"--exclude {name} leaves it out of steps, hint and rate; --only {name} "
        "(repeatable) uses only the techniques named."
    )
    click.echo(wrapped(usage, ""))


def finder_doc(find: Callable) -> str:
    """The docstring of a technique's finder; for a finder made by a factory without
    one of its own, the factory's, its ``parameters`` replaced by their values."""
    doc = inspect.getdoc(find)
    if doc:
        return doc
    outer, _locals, _inner = find.__qualname__.partition(".<locals>.")
    factory = getattr(sys.modules.get(find.__module__), outer, None) if _locals else None
    doc = inspect.getdoc(factory) if factory is not None else None
    if not doc:
        return ""
    values = inspect.getclosurevars(find).nonlocals
    return LITERAL.sub(lambda m: str(values.get(m[1], m[0])), doc)


def paragraphs(doc: str) -> list[str]:
    """The paragraphs of a docstring, its markup read as plain text."""
    plain = EMPHASIS.sub(r"\1", LITERAL.sub(r"\1", doc))
    return [p.strip() for p in re.split(r"\n\s*\n", plain) if p.strip()]


# Exit statuses, environment, completion ---------------------------------------------


def show_exit_status() -> None:
    statuses = [
        (EXIT_OK, "success"),
        (
            EXIT_NO_SOLUTION,
            "a puzzle has no solution, or the solution that came with it is wrong; "
            "for check, steps, hint and rate also: it has several; for steps and hint "
            "also: the known techniques cannot go on; for doctor: a problem found",
        ),
        (
            EXIT_BAD_INPUT,
            "bad input or usage: one line on standard error names the file, line "
            "and problem (also: an unknown help topic, a bad LATINUM_ENGINE)",
        ),
        (EXIT_LIMIT, "a --node-limit or --time-limit stopped the search"),
        (130, "interrupted (Ctrl+C)"),
    ]
    click.echo("Exit statuses of latinum:")
    click.echo()
    for status, meaning in statuses:
        click.echo(wrapped(meaning, f"  {status:<5}", " " * 7))
    click.echo()
    click.echo(
        wrapped(
            "Over many puzzles the highest status is returned; the other puzzles "
            "are still answered. Each problem is one line on standard error, "
            "starting 'latinum: '. A command's --help says what its statuses mean "
            "for it.",
            "",
        )
    )


def show_environment() -> None:
    from ..play.storage import STATE_VARIABLE, state_dir
    from ..solver.engines import VARIABLE

    variables = [
        (
            VARIABLE,
            "Which engine solves Sudoku, Sudoku-X, Latin squares, KenKen and Killer: "
            "python (the pure-Python engine) or native (the Rust one; exit status 2 "
            "when it was not built). Unset: native when it was built, else python. "
            "Futoshiki and Skyscrapers puzzles always use the pure engine. 'latinum "
            "doctor' says which is in use.",
        ),
        (
            STATE_VARIABLE,
            "The folder where 'latinum play' and 'latinum serve' keep the saved game, "
            "the best times and the settings (the theme). Unset: the platform's folder "
            "for application state ($XDG_STATE_HOME/latinum, else "
            f"~/.local/state/latinum, on Linux). Here: {state_dir()}",
        ),
        (
            "NO_COLOR",
            "Set (not empty): no colours. The game's board then uses only bold, "
            "underline, reverse and strike-through.",
        ),
        (
            "FORCE_COLOR",
            "Set (not empty): colours even when the output is not a terminal, as in "
            "latinum steps puzzle.txt | less -R. On any command, --color sets "
            "FORCE_COLOR and --no-color sets NO_COLOR for that run.",
        ),
        ("_LATINUM_COMPLETE", "Used by shell completion: see 'latinum help completion'."),
        (
            "TEXTUAL_DRIVER",
            "Set by 'latinum serve' for the games it starts in the browser; not to be set by hand.",
        ),
    ]
    click.echo("Environment variables latinum reads:")
    for name, meaning in variables:
        click.echo()
        click.echo(name)
        click.echo(wrapped(meaning, "    "))


#: Each shell, where its line goes, and the line (all checked by the tests).
COMPLETION = (
    ("bash", "add to ~/.bashrc", 'eval "$(_LATINUM_COMPLETE=bash_source latinum)"'),
    ("zsh", "add to ~/.zshrc, after compinit", 'eval "$(_LATINUM_COMPLETE=zsh_source latinum)"'),
    (
        "fish",
        "run once (after mkdir -p ~/.config/fish/completions if it is missing)",
        "_LATINUM_COMPLETE=fish_source latinum > ~/.config/fish/completions/latinum.fish",
    ),
)


def show_completion() -> None:
    click.echo(
        wrapped(
            "The shell can complete latinum's commands, options, their choices (such "
            "as technique names) and help topics when Tab is pressed. To turn it on:",
            "",
        )
    )
    for shell, where, line in COMPLETION:
        click.echo()
        click.echo(f"{shell}: {where}")
        click.echo(f"    {line}")
    click.echo()
    click.echo(
        wrapped(
            "Then open a new shell. Bash needs version 4.4 or later. The eval lines "
            "run latinum at every shell start; to start faster, save the script "
            "once (_LATINUM_COMPLETE=bash_source latinum > ~/.latinum-complete.bash) "
            "and source that file instead. Saved scripts need saving again after "
            "an upgrade of latinum.",
            "",
        )
    )


# Text -----------------------------------------------------------------------------


def wrapped(text: str, indent: str, subsequent: str | None = None) -> str:
    """``text`` wrapped to :data:`WIDTH` columns; a paragraph of ``*`` items keeps
    them one per item."""
    rest = indent if subsequent is None else subsequent
    items = re.split(r"\n\s*\* ", "\n" + text) if text.lstrip().startswith("* ") else None
    if items:
        return "\n".join(
            textwrap.fill(
                " ".join(item.split()),
                WIDTH,
                initial_indent=rest + "* ",
                subsequent_indent=rest + "  ",
                break_on_hyphens=False,
            )
            for item in items
            if item.strip()
        )
    return textwrap.fill(
        " ".join(text.split()),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=rest,
        break_on_hyphens=False,
    )
