"""Deep fuzzing: many mutated fixtures and random inputs through every latinum entry point.

Usage: python benchmarks/fuzz.py [--count N] [--seed S] [--timeout SECONDS] [--jobs J]
                                 [--save DIR]

Input number i of seed S is always the same, so a run can be repeated. Each
input is read by every reader and every puzzle read is validated, solved,
explained, rated and written in every format (see ``tests/fuzzing.py``).
Inputs run in child processes: a call over ``--timeout`` seconds is stopped
by an alarm and counted as a hang, and a child silent for much longer is
killed. The summary groups crashes (exceptions other than LatinumError),
hangs, slow calls and round-trip failures by kind, exception and innermost
latinum frame; ``--save`` writes one shrunk reproducer of each. Ctrl-C stops
early and prints the summary so far.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzzing import (
    Finding,
    Limits,
    check_bytes,
    check_text,
    mutate,
    random_edits,
    random_text,
    seeds,
)

SEEDS = seeds()
SEED_NAMES = sorted(SEEDS)
OTHERS = tuple(SEEDS[name] for name in SEED_NAMES)
CHUNK = 250
PIECE = re.compile(r"([,\s{}\[\]()]+)")


def make_input(seed: int, index: int) -> str | bytes:
    """Input ``index`` of run ``seed``: mostly a mutated seed text, else random bytes or text."""
    rng = random.Random(f"{seed}:{index}")
    kind = rng.random()
    if kind < 0.85:
        text = SEEDS[rng.choice(SEED_NAMES)]
        return mutate(text, random_edits(rng, 5), OTHERS)
    if kind < 0.93:
        return rng.randbytes(rng.randint(0, 300))
    return random_text(rng)


def check(case: str | bytes, limits: Limits) -> list[Finding]:
    return check_bytes(case, limits) if isinstance(case, bytes) else check_text(case, limits)


# The child processes ------------------------------------------------------


def work(conn: Connection, seed: int, start: int, stop: int, limits: Limits) -> None:
    """Check inputs ``start`` to ``stop``, telling the parent of each one and each finding."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for index in range(start, stop):
        conn.send(("begin", index, None))
        for finding in check(make_input(seed, index), limits):
            conn.send(("finding", index, asdict(finding)))
    conn.send(("end", stop, None))


def shrink_in_child(conn: Connection, finding: dict, limits: Limits, budget: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    conn.send(asdict(shrink(Finding(**finding), limits, budget)))


def shrink(finding: Finding, limits: Limits, budget: float) -> Finding:
    """A shorter input with the same signature: lines, then pieces, then characters removed."""
    if finding.origin.startswith("decode"):
        return finding
    end = time.monotonic() + budget
    best = finding
    for pieces in (_lines, _pieces, list):
        best = _remove(best, pieces, limits, end)
    return best


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _pieces(text: str) -> list[str]:
    return [piece for piece in PIECE.split(text) if piece]


def _remove(
    finding: Finding, pieces: Callable[[str], list[str]], limits: Limits, end: float
) -> Finding:
    """Remove runs of ``pieces(text)`` while the finding stays, halving the run length."""
    target, origins = finding.signature, {finding.origin}
    units = pieces(finding.text)
    size = max(1, len(units) // 2)
    while size >= 1 and time.monotonic() < end:
        at, shrunk = 0, False
        while at < len(units) and time.monotonic() < end:
            candidate = units[:at] + units[at + size :]
            found = check_text("".join(candidate), limits, origins)
            same = [f for f in found if f.signature == target]
            if same:
                finding, units, shrunk = same[0], candidate, True
            else:
                at += size
        if not shrunk:
            size //= 2
    return finding


# The parent ---------------------------------------------------------------


@dataclass
class Group:
    """The findings of one signature: how many, and the shortest input."""

    example: Finding
    count: int = 0
    first: int = 0

    def add(self, finding: Finding, index: int) -> None:
        self.count += 1
        if len(finding.text) < len(self.example.text):
            self.example = finding


@dataclass
class Child:
    process: multiprocessing.Process
    conn: Connection
    start: int
    stop: int
    index: int = -1
    heard: float = field(default_factory=time.monotonic)


@dataclass
class Fuzz:
    """The run: inputs handed out, children at work and the findings grouped."""

    seed: int
    count: int
    limits: Limits
    jobs: int
    progress: int
    groups: dict[tuple, Group] = field(default_factory=dict)
    done: int = 0
    started: float = field(default_factory=time.monotonic)

    def run(self) -> None:
        chunks = deque((s, min(s + CHUNK, self.count)) for s in range(0, self.count, CHUNK))
        children: dict[Connection, Child] = {}
        try:
            while chunks or children:
                while chunks and len(children) < self.jobs:
                    child = self._spawn(*chunks.popleft())
                    children[child.conn] = child
                for conn in wait(list(children), timeout=1.0):
                    self._hear(children, chunks, children[conn])
                self._watch(children, chunks)
        finally:
            for child in children.values():
                _stop(child)

    def _spawn(self, start: int, stop: int) -> Child:
        ours, theirs = multiprocessing.Pipe(duplex=False)
        process = multiprocessing.Process(
            target=work, args=(theirs, self.seed, start, stop, self.limits), daemon=True
        )
        process.start()
        theirs.close()
        return Child(process, ours, start, stop, start - 1)

    def _hear(self, children: dict, chunks: deque, child: Child) -> None:
        try:
            while child.conn.poll():
                what, index, data = child.conn.recv()
                child.heard = time.monotonic()
                if what == "begin":
                    child.index = index
                    self._begun()
                elif what == "finding":
                    self._record(Finding(**data), index)
                else:
                    del children[child.conn]
                    _stop(child)
                    return
        except (EOFError, OSError):
            code = child.process.exitcode
            self._lost(children, chunks, child, "died", f"the child exited with code {code}")

    def _watch(self, children: dict, chunks: deque) -> None:
        patience = 6 * (self.limits.hang or 10.0) + 30
        for child in list(children.values()):
            if time.monotonic() - child.heard > patience:
                self._lost(children, chunks, child, "hang", f"silent for {patience:.0f} s")

    def _lost(self, children: dict, chunks: deque, child: Child, kind: str, why: str) -> None:
        del children[child.conn]
        _stop(child)
        index = child.index
        if index < child.start:
            return
        case = make_input(self.seed, index)
        text = repr(case) if isinstance(case, bytes) else case
        self._record(Finding(kind, "whole input", "check", why, "?", "", text), index)
        if index + 1 < child.stop:
            chunks.appendleft((index + 1, child.stop))

    def _begun(self) -> None:
        self.done += 1
        if self.done % self.progress == 0:
            seconds = time.monotonic() - self.started
            print(
                f"{self.done} inputs, {len(self.groups)} kinds of finding, "
                f"{self.done / seconds:.0f} inputs/s",
                file=sys.stderr,
                flush=True,
            )

    def _record(self, finding: Finding, index: int) -> None:
        group = self.groups.setdefault(finding.signature, Group(finding, first=index))
        group.add(finding, index)


def _stop(child: Child) -> None:
    child.conn.close()
    if child.process.is_alive():
        child.process.kill()
    child.process.join()


def shrunk(group: Group, limits: Limits, budget: float) -> Finding:
    """The group's example with its input shrunk in a child process (as is on failure)."""
    finding = group.example
    if finding.kind in ("hang", "slow", "died") or len(finding.text) <= 1:
        return finding
    ours, theirs = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.Process(
        target=shrink_in_child, args=(theirs, asdict(finding), limits, budget), daemon=True
    )
    process.start()
    theirs.close()
    try:
        best = ours.recv() if ours.poll(budget + 2 * (limits.hang or 10.0)) else None
    except EOFError:
        best = None
    process.kill()
    process.join()
    return finding if best is None else Finding(**best)


def summary(fuzz: Fuzz, examples: dict[tuple, Finding]) -> str:
    seconds = time.monotonic() - fuzz.started
    kinds = {}
    for signature, group in fuzz.groups.items():
        kinds[signature[0]] = kinds.get(signature[0], 0) + group.count
    lines = [
        f"{fuzz.done} inputs in {seconds:.0f} s ({fuzz.done / max(seconds, 1e-9):.1f} inputs/s), "
        f"seed {fuzz.seed}",
        "findings: " + (", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())) or "none"),
    ]
    ordered = sorted(fuzz.groups.items(), key=lambda item: (item[0][0], -item[1].count))
    for number, (signature, group) in enumerate(ordered, 1):
        finding = examples.get(signature, group.example)
        lines.append(
            f"\n[{number}] {group.count} x, first at input {group.first}\n" + finding.report()
        )
    return "\n".join(lines)


def save(directory: Path, examples: dict[tuple, Finding]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for number, finding in enumerate(examples.values(), 1):
        stem = f"{number:02}-{finding.kind}-{finding.error.split(':')[0].split()[0]}"
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in stem)
        (directory / f"{stem}.input").write_text(finding.text, encoding="utf-8", errors="replace")
        (directory / f"{stem}.txt").write_text(finding.report() + "\n", encoding="utf-8")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="inputs to try")
    parser.add_argument("--seed", type=int, default=0, help="run number: inputs depend on it")
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds one call may take (a hang after)"
    )
    parser.add_argument("--slow", type=float, default=3.0, help="seconds of a slow call")
    parser.add_argument(
        "--time-limit", type=float, default=1.0, help="time_limit= given to solve, explain, rate"
    )
    parser.add_argument("--jobs", type=int, default=1, help="child processes at once")
    parser.add_argument("--save", type=Path, help="directory for one reproducer of each finding")
    parser.add_argument(
        "--shrink", type=float, default=20.0, help="seconds spent shrinking each reproducer"
    )
    parser.add_argument("--progress", type=int, default=2000, help="inputs between progress lines")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    limits = replace(Limits(), slow=args.slow, hang=args.timeout, seconds=args.time_limit)
    fuzz = Fuzz(args.seed, args.count, limits, max(1, args.jobs), max(1, args.progress))
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    interrupted = False
    try:
        fuzz.run()
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted", file=sys.stderr)
    examples = {}
    for signature, group in fuzz.groups.items():
        examples[signature] = group.example if interrupted else shrunk(group, limits, args.shrink)
    print(summary(fuzz, examples))
    if args.save:
        save(args.save, examples)
    return 1 if fuzz.groups else 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
