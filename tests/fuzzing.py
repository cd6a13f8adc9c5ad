"""Fuzzing latinum end to end: seed texts, mutations, and one check of an input.

An input is read by every reader; every puzzle read is validated, solved with
limits, explained, rated and written in every format and read back. A finding
is an exception other than :class:`~latinum.errors.LatinumError`, a call
slower than the limit, a hang, or a write that does not read back the same.
Shared by ``tests/test_fuzz.py`` (a short run) and ``benchmarks/fuzz.py`` (a
deep one).
"""

from __future__ import annotations

import json
import random
import signal
import tempfile
import threading
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from time import perf_counter
from types import TracebackType

import latinum
from latinum import LatinumError, ParseError, Puzzle
from latinum.formats import FORMATS, read_text, registry, write
from latinum.io import decode, read_all, stream
from latinum.logic import State, Step

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PACKAGE = Path(latinum.__file__).resolve().parent
SEED_FILES = (
    "formats/line-9x9.txt",
    "formats/line-latin-5x5.txt",
    "formats/line-16x16-hex.txt",
    "formats/grid-6x6-boxes-3x2.txt",
    "formats/grid-steps.txt",
    "formats/grid-12x12.txt",
    "formats/boxed-6x6.txt",
    "formats/pylist-sets.py.txt",
    "formats/json-batch.jsonl",
    "formats/json-killer.json",
    "formats/keen-id.txt",
    "formats/solo-id.txt",
    "formats/unequal-ids.txt",
    "formats/futoshiki-adjacent.txt",
    "formats/mathdoku-4hard.txt",
    "formats/calcudoku-5x5.in",
    "formats/puzzle.sdk",
    "formats/pencil-marks.txt",
    "cage/mathdoku-Input_6.txt",
    "seeds/play-4x4.txt",
    "seeds/sudoku-6x6.txt",
)
# (file, key, how many lines): game IDs kept inside JSON lines.
SEED_IDS = (
    ("cage/keen.jsonl", "keen_id", 3),
    ("cage/solo-killer.jsonl", "solo_id", 1),
)
READ_AS = {"boxed": "grid"}

ODD_CHARS = (
    "ß", "ﬁ", "\u0130", "ı", "٣", "²", "𝟗", "Ⅸ", "½", "\u00a0", "\u2028", "\x85", "\ufeff",
    "\r", "\t", "\x0b", "\x0c", "\x00", "\n", " ", "0", "1", "5", "9", "-", "+", "*", "x", "X",
    "/", ":", "=", "÷", "×", "−", "[", "]", "{", "}", "(", ")", ",", ".", "_", "|", "#", '"',
    "'", "z", "a", "y", "k", "Z", "é",
)  # fmt: skip
TOKENS = (
    "10", "25", "26", "-1", "-0", "null", "true", "1e9", "1.5", "NaN", "Infinity", "0x10",
    "1_0", "r1c1", "3x3:", "6:", "3x3k:", ",", "\\u0000", "\\ud800", "[]", "{}", '""', "None",
)  # fmt: skip
BIG_NUMBERS = ("1" * 5000, "9" * 30, "9" * 4301, "1" * 4300, "0" * 400 + "7", str(2**64 + 1))
NESTING = ("[" * 400, "-" * 400, "(" * 300, "{" * 300, '{"a":' * 200, "[" * 60, "-" * 60, "~" * 300)
NUMBERS = (0, 1, 2, 3, 4, 9, 10, 16, 25, 26, 36, 81, 100, 625, 626, -1, -7, 10**6, 2**31, 2**64)


@dataclass(frozen=True)
class Limits:
    """How hard each puzzle is worked and what counts as too slow."""

    slow: float = 3.0
    hang: float | None = 10.0
    seconds: float = 1.0
    nodes: int = 20_000
    steps: int = 50
    rate_size: int = 9
    puzzles: int = 4


@dataclass
class Finding:
    """One failure: its kind, the call, the error and where in latinum it arose.

    Kinds: ``crash``, ``hang``, ``slow``, ``warning``, ``false-solution`` (steps
    or a rating that claim a solution that breaks a rule), ``roundtrip`` and
    ``roundtrip-invalid`` (the same for a puzzle that ``validate`` rejects).
    """

    kind: str
    origin: str
    call: str
    error: str
    where: str
    detail: str
    text: str = ""

    @property
    def signature(self) -> tuple[str, str, str]:
        """What makes two findings the same bug."""
        if self.kind.startswith("roundtrip"):
            return (self.kind, self.call, self.error.split(":")[0])
        if self.kind in ("slow", "hang"):
            return (self.kind, self.call.split("(")[0], self.where.split(":")[0])
        return (self.kind, self.error, self.where)

    def report(self) -> str:
        """A readable account with the exact input."""
        return (
            f"{self.kind}: {self.error}\n  at {self.where or '-'}\n"
            f"  input = {self.text!r}\n  puzzles = {self.origin}\n  call: {self.call}\n"
            f"{self.detail}"
        )


class Hang(BaseException):
    """Raised by the alarm inside a call that ran too long (no ``except Exception`` stops it)."""


# Seeds --------------------------------------------------------------------


def seeds() -> dict[str, str]:
    """Seed texts by name: fixtures of every format, and their puzzles in every writer."""
    found = {name: (FIXTURES / name).read_text(encoding="utf-8") for name in SEED_FILES}
    for name, key, count in SEED_IDS:
        lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()[:count]
        for number, line in enumerate(lines, 1):
            found[f"{name}:{number}:{key}"] = json.loads(line)[key] + "\n"
    for name, text in list(found.items()):
        for written, fmt in _conversions(text):
            found.setdefault(f"{name}>{fmt}", written)
    return found


def _conversions(text: str) -> Iterator[tuple[str, str]]:
    puzzle = read_text(text)[1][0]
    for name in writable():
        try:
            yield write(puzzle, name), name
        except ValueError:
            continue


def writable() -> list[str]:
    """Names of the formats with a writer."""
    registry._load()
    return sorted(name for name, fmt in FORMATS.items() if fmt.write is not None)


# Mutations ----------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    """One change to a text: ``op`` at position ``at`` (modulo the length), ``arg`` its choice."""

    op: str
    at: int
    arg: int


def mutate(text: str, edits: Sequence[Edit], others: Sequence[str] = ()) -> str:
    """``text`` with ``edits`` applied in turn; ``others`` are texts a splice may copy from."""
    for edit in edits:
        text = EDITS[edit.op](text, edit.at % (len(text) + 1), edit.arg, others)
    return text


def _pick(options: Sequence, arg: int):
    return options[arg % len(options)]


def _replace(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at] + _pick(ODD_CHARS, arg) + text[at + 1 :]


def _insert(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at] + _pick(ODD_CHARS + TOKENS, arg) + text[at:]


def _delete(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at] + text[at + 1 + arg % 12 :]


def _truncate(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at]


def _line_bounds(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end + 1


def _duplicate_line(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    start, end = _line_bounds(text, at)
    line = text[start:end] if text[start:end].endswith("\n") else text[start:end] + "\n"
    return text[:start] + line * (1 + arg % 3) + text[start:]


def _drop_line(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    start, end = _line_bounds(text, at)
    return text[:start] + text[end:]


def _swap_lines(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    lines = text.split("\n")
    here = text.count("\n", 0, at)
    there = arg % len(lines)
    lines[here], lines[there] = lines[there], lines[here]
    return "\n".join(lines)


def _near_digit(text: str, at: int) -> int:
    for position in range(at, len(text)):
        if text[position].isdigit():
            return position + 1
    return at


def _big_number(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    at = _near_digit(text, at)
    return text[:at] + _pick(BIG_NUMBERS, arg) + text[at:]


def _nest(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at] + _pick(NESTING, arg) + text[at:]


def _number(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    end = _near_digit(text, at)
    start = end - 1
    while start > 0 and text[start - 1].isdigit():
        start -= 1
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:start] + str(_pick(NUMBERS, arg)) + text[end:]


def _splice(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    if not others:
        return text
    other = _pick(others, arg)
    start = (arg * 7919) % (len(other) + 1)
    return text[:at] + other[start : start + 1 + arg % 80] + text[at:]


def _swap_case(text: str, at: int, arg: int, others: Sequence[str]) -> str:
    return text[:at] + text[at : at + 1 + arg % 40].swapcase() + text[at + 1 + arg % 40 :]


EDITS: dict[str, Callable[[str, int, int, Sequence[str]], str]] = {
    "replace": _replace,
    "insert": _insert,
    "delete": _delete,
    "truncate": _truncate,
    "duplicate_line": _duplicate_line,
    "drop_line": _drop_line,
    "swap_lines": _swap_lines,
    "big_number": _big_number,
    "nest": _nest,
    "number": _number,
    "splice": _splice,
    "swap_case": _swap_case,
}
# Cheap character edits are drawn more often than the drastic ones.
EDIT_WEIGHTS = {"replace": 6, "insert": 5, "delete": 4, "number": 4, "truncate": 1, "nest": 1}


def random_edits(rng: random.Random, most: int = 4) -> list[Edit]:
    """A few random edits."""
    names = list(EDITS)
    weights = [EDIT_WEIGHTS.get(name, 2) for name in names]
    count = rng.randint(1, most)
    return [
        Edit(op, rng.randrange(1 << 20), rng.randrange(1 << 16))
        for op in rng.choices(names, weights, k=count)
    ]


def random_text(rng: random.Random, most: int = 200) -> str:
    """Text of odd characters, tokens and digits."""
    pieces = ODD_CHARS + TOKENS + tuple("0123456789.\n ")
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, most // 2)))[:most]


# Checking -----------------------------------------------------------------


@contextmanager
def alarm(seconds: float | None) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (only in the main thread of Unix)."""
    usable = (
        seconds is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def innermost(tb: TracebackType | None) -> str:
    """``latinum/module.py:LINE function`` of the deepest latinum frame of a traceback."""
    frames = [f for f in traceback.extract_tb(tb) if f.filename.startswith(str(PACKAGE))]
    if not frames:
        return "?"
    frame = frames[-1]
    path = Path(frame.filename).relative_to(PACKAGE.parent).as_posix()
    return f"{path}:{frame.lineno} {frame.name}"


def _tail(error: BaseException, frames: int = 6) -> str:
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    body = "".join(lines[-frames - 1 :])
    return body if len(body) < 4000 else body[:1500] + "\n...\n" + body[-2000:]


@dataclass
class Run:
    """The findings of one input so far."""

    limits: Limits
    findings: list[Finding] = field(default_factory=list)

    def call(self, origin: str, name: str, function: Callable[[], object]) -> tuple[bool, object]:
        """``(True, result)``, ``(False, the LatinumError)``, or ``(False, None)`` if a finding."""
        start = perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                with alarm(self.limits.hang):
                    return True, function()
            except LatinumError as error:
                return False, error
            except Hang as error:
                self._add("hang", origin, name, error, f"over {self.limits.hang} s")
                return False, None
            except Exception as error:
                self._add("crash", origin, name, error, f"{type(error).__name__}: {error}"[:300])
                return False, None
            finally:
                self._timed(origin, name, perf_counter() - start)
                self._warned(origin, name, caught)

    def _add(self, kind: str, origin: str, name: str, error: BaseException, what: str) -> None:
        where = innermost(error.__traceback__)
        self.findings.append(Finding(kind, origin, name, what, where, _tail(error)))

    def _timed(self, origin: str, name: str, seconds: float) -> None:
        if self.limits.slow < seconds < (self.limits.hang or float("inf")):
            self.findings.append(Finding("slow", origin, name, f"{seconds:.1f} s", "?", ""))

    def _warned(self, origin: str, name: str, caught: list[warnings.WarningMessage]) -> None:
        for warning in caught:
            if not issubclass(warning.category, (DeprecationWarning, PendingDeprecationWarning)):
                what = f"{warning.category.__name__}: {warning.message}"
                where = f"{warning.filename}:{warning.lineno}"
                self.findings.append(Finding("warning", origin, name, what, where, ""))


def readers(text: str) -> Iterator[tuple[str, Callable[[], list[Puzzle]]]]:
    """``(call, function)`` for every way of reading ``text``."""
    yield "read_all(text)", lambda: read_all(text)
    yield "stream(file)", lambda: streamed(text.encode())
    yield "read_text(text, source='<fuzz>')", lambda: read_text(text, None, "<fuzz>")[1]
    registry._load()
    for name in sorted(FORMATS):
        yield f"read_text(text, format={name!r})", lambda name=name: read_text(text, name)[1]


def check_text(
    text: str, limits: Limits | None = None, origins: set[str] | None = None
) -> list[Finding]:
    """Every finding of reading ``text`` (by the readers named in ``origins``, or all)."""
    limits = limits or Limits()
    run = Run(limits)
    seen: set[Puzzle] = set()
    for origin, read in readers(text):
        if origins is not None and origin not in origins:
            continue
        ok, puzzles = run.call(origin, origin, read)
        for puzzle in puzzles if ok else ():
            if puzzle not in seen and len(seen) < limits.puzzles:
                seen.add(puzzle)
                check_puzzle(run, origin, puzzle)
    for finding in run.findings:
        finding.text = text
    return run.findings


def streamed(data: bytes) -> list[Puzzle]:
    """The puzzles of a file holding ``data``, read record by record (the bad ones passed over)."""
    with tempfile.NamedTemporaryFile() as file:
        file.write(data)
        file.flush()
        return [record for record in stream(file.name)[1] if isinstance(record, Puzzle)]


def check_bytes(data: bytes, limits: Limits | None = None) -> list[Finding]:
    """Every finding of reading ``data`` as a file's bytes, record by record, and of
    decoding it whole and reading the text."""
    run = Run(limits or Limits())
    run.call("stream(file)", "stream(file)", lambda: streamed(data))
    ok, text = run.call("decode(data, None)", "decode(data, None)", lambda: decode(data, None))
    if not ok:
        for finding in run.findings:
            finding.text = repr(data)
        return run.findings
    return check_text(text, limits)  # type: ignore[arg-type]


def check_puzzle(run: Run, origin: str, puzzle: Puzzle) -> None:
    """Validate, solve, explain and rate ``puzzle``, then write it in every format."""
    ok, problems = run.call(origin, "p.validate()", puzzle.validate)
    valid = ok and not any(p.severity == "error" for p in problems)  # type: ignore[attr-defined]
    if valid:
        _solve(run, origin, puzzle)
    for name in writable():
        _round_trip(run, origin, puzzle, name, "roundtrip" if valid else "roundtrip-invalid")


def _solve(run: Run, origin: str, puzzle: Puzzle) -> None:
    limits = run.limits
    seconds, nodes, steps = limits.seconds, limits.nodes, limits.steps
    run.call(
        origin,
        f"latinum.count_solutions(p, 2, node_limit={nodes}, time_limit={seconds})",
        lambda: latinum.count_solutions(puzzle, 2, node_limit=nodes, time_limit=seconds),
    )
    call = f"list(islice(latinum.explain(p, time_limit={seconds}), {steps}))"
    ok, found = run.call(
        origin, call, lambda: list(islice(latinum.explain(puzzle, time_limit=seconds), steps))
    )
    if ok and not _ends_in_a_solution(puzzle, found):  # type: ignore[arg-type]
        what = "the steps fill a grid that breaks a rule"
        run.findings.append(Finding("false-solution", origin, call, what, "", ""))
    if puzzle.size <= limits.rate_size:
        call = f"latinum.rate(p, time_limit={seconds})"
        ok, rating = run.call(origin, call, lambda: latinum.rate(puzzle, time_limit=seconds))
        if ok and rating.solved and latinum.count_solutions(puzzle, 1) == 0:  # type: ignore[union-attr]
            what = "rated as solved, but it has no solution"
            run.findings.append(Finding("false-solution", origin, call, what, "", ""))


def _ends_in_a_solution(puzzle: Puzzle, steps: list[Step]) -> bool:
    """False if ``steps`` fill every cell with a grid that breaks a rule of ``puzzle``."""
    state = State.start(puzzle)
    for step in steps:
        state.apply(step)
    return not state.solved or puzzle.is_solution(state.values)


def _written(puzzle: Puzzle, name: str) -> str | None:
    try:
        return write(puzzle, name)
    except ValueError:
        return None


def _round_trip(run: Run, origin: str, puzzle: Puzzle, name: str, kind: str) -> None:
    """Write ``puzzle`` in format ``name`` and read it back (``kind`` names a failure)."""
    ok, text = run.call(origin, f"write(p, {name!r})", lambda: _written(puzzle, name))
    if not ok or text is None:
        return
    reader = READ_AS.get(name, name)
    call = f"read_text(write(p, {name!r}), format={reader!r})"
    ok, back = run.call(origin, call, lambda: read_text(text, reader)[1])  # type: ignore[arg-type]
    if isinstance(back, ParseError) and "write-only" in back.problem:
        return
    if not ok and back is not None:
        what = f"{type(back).__name__}: {back}"
        run.findings.append(Finding(kind, origin, call, what, "", f"written:\n{text}"))
    elif ok and [canonical(p) for p in back] != [canonical(puzzle)]:  # type: ignore[union-attr]
        what = difference(puzzle, back)  # type: ignore[arg-type]
        run.findings.append(Finding(kind, origin, call, what, "", f"written:\n{text}"))


def canonical(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with one-cell ``+`` and ``*`` cages written as ``=``, as formats may."""
    cages = [
        replace(cage, op="=") if len(cage.cells) == 1 and cage.op in "+*" else cage
        for cage in puzzle.cages
    ]
    return replace(puzzle, cages=tuple(cages))


def difference(puzzle: Puzzle, back: list[Puzzle]) -> str:
    """What a round trip changed, e.g. ``variant: 'latin' != 'sudoku'``."""
    if len(back) != 1:
        return f"count: 1 puzzle written, {len(back)} read back"
    before, after = canonical(puzzle), canonical(back[0])
    for name in ("variant", "size", "geometry", "givens", "cages"):
        old, new = getattr(before, name), getattr(after, name)
        if old != new:
            return f"{name}: {_short(old)} != {_short(new)}"
    return "equal?"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
