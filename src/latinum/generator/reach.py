"""Which levels a kind and size rarely reach, to say so before the work starts.

The figures are measured by ``benchmarks/level_reach.py --seeds 20 --budget 25``
(one attempt each on seeds 1 to 20, fewer when 25 CPU seconds run out): how
many attempts reached the level and the CPU seconds an attempt takes. Levels
reached by fewer than one attempt in ten are the rare ones.
"""

from __future__ import annotations

from . import kenken as _kenken
from . import sudoku as _sudoku
from .kenken import DEFAULT_ATTEMPTS

#: (kind, side, level) -> (attempts that reached it, attempts made, CPU seconds an
#: attempt), for the rows where fewer than one attempt in ten got there.
#: KenKen levels are written ``tatham:Name`` or ``latinum:Name``.
RARE: dict[tuple[str, int, str], tuple[int, int, float]] = {
    ("sudoku", 6, "Expert"): (1, 20, 0.272),
    ("sudoku", 6, "Extreme"): (0, 20, 0.09),
    ("latin", 5, "Medium"): (0, 20, 0.033),
    ("latin", 5, "Hard"): (1, 20, 0.092),
    ("latin", 5, "Expert"): (0, 20, 0.146),
    ("latin", 5, "Extreme"): (0, 20, 0.027),
    ("killer", 6, "Hard"): (1, 20, 0.01),
    ("killer", 6, "Expert"): (0, 20, 0.01),
    ("killer", 6, "Extreme"): (0, 20, 0.008),
    ("killer", 9, "Expert"): (0, 14, 8.45),
    ("kenken", 4, "tatham:Hard"): (0, 20, 0.002),
    ("kenken", 4, "tatham:Extreme"): (0, 20, 0.002),
    ("kenken", 4, "tatham:Unreasonable"): (0, 20, 0.002),
    ("kenken", 4, "latinum:Expert"): (0, 20, 0.004),
    ("kenken", 4, "latinum:Extreme"): (0, 20, 0.004),
    ("kenken", 6, "tatham:Extreme"): (0, 20, 0.006),
    ("kenken", 6, "latinum:Expert"): (0, 20, 0.01),
    ("kenken", 6, "latinum:Extreme"): (1, 20, 0.008),
    ("kenken", 9, "tatham:Extreme"): (0, 20, 0.078),
    ("kenken", 9, "latinum:Expert"): (0, 20, 0.074),
    ("kenken", 9, "latinum:Extreme"): (1, 20, 0.065),
}
#: Sides assumed when none is given.
DEFAULT_SIZES = {"sudoku": 9, "killer": 9, "kenken": 6}
#: What each kind is called in a sentence.
KIND_NAMES = {
    "sudoku": "Sudoku",
    "latin": "Latin square",
    "killer": "Killer Sudoku",
    "kenken": "KenKen",
    "futoshiki": "Futoshiki",
}


def rarely_reached(
    kind: str,
    size: int | None = None,
    box: tuple[int, int] | None = None,
    difficulty: str | None = None,
    attempts: int | None = None,
) -> str | None:
    """A sentence saying that ``difficulty`` is rarely reached by ``kind`` (one of
    :data:`latinum.generator.KINDS`) at this size within ``attempts`` (default 50),
    or None when it is not known to be rare (or the arguments are not valid)."""
    name = str(kind).lower()
    if difficulty is None:
        return None
    if box is not None and len(box) == 2:
        size = box[0] * box[1]
    size = DEFAULT_SIZES.get(name) if size is None else size
    try:
        if name == "kenken":
            scale, level = _kenken.parse_level(difficulty) or ("", "")
            key = f"{scale}:{level}"
            level = f"{'Tatham' if scale == 'tatham' else scale}'s {level}"
        else:
            level = key = _sudoku._level(difficulty) or ""
    except ValueError:
        return None
    found = RARE.get((name, size or 0, key))
    if found is None:
        return None
    reached, made, seconds = found
    share = f"{reached} of {made}" if reached else f"none of {made}"
    attempts = DEFAULT_ATTEMPTS if attempts is None else attempts
    return (
        f"{level} is rarely reached by a {size}x{size} {KIND_NAMES[name]} ({share} measured"
        f" attempts reached it); if none gets there, the run stops after {attempts}"
        f" attempt{'s' if attempts != 1 else ''} ({_duration(attempts * seconds)})"
    )


def _duration(seconds: float) -> str:
    """``"about 3 s"``, ``"about 2 min"`` of CPU time, or ``"under a second"``."""
    if seconds < 1:
        return "under a second"
    if seconds < 120:
        return f"about {seconds:.0f} s of CPU time"
    return f"about {seconds / 60:.0f} min of CPU time"
