"""The state of a game in progress, apart from any screen: entries, pencil
marks, unlimited undo and redo, rule conflicts, digit counts and saving.

Every change is a :class:`Move` (the cells it touched, before and after), so
undo and redo restore values and pencil marks alike.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..formats.json import Progress
from ..puzzle import Puzzle


def unique_solution(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The solution when ``puzzle`` has exactly one; None otherwise."""
    from ..solver import count_solutions, solve

    if count_solutions(puzzle, limit=2) != 1:
        return None
    return tuple(solve(puzzle).values)


@dataclass(frozen=True)
class Change:
    """One cell before and after a move: value and pencil marks (a bitmask, bit d-1 = d)."""

    cell: int
    value_before: int
    marks_before: int
    value_after: int
    marks_after: int


@dataclass(frozen=True)
class Move:
    """What one player action changed, with a short name for the history."""

    name: str
    changes: tuple[Change, ...]


@dataclass
class Game:
    """A puzzle being played: the values (givens included) and pencil marks of each cell."""

    puzzle: Puzzle
    values: list[int] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    seconds: float = 0.0
    undone: list[Move] = field(default_factory=list)
    done: list[Move] = field(default_factory=list)
    remove_peer_marks: bool = True

    def __post_init__(self) -> None:
        cells = self.puzzle.size**2
        if not self.values:
            self.values = list(self.puzzle.givens)
        if not self.marks:
            self.marks = [0] * cells
        if len(self.values) != cells or len(self.marks) != cells:
            raise ValueError(f"a game of {self.puzzle.size}x{self.puzzle.size} needs {cells} cells")
        for cell, given in enumerate(self.puzzle.givens):
            if given and self.values[cell] != given:
                raise ValueError(f"{self.puzzle.geometry.name(cell)} is a given {given}")

    # Reading -----------------------------------------------------------------

    def is_given(self, cell: int) -> bool:
        return bool(self.puzzle.givens[cell])

    def pencil(self, cell: int) -> list[int]:
        """The pencil marks of ``cell``, smallest first."""
        return [d for d in range(1, self.puzzle.size + 1) if self.marks[cell] >> (d - 1) & 1]

    def counts(self) -> dict[int, int]:
        """How many of each digit are placed."""
        placed = Counter(v for v in self.values if v)
        return {d: placed[d] for d in range(1, self.puzzle.size + 1)}

    def conflicts(self) -> set[int]:
        """Cells breaking a rule now: a value repeated in a unit (or a Killer cage),
        or a full cage that misses its target."""
        bad: set[int] = set()
        for unit in self.puzzle.geometry.units:
            seen = Counter(self.values[cell] for cell in unit if self.values[cell])
            bad.update(cell for cell in unit if seen[self.values[cell]] > 1)
        for cage in self.puzzle.cages:
            found = [self.values[cell] for cell in cage.cells]
            if cage.distinct:
                seen = Counter(v for v in found if v)
                bad.update(c for c, v in zip(cage.cells, found, strict=True) if seen[v] > 1)
            if all(found) and not cage.evaluate(found):
                bad.update(cage.cells)
        return bad

    @property
    def full(self) -> bool:
        return all(self.values)

    @property
    def solved(self) -> bool:
        return self.full and self.puzzle.is_solution(self.values)

    # Playing -----------------------------------------------------------------

    def enter(self, cell: int, value: int) -> bool:
        """Put ``value`` in ``cell`` (0 erases); False when nothing changes or the cell is a given.

        Entering a value clears the cell's marks and, with ``remove_peer_marks``,
        that digit from the marks of the cell's peers.
        """
        self._check(cell, value)
        if self.is_given(cell) or self.values[cell] == value:
            return False
        wanted = {cell: (value, 0 if value else self.marks[cell])}
        if value:
            self._clear_peer_marks(cell, value, wanted)
        name = f"{self.puzzle.geometry.name(cell)}={value}" if value else "erase"
        return self.play(name, wanted)

    def toggle_mark(self, cell: int, digit: int) -> bool:
        """Add or remove the pencil mark ``digit`` of an empty cell."""
        self._check(cell, digit)
        if self.values[cell] or not digit:
            return False
        marks = self.marks[cell] ^ (1 << (digit - 1))
        return self.play("pencil", {cell: (0, marks)})

    def auto_marks(self) -> bool:
        """Pencil in every digit that no peer holds, in every empty cell."""
        wanted = {cell: (0, self.candidates(cell)) for cell in range(len(self.values))}
        wanted = {cell: change for cell, change in wanted.items() if not self.values[cell]}
        return self.play("auto marks", wanted)

    def fill(self, solution: list[int] | tuple[int, ...], name: str = "solve") -> bool:
        """Put every value of ``solution`` in place, as one undoable move."""
        wanted = {
            cell: (value, 0)
            for cell, value in enumerate(solution)
            if (self.values[cell], self.marks[cell]) != (value, 0)
        }
        return self.play(name, wanted)

    def apply(
        self, name: str, placements: dict[int, int], marks: dict[int, int] | None = None
    ) -> bool:
        """Place ``placements`` and set the pencil marks ``marks`` (cell: bitmask) of
        empty cells, as one undoable move; placed digits leave their peers' marks."""
        wanted = {cell: (self.values[cell], mask) for cell, mask in (marks or {}).items()}
        for cell, value in placements.items():
            self._check(cell, value)
            if not self.is_given(cell):
                wanted[cell] = (value, 0)
        for cell, value in placements.items():
            self._clear_peer_marks(cell, value, wanted)
        return self.play(name, wanted)

    def restart(self) -> bool:
        """Back to the givens alone, as one undoable move."""
        return self.fill(list(self.puzzle.givens), "restart")

    def undo(self) -> Move | None:
        if not self.done:
            return None
        move = self.done.pop()
        for change in move.changes:
            self.values[change.cell] = change.value_before
            self.marks[change.cell] = change.marks_before
        self.undone.append(move)
        return move

    def redo(self) -> Move | None:
        if not self.undone:
            return None
        move = self.undone.pop()
        self._apply(move)
        self.done.append(move)
        return move

    # Saving ------------------------------------------------------------------

    def progress(self) -> Progress:
        """The game as the JSON format's progress (entries, pencil marks, time)."""
        entered = tuple(0 if self.is_given(c) else v for c, v in enumerate(self.values))
        pencil = tuple(frozenset(self.pencil(cell)) for cell in range(len(self.values)))
        return Progress(entered, pencil, self.seconds)

    @classmethod
    def resume(cls, puzzle: Puzzle, progress: Progress | None) -> Game:
        """A game of ``puzzle`` where ``progress`` left it (a new game when None)."""
        game = cls(puzzle)
        if progress is None:
            return game
        for cell, value in enumerate(progress.values or ()):
            if value and not game.is_given(cell):
                game._check(cell, value)
                game.values[cell] = value
        for cell, digits in enumerate(progress.pencil or ()):
            for digit in digits:
                game._check(cell, digit)
            game.marks[cell] = sum(1 << (d - 1) for d in set(digits))
        game.seconds = float(progress.seconds or 0.0)
        return game

    # Inside ------------------------------------------------------------------

    def _check(self, cell: int, value: int) -> None:
        size = self.puzzle.size
        if not 0 <= cell < size * size:
            raise ValueError(f"cell {cell} is outside the {size}x{size} grid")
        if not 0 <= value <= size:
            raise ValueError(f"{value} is outside 0..{size}")

    def candidates(self, cell: int) -> int:
        """The digits no peer of ``cell`` holds, as a marks bitmask."""
        used = 0
        for peer in self.peers(cell):
            if self.values[peer]:
                used |= 1 << (self.values[peer] - 1)
        return ((1 << self.puzzle.size) - 1) & ~used

    def peers(self, cell: int) -> set[int]:
        """The cells that must differ from ``cell``: its units and a Killer cage."""
        peers = set(self.puzzle.geometry.peers[cell])
        cage = self.puzzle.cage_of.get(cell)
        if cage is not None and cage.distinct:
            peers.update(c for c in cage.cells if c != cell)
        return peers

    def _clear_peer_marks(self, cell: int, value: int, wanted: dict[int, tuple[int, int]]) -> None:
        if not self.remove_peer_marks:
            return
        bit = 1 << (value - 1)
        for peer in self.peers(cell):
            value_now, marks_now = wanted.get(peer, (self.values[peer], self.marks[peer]))
            if marks_now & bit:
                wanted[peer] = (value_now, marks_now & ~bit)

    def play(self, name: str, wanted: dict[int, tuple[int, int]]) -> bool:
        """Make the cells of ``wanted`` hold (value, marks), as one undoable move
        named ``name``; False when nothing changes."""
        changes = tuple(
            Change(cell, self.values[cell], self.marks[cell], value, marks)
            for cell, (value, marks) in sorted(wanted.items())
            if (self.values[cell], self.marks[cell]) != (value, marks)
        )
        if not changes:
            return False
        move = Move(name, changes)
        self._apply(move)
        self.done.append(move)
        self.undone.clear()
        return True

    def _apply(self, move: Move) -> None:
        for change in move.changes:
            self.values[change.cell] = change.value_after
            self.marks[change.cell] = change.marks_after
