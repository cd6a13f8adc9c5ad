"""HoDoKu's regression library: each implemented technique finds what HoDoKu finds."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from latinum.logic import TECHNIQUES
from latinum.logic.reglib import cases, passes, techniques_for

LIBRARY = Path(__file__).parent / "fixtures" / "logic" / "reglib-1.4.txt"
ALL = list(cases(LIBRARY))
CODES = sorted({code for t in TECHNIQUES for code in t.codes} & {case.code for case in ALL})


def test_library_is_read_whole() -> None:
    assert len(ALL) == 1112


@pytest.mark.parametrize("code", CODES)
def test_at_least_95_percent_of_each_implemented_technique(code: str) -> None:
    mine = [case for case in ALL if case.code == code]
    failed = [case for case in mine if not passes(case)]
    rate = 1 - len(failed) / len(mine)
    names = ", ".join(t.name for t in techniques_for(code))
    shown = "\n".join(case.text for case in failed[:5])
    assert rate >= 0.95, f"{code} ({names}): {len(failed)} of {len(mine)} fail:\n{shown}"


def report() -> dict[str, tuple[int, int]]:
    """Passed and total cases per implemented code."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case in ALL:
        if case.code in CODES:
            totals[case.code][0] += passes(case)
            totals[case.code][1] += 1
    return {code: (passed, total) for code, (passed, total) in totals.items()}
