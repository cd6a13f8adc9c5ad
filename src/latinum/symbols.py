"""Characters for cell values: digits 1-9, then letters A-Z for 10 and up."""

from __future__ import annotations

from functools import cache

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


def values_of_text(text: str, blanks: str = BLANKS) -> tuple[int, ...] | None:
    """The values of ``text``, each character a value or one of ``blanks`` (0),
    or None if any character is neither (callers then look for it to report)."""
    try:
        codes = text.encode("ascii")
    except UnicodeEncodeError:
        return None
    values = codes.translate(_value_table(blanks))
    return None if _NOT_A_VALUE in values else tuple(values)


def line_of(values: tuple[int, ...]) -> str:
    """The characters of ``values`` (0 as ``.``), as :func:`symbol` writes them."""
    try:
        return bytes(values).translate(_SYMBOL_TABLE).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return "".join(symbol(value) for value in values)


_NOT_A_VALUE = 255
#: Byte v becomes the character of value v; values past Z become a non-ASCII byte.
_SYMBOL_TABLE = bytes(ord(symbol(v)) for v in range(36)) + bytes([_NOT_A_VALUE] * 220)


@cache
def _value_table(blanks: str) -> bytes:
    """Byte c becomes the value of character c, or 255 when it is none."""
    table = bytearray([_NOT_A_VALUE]) * 256
    for code in range(128):
        value = 0 if chr(code) in blanks else value_of(chr(code))
        if value is not None:
            table[code] = value
    return bytes(table)
