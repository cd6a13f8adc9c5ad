"""A baseline in the manner of Peter Norvig's essay "Solving Every Sudoku Puzzle".

Written for latinum from the essay's description: each square maps to a
string of its candidate digits; assigning a digit eliminates the others;
elimination applies the two rules (a square reduced to one digit removes it
from its peers; a digit with one place left in a unit goes there); search
tries the digits of the square with the fewest candidates, depth first, on
copies of the dict. 9x9 only.
"""

from __future__ import annotations

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
SQUARES = [r + c for r in ROWS for c in DIGITS]
UNITS_LIST = (
    [[r + c for r in ROWS] for c in DIGITS]
    + [[r + c for c in DIGITS] for r in ROWS]
    + [
        [r + c for r in rows for c in cols]
        for rows in ("ABC", "DEF", "GHI")
        for cols in ("123", "456", "789")
    ]
)
UNITS = {s: [u for u in UNITS_LIST if s in u] for s in SQUARES}
PEERS = {s: set().union(*UNITS[s]) - {s} for s in SQUARES}

Values = dict[str, str]


def parse(line: str) -> Values | None:
    """Candidates after assigning every given of an 81-character line, or None."""
    values = dict.fromkeys(SQUARES, DIGITS)
    for square, char in zip(SQUARES, line, strict=False):
        if char in DIGITS and not assign(values, square, char):
            return None
    return values


def assign(values: Values, square: str, digit: str) -> Values | None:
    """Remove every other digit from ``square``; None on a contradiction."""
    for other in values[square].replace(digit, ""):
        if not eliminate(values, square, other):
            return None
    return values


def eliminate(values: Values, square: str, digit: str) -> Values | None:
    """Remove ``digit`` from ``square`` and apply both rules; None on a contradiction."""
    if digit not in values[square]:
        return values
    left = values[square] = values[square].replace(digit, "")
    if not left:
        return None
    if len(left) == 1:
        only = left
        if not all(eliminate(values, peer, only) for peer in PEERS[square]):
            return None
    for unit in UNITS[square]:
        places = [s for s in unit if digit in values[s]]
        if not places:
            return None
        if len(places) == 1 and not assign(values, places[0], digit):
            return None
    return values


def search(values: Values | None) -> Values | None:
    """Depth-first search from ``values``; a solved dict or None."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, square = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for digit in values[square]:
        found = search(assign(values.copy(), square, digit))
        if found:
            return found
    return None


def solve(line: str) -> str | None:
    """The solution of an 81-character puzzle line as 81 digits, or None."""
    found = search(parse(line))
    return "".join(found[s] for s in SQUARES) if found else None
