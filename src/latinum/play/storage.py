"""Saving a game in progress and the best times, in the state folder.

A saved game is a JSON object holding a latinum JSON document (puzzle,
solution, progress) plus the undo and redo history. Loading checks that the
history replays from the givens to exactly the saved progress, so a damaged
or edited file is refused rather than played wrongly.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import math
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from ..errors import InvalidPuzzle, LatinumError, ParseError
from ..formats.json import document, to_object
from ..puzzle import Puzzle
from .game import Change, Game, Move

GAME_FORMAT = "latinum-game"
GAME_VERSION = 1
MAX_BYTES = 10 * 1024 * 1024
#: The environment variable that moves the state folder.
STATE_VARIABLE = "LATINUM_STATE_DIR"


def state_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where saved games, best times and settings live: ``$LATINUM_STATE_DIR`` when set,
    else the platform's folder for application state (platformdirs:
    ``$XDG_STATE_HOME/latinum`` or ``~/.local/state/latinum`` on Linux)."""
    override = environ.get(STATE_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    return platformdirs.user_state_path("latinum", appauthor=False)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step: readers see the old file or the new one.

    The text goes to a temporary file named after this process
    (``.NAME.PID.XXXX.tmp``), so one left by a killed process can be told from
    one being written (see :func:`remove_stale_temporaries`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{path.name}.{os.getpid()}."
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files of ``path`` whose writer is gone (killed while saving);
    those of live processes stay. The removed files.

    A file whose writer was killed is safe to drop: the game shows a move only
    once its save has replaced ``path``."""
    removed = []
    with contextlib.suppress(OSError):
        for temp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            pid = temp.name[len(path.name) + 2 :].split(".")[0]
            if pid.isdigit() and int(pid) != os.getpid() and _running(int(pid)):
                continue
            with contextlib.suppress(OSError):
                temp.unlink()
                removed.append(temp)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or a system without signals
        return True
    return True


class UnreadableSave(LatinumError):
    """A saved game that cannot be read, renamed to ``moved_to`` (None: it could not be)."""

    def __init__(self, error: ParseError, moved_to: Path | None, why: str = "") -> None:
        self.error = error
        self.moved_to = moved_to
        where = (
            f"it was moved to {moved_to}"
            if moved_to
            else f"it could not be moved aside ({why}) and is left as it is"
        )
        super().__init__(f"the saved game cannot be read: {error}; {where}")


def resume_game(path: Path) -> SavedGame | None:
    """The game saved at ``path``, None when there is none.

    Temporary files left by a killed game are removed first. A save that
    cannot be read is renamed to ``NAME.corrupt-YYYYmmdd-HHMMSS`` so that the
    next save cannot overwrite it, and :class:`UnreadableSave` says where."""
    remove_stale_temporaries(path)
    try:
        return load_game(path) if path.exists() else None
    except ParseError as error:
        try:
            moved_to = set_aside(path)
        except OSError as problem:
            raise UnreadableSave(error, None, problem.strerror or str(problem)) from None
        raise UnreadableSave(error, moved_to) from None


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``NAME.corrupt-<local time>`` (with a number if that is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1000):
        aside = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{number}" if number else ""))
        if not aside.exists():
            os.rename(path, aside)
            return aside
    raise FileExistsError(errno.EEXIST, "too many set-aside saves", str(path))


@dataclass
class SavedGame:
    """A game with what the screen needs to resume it."""

    game: Game
    solution: tuple[int, ...] | None = None
    level: str | None = None
    cursor: int = 0
    pencil_mode: bool = False
    source: str | None = None

    @property
    def key(self) -> str:
        """The best-times key, such as ``sudoku 9x9 Medium`` (``file`` without a level)."""
        puzzle = self.game.puzzle
        return f"{puzzle.variant} {puzzle.size}x{puzzle.size} {self.level or 'file'}"


def dumps_game(saved: SavedGame) -> str:
    """The JSON text of a saved game."""
    game = saved.game
    obj = {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "document": to_object(game.puzzle, saved.solution, game.progress()),
        "level": saved.level,
        "source": saved.source,
        "cursor": saved.cursor,
        "pencil_mode": saved.pencil_mode,
        "remove_peer_marks": game.remove_peer_marks,
        "seconds": game.seconds,
        "done": [_move_object(move) for move in game.done],
        "undone": [_move_object(move) for move in game.undone],
    }
    return json.dumps(obj, ensure_ascii=False) + "\n"


def _move_object(move: Move) -> list:
    changes = [
        [c.cell, c.value_before, c.marks_before, c.value_after, c.marks_after] for c in move.changes
    ]
    return [move.name, changes]


def loads_game(text: str, source: str | None = None) -> SavedGame:
    """The saved game of ``text``; ParseError naming the bad field otherwise."""
    return _Loader(source).saved_game(_parse_json(text, source))


def _parse_json(text: str, source: str | None) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ParseError(f"not JSON: {error.msg}", source, error.lineno, error.colno) from None
    except (ValueError, RecursionError) as error:
        raise ParseError(f"not JSON: {error}", source) from None


def save_game(path: Path, saved: SavedGame) -> None:
    write_atomic(path, dumps_game(saved))


def load_game(path: Path) -> SavedGame:
    text = _read_text(path)
    if text is None:
        raise ParseError("no such file", str(path))
    return loads_game(text, str(path))


def _read_text(path: Path) -> str | None:
    """The UTF-8 text of ``path`` (at most MAX_BYTES), None if it does not exist;
    ParseError naming the file when it cannot be read."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise ParseError(f"larger than {MAX_BYTES // 2**20} MB", str(path))
        return data.decode("utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ParseError(f"cannot read: {error.strerror or error}", str(path)) from None
    except UnicodeDecodeError as error:
        raise ParseError(f"not UTF-8 text: {error.reason}", str(path)) from None


class _Loader:
    """Checks a decoded saved game field by field."""

    def __init__(self, source: str | None) -> None:
        self.source = source

    def error(self, problem: str) -> ParseError:
        return ParseError(problem, self.source)

    def field(self, obj: dict, name: str, kind: type | tuple[type, ...]) -> Any:
        if name not in obj:
            raise self.error(f"missing field {name!r}")
        value = obj[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            raise self.error(f"field {name!r} must be {_describe(kind)}")
        return value

    def saved_game(self, obj: object) -> SavedGame:
        if not isinstance(obj, dict):
            raise self.error("expected a JSON object (a saved latinum game)")
        if obj.get("format") != GAME_FORMAT:
            raise self.error(f"field 'format' must be {GAME_FORMAT!r}: not a saved latinum game")
        version = self.field(obj, "version", int)
        if version != GAME_VERSION:
            raise self.error(f"unknown version {version} (this latinum reads {GAME_VERSION})")
        puzzle, solution, values, marks, progress_seconds = self.document(obj)
        level = self.field(obj, "level", (str, type(None)))
        source = self.field(obj, "source", (str, type(None)))
        cells = puzzle.size**2
        cursor = self.field(obj, "cursor", int)
        if not 0 <= cursor < cells:
            raise self.error(f"field 'cursor' is {cursor}, outside 0..{cells - 1}")
        pencil_mode = self.field(obj, "pencil_mode", bool)
        remove_peer_marks = self.field(obj, "remove_peer_marks", bool)
        seconds = self.field(obj, "seconds", (int, float))
        if not math.isfinite(seconds) or seconds < 0:
            raise self.error(f"field 'seconds' is {seconds}, not a time")
        if progress_seconds is not None and progress_seconds != seconds:
            raise self.error("field 'seconds' differs from 'document.progress.seconds'")
        done = self.moves(obj, "done", puzzle)
        undone = self.moves(obj, "undone", puzzle)
        now_values, now_marks = self.history(puzzle, done, undone)
        if now_values != values or now_marks != marks:
            cell = next(
                c for c in range(cells) if (now_values[c], now_marks[c]) != (values[c], marks[c])
            )
            raise self.error(
                "the moves in 'done' do not lead to the saved 'document.progress' "
                f"(first difference at {puzzle.geometry.name(cell)})"
            )
        game = Game(
            puzzle,
            values=values,
            marks=marks,
            seconds=float(seconds),
            undone=undone,
            done=done,
            remove_peer_marks=remove_peer_marks,
        )
        return SavedGame(game, solution, level, cursor, pencil_mode, source)

    def document(
        self, obj: dict
    ) -> tuple[Puzzle, tuple[int, ...] | None, list[int], list[int], float | None]:
        """The puzzle, solution, values (givens included), marks and seconds of the document."""
        raw = self.field(obj, "document", dict)
        try:
            doc = document(raw, self.source)
            doc.puzzle.check()
        except (ParseError, InvalidPuzzle) as error:
            problem = error.problem if isinstance(error, ParseError) else str(error)
            raise self.error(f"in 'document': {problem}") from None
        puzzle = doc.puzzle
        solution = None if doc.solution is None else tuple(doc.solution.values)
        if solution is not None and not puzzle.is_solution(solution):
            raise self.error("in 'document': the solution does not solve the puzzle")
        cells = puzzle.size**2
        entered = (doc.progress and doc.progress.values) or (0,) * cells
        pencil = (doc.progress and doc.progress.pencil) or (frozenset(),) * cells
        values = list(puzzle.givens)
        for cell, value in enumerate(entered):
            if value and values[cell] and value != values[cell]:
                name = puzzle.geometry.name(cell)
                raise self.error(f"field 'document.progress.values' changes the given at {name}")
            values[cell] = values[cell] or value
        marks = [sum(1 << (d - 1) for d in digits) for digits in pencil]
        seconds = doc.progress.seconds if doc.progress else None
        return puzzle, solution, values, marks, seconds

    def moves(self, obj: dict, name: str, puzzle: Puzzle) -> list[Move]:
        moves = []
        for index, item in enumerate(self.field(obj, name, list)):
            where = f"{name}[{index}]"
            shaped = isinstance(item, list) and len(item) == 2
            if not shaped or not isinstance(item[0], str) or not isinstance(item[1], list):
                raise self.error(f"field {where!r} must be [name, [changes]]")
            if not item[1]:
                raise self.error(f"field {where!r} changes nothing")
            changes = tuple(
                self.change(raw, f"{where}[{i}]", puzzle) for i, raw in enumerate(item[1])
            )
            if len({change.cell for change in changes}) != len(changes):
                raise self.error(f"field {where!r} changes a cell twice")
            moves.append(Move(item[0], changes))
        return moves

    def change(self, raw: Any, where: str, puzzle: Puzzle) -> Change:
        numbers = isinstance(raw, list) and len(raw) == 5
        if not numbers or not all(type(v) is int for v in raw):
            raise self.error(f"field {where!r} must be [cell, value, marks, new value, new marks]")
        cell, value_before, marks_before, value_after, marks_after = raw
        size = puzzle.size
        if not 0 <= cell < size * size:
            raise self.error(f"field {where!r}: cell {cell} is outside 0..{size * size - 1}")
        for value in (value_before, value_after):
            if not 0 <= value <= size:
                raise self.error(f"field {where!r}: value {value} is outside 0..{size}")
        for marks in (marks_before, marks_after):
            if not 0 <= marks < 1 << size:
                raise self.error(f"field {where!r}: marks {marks} are outside 0..{(1 << size) - 1}")
        if puzzle.givens[cell]:
            raise self.error(f"field {where!r} changes the given at {puzzle.geometry.name(cell)}")
        return Change(cell, value_before, marks_before, value_after, marks_after)

    def history(
        self, puzzle: Puzzle, done: list[Move], undone: list[Move]
    ) -> tuple[list[int], list[int]]:
        """The values and marks ``done`` leads to, after checking ``undone`` replays from there."""
        values, marks = list(puzzle.givens), [0] * puzzle.size**2
        self.replay(puzzle, values, marks, "done", list(enumerate(done)))
        redo_values, redo_marks = list(values), list(marks)
        redo = list(enumerate(undone))[::-1]
        self.replay(puzzle, redo_values, redo_marks, "undone", redo)
        return values, marks

    def replay(
        self,
        puzzle: Puzzle,
        values: list[int],
        marks: list[int],
        name: str,
        moves: list[tuple[int, Move]],
    ) -> None:
        for index, move in moves:
            for change in move.changes:
                cell = change.cell
                if (values[cell], marks[cell]) != (change.value_before, change.marks_before):
                    raise self.error(
                        f"field '{name}[{index}]' ({move.name!r}) does not fit the grid at "
                        f"{puzzle.geometry.name(cell)} when the history is replayed"
                    )
                values[cell], marks[cell] = change.value_after, change.marks_after


_NAMES = {
    int: "a whole number",
    float: "a number",
    str: "a string",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _describe(kind: type | tuple[type, ...]) -> str:
    kinds = [k for k in _kinds(kind) if not (k is int and float in _kinds(kind))]
    return " or ".join(_NAMES.get(k, k.__name__) for k in kinds)


class BestTimes:
    """The best time of each kind of game (see :attr:`SavedGame.key`), in a JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._times: dict[str, float] | None = None

    def _load(self) -> dict[str, float]:
        if self._times is None:
            text = _read_text(self.path)
            self._times = {} if text is None else self._parse(text)
        return self._times

    def _parse(self, text: str) -> dict[str, float]:
        source = str(self.path)
        data = _parse_json(text, source)
        if not isinstance(data, dict):
            raise ParseError("expected a JSON object of best times", source)
        for key, seconds in data.items():
            if not _is_time(seconds):
                raise ParseError(f"the time of {key!r} is not a number of seconds", source)
        return {key: float(seconds) for key, seconds in data.items()}

    def get(self, key: str) -> float | None:
        return self._load().get(key)

    def all(self) -> dict[str, float]:
        return dict(self._load())

    def record(self, key: str, seconds: float) -> bool:
        """Keep ``seconds`` if it beats the best time of ``key``; True when it did."""
        if not _is_time(seconds):
            raise ValueError(f"{seconds!r} is not a number of seconds")
        best = self._load().get(key)
        if best is not None and seconds >= best:
            return False
        times = {**self._load(), key: float(seconds)}
        write_atomic(self.path, json.dumps(times, indent=2, sort_keys=True) + "\n")
        self._times = times
        return True


def _is_time(value: Any) -> bool:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and math.isfinite(value) and value >= 0
