"""``latinum doctor``: what this install has and what the terminal can do."""

from __future__ import annotations

import os
import platform
import re
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import click
from rich.console import Console

from ..play.storage import STATE_VARIABLE, state_dir
from ..solver import engines
from .app import main
from .common import EXIT_NO_SOLUTION, EXIT_OK, run

#: The name a requirement starts with, before its extras, version or markers.
REQUIREMENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
#: The extra a requirement belongs to, from its environment marker.
EXTRA_MARKER = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")
LABEL_WIDTH = 14


@main.command("doctor")
def doctor_command() -> None:
    """Say what this install has: the engine (and whether the native one was
    built), the optional extras, the state folder, the terminal.

    Exit status 0 when all is well, 1 when something is wrong (a bad
    LATINUM_ENGINE, an extra that cannot load, a state folder that cannot be
    written); each problem is said on its line.
    """

    def command() -> int:
        report = Report()
        report.section("latinum", [about()])
        report.section("engine", engine_lines(report))
        report.section("extras", extra_lines(report))
        report.section("state folder", state_lines(report))
        report.section("terminal", terminal_lines())
        report.section("more", ["latinum help: formats, techniques, environment, completion"])
        return EXIT_NO_SOLUTION if report.problems else EXIT_OK

    run(command)


class Report:
    """Writes labelled sections and counts the problems found."""

    def __init__(self) -> None:
        self.problems = 0

    def section(self, label: str, lines: list[str] | Iterator[str]) -> None:
        for number, line in enumerate(lines):
            click.echo(f"{label if number == 0 else '':<{LABEL_WIDTH}} {line}")

    def problem(self, text: str) -> str:
        self.problems += 1
        return f"problem: {text}"


def about() -> str:
    where = Path(__file__).resolve().parent.parent
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return (
        f"{metadata.version('latinum')} at {where}, on {python} "
        f"({platform.system()} {platform.machine()})"
    )


def engine_lines(report: Report) -> Iterator[str]:
    module = engines.native_module()
    if module is None:
        yield f"native: {engines.build_state()}"
    else:
        yield f"native: built, {getattr(module, '__file__', 'built in')}"
    variable = os.environ.get(engines.VARIABLE)
    try:
        chosen = engines.describe()
    except engines.EngineUnavailable as error:
        yield report.problem(str(error))
        return
    how = f"chosen by {engines.VARIABLE}={variable}" if variable else "the default"
    yield f"in use: {chosen}, {how}; signs and clues always use the pure engine"


def extra_lines(report: Report) -> Iterator[str]:
    """One line for each optional extra: installed, partly, or what to install."""
    for extra, names in extras().items():
        found = {name: installed_version(name) for name in names}
        missing = [name for name, found_version in found.items() if found_version is None]
        if missing:
            have = f" ({len(names) - len(missing)} of {len(names)} are)" if extra == "test" else ""
            yield f"{extra}: not installed{have}: pip install 'latinum[{extra}]'"
            continue
        versions = ", ".join(f"{name} {found[name]}" for name in names[:3])
        more = ", ..." if len(names) > 3 else ""
        broken = extra_problem(extra)
        yield report.problem(f"{extra}: {broken}") if broken else f"{extra}: {versions}{more}"


def extras() -> dict[str, list[str]]:
    """The distributions each optional extra of latinum installs, from its metadata."""
    found: dict[str, list[str]] = {}
    for requirement in metadata.requires("latinum") or []:
        extra = EXTRA_MARKER.search(requirement)
        name = REQUIREMENT_NAME.match(requirement)
        if extra and name and name.group() not in found.setdefault(extra.group(1), []):
            found[extra.group(1)].append(name.group())
    return found


def installed_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def extra_problem(extra: str) -> str | None:
    """Why an installed extra cannot work, when its libraries do not load."""
    if extra != "print":
        return None
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as error:
        return f"cairosvg cannot load the Cairo library ({error}); install Cairo (libcairo2)"
    return None


def state_lines(report: Report) -> Iterator[str]:
    folder = state_dir()
    chosen = f"from {STATE_VARIABLE}" if os.environ.get(STATE_VARIABLE) else "the default"
    yield f"{folder} ({chosen}; {STATE_VARIABLE} moves it)"
    existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if not folder.exists():
        if existing is None or not os.access(existing, os.W_OK):
            yield report.problem(f"it cannot be made: {existing} is not writable")
        else:
            yield "not made yet: the first game makes it"
        return
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        yield report.problem("it is not a folder latinum can write to")
        return
    names = sorted(path.name for path in folder.iterdir() if not path.name.startswith("."))
    yield f"holds {', '.join(names)}" if names else "empty"


def terminal_lines() -> Iterator[str]:
    console = Console()
    if console.is_terminal:
        colours = console.color_system or "none"
        yield f"output: a terminal of {console.width}x{console.height}, colours: {colours}"
    else:
        yield "output: not a terminal (no colours, no progress bars)"
    yield f"encoding: {console.encoding}"
    if sys.stdin.isatty() and sys.stdout.isatty():
        yield "input: a terminal, so 'latinum play' runs full screen"
    else:
        yield "input or output is not a terminal, so 'latinum play' runs line by line"
    settings = [
        f"{name}={os.environ[name]}"
        for name in ("NO_COLOR", "FORCE_COLOR", "TERM")
        if name in os.environ
    ]
    yield "; ".join(settings) if settings else "NO_COLOR, FORCE_COLOR and TERM are not set"
