"""How often one generation attempt reaches each level, per kind and size.

Each combination is tried with ``attempts=1`` on seeds 1, 2, ... until
``--seeds`` attempts or ``--budget`` CPU seconds; the table gives the share of
attempts that reached the level and the CPU seconds an attempt takes. The
rows whose share is low are what ``latinum.generator.reach`` warns about.

    python benchmarks/level_reach.py --seeds 20 --budget 30
"""

from __future__ import annotations

import argparse
import time

from latinum.errors import LatinumError
from latinum.generator import generate

LATINUM = ("Easy", "Medium", "Hard", "Expert", "Extreme")
TATHAM = ("tatham:Easy", "tatham:Normal", "tatham:Hard", "tatham:Extreme", "tatham:Unreasonable")
CASES = (
    [("sudoku", size, level) for size in (6, 9) for level in LATINUM[1:]]
    + [("latin", size, level) for size in (5, 7) for level in LATINUM[1:]]
    + [("killer", size, level) for size in (6, 9) for level in LATINUM[1:]]
    + [
        ("kenken", size, level)
        for size in (4, 6, 9)
        for level in (*TATHAM[1:], "latinum:Expert", "latinum:Extreme")
    ]
)


def reach(kind: str, size: int, level: str, seeds: int, budget: float) -> tuple[int, int, float]:
    """(attempts that reached the level, attempts made, CPU seconds an attempt)."""
    reached = made = 0
    start = time.process_time()
    while made < seeds and time.process_time() - start < budget:
        made += 1
        try:
            generate(kind, size=size, difficulty=level, seed=made, attempts=1)
            reached += 1
        except LatinumError:
            pass
    return reached, made, (time.process_time() - start) / max(made, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="attempts per combination")
    parser.add_argument("--budget", type=float, default=30.0, help="CPU seconds per combination")
    args = parser.parse_args()
    print(f"{'kind':8} {'size':>4} {'level':22} {'reached':>9} {'share':>6} {'s/attempt':>9}")
    for kind, size, level in CASES:
        reached, made, each = reach(kind, size, level, args.seeds, args.budget)
        share = reached / made
        print(
            f"{kind:8} {size:>4} {level:22} {reached:>4}/{made:<4} {share:6.2f} {each:9.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
