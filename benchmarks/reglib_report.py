"""HoDoKu's regression library, technique by technique: what latinum passes.

Usage: python benchmarks/reglib_report.py [LIBRARY]

Prints, for every technique code of the library (tests/fixtures/logic/
reglib-1.4.txt by default), HoDoKu's name for it, the latinum technique that
answers it, and the cases passed; codes latinum does not claim are listed as
not implemented, with their case counts.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

from latinum.logic.reglib import cases, passes, techniques_for

LIBRARY = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "logic" / "reglib-1.4.txt"


def hodoku_names(path: Path) -> dict[str, str]:
    """HoDoKu's technique names, from the library's header (``#0300: X-Wing``)."""
    found = re.findall(r"^#(\d{4,5}): (.+)$", path.read_text(), re.MULTILINE)
    return {code: name.strip() for code, name in found}


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else LIBRARY
    names = hodoku_names(path)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case in cases(path):
        row = tally[case.code]
        row[1] += 1
        if techniques_for(case.code):
            row[0] += passes(case)
    implemented = missing = 0
    print(f"{'code':<6} {'HoDoKu':<42} {'latinum':<30} {'passed':>9}")
    for code in sorted(tally):
        passed, total = tally[code]
        ours = ", ".join(t.name for t in techniques_for(code)) or "not implemented"
        shown = f"{passed}/{total}" if ours != "not implemented" else f"-/{total}"
        print(f"{code:<6} {names.get(code, '?'):<42} {ours:<30} {shown:>9}")
        implemented += total if ours != "not implemented" else 0
        missing += 0 if ours != "not implemented" else total
    print(f"cases of implemented techniques: {implemented}; of others: {missing}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
