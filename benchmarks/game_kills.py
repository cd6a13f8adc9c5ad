"""Kill the full-screen game with SIGKILL just after a burst of moves, and count what it lost.

Usage: python benchmarks/game_kills.py [--kills N] [--seed S]

Each round types 1-3 moves into ``latinum play`` in a tmux window (Tab to the
next empty cell, then its digit), kills the game 0-100 ms after the last key,
and resumes it with ``latinum play --resume`` (see ``tests/killing.py``). A
row per kill gives the moves typed and shown, the moves shown but missing
after the resume ("lost"), those shown out of the order typed, and the
temporary files of the save found after the kill and after the resume.
Exits 1 when a move was lost or misplaced or a temporary file outlived the
resume. Needs tmux.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from killing import Round, have_tmux, run

COLUMNS = "kill  typed  shown  delay ms  lost  misplaced  temp after kill  stale after resume"


def row(done: Round) -> str:
    return (
        f"{done.number:>4}  {done.typed:>5}  {done.shown:>5}  {done.delay_ms:>8.1f}"
        f"  {len(done.lost):>4}  {len(done.misplaced):>9}  {done.temporaries_after_kill:>15}"
        f"  {done.stale_after_resume:>18}"
    )


def listed(cells: list[str]) -> str:
    return f"{len(cells)} ({', '.join(cells)})" if cells else "0"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20, help="rounds (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of bursts and delays")
    options = parser.parse_args()
    if options.kills < 1:
        parser.error("--kills must be at least 1")
    if not have_tmux():
        parser.error("tmux is not installed")
    print(COLUMNS, flush=True)
    with tempfile.TemporaryDirectory() as workdir:
        rounds = run(Path(workdir), options.kills, options.seed, lambda r: print(row(r)))
    typed = sum(r.typed for r in rounds)
    shown = sum(r.shown for r in rounds)
    lost = [cell for r in rounds for cell in r.lost]
    misplaced = [cell for r in rounds for cell in r.misplaced]
    temporaries = sum(r.temporaries_after_kill for r in rounds)
    stale = sum(r.stale_after_resume for r in rounds)
    print(
        f"{len(rounds)} kills: {typed} moves typed, {shown} shown, {listed(lost)} lost,"
        f" {listed(misplaced)} misplaced; {temporaries} temporary files after the kills,"
        f" {stale} left after the resumes"
    )
    return 1 if lost or misplaced or stale else 0


if __name__ == "__main__":
    sys.exit(main())
