"""Symmetry of cell patterns and random contiguous cage layouts.

A symmetry maps each cell to its partner: ``rotational`` (half turn),
``mirror`` (left-right), ``diagonal`` (transpose) or ``none`` (itself). Givens
are emptied in groups closed under it, and cage layouts are built so that the
partners of a cage's cells form a cage too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..errors import InvalidArgument

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")

Fits = Callable[[list[int], int], bool]


def check_symmetry(symmetry: object) -> str:
    """The symmetry's name in lower case; InvalidArgument for an unknown one."""
    name = str(symmetry).lower()
    if name not in SYMMETRIES:
        raise InvalidArgument(
            f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}"
        )
    return name


def partner(size: int, cell: int, symmetry: str) -> int:
    """The cell that ``cell`` maps to under ``symmetry``."""
    row, col = divmod(cell, size)
    last = size - 1
    if symmetry == "rotational":
        return (last - row) * size + (last - col)
    if symmetry == "mirror":
        return row * size + (last - col)
    if symmetry == "diagonal":
        return col * size + row
    return cell


def image(size: int, cells: Sequence[int], symmetry: str) -> list[int]:
    """The partners of ``cells``, sorted."""
    return sorted(partner(size, cell, symmetry) for cell in cells)


def groups(size: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells as groups that are emptied together (each closed under the symmetry)."""
    seen: set[int] = set()
    found = []
    for cell in range(size * size):
        if cell not in seen:
            group = tuple(sorted({cell, partner(size, cell, symmetry)}))
            seen.update(group)
            found.append(group)
    return found


def is_symmetric(size: int, cage_cells: Sequence[Sequence[int]], symmetry: str) -> bool:
    """Whether the image of every cage is a cage."""
    cages = {tuple(sorted(cells)) for cells in cage_cells}
    return all(tuple(image(size, cells, symmetry)) in cages for cells in cages)


def neighbours(size: int, cell: int) -> list[int]:
    """The orthogonal neighbours of ``cell``."""
    row, col = divmod(cell, size)
    found = []
    if row > 0:
        found.append(cell - size)
    if row < size - 1:
        found.append(cell + size)
    if col > 0:
        found.append(cell - 1)
    if col < size - 1:
        found.append(cell + 1)
    return found


def components(size: int, cells: Sequence[int]) -> list[list[int]]:
    """The orthogonally connected parts of ``cells``."""
    left = set(cells)
    parts = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        part, todo = [start], [start]
        while todo:
            for other in neighbours(size, todo.pop()):
                if other in left:
                    left.discard(other)
                    part.append(other)
                    todo.append(other)
        parts.append(sorted(part))
    return parts


def split(size: int, cells: Sequence[int], alone: Sequence[int]) -> list[list[int]]:
    """``cells`` cut into the one-cell cages ``alone`` and the connected parts of the rest."""
    rest = [cell for cell in cells if cell not in alone]
    return [[cell] for cell in sorted(set(alone))] + components(size, rest)


def split_with_image(
    size: int, cells: list[int], alone: int, symmetry: str
) -> tuple[list[int], list[list[int]]]:
    """The image of cage ``cells`` and the pieces that replace both when ``alone``
    and its partner become one-cell cages (the image is ``cells`` itself when
    the cage is its own image)."""
    mirror = image(size, cells, symmetry)
    mate = partner(size, alone, symmetry)
    if mirror == cells:
        return mirror, split(size, cells, [alone, mate])
    return mirror, split(size, cells, [alone]) + split(size, mirror, [mate])


def random_cages(
    size: int,
    rng: random.Random,
    sizes: dict[int, int],
    fits: Fits = lambda cage, cell: True,
    symmetry: str = "none",
) -> list[list[int]]:
    """Contiguous cages covering the grid, symmetric under ``symmetry``.

    From random free cells, each cage grows to a size drawn with weights
    ``sizes`` through random neighbours that ``fits`` allows, together with its
    image under the symmetry (a cage through a cell that is its own partner is
    its own image). A cell left alone that wanted company then joins a
    neighbouring cage with room, its partner joining the image of that cage.
    """
    count = size * size
    largest = max(sizes)
    owner = [-1] * count
    cages: list[list[int]] = []
    lonely: list[int] = []
    order = list(range(count))
    rng.shuffle(order)
    choices, weights = list(sizes), list(sizes.values())

    def mate(cell: int) -> int:
        return partner(size, cell, symmetry)

    def takes(other: int, cage: list[int], twin: list[int] | None, room: int) -> bool:
        """Whether ``other`` (with its partner) may join ``cage`` (and ``twin``, its image)."""
        if owner[other] >= 0 or owner[mate(other)] >= 0 or not fits(cage, other):
            return False
        if twin is not None:
            return mate(other) != other and fits(twin, mate(other))
        return mate(other) == other or (room >= 2 and fits([*cage, other], mate(other)))

    def claim(cage: list[int], cell: int, index: int) -> None:
        owner[cell] = index
        cage.append(cell)

    for start in order:
        if owner[start] >= 0:
            continue
        want = rng.choices(choices, weights)[0]
        cage, index = [start], len(cages)
        owner[start] = index
        twin: list[int] | None = None
        if mate(start) != start:
            twin = [mate(start)]
            owner[mate(start)] = index + 1
        while len(cage) < want:
            room = want - len(cage)
            frontier = [
                other
                for cell in cage
                for other in neighbours(size, cell)
                if takes(other, cage, twin, room)
            ]
            if not frontier:
                break
            cell = rng.choice(frontier)
            claim(cage, cell, index)
            if twin is not None:
                claim(twin, mate(cell), index + 1)
            elif mate(cell) != cell:
                claim(cage, mate(cell), index)
        if len(cage) == 1 and want > 1:
            lonely.append(index)
            if twin is not None:
                lonely.append(index + 1)
        cages.append(cage)
        if twin is not None:
            cages.append(twin)
    _settle_lonely(size, rng, cages, owner, lonely, largest, fits, mate)
    return [sorted(cage) for cage in cages if cage]


def _settle_lonely(
    size: int,
    rng: random.Random,
    cages: list[list[int]],
    owner: list[int],
    lonely: list[int],
    largest: int,
    fits: Fits,
    mate: Callable[[int], int],
) -> None:
    """Move each lonely cell (and its partner) into a neighbouring cage with room."""
    for index in lonely:
        if len(cages[index]) != 1:
            continue
        cell = cages[index][0]
        other = mate(cell)
        homes = []
        for home in sorted({owner[n] for n in neighbours(size, cell)}):
            if home == owner[other]:
                continue
            cage = cages[home]
            mirror = owner[mate(cage[0])]
            if other == cell:
                ok = mirror == home and len(cage) < largest and fits(cage, cell)
            elif mirror == home:
                ok = len(cage) + 2 <= largest and fits(cage, cell) and fits([*cage, cell], other)
            else:
                ok = len(cage) < largest and fits(cage, cell) and fits(cages[mirror], other)
            if ok:
                homes.append(home)
        if not homes:
            continue
        home = rng.choice(homes)
        mirror = owner[mate(cages[home][0])]
        for moving, target in ((cell, home), (other, mirror)):
            if owner[moving] == target:
                continue
            cages[owner[moving]].remove(moving)
            cages[target].append(moving)
            owner[moving] = target
