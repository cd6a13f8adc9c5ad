"""The status line of ``latinum generate`` on a terminal: puzzles made, and the
attempt at a level of the one being made, shown once the run takes a second."""

from __future__ import annotations

import sys
import threading
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

#: Seconds a run goes on before its status line appears.
SHOW_AFTER = 1.0


class GenerationStatus:
    """A context whose :meth:`attempt` and :meth:`made` update the status line of
    ``count`` puzzles; nothing is drawn when standard error is not a terminal."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.bar: Progress | None = None
        self.timer: threading.Timer | None = None
        self.task = TaskID(0)

    def __enter__(self) -> GenerationStatus:
        if not sys.stderr.isatty():
            return self
        columns: list[ProgressColumn] = [SpinnerColumn(), TextColumn("{task.description}")]
        if self.count > 1:
            columns += [BarColumn(), MofNCompleteColumn()]
        columns += [TextColumn("{task.fields[attempt]}"), TimeElapsedColumn()]
        self.bar = Progress(*columns, console=Console(stderr=True), transient=True)
        self.task = self.bar.add_task("generating", total=self.count, attempt="", visible=False)
        self.timer = threading.Timer(SHOW_AFTER, self.show)
        self.timer.daemon = True
        self.bar.start()
        self.timer.start()
        return self

    def show(self) -> None:
        if self.bar is not None:
            self.bar.update(self.task, visible=True)

    def attempt(self, attempt: int, attempts: int, hardest: str | None) -> None:
        """Attempt ``attempt`` of ``attempts`` at the level begins (see
        :mod:`latinum.generator.progress`)."""
        if self.bar is None:
            return
        text = f"attempt {attempt} of {attempts}" if attempts > 1 else ""
        if hardest is not None:
            text += f", hardest so far {hardest}"
        self.bar.update(self.task, attempt=text)

    def made(self) -> None:
        """One more puzzle is made."""
        if self.bar is not None:
            self.bar.update(self.task, advance=1, attempt="")

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.bar is not None:
            self.bar.stop()
