"""Sets of cells (or lines) as int bitmasks: bit ``i`` stands for index ``i``."""

from __future__ import annotations

from collections.abc import Iterable


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, smallest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def mask_of(indices: Iterable[int]) -> int:
    """The bitmask with the bits of ``indices`` set."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask
