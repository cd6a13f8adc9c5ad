"""The game model: entries, pencil marks, undo/redo, conflicts and saving."""

from __future__ import annotations

import pytest

from latinum import Puzzle, read, solve
from latinum.formats import json as json_format
from latinum.play.game import Game

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def sudoku_game() -> Game:
    return Game(Puzzle.sudoku(SUDOKU))


def test_enter_erase_and_givens_protected():
    game = sudoku_game()
    assert not game.enter(0, 9)  # r1c1 is a given 5
    assert game.enter(2, 4) and game.values[2] == 4
    assert not game.enter(2, 4)  # nothing changes
    assert game.enter(2, 0) and game.values[2] == 0
    with pytest.raises(ValueError, match="outside"):
        game.enter(2, 10)


def test_entering_removes_the_digit_from_peer_marks_and_undo_restores_them():
    game = sudoku_game()
    game.toggle_mark(2, 4)
    game.toggle_mark(3, 4)  # same row
    game.toggle_mark(70, 4)  # r8c8: another row, column and box
    assert game.pencil(2) == [4]
    game.enter(2, 4)
    assert game.marks[2] == 0 and game.pencil(3) == [] and game.pencil(70) == [4]
    game.undo()
    assert game.values[2] == 0 and game.pencil(2) == [4] and game.pencil(3) == [4]
    game.redo()
    assert game.values[2] == 4 and game.pencil(3) == []


def test_marks_only_in_empty_cells_and_toggle_twice():
    game = sudoku_game()
    assert not game.toggle_mark(0, 1)
    assert game.toggle_mark(2, 1) and game.toggle_mark(2, 2)
    assert game.pencil(2) == [1, 2]
    assert game.toggle_mark(2, 1) and game.pencil(2) == [2]


def test_undo_redo_without_limit_and_new_move_clears_redo():
    game = sudoku_game()
    empties = [cell for cell, value in enumerate(game.values) if not value][:30]
    for cell in empties:
        game.enter(cell, 1)
    while game.undo():
        pass
    assert game.values == list(game.puzzle.givens)
    assert game.redo() and game.values[empties[0]] == 1
    game.enter(empties[5], 2)
    assert game.redo() is None


def test_auto_marks_are_the_candidates():
    game = sudoku_game()
    assert game.auto_marks()
    assert game.pencil(2) == [1, 2, 4]  # r1c3: row 5 3 7, column 8, box 6 9 8
    assert not game.auto_marks()
    game.undo()
    assert not any(game.marks)


def test_conflicts_duplicates_and_cages():
    game = sudoku_game()
    game.enter(2, 5)  # r1c1 is 5
    assert game.conflicts() == {0, 2}
    kenken = Game(read("4de:_a_a__a_ba_a__a__,m12m4s1a5d2s2a7d2"))
    answer = list(solve(kenken.puzzle))
    kenken.fill(answer)
    assert kenken.conflicts() == set() and kenken.solved
    cage = next(c for c in kenken.puzzle.cages if c.op == "+")
    cell = cage.cells[0]
    kenken.enter(cell, answer[cell] % 4 + 1)  # the sum no longer meets the target
    assert set(cage.cells) <= kenken.conflicts() and not kenken.solved
    kenken.undo()
    assert kenken.solved


def test_solve_restart_are_undoable_and_counts():
    game = sudoku_game()
    answer = list(solve(game.puzzle))
    game.fill(answer)
    assert game.solved and set(game.counts().values()) == {9}
    game.undo()
    assert game.values == list(game.puzzle.givens)
    game.enter(2, 4)
    game.restart()
    assert game.values == list(game.puzzle.givens)
    game.undo()
    assert game.values[2] == 4


def test_progress_round_trips_through_the_json_format():
    game = sudoku_game()
    game.enter(2, 4)
    game.toggle_mark(3, 2)
    game.toggle_mark(3, 6)
    game.seconds = 12.5
    text = json_format.dumps(game.puzzle, progress=game.progress())
    (document,) = json_format.loads(text)
    again = Game.resume(document.puzzle, document.progress)
    assert again.values == game.values and again.marks == game.marks
    assert again.seconds == 12.5
    assert Game.resume(game.puzzle, None).values == list(game.puzzle.givens)
