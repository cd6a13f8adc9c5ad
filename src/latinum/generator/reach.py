"""How often an attempt reaches each level, by kind and size: the attempts a level
gets by default, the levels refused for a size, and the ones named as rare.

The figures are measured by ``benchmarks/level_reach.py`` (single attempts on
seeds 1, 2, ...): the attempts that reached the level, the attempts made and
the CPU seconds an attempt takes. A level no measured attempt reached is
refused for that size, with these figures as the reason; otherwise its
default attempts make a miss unlikely (about one seed in 3,000).
"""

from __future__ import annotations

from math import ceil, exp

from ..levels import LEVEL_NAMES, TATHAM_LEVELS

#: Levels are written as ``generate`` takes them; KenKen's as ``tatham:Name`` or ``latinum:Name``.
Key = tuple[str, int, str]

#: (kind, side, level) -> (attempts that reached it, attempts made, CPU seconds an
#: attempt). Sudoku and Latin squares were measured with symmetric givens.
REACH: dict[Key, tuple[int, int, float]] = {
    ("sudoku", 4, "Easy"): (300, 300, 0.0008),
    ("sudoku", 6, "Easy"): (300, 300, 0.0037),
    ("sudoku", 6, "Medium"): (19, 300, 0.055),
    ("sudoku", 6, "Hard"): (155, 300, 0.0373),
    ("sudoku", 6, "Expert"): (7, 300, 0.0601),
    ("sudoku", 6, "Extreme"): (0, 300, 0.059),
    ("sudoku", 9, "Easy"): (300, 300, 0.0213),
    ("sudoku", 9, "Medium"): (294, 300, 0.0637),
    ("sudoku", 9, "Hard"): (287, 300, 0.0759),
    ("sudoku", 9, "Expert"): (248, 299, 0.2009),
    ("sudoku", 9, "Extreme"): (238, 272, 0.2216),
    ("latin", 5, "Medium"): (0, 20, 0.033),
    ("latin", 5, "Hard"): (1, 20, 0.092),
    ("latin", 5, "Expert"): (0, 20, 0.146),
    ("latin", 5, "Extreme"): (0, 20, 0.027),
    ("killer", 6, "Hard"): (1, 20, 0.01),
    ("killer", 6, "Expert"): (0, 20, 0.01),
    ("killer", 6, "Extreme"): (0, 20, 0.008),
    ("killer", 9, "Easy"): (55, 300, 0.0331),
    ("killer", 9, "Medium"): (135, 300, 0.0465),
    ("killer", 9, "Hard"): (130, 241, 1.003),
    ("killer", 9, "Expert"): (0, 69, 2.325),
    ("killer", 9, "Extreme"): (8, 69, 2.296),
    ("kenken", 3, "tatham:Easy"): (1267, 1500, 0.0006),
    ("kenken", 3, "tatham:Normal"): (233, 1500, 0.0006),
    ("kenken", 3, "tatham:Hard"): (0, 1500, 0.0006),
    ("kenken", 3, "tatham:Extreme"): (0, 1500, 0.0006),
    ("kenken", 3, "tatham:Unreasonable"): (0, 1500, 0.0006),
    ("kenken", 3, "latinum:Easy"): (1500, 1500, 0.0009),
    ("kenken", 3, "latinum:Medium"): (0, 1500, 0.0009),
    ("kenken", 3, "latinum:Hard"): (0, 1500, 0.0009),
    ("kenken", 3, "latinum:Expert"): (0, 1500, 0.0009),
    ("kenken", 3, "latinum:Extreme"): (0, 1500, 0.0009),
    ("kenken", 4, "tatham:Easy"): (1099, 1500, 0.0012),
    ("kenken", 4, "tatham:Normal"): (315, 1500, 0.0012),
    ("kenken", 4, "tatham:Hard"): (53, 1500, 0.0012),
    ("kenken", 4, "tatham:Extreme"): (8, 1500, 0.0012),
    ("kenken", 4, "tatham:Unreasonable"): (25, 1500, 0.0012),
    ("kenken", 4, "latinum:Easy"): (1414, 1500, 0.0019),
    ("kenken", 4, "latinum:Medium"): (58, 1500, 0.0019),
    ("kenken", 4, "latinum:Hard"): (20, 1500, 0.0019),
    ("kenken", 4, "latinum:Expert"): (0, 1500, 0.0019),
    ("kenken", 4, "latinum:Extreme"): (8, 1500, 0.0019),
    ("kenken", 5, "tatham:Easy"): (1010, 1500, 0.0023),
    ("kenken", 5, "tatham:Normal"): (343, 1500, 0.0023),
    ("kenken", 5, "tatham:Hard"): (98, 1500, 0.0023),
    ("kenken", 5, "tatham:Extreme"): (7, 1500, 0.0023),
    ("kenken", 5, "tatham:Unreasonable"): (42, 1500, 0.0023),
    ("kenken", 5, "latinum:Easy"): (1353, 1500, 0.0035),
    ("kenken", 5, "latinum:Medium"): (104, 1500, 0.0035),
    ("kenken", 5, "latinum:Hard"): (34, 1500, 0.0035),
    ("kenken", 5, "latinum:Expert"): (0, 1500, 0.0035),
    ("kenken", 5, "latinum:Extreme"): (9, 1500, 0.0035),
    ("kenken", 6, "tatham:Easy"): (702, 1500, 0.0063),
    ("kenken", 6, "tatham:Normal"): (350, 1500, 0.0063),
    ("kenken", 6, "tatham:Hard"): (295, 1500, 0.0063),
    ("kenken", 6, "tatham:Extreme"): (19, 1500, 0.0063),
    ("kenken", 6, "tatham:Unreasonable"): (134, 1500, 0.0063),
    ("kenken", 6, "latinum:Easy"): (1052, 1500, 0.0089),
    ("kenken", 6, "latinum:Medium"): (310, 1500, 0.0089),
    ("kenken", 6, "latinum:Hard"): (113, 1500, 0.0089),
    ("kenken", 6, "latinum:Expert"): (0, 1500, 0.0089),
    ("kenken", 6, "latinum:Extreme"): (25, 1500, 0.0089),
    ("kenken", 7, "tatham:Easy"): (654, 1500, 0.0113),
    ("kenken", 7, "tatham:Normal"): (292, 1500, 0.0113),
    ("kenken", 7, "tatham:Hard"): (392, 1500, 0.0113),
    ("kenken", 7, "tatham:Extreme"): (20, 1500, 0.0113),
    ("kenken", 7, "tatham:Unreasonable"): (142, 1500, 0.0113),
    ("kenken", 7, "latinum:Easy"): (946, 1500, 0.0156),
    ("kenken", 7, "latinum:Medium"): (401, 1500, 0.0156),
    ("kenken", 7, "latinum:Hard"): (115, 1500, 0.0156),
    ("kenken", 7, "latinum:Expert"): (0, 1500, 0.0156),
    ("kenken", 7, "latinum:Extreme"): (38, 1500, 0.0156),
    ("kenken", 8, "tatham:Easy"): (355, 1500, 0.0247),
    ("kenken", 8, "tatham:Normal"): (339, 1500, 0.0247),
    ("kenken", 8, "tatham:Hard"): (505, 1500, 0.0247),
    ("kenken", 8, "tatham:Extreme"): (29, 1500, 0.0247),
    ("kenken", 8, "tatham:Unreasonable"): (272, 1500, 0.0247),
    ("kenken", 8, "latinum:Easy"): (694, 1500, 0.0329),
    ("kenken", 8, "latinum:Medium"): (522, 1500, 0.0329),
    ("kenken", 8, "latinum:Hard"): (206, 1500, 0.0329),
    ("kenken", 8, "latinum:Expert"): (0, 1500, 0.0329),
    ("kenken", 8, "latinum:Extreme"): (78, 1500, 0.0329),
    ("kenken", 9, "tatham:Easy"): (103, 944, 0.066),
    ("kenken", 9, "tatham:Normal"): (157, 944, 0.066),
    ("kenken", 9, "tatham:Hard"): (416, 944, 0.066),
    ("kenken", 9, "tatham:Extreme"): (41, 944, 0.066),
    ("kenken", 9, "tatham:Unreasonable"): (227, 944, 0.066),
    ("kenken", 9, "latinum:Easy"): (260, 944, 0.0878),
    ("kenken", 9, "latinum:Medium"): (439, 944, 0.0878),
    ("kenken", 9, "latinum:Hard"): (140, 944, 0.0878),
    ("kenken", 9, "latinum:Expert"): (2, 944, 0.0878),
    ("kenken", 9, "latinum:Extreme"): (103, 944, 0.0878),
}
#: Attempts a level gets when none are given: at least this many, and enough for
#: the measured share (up to :data:`MOST_ATTEMPTS`).
DEFAULT_ATTEMPTS = 50
MOST_ATTEMPTS = 5000
#: The chance of a miss the default attempts allow: e**-8, about one seed in 3,000.
MISSES = 8
#: A level none reached is refused after this many measured attempts, or this much
#: CPU time spent on them.
REFUSE_AFTER = 100
REFUSE_SECONDS = 100.0
#: A level that takes longer than this (CPU seconds a puzzle, on average) is refused
#: unless attempts are given.
SLOW_SECONDS = 30.0
#: A level fewer attempts than this share reach is named before the work starts.
RARE_SHARE = 0.1
#: What each kind is called in a sentence.
KIND_NAMES = {
    "sudoku": "Sudoku",
    "latin": "Latin square",
    "killer": "Killer Sudoku",
    "kenken": "KenKen",
    "futoshiki": "Futoshiki",
    "skyscrapers": "Skyscrapers",
    "jigsaw": "Jigsaw Sudoku",
    "windoku": "Windoku",
}


def default_attempts(key: Key) -> int:
    """The attempts level ``key`` gets when none are given."""
    found = REACH.get(key)
    if found is None or not found[0]:
        return DEFAULT_ATTEMPTS
    reached, made, _ = found
    return max(DEFAULT_ATTEMPTS, min(MOST_ATTEMPTS, ceil(MISSES * made / reached)))


def unreached(key: Key, which: str = "", attempts: int | None = None) -> str | None:
    """Why level ``key`` is refused for its size (None when it is not); ``which``
    (such as ``" with symmetric givens"``) says which puzzles were measured.

    A level no measured attempt reached is refused; one that takes more than
    :data:`SLOW_SECONDS` of CPU time a puzzle, on average, unless ``attempts`` are given.
    """
    found = REACH.get(key)
    if found is None:
        return None
    kind, size, level = key
    reached, made, seconds = found
    shape = f"{size}x{size} {KIND_NAMES[kind]}{which}"
    shape = f"{article(shape)} {shape}"
    if refused(reached, made, seconds):
        return (
            f"{shape} does not reach {_level_words(level)}: none of {made:,} measured"
            f" attempts did ({_duration(made * seconds)}){_reached(kind, size, level)}"
        )
    if reached and attempts is None and made / reached * seconds > SLOW_SECONDS:
        return (
            f"{shape} rarely reaches {_level_words(level)}: {reached} of {made:,} measured"
            f" attempts did, {_duration(made / reached * seconds)} a puzzle; give a number"
            " of attempts (--attempts N) to try anyway"
        )
    return None


def refused(reached: int, made: int, seconds: float) -> bool:
    """Whether a level that ``reached`` of ``made`` attempts of ``seconds`` each reached
    is refused whatever the attempts: none did, of many attempts or of much CPU time."""
    return not reached and (made >= REFUSE_AFTER or made * seconds >= REFUSE_SECONDS)


def rarely_reached(key: Key, attempts: int) -> str | None:
    """A sentence saying that level ``key`` is rarely reached and what ``attempts``
    cost, or None when it is not known to be rare."""
    found = REACH.get(key)
    if found is None or found[0] >= RARE_SHARE * found[1]:
        return None
    kind, size, level = key
    reached, made, seconds = found
    share = f"{reached} of {made:,}" if reached else f"none of {made:,}"
    miss = exp(-reached / made * attempts) if reached else 1.0
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    verb = "misses" if attempts == 1 else "miss"
    chance = f"; {tries} {verb} it for {_chance(miss)}" if reached else ""
    return (
        f"{_level_words(level)} is rarely reached by {article(str(size))} {size}x{size}"
        f" {KIND_NAMES[kind]} ({share} measured attempts reached it{chance}); the run stops"
        f" after {tries} at most ({_duration(attempts * seconds)})"
    )


def _reached(kind: str, size: int, level: str) -> str:
    """``"; they reach Tatham's Easy and Normal"``: the measured levels of ``level``'s
    scale that some attempt reached, easiest first (empty when none is known)."""
    scale = level.rpartition(":")[0]
    names = TATHAM_LEVELS if scale == "tatham" else LEVEL_NAMES
    reached = [
        name.rpartition(":")[2]
        for (other, side, name), (count, _, _) in REACH.items()
        if (other, side) == (kind, size) and count and name.rpartition(":")[0] == scale
    ]
    if not reached:
        return ""
    ordered = sorted(reached, key=names.index)
    listed = ", ".join(ordered[:-1]) + " and " if len(ordered) > 1 else ""
    return f"; they reach {_owner(scale)}{listed}{ordered[-1]}"


def article(shape: str) -> str:
    """``"a"`` or ``"an"`` before ``shape``, such as ``"8x8 KenKen"``."""
    return "an" if shape.startswith(("8", "11x", "18x")) else "a"


def _level_words(level: str) -> str:
    """``"Tatham's Hard"`` for ``tatham:Hard``, ``"Expert"`` for ``Expert``."""
    scale, _, name = level.rpartition(":")
    return _owner(scale) + name


def _owner(scale: str) -> str:
    """``"Tatham's "`` for ``tatham``, ``"latinum's "`` for ``latinum``, else nothing."""
    return f"{'Tatham' if scale == 'tatham' else scale}'s " if scale else ""


def _chance(miss: float) -> str:
    """``"about one seed in 3,000"`` for 0.00033, ``"most seeds"`` from one half."""
    if miss >= 0.5:
        return "most seeds"
    return f"about one seed in {round(1 / miss):,}"


def _duration(seconds: float) -> str:
    """``"about 3 s"``, ``"about 2 min"`` of CPU time, or ``"under a second"``."""
    if seconds < 1:
        return "under a second"
    if seconds < 120:
        return f"about {seconds:.0f} s of CPU time"
    return f"about {seconds / 60:.0f} min of CPU time"
