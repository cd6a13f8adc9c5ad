"""The full-screen game, driven through Textual's test pilot."""

from __future__ import annotations

import importlib
import threading
from pathlib import Path

import pytest
from rich.style import Style
from textual import events

from latinum import Puzzle, read, solve
from latinum.play import storage
from latinum.play.app import SAVE_NAME, PlayApp
from latinum.play.board import PALETTES
from latinum.play.choices import Choice
from latinum.play.dialogs import Confirm, Help, NewGame, Paused, Won
from latinum.play.game import Game, unique_solution
from latinum.play.hints import GameHint, game_hint
from latinum.play.screen import GameScreen
from latinum.play.storage import BestTimes, load_game
from latinum.play.widgets import BoardView, DigitPad, Marking, cell_views
from playing import POINTING, SUDOKU, Clock, drive, example, make_app
from processes import ended_pid


def game_of(app: PlayApp) -> Game:
    assert app.saved is not None
    return app.saved.game


def board_text(app: PlayApp) -> str:
    """The board as drawn, without the blank lines that centre it."""
    lines = app.screen.query_one(BoardView).render().plain.splitlines()
    return "\n".join(line for line in lines if line.strip())


@pytest.fixture
def sudoku() -> Puzzle:
    return Puzzle.sudoku(SUDOKU)


def test_enter_and_erase_values(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab")  # r1c1 is a given: Tab goes to r1c3
        assert app.saved.cursor == 2
        await pilot.press("4")
        assert game_of(app).values[2] == 4
        assert " 4 " in board_text(app).splitlines()[1]
        await pilot.press("backspace")
        assert game_of(app).values[2] == 0
        await pilot.press("4", "space")
        assert game_of(app).values[2] == 0
        await pilot.press("left", "left", "9")  # the given r1c1 does not change
        assert game_of(app).values[0] == 5
        assert "given" in str(app.screen.query_one("#message").render())

    drive(app, script)


def test_moving_with_arrows_and_hjkl_wraps_around(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("right", "right", "down")
        assert app.saved.cursor == 11
        await pilot.press("h", "k", "k")
        assert app.saved.cursor == 9 * 8 + 1
        await pilot.press("j", "l")
        assert app.saved.cursor == 2

    drive(app, script)


def test_pencil_marks_by_mode_modifier_and_auto(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab", "p", "1", "2", "2", "4")
        assert game_of(app).pencil(2) == [1, 4]
        await pilot.press("p", "exclamation_mark")  # Shift+1 toggles mark 1 in value mode
        assert game_of(app).pencil(2) == [4]
        await pilot.press("backspace")  # erasing an empty cell clears its marks
        assert game_of(app).pencil(2) == []
        await pilot.press("m")
        game = game_of(app)
        assert game.pencil(2) == [1, 2, 4]
        # Entering a value takes its digit out of the peers' marks.
        await pilot.press("right", "right", "right", "4")
        assert game.values[5] == 4 and 4 not in game.pencil(2)

    drive(app, script)


def test_conflicts_are_marked_with_a_character(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab", "5")  # r1c1 already holds 5
        assert {0, 2} <= game_of(app).conflicts()
        first_row = board_text(app).splitlines()[1]
        assert "!5!" in first_row
        await pilot.press("u")
        assert "!" not in board_text(app)

    drive(app, script)


def test_undo_and_redo_without_limit(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab", "1", "backspace", "p", "3", "p", "r")
        game = game_of(app)
        assert game.values[2] == 0 and game.marks[2] == 0  # restart is a move too
        await pilot.press("u")
        assert game.marks[2] == 0b100 and game.values[2] == 0
        await pilot.press("u", "u", "u")
        assert game.values[2] == 0 and not game.done
        await pilot.press("u")
        assert "Nothing to undo" in str(app.screen.query_one("#message").render())
        await pilot.press("y", "y", "y")
        assert game.marks[2] == 0b100
        await pilot.press("y", "y")
        assert game.values[2] == 0 and game.marks[2] == 0

    drive(app, script)


def test_hints_go_through_three_levels_then_apply(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    def message() -> str:
        return str(app.screen.query_one("#message").render())

    async def script(pilot):
        await pilot.press("i")
        assert message().startswith("Hint 1/3: Look for a")
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.found.cells
        assert not screen.found.region
        await pilot.press("i")
        assert message().startswith("Hint 2/3") and " in " in message()
        assert len(screen.found.region) in (9, 18, 27)  # the houses to look in
        assert not (screen.found.cells or screen.found.pattern or screen.found.places)
        await pilot.press("i")
        found = screen.found
        assert message().startswith("Hint 3/3") and found.cells
        assert found.places or (found.pattern and found.removes)
        before = list(game_of(app).values)
        await pilot.press("i")
        game = game_of(app)
        assert game.done[-1].name == f"hint: {found.technique}"
        for cell, value in found.places.items():
            assert before[cell] == 0 and game.values[cell] == value
        await pilot.press("u")
        assert game.values == before

    drive(app, script)


def test_hint_level_2_highlights_the_region_and_level_3_the_pattern():
    game = Game(Puzzle.sudoku(POINTING))
    box_5, row_5 = {30, 31, 32, 39, 40, 41, 48, 49, 50}, set(range(36, 45))
    assert game_hint(game, None, 1) == GameHint(1, "Look for a Pointing.", "Pointing")
    where = game_hint(game, None, 2)
    assert where is not None and set(where.region) == box_5 | row_5
    assert not (where.cells or where.pattern or where.removes or where.places)
    views = cell_views(game, Marking(hint=where))
    assert [v.hint_region for v in views] == [c in where.region for c in range(81)]
    assert not any(v.hint or v.hint_pattern or v.hint_removes for v in views)
    whole = game_hint(game, None, 3)
    assert whole is not None and whole.region == where.region and whole.cells == (39, 41)
    assert whole.pattern == {39: 0b10, 41: 0b10} and whole.removes == {37: 0b10, 44: 0b10}
    views = cell_views(game, Marking(hint=whole))
    assert [c for c, v in enumerate(views) if v.hint] == [39, 41]
    assert views[39].hint_pattern == 0b10 and views[37].hint_removes == 0b10
    assert views[37].hint_region and not views[37].hint


def test_level_3_hint_draws_its_pattern_and_clears_when_applied(tmp_path):
    app = make_app(tmp_path, Puzzle.sudoku(POINTING))
    palette = PALETTES["dark"]
    pattern, region = Style.parse(palette.hint_pattern), Style.parse(palette.hint_region)

    def drawn() -> dict[str, bool]:
        styles = [span.style for span in app.screen.query_one(BoardView).render().spans]
        return {
            "pattern": any(s.color == pattern.color and s.underline for s in styles),
            "removed": any(s.strike for s in styles),
            "region": any(s.bgcolor == region.bgcolor for s in styles),
        }

    async def script(pilot):
        await pilot.press("m", "i", "i")
        assert drawn() == {"pattern": False, "removed": False, "region": True}
        await pilot.press("i")
        assert drawn() == {"pattern": True, "removed": True, "region": True}
        await pilot.press("i")
        assert app.screen.found is None and not any(drawn().values())

    drive(app, script, size=(110, 40))


def test_a_hint_points_at_a_wrong_entry_first(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)
    solution = solve(sudoku).values
    wrong = 1 if solution[2] != 1 else 2

    async def script(pilot):
        await pilot.press("tab", str(wrong), "i")
        assert "wrong" in app.screen.found.text
        await pilot.press("i")
        assert "r1c3" in app.screen.found.text
        await pilot.press("i", "i")
        assert game_of(app).values[2] == 0

    drive(app, script)


def test_check_marks_wrong_entries(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)
    solution = solve(sudoku).values
    wrong = 1 if solution[2] != 1 else 2

    async def script(pilot):
        await pilot.press("tab", str(wrong), "x")
        assert app.screen.marking.checked == {2}
        assert "1 wrong: r1c3" in str(app.screen.query_one("#message").render())

    drive(app, script)


def solve_by_keys(solution, puzzle: Puzzle) -> list[str]:
    keys = []
    for cell, value in enumerate(solution):
        if not puzzle.givens[cell]:
            keys += ["tab", str(value)]
    return keys


def test_solving_a_small_puzzle_shows_the_win_screen_and_keeps_the_best_time(tmp_path):
    puzzle = read(Path(__file__).parent / "fixtures" / "seeds" / "play-4x4.txt")
    clock = Clock()
    app = make_app(tmp_path, puzzle, clock=clock)
    solution = unique_solution(puzzle)
    assert solution is not None

    async def script(pilot):
        clock.now += 75
        await pilot.press(*solve_by_keys(solution, puzzle))
        await pilot.pause()
        assert game_of(app).solved
        assert isinstance(app.screen, Won)
        assert "1:15" in str(app.screen.query_one("#text").render())
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)

    drive(app, script)
    assert BestTimes(tmp_path / "best-times.json").get("sudoku 4x4 file") == 75


def test_solve_asks_first_and_is_undoable(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("s")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert not game_of(app).full
        await pilot.press("s", "y")
        await pilot.pause()
        assert game_of(app).solved and isinstance(app.screen, Won)
        assert "no best time" in str(app.screen.query_one("#text").render())
        await pilot.press("escape", "u")
        assert not game_of(app).full

    drive(app, script)
    assert BestTimes(tmp_path / "best-times.json").all() == {}


def test_save_and_resume_across_two_apps(tmp_path, sudoku):
    first = make_app(tmp_path, sudoku)

    async def play(pilot):
        await pilot.press("tab", "4", "tab", "p", "1", "6")

    drive(first, play)
    stored = load_game(tmp_path / SAVE_NAME)
    assert stored.game.values[2] == 4 and stored.game.pencil(3) == [1, 6]
    assert stored.pencil_mode and stored.cursor == 3

    second = make_app(tmp_path)  # no puzzle given: offers the saved game

    async def resume(pilot):
        assert isinstance(second.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        game = game_of(second)
        assert game.values[2] == 4 and game.pencil(3) == [1, 6]
        assert second.saved.cursor == 3
        await pilot.press("u", "u", "u")
        assert game.values[2] == 0 and game.marks[3] == 0

    drive(second, resume)


def test_every_move_is_saved_at_once(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab", "4")
        assert load_game(tmp_path / SAVE_NAME).game.values[2] == 4
        await pilot.press("u")
        stored = load_game(tmp_path / SAVE_NAME).game
        assert stored.values[2] == 0 and len(stored.undone) == 1

    drive(app, script)


def test_the_clock_stops_when_paused_or_unfocused(tmp_path, sudoku):
    clock = Clock()
    app = make_app(tmp_path, sudoku, clock=clock)

    async def script(pilot):
        clock.now += 10
        app.tick()
        assert game_of(app).seconds == 10
        await pilot.press("t")
        assert isinstance(app.screen, Paused)
        assert not app.screen.query(BoardView)  # the board is hidden
        clock.now += 100
        await pilot.press("space")
        clock.now += 5
        app.tick()
        assert game_of(app).seconds == 15
        app.post_message(events.AppBlur())
        await pilot.pause()
        clock.now += 50
        app.post_message(events.AppFocus())
        await pilot.pause()
        clock.now += 1
        app.tick()
        assert game_of(app).seconds == 16

    drive(app, script)


@pytest.mark.parametrize("name", ["grid-16x16-numbers.txt", "boxed-9x9.txt"])
def test_boards_up_to_16x16_fit_80x24(tmp_path, name):
    puzzle = read(Path(__file__).parent / "fixtures" / "formats" / name)
    app = make_app(tmp_path, puzzle)

    async def script(pilot):
        text = board_text(app)
        assert "too small" not in text
        assert len(text.splitlines()) <= 23

    drive(app, script)


def test_a_too_small_terminal_says_so(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        assert "too small" in board_text(app)

    drive(app, script, size=(30, 10))


def test_mouse_selects_cells_and_enters_pad_digits(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        board = app.screen.query_one(BoardView)
        layout, left, top = board._placed()
        from latinum.play.board import cell_at

        target = next(
            (x + left, y + top)
            for y in range(board.size.height)
            for x in range(board.size.width)
            if cell_at(sudoku, layout, x, y) == 21
        )
        await pilot.click(BoardView, offset=target)
        assert app.saved.cursor == 21
        await pilot.click(DigitPad, offset=(1, 0))  # the pad's 1
        assert game_of(app).values[21] == 1
        await pilot.click(DigitPad, offset=(8, 0), button=3)  # right click: mark 2
        assert game_of(app).values[21] == 1  # a cell with a value takes no marks

    drive(app, script, size=(100, 30))


def test_help_lists_the_keys_and_rules(tmp_path):
    app = make_app(tmp_path, example("kenken.txt"))

    async def script(pilot):
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        text = str(app.screen.query_one("#help-text").render())
        assert "cage" in text and "undo" in text and "Tab" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)

    drive(app, script)


def test_new_game_screen_generates_the_chosen_puzzle(tmp_path, sudoku, monkeypatch):
    app = make_app(tmp_path, sudoku, seed=3)
    generator = importlib.import_module("latinum.generator")
    make = generator.generate
    escaped = threading.Event()
    escaped.set()

    def after_escape(*args, **kwargs):
        # The last puzzle is made only once Escape has left it, however fast the machine.
        escaped.wait(10)
        return make(*args, **kwargs)

    monkeypatch.setattr(generator, "generate", after_escape)

    async def script(pilot):
        await pilot.press("n")
        assert isinstance(app.screen, NewGame)
        await pilot.press("escape")
        assert game_of(app).puzzle == sudoku
        await pilot.press("n")
        app.screen.query_one("#kind").value = "kenken"
        await pilot.pause()
        assert app.screen.query_one("#size").value == 6
        assert app.screen.query_one("#level").value == "Normal"
        app.screen.query_one("#size").value = 4
        app.screen.query_one("#level").value = "Easy"
        await pilot.click("#start")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert game_of(app).puzzle.variant == "kenken" and game_of(app).puzzle.size == 4
        assert app.saved.level == "Easy"
        escaped.clear()
        app.new_game(Choice("sudoku", 9, "Easy"))
        await pilot.press("escape")  # back to the game while the new one is made
        escaped.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game_of(app).puzzle.variant == "kenken"

    drive(app, script)


def test_starting_without_a_puzzle_generates_the_default_game(tmp_path):
    app = make_app(tmp_path, seed=1)

    async def script(pilot):
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        game = game_of(app)
        assert game.puzzle.variant == "sudoku" and game.puzzle.size == 9
        assert app.saved.level == "Medium" and app.saved.solution is not None

    drive(app, script)


def test_quitting_an_unfinished_game_asks_first(tmp_path, sudoku):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        await pilot.press("tab", "4", "q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)

    drive(app, script)


def test_themes_cycle_and_no_color_uses_the_mono_palette(tmp_path, sudoku, monkeypatch):
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        assert app.palette == PALETTES["dark"]
        await pilot.press("v")
        assert app.palette == PALETTES["light"]
        await pilot.press("v")
        assert app.theme == "latinum-high-contrast"

    drive(app, script)
    assert make_app(tmp_path, sudoku).theme_key == "high-contrast"  # remembered

    monkeypatch.setenv("NO_COLOR", "1")
    plain = make_app(tmp_path, sudoku)
    assert plain.palette == PALETTES["mono"]


def test_keys_apply_in_the_order_typed(tmp_path, sudoku):
    """A burst of keys arrives at once (``tmux send-keys Right 8``); each applies in turn."""
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        burst = ["right", "right", "4", "down", "1", "tab", "2", "shift+tab", "7", "k", "l", "u"]
        for key in burst:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        game = game_of(app)
        assert (game.values[2], game.values[11], game.values[15]) == (4, 1, 2)
        assert game.undone[0].changes[0].cell == 10 and app.saved.cursor == 2  # 7 at r2c2

    drive(app, script)


@pytest.mark.parametrize("from_file", [True, False])
def test_a_corrupt_save_is_set_aside_and_the_player_told(tmp_path, sudoku, from_file):
    saved = tmp_path / SAVE_NAME
    saved.write_text('{"format": "latinum-game"', encoding="utf-8")
    app = make_app(tmp_path, sudoku if from_file else None, seed=1)

    async def script(pilot):
        await app.workers.wait_for_complete()
        await pilot.pause()
        (moved,) = tmp_path.glob(SAVE_NAME + ".corrupt-*")
        assert moved.read_text(encoding="utf-8") == '{"format": "latinum-game"'
        (told,) = [note.message for note in app._notifications]
        assert told.startswith(f"The saved game cannot be read: {saved}, line 1")
        assert told.endswith(f"it was moved to {moved}.")
        await pilot.press("tab", "4")

    drive(app, script)
    assert load_game(saved).game.values == game_of(app).values  # the new game is saved


def test_a_corrupt_save_that_cannot_be_moved_is_never_written_over(tmp_path, sudoku, monkeypatch):
    saved = tmp_path / SAVE_NAME
    saved.write_text("[]", encoding="utf-8")
    monkeypatch.setattr(storage.os, "rename", lambda *_: (_ for _ in ()).throw(PermissionError()))
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        (told,) = [note.message for note in app._notifications]
        assert "could not be moved aside" in told and told.endswith("will not be saved.")
        await pilot.press("tab", "4", "q", "y")

    drive(app, script)
    assert saved.read_text(encoding="utf-8") == "[]"


def test_temporary_files_of_a_killed_game_are_removed_at_start(tmp_path, sudoku):
    killed = ended_pid()
    for name in [SAVE_NAME, "best-times.json", "settings.json"]:
        (tmp_path / f".{name}.{killed}.x1y2z3ab.tmp").write_text("{")
    (tmp_path / ".other.json.1.x1y2z3ab.tmp").write_text("{")  # not the game's: left alone
    app = make_app(tmp_path, sudoku)

    async def script(pilot):
        assert [path.name for path in tmp_path.glob(".*.tmp")] == [".other.json.1.x1y2z3ab.tmp"]

    drive(app, script)
