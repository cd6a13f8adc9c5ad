"""The candidate state of human-style solving: values placed and pencil marks left."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from time import perf_counter
from typing import TypeVar

from ..errors import InvalidPuzzle, LatinumError, SearchLimit
from ..geometry import Geometry, unit_name
from ..puzzle import Puzzle

T = TypeVar("T")


@dataclass(frozen=True)
class House:
    """A row, column, box, diagonal or window: N cells holding every value once.

    A jigsaw region is a house of kind ``box`` whose ``word`` is ``region``.
    """

    kind: str
    index: int
    cells: tuple[int, ...]
    #: What the house is called (by default its kind).
    word: str = ""
    #: The values of :attr:`cells` read from a grid in one call.
    read: Callable[[Sequence[int]], tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cells = self.cells
        read = itemgetter(*cells) if len(cells) > 1 else lambda grid: (grid[cells[0]],)
        object.__setattr__(self, "read", read)
        object.__setattr__(self, "word", self.word or self.kind)

    @property
    def name(self) -> str:
        return unit_name(self.word, self.index)


class State:
    """Values and candidate bitmasks (bit ``v-1`` for value ``v``) of every cell.

    A solved cell has a value and no candidates. Changing the state goes
    through :meth:`place` and :meth:`eliminate` (or :meth:`apply` a step).
    """

    #: A ``perf_counter`` time after which techniques stop (see :meth:`check_time`).
    deadline: float | None = None

    def __init__(self, puzzle: Puzzle, values: Sequence[int], candidates: Sequence[int]) -> None:
        if puzzle.unread_by_logic:
            raise LatinumError(
                "step-by-step logic (steps, hints, ratings) does not read "
                f"{puzzle.unread_by_logic} yet"
            )
        self.puzzle = puzzle
        self.size = puzzle.size
        self.full = (1 << self.size) - 1
        self.values = list(values)
        self.candidates = list(candidates)
        distinct = tuple(cage.cells for cage in puzzle.cages if cage.distinct)
        self._bind(_context(puzzle.geometry, distinct))

    def _bind(self, context: Context) -> None:
        """Use the tables of ``context`` and start with nothing remembered."""
        self.context = context
        #: Rows, columns, boxes, diagonals and windows, in that order.
        self.houses = context.houses
        #: The same, boxes first.
        self.boxes_first = context.boxes_first
        #: The houses holding each cell.
        self.houses_of = context.houses_of
        #: The cells that must differ from each cell (houses and distinct cages).
        self.peers = context.peers
        self._memo: dict = {}

    @classmethod
    def start(cls, puzzle: Puzzle) -> State:
        """The givens placed and every other value still a candidate where no peer has it."""
        puzzle.check()
        state = cls(puzzle, [0] * puzzle.size**2, [(1 << puzzle.size) - 1] * puzzle.size**2)
        for cell, value in enumerate(puzzle.givens):
            if value:
                state.place(cell, value)
        return state

    @classmethod
    def from_marks(
        cls, puzzle: Puzzle, values: Sequence[int], candidates: Iterable[Iterable[int]]
    ) -> State:
        """A state with the given ``values`` and, for the empty cells, ``candidates``."""
        masks = [
            0 if value else _mask(marks) for value, marks in zip(values, candidates, strict=True)
        ]
        return cls(puzzle, values, masks)

    @classmethod
    def resume(
        cls,
        puzzle: Puzzle,
        values: Sequence[int] | None = None,
        marks: Sequence[Iterable[int]] | None = None,
    ) -> State:
        """A game in progress: the player's ``values`` placed after the givens, and
        their pencil ``marks`` kept where a cell has some (never adding a value a
        peer already holds). Raises InvalidPuzzle if an entered value clashes."""
        state = cls.start(puzzle)
        for cell, value in enumerate(values or ()):
            if not value or puzzle.givens[cell]:
                continue
            clash = next((p for p in state.peers[cell] if state.values[p] == value), None)
            if clash is not None:
                raise InvalidPuzzle(f"{state.name(cell)} holds {value}, like {state.name(clash)}")
            state.place(cell, value)
        for cell, cell_marks in enumerate(marks or ()):
            mask = _mask(cell_marks)
            if mask and not state.values[cell]:
                state.candidates[cell] &= mask
        state.forget()
        return state

    def copy(self) -> State:
        twin = State.__new__(State)
        twin.puzzle, twin.size, twin.full = self.puzzle, self.size, self.full
        twin.values = list(self.values)
        twin.candidates = list(self.candidates)
        twin._bind(self.context)
        return twin

    def check_time(self) -> None:
        """Raise SearchLimit once :attr:`deadline` has passed (techniques that search
        long call it as they go)."""
        if self.deadline is not None and perf_counter() > self.deadline:
            raise SearchLimit("explanation stopped at the time limit")

    # Geometry ---------------------------------------------------------

    def name(self, cell: int) -> str:
        return self.puzzle.geometry.name(cell)

    # Queries ----------------------------------------------------------

    def has(self, cell: int, value: int) -> bool:
        return bool(self.candidates[cell] >> (value - 1) & 1)

    def digits(self, cell: int) -> list[int]:
        """The candidate values of ``cell``, smallest first."""
        return digits_of(self.candidates[cell])

    def cells_with(self, value: int, cells: Iterable[int]) -> list[int]:
        """The cells among ``cells`` that still have ``value`` as a candidate."""
        bit = 1 << (value - 1)
        return [cell for cell in cells if self.candidates[cell] & bit]

    def patterns(self) -> tuple[int, ...]:
        """Per value (index ``v-1``), the bitmask of the cells holding it as a candidate."""
        found = self._memo.get("patterns")
        if found is None:
            masks = [0] * self.size
            for cell, mask in enumerate(self.candidates):
                for value in digits_of(mask):
                    masks[value - 1] |= 1 << cell
            found = self._memo["patterns"] = tuple(masks)
        return found

    def derived(self, key: Hashable, compute: Callable[..., T], *args: object) -> T:
        """``compute(*args)``, done once for the present candidates of this state."""
        try:
            return self._memo[key]
        except KeyError:
            found = self._memo[key] = compute(*args)
            return found

    def forget(self) -> None:
        """Drop what was derived from the candidates (done by every change of them)."""
        self._memo.clear()

    @property
    def solved(self) -> bool:
        return 0 not in self.values

    def empty_cells(self) -> list[int]:
        return [cell for cell, value in enumerate(self.values) if not value]

    # Changes ----------------------------------------------------------

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell`` and remove it from the candidates of its peers."""
        if self.values[cell]:
            raise InvalidPuzzle(f"{self.name(cell)} already holds {self.values[cell]}")
        self.values[cell] = value
        self.candidates[cell] = 0
        self._memo.clear()
        bit = ~(1 << (value - 1))
        for peer in self.peers[cell]:
            self.candidates[peer] &= bit

    def eliminate(self, cell: int, value: int) -> None:
        self.candidates[cell] &= ~(1 << (value - 1))
        self._memo.clear()

    def apply(self, step) -> None:
        """Make the placements and eliminations of ``step``."""
        for cell, value in step.eliminations:
            self.eliminate(cell, value)
        for cell, value in step.placements:
            self.place(cell, value)


class Context:
    """The tables shared by every state of one geometry and set of distinct cages."""

    def __init__(self, geometry: Geometry, distinct: tuple[tuple[int, ...], ...]) -> None:
        self.houses = _houses(geometry)
        self.boxes_first = tuple(sorted(self.houses, key=lambda house: house.kind != "box"))
        self.houses_of = _houses_of(geometry)
        self.peers = _peers(geometry, distinct)


@lru_cache(maxsize=64)
def _context(geometry: Geometry, distinct: tuple[tuple[int, ...], ...]) -> Context:
    return Context(geometry, distinct)


_RESULTS: dict = {}
_RESULTS_LIMIT = 20_000


def remembered(key: Hashable, compute: Callable[..., T], *args: object) -> T:
    """``compute(*args)``, kept under ``key`` across states and puzzles (all
    forgotten at once past a bound). ``key`` must hold everything the result
    depends on."""
    try:
        return _RESULTS[key]
    except KeyError:
        if len(_RESULTS) >= _RESULTS_LIMIT:
            _RESULTS.clear()
        found = _RESULTS[key] = compute(*args)
        return found


@lru_cache(maxsize=64)
def _houses(geometry: Geometry) -> tuple[House, ...]:
    found = [House("row", i, unit) for i, unit in enumerate(geometry.rows)]
    found += [House("column", i, unit) for i, unit in enumerate(geometry.columns)]
    found += [House("box", i, unit, geometry.box_word) for i, unit in enumerate(geometry.boxes)]
    found += [House("diagonal", i, unit) for i, unit in enumerate(geometry.diagonal_units)]
    found += [House("window", i, unit) for i, unit in enumerate(geometry.window_units)]
    return tuple(found)


@lru_cache(maxsize=64)
def _houses_of(geometry: Geometry) -> tuple[tuple[House, ...], ...]:
    holding: list[list[House]] = [[] for _ in range(geometry.size**2)]
    for house in _houses(geometry):
        for cell in house.cells:
            holding[cell].append(house)
    return tuple(tuple(group) for group in holding)


@lru_cache(maxsize=64)
def _peers(geometry: Geometry, distinct: tuple[tuple[int, ...], ...]) -> tuple[frozenset[int], ...]:
    peers = [set(group) for group in geometry.peers]
    for cells in distinct:
        for cell in cells:
            peers[cell].update(cells)
    for cell, group in enumerate(peers):
        group.discard(cell)
    return tuple(frozenset(group) for group in peers)


def digits_of(mask: int) -> list[int]:
    """The values whose bits are set in ``mask``."""
    if mask >= _DIGITS_BOUND:
        return _digits(mask)
    found = _DIGITS.get(mask)
    if found is None:
        found = _DIGITS[mask] = tuple(_digits(mask))
    return list(found)


_DIGITS: dict[int, tuple[int, ...]] = {}
_DIGITS_BOUND = 1 << 16


def _digits(mask: int) -> list[int]:
    found = []
    value = 1
    while mask:
        if mask & 1:
            found.append(value)
        mask >>= 1
        value += 1
    return found


def _mask(values: Iterable[int]) -> int:
    mask = 0
    for value in values:
        mask |= 1 << (value - 1)
    return mask
