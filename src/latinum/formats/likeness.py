"""Which formats a text that no format reads seems meant for.

The sniffers of :mod:`.registry` accept only what their format reads; when
none does, these looser tests pick the formats the text resembles, so that
the reader of the likeliest one can say what is wrong with it.
"""

from __future__ import annotations

import re

from .records import filler

_TATHAM = re.compile(r"\d+[a-z]*:")
_SOLO = re.compile(r"\d+x\d+[a-z]*:")
_CONSTRAINT = re.compile(r"\S\s+-?\d+\s*\S?")
_CALCUDOKU_CAGE = re.compile(r"\d+(\s+\d+)+")
_LINE = re.compile(r"[0-9A-Za-z._*-]{16,}")
_GRID_ROW = re.compile(r"[0-9A-Za-z._*|+ -]+")
_GRID_CELL = re.compile(r"[0-9A-Za-z._*]")
_BLANK_OR_DIGIT = re.compile(r"[0-9._*]")
_SIGNS = re.compile(r"\S ?[<>] ?\S")
# A row of cells with a clue two or more spaces before or after it (Skyscrapers).
_CLUED_ROW = re.compile(r"\S {2,}\S(?: \S)+(?: {2,}\S)?|\S(?: \S)+ {2,}\S")


def resembled(text: str) -> list[str]:
    """The names of the formats ``text`` looks meant for, however broken it is."""
    lines = [line.strip() for line in text.splitlines() if not filler(line)]
    if not lines:
        return []
    first = lines[0]
    if first.startswith("{") or re.match(r"\[\s*\{", first):
        return ["json"]
    if first.startswith("["):
        return ["pylist"]
    if _SOLO.match(first):
        return ["solo"]
    if _TATHAM.match(first):
        return ["towers"] if "/" in first else ["keen", "unequal"]
    if first.lower().startswith("skyscrapers"):
        return ["skyscrapers"]
    found = []
    rest = lines[1:]
    if first.isdigit() and rest and _CALCUDOKU_CAGE.fullmatch(rest[0]):
        found.append("calcudoku")
    if any(char.isalpha() for char in first) and any(_CONSTRAINT.fullmatch(row) for row in rest):
        found.append("mathdoku")
    if first.lower().startswith("futoshiki") or any(_SIGNS.search(line) for line in lines):
        found.append("futoshiki")
    if not found and any(_CLUED_ROW.fullmatch(line) for line in lines):
        found.append("skyscrapers")
    if "," in first and " " not in first and not found:
        found.append("csv")
    if not found and len(lines) >= 3 and all(_grid_row(line) for line in lines[:3]):
        found.append("grid")
    if not found and _LINE.fullmatch(first):
        found.append("line")
    return found


def _grid_row(line: str) -> bool:
    """A row of at least four cells, mostly digits and blanks."""
    cells = _GRID_CELL.findall(line)
    numeric = _BLANK_OR_DIGIT.findall(line)
    return bool(_GRID_ROW.fullmatch(line)) and len(cells) >= 4 and 2 * len(numeric) >= len(cells)
