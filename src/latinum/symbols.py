"""Characters for cell values: digits 1-9, then letters A-Z for 10 and up."""

from __future__ import annotations

MAX_SIZE = 25
BLANKS = ".0_"


def symbol(value: int) -> str:
    """The character for ``value`` (0 is the blank ``.``)."""
    if value == 0:
        return "."
    if value <= 9:
        return str(value)
    return chr(ord("A") + value - 10)


def value_of(char: str) -> int | None:
    """The value of ``char`` (0 for a blank), or None if it is no value character."""
    if char in BLANKS:
        return 0
    if "1" <= char <= "9":
        return ord(char) - ord("0")
    if "a" <= char <= "z":
        return ord(char) - ord("a") + 10
    if "A" <= char <= "Z":
        return ord(char) - ord("A") + 10
    return None
