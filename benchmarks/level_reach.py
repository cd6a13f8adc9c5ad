"""How often one generation attempt reaches each level, and whether every seed gets there.

Two measures, for Sudoku 4x4, 6x6 and 9x9, Killer 9x9 and KenKen 3x3 to 9x9
at every level ``generate --difficulty`` offers:

* ``share`` (the default): the share of single attempts that reach the
  level and the CPU seconds an attempt takes; ``latinum.generator.reach``
  holds these figures (they set the default number of attempts and the
  warnings). Sudoku and Killer attempts are made with ``attempts=1`` on seeds
  1, 2, ...; a KenKen attempt does not depend on its level, so each KenKen
  made is rated once on both scales.
* ``--every-seed``: ``generate`` with its default attempts on seeds 1..N,
  how many reached the level and the median and slowest CPU seconds; a level
  refused for the size prints the reason.

    python benchmarks/level_reach.py --seeds 400 --budget 60
    python benchmarks/level_reach.py --every-seed --seeds 20 --time-limit 120
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from latinum import rate
from latinum.errors import InvalidArgument, LatinumError
from latinum.generator import generate
from latinum.logic.cages import cage_level

LATINUM = ("Easy", "Medium", "Hard", "Expert", "Extreme")
TATHAM = ("Easy", "Normal", "Hard", "Extreme", "Unreasonable")
#: KenKen levels as generate --difficulty takes them: Tatham's, then latinum's.
KENKEN = (*(f"tatham:{level}" for level in TATHAM), *(f"latinum:{level}" for level in LATINUM))
CASES = (
    [("sudoku", 4, "Easy")]
    + [("sudoku", size, level) for size in (6, 9) for level in LATINUM]
    + [("killer", 9, level) for level in LATINUM]
    + [("kenken", size, level) for size in range(3, 10) for level in KENKEN]
)


def share(kind: str, size: int, level: str, seeds: int, budget: float) -> tuple[int, int, float]:
    """(attempts that reached the level, attempts made, CPU seconds an attempt)."""
    reached = made = 0
    start = time.process_time()
    while made < seeds and time.process_time() - start < budget:
        made += 1
        try:
            generate(kind, size=size, difficulty=level, seed=made, attempts=1)
            reached += 1
        except InvalidArgument:
            return 0, 0, 0.0
        except LatinumError:
            pass
    return reached, made, (time.process_time() - start) / max(made, 1)


def kenken_shares(size: int, seeds: int, budget: float) -> dict[str, tuple[int, int, float]]:
    """:func:`share` for every KenKen level at once: each puzzle made is rated on both scales."""
    levels: Counter[str] = Counter()
    made, making, tatham, latinum = 0, 0.0, 0.0, 0.0
    start = time.process_time()
    while made < seeds and time.process_time() - start < budget:
        made += 1
        before = time.process_time()
        puzzle = generate("kenken", size=size, seed=made)
        middle = time.process_time()
        levels[f"tatham:{cage_level(puzzle)}"] += 1
        after = time.process_time()
        levels[f"latinum:{rate(puzzle).level}"] += 1
        making, tatham = making + middle - before, tatham + after - middle
        latinum += time.process_time() - after
    return {
        level: (levels[level], made, (making + (tatham if "tatham" in level else latinum)) / made)
        for level in KENKEN
    }


def every_seed(kind: str, size: int, level: str, seeds: int, time_limit: float) -> str:
    """How many of ``seeds`` reached ``level`` with the default attempts, and how fast."""
    seconds, missed = [], []
    for seed in range(1, seeds + 1):
        start = time.process_time()
        try:
            generate(kind, size=size, difficulty=level, seed=seed, time_limit=time_limit)
        except InvalidArgument as error:
            return f"refused: {error}"
        except LatinumError as error:
            missed.append(f"seed {seed}: {error}")
        seconds.append(time.process_time() - start)
    made = seeds - len(missed)
    text = f"{made:>3}/{seeds:<3} {statistics.median(seconds):9.3f} {max(seconds):9.3f}"
    return "\n    ".join([text, *missed])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds (attempts) per case")
    parser.add_argument("--budget", type=float, default=30.0, help="CPU seconds per share")
    parser.add_argument("--every-seed", action="store_true", help="default attempts, each seed")
    parser.add_argument("--time-limit", type=float, default=300.0, help="seconds per puzzle")
    parser.add_argument("--only", default="", metavar="TEXT", help="cases whose kind has TEXT")
    args = parser.parse_args()
    cases = [case for case in CASES if args.only in case[0]]
    if args.every_seed:
        print(f"{'kind':8} {'size':>4} {'level':22} {'reached':>7} {'median s':>9} {'max s':>9}")
        for kind, size, level in cases:
            found = every_seed(kind, size, level, args.seeds, args.time_limit)
            print(f"{kind:8} {size:>4} {level:22} {found}", flush=True)
        return
    print(f"{'kind':8} {'size':>4} {'level':22} {'reached':>11} {'share':>6} {'s/attempt':>9}")
    kenken: dict[int, dict[str, tuple[int, int, float]]] = {}
    for kind, size, level in cases:
        if kind == "kenken":
            if size not in kenken:
                kenken[size] = kenken_shares(size, args.seeds, args.budget)
            reached, made, each = kenken[size][level]
        else:
            reached, made, each = share(kind, size, level, args.seeds, args.budget)
        ratio = f"{reached / made:6.4f}" if made else "refused"
        found = f"{reached:>5}/{made:<5} {ratio:>6} {each:9.4f}"
        print(f"{kind:8} {size:>4} {level:22} {found}", flush=True)


if __name__ == "__main__":
    main()
