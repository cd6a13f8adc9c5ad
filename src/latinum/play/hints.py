"""Hints for a game in progress: mistakes first, then the logic engine's next step.

A hint comes in three levels (what to look for, where, the whole step); a
fourth request applies it as an undoable move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import InvalidPuzzle, Unsolvable
from ..logic import State, hint
from ..logic.drawing import at_level
from ..logic.step import Candidate
from ..logic.words import and_list
from .game import Game


@dataclass(frozen=True)
class GameHint:
    """What to say at ``level`` and what to highlight: ``region`` the area to look
    at, ``cells`` the cells that make the step and ``pattern`` their candidates
    (cell: bitmask). ``places`` and ``removes`` (cell: value, cell: marks
    bitmask) are what applying the hint does, shown at level 3."""

    level: int
    text: str
    technique: str
    cells: tuple[int, ...] = ()
    region: tuple[int, ...] = ()
    pattern: dict[int, int] = field(default_factory=dict)
    places: dict[int, int] = field(default_factory=dict)
    removes: dict[int, int] = field(default_factory=dict)
    erases: tuple[int, ...] = ()
    redraws: tuple[int, ...] = ()


def game_hint(game: Game, solution: Sequence[int] | None, level: int) -> GameHint | None:
    """The hint for ``game`` at ``level`` (1-3); None when the puzzle is solved."""
    if game.solved:
        return None
    return _mistake_hint(game, solution, level) or _logic_hint(game, level)


def apply_hint(game: Game, found: GameHint) -> bool:
    """Make the move ``found`` describes (erase mistakes, or the logic step)."""
    if found.erases:
        return game.play("hint: erase", {cell: (0, game.marks[cell]) for cell in found.erases})
    if found.redraws:
        redrawn = {cell: (0, game.candidates(cell)) for cell in found.redraws}
        return game.play("hint: redraw marks", redrawn)
    marks = {}
    for cell, removed in found.removes.items():
        if not game.values[cell]:
            marks[cell] = (game.marks[cell] or game.candidates(cell)) & ~removed
    return game.apply(f"hint: {found.technique}", found.places, marks)


def _mistake_hint(game: Game, solution: Sequence[int] | None, level: int) -> GameHint | None:
    names = game.puzzle.geometry.name
    conflicts = sorted(cell for cell in game.conflicts() if not game.is_given(cell))
    if conflicts:
        words = ("Some of your entries break a rule.", f"Look at {_cells(game, conflicts)}.")
        return _mistake(level, words, "Conflict", conflicts, erases=tuple(conflicts))
    if solution is None:
        return None
    wrong = [c for c, v in enumerate(game.values) if v and v != solution[c]]
    if wrong:
        where = (
            f"entry in {names(wrong[0])} is"
            if len(wrong) == 1
            else f"entries in {_cells(game, wrong)} are"
        )
        words = ("One of your entries is wrong.", f"Your {where} wrong.")
        return _mistake(level, words, "Mistake", wrong, erases=tuple(wrong))
    missing = [
        cell
        for cell, marks in enumerate(game.marks)
        if marks and not game.values[cell] and not marks >> (solution[cell] - 1) & 1
    ]
    if missing:
        words = (
            "Some pencil marks leave out the answer of their cell.",
            f"The pencil marks of {_cells(game, missing)} leave out the answer.",
        )
        return _mistake(level, words, "Pencil marks", missing, redraws=tuple(missing))
    return None


def _mistake(
    level: int,
    words: tuple[str, str],
    technique: str,
    cells: list[int],
    erases: tuple[int, ...] = (),
    redraws: tuple[int, ...] = (),
) -> GameHint:
    text = words[0] if level == 1 else words[1]
    if level == 3:
        them = "them" if len(cells) > 1 else "it"
        text += (
            f" Ask once more and the hint {'erases' if erases else 'redraws the marks of'} {them}."
        )
    shown = tuple(cells) if level > 1 else ()
    return GameHint(level, text, technique, shown, erases=erases, redraws=redraws)


def _logic_hint(game: Game, level: int) -> GameHint:
    puzzle = game.puzzle
    marks = [game.pencil(cell) for cell in range(len(game.values))]
    try:
        state = State.resume(puzzle, game.values, marks)
        found = hint(state, level)
    except (InvalidPuzzle, Unsolvable) as error:
        return GameHint(level, str(error), "Conflict")
    if found is None:
        return GameHint(
            level,
            "No technique latinum knows finds the next step here: "
            "check your entries against the solution, or ask for the solution.",
            "None",
        )
    shown = at_level(found.step, level)
    return GameHint(
        level,
        found.text,
        shown.technique,
        cells=shown.cells,
        region=shown.region,
        pattern=_masks(shown.pattern),
        places=dict(shown.placements),
        removes=_masks(shown.eliminations),
    )


def _masks(candidates: Iterable[Candidate]) -> dict[int, int]:
    """``(cell, value)`` pairs as cell: bitmask of its values."""
    masks: dict[int, int] = {}
    for cell, value in candidates:
        masks[cell] = masks.get(cell, 0) | 1 << (value - 1)
    return masks


def _cells(game: Game, cells: list[int]) -> str:
    return and_list([game.puzzle.geometry.name(cell) for cell in cells])
