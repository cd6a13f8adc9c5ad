"""Saved games and best times: atomic writes, round trips and refusing damaged files."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latinum import Puzzle, generate, solve
from latinum.errors import ParseError
from latinum.play import storage
from latinum.play.game import Game
from latinum.play.storage import (
    BestTimes,
    SavedGame,
    UnreadableSave,
    dumps_game,
    load_game,
    loads_game,
    remove_stale_temporaries,
    resume_game,
    save_game,
    state_dir,
    write_atomic,
)
from processes import ended_pid

# Givens at cells 3, 7, 8 and 12; the solution is 4312 / 1234 / 2143 / 3421.
SUDOKU = Puzzle.sudoku("...2...42...3...")
SOLUTION = (4, 3, 1, 2, 1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 2, 1)


def sample() -> SavedGame:
    """Three moves done (an entry and two marks) and one entry undone."""
    game = Game(SUDOKU, seconds=12.5)
    game.enter(0, 4)
    game.toggle_mark(1, 1)
    game.toggle_mark(1, 3)
    game.enter(2, 1)
    game.undo()
    return SavedGame(game, SOLUTION, "Medium", cursor=5, pencil_mode=True)


def assert_same(loaded: Game, game: Game) -> None:
    assert loaded.puzzle == game.puzzle
    assert loaded.values == game.values
    assert loaded.marks == game.marks
    assert loaded.seconds == game.seconds
    assert loaded.done == game.done
    assert loaded.undone == game.undone
    assert loaded.remove_peer_marks == game.remove_peer_marks


# State directory and atomic writes ---------------------------------------------


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_state_dir_follows_xdg_state_home(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert state_dir({}) == tmp_path / "latinum"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert state_dir({}) == Path.home() / ".local" / "state" / "latinum"


def test_latinum_state_dir_overrides_the_platform_folder(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert state_dir({"LATINUM_STATE_DIR": str(tmp_path / "mine")}) == tmp_path / "mine"
    monkeypatch.chdir(tmp_path)
    assert state_dir({"LATINUM_STATE_DIR": "relative"}) == tmp_path / "relative"
    assert state_dir({"LATINUM_STATE_DIR": "  "}) == tmp_path / "xdg" / "latinum"


def test_write_atomic_creates_directories_and_replaces(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "file.json"
    write_atomic(path, "first")
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert list(path.parent.iterdir()) == [path]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_write_atomic_failure_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "file.json"
    write_atomic(path, "old")

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.os, failing, fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old"
    assert list(tmp_path.iterdir()) == [path]


def test_temporaries_of_killed_writers_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(path, sample())
    killed = tmp_path / f".game.json.{ended_pid()}.k2x9q1ab.tmp"
    mine = tmp_path / f".game.json.{os.getpid()}.aaaa1111.tmp"
    older_latinum = tmp_path / ".game.json.zz81kq0p.tmp"  # before the process id was in the name
    writing = tmp_path / f".game.json.{os.getppid()}.bbbb2222.tmp"
    others = [tmp_path / f".best-times.json.{ended_pid()}.cccc3333.tmp", tmp_path / "notes.tmp"]
    for temp in [killed, mine, older_latinum, writing, *others]:
        temp.write_text("{")
    assert sorted(remove_stale_temporaries(path)) == sorted([killed, mine, older_latinum])
    assert sorted(tmp_path.iterdir()) == sorted([path, writing, *others])
    assert_same(resume_game(path).game, sample().game)
    assert remove_stale_temporaries(tmp_path / "none" / "game.json") == []


def test_the_temporary_file_is_named_after_its_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = []
    monkeypatch.setattr(storage.os, "replace", lambda temp, path: names.append(Path(temp).name))
    write_atomic(tmp_path / "game.json", "{}")
    assert names[0].startswith(f".game.json.{os.getpid()}.") and names[0].endswith(".tmp")


def test_an_unreadable_save_is_set_aside_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.time, "strftime", lambda form: "20261129-170102")
    path = tmp_path / "game.json"
    assert resume_game(path) is None
    for attempt in range(2):
        path.write_text('{"format": "latinum-game", "version": 1', encoding="utf-8")
        with pytest.raises(UnreadableSave) as caught:
            resume_game(path)
        moved = caught.value.moved_to
        assert moved is not None and not path.exists()
        assert moved.read_text(encoding="utf-8") == '{"format": "latinum-game", "version": 1'
        assert moved.name == "game.json.corrupt-20261129-170102" + ("-1" if attempt else "")
        message = str(caught.value)
        assert message.startswith(f"the saved game cannot be read: {path}, line 1")
        assert message.endswith(f"; it was moved to {moved}")
    assert resume_game(path) is None


def test_a_save_that_cannot_be_moved_aside_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("[]", encoding="utf-8")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "rename", refuse)
    with pytest.raises(UnreadableSave, match="could not be moved aside \\(Permission denied\\)"):
        resume_game(path)
    assert path.read_text(encoding="utf-8") == "[]"


# Round trips -------------------------------------------------------------------


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    saved = sample()
    saved.source = "puzzles/easy.txt"
    path = tmp_path / "saves" / "game.json"
    save_game(path, saved)
    loaded = load_game(path)
    assert_same(loaded.game, saved.game)
    assert loaded.solution == SOLUTION
    assert (loaded.level, loaded.cursor, loaded.pencil_mode) == ("Medium", 5, True)
    assert loaded.source == "puzzles/easy.txt"
    assert loaded.key == "sudoku 4x4 Medium"
    assert loaded.game.redo() is not None and loaded.game.values[2] == 1


def test_key_of_a_puzzle_from_a_file() -> None:
    assert SavedGame(Game(SUDOKU)).key == "sudoku 4x4 file"


def test_new_game_without_solution_round_trips() -> None:
    saved = SavedGame(Game(SUDOKU))
    loaded = loads_game(dumps_game(saved))
    assert_same(loaded.game, saved.game)
    assert loaded.solution is None and loaded.level is None and loaded.source is None


ACTIONS = st.one_of(
    st.tuples(st.just("enter"), st.integers(0, 15), st.integers(0, 4)),
    st.tuples(st.just("mark"), st.integers(0, 15), st.integers(1, 4)),
    st.tuples(st.sampled_from(["undo", "redo", "auto"])),
)


@settings(max_examples=150, deadline=None)
@given(
    actions=st.lists(ACTIONS, max_size=40),
    peers=st.booleans(),
    seconds=st.floats(0, 1e6, allow_nan=False, allow_infinity=False),
)
def test_random_games_round_trip(actions: list[tuple], peers: bool, seconds: float) -> None:
    game = Game(SUDOKU, seconds=seconds, remove_peer_marks=peers)
    for action in actions:
        if action[0] == "enter":
            game.enter(action[1], action[2])
        elif action[0] == "mark":
            game.toggle_mark(action[1], action[2])
        elif action[0] == "auto":
            game.auto_marks()
        else:
            getattr(game, action[0])()
    loaded = loads_game(dumps_game(SavedGame(game, SOLUTION))).game
    assert_same(loaded, game)
    while game.undo():
        assert loaded.undo()
        assert (loaded.values, loaded.marks) == (game.values, game.marks)
    assert loaded.values == list(SUDOKU.givens) and not any(loaded.marks)


@pytest.mark.parametrize("kind", ["kenken", "killer"])
def test_cage_puzzles_round_trip(kind: str) -> None:
    puzzle = generate(kind, size=4, seed=1)
    solution = tuple(solve(puzzle))
    game = Game(puzzle)
    game.enter(0, solution[0])
    game.toggle_mark(5, 2)
    game.auto_marks()
    loaded = loads_game(dumps_game(SavedGame(game, solution, "Easy")))
    assert_same(loaded.game, game)
    assert loaded.game.puzzle.cages == puzzle.cages
    assert loaded.solution == solution
    assert loaded.key == f"{kind} 4x4 Easy"


# Damaged save files ------------------------------------------------------------


def edited(change: Callable[[dict], object]) -> str:
    obj = json.loads(dumps_game(sample()))
    change(obj)
    return json.dumps(obj)


def set_field(name: str, value: object) -> Callable[[dict], object]:
    return lambda obj: obj.__setitem__(name, value)


def first_change(index: int, value: int) -> Callable[[dict], object]:
    def change(obj: dict) -> None:
        obj["done"][0][1][0][index] = value

    return change


DAMAGE = {
    "format": (set_field("format", "latinum"), "field 'format' must be 'latinum-game'"),
    "version": (set_field("version", 2), "unknown version 2"),
    "version type": (set_field("version", "1"), "field 'version' must be a whole number"),
    "missing": (lambda obj: obj.pop("done"), "missing field 'done'"),
    "cursor": (set_field("cursor", 16), "field 'cursor' is 16, outside 0..15"),
    "cursor bool": (set_field("cursor", True), "field 'cursor' must be a whole number"),
    "pencil mode": (set_field("pencil_mode", 1), "field 'pencil_mode' must be true or false"),
    "peers": (set_field("remove_peer_marks", None), "field 'remove_peer_marks' must be true"),
    "level": (set_field("level", 3), "field 'level' must be a string or null"),
    "seconds": (set_field("seconds", -1), "field 'seconds' is -1, not a time"),
    "seconds type": (set_field("seconds", "1"), "field 'seconds' must be a number"),
    "seconds differ": (set_field("seconds", 99), "differs from 'document.progress.seconds'"),
    "document": (set_field("document", []), "field 'document' must be an object"),
    "puzzle": (
        lambda obj: obj["document"].__setitem__("size", 0),
        "in 'document': field 'size' is 0",
    ),
    "bad givens": (
        lambda obj: obj["document"].__setitem__("givens", "22.2...42...3..."),
        "in 'document': ",
    ),
    "solution": (
        lambda obj: obj["document"].__setitem__("solution", "1" * 16),
        "the solution does not solve the puzzle",
    ),
    "move shape": (set_field("done", [["x"]]), r"field 'done\[0\]' must be \[name, \[changes\]\]"),
    "empty move": (set_field("done", [["x", []]]), r"field 'done\[0\]' changes nothing"),
    "change shape": (set_field("undone", [["x", [[1, 0, 0]]]]), r"'undone\[0\]\[0\]' must be"),
    "change bool": (first_change(1, False), r"'done\[0\]\[0\]' must be \[cell, value"),
    "cell": (first_change(0, 16), "cell 16 is outside 0..15"),
    "value": (first_change(3, 5), "value 5 is outside 0..4"),
    "marks": (first_change(2, 16), "marks 16 are outside 0..15"),
    "given": (first_change(0, 3), r"field 'done\[0\]\[0\]' changes the given at r1c4"),
    "twice": (
        lambda obj: obj["done"][0][1].append(obj["done"][0][1][0]),
        r"'done\[0\]' changes a cell twice",
    ),
    "tampered before": (first_change(1, 2), r"'done\[0\]' \('r1c1=4'\) does not fit the grid"),
    "tampered after": (first_change(3, 3), r"do not lead to the saved 'document.progress'.*r1c1"),
    "progress": (
        lambda obj: obj["document"]["progress"].__setitem__("values", "." * 15 + "1"),
        r"do not lead to the saved 'document.progress' \(first difference at r1c1\)",
    ),
    "progress given": (
        lambda obj: obj["document"]["progress"].__setitem__("values", "...3" + "." * 12),
        "'document.progress.values' changes the given at r1c4",
    ),
    "pencil": (
        lambda obj: obj["document"]["progress"]["pencil"][1].append(2),
        r"first difference at r1c2",
    ),
    "redo": (
        lambda obj: obj["undone"][0][1][0].__setitem__(1, 3),
        r"'undone\[0\]' \('r1c3=1'\) does not fit the grid at r1c2",
    ),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_damaged_save_is_refused(name: str) -> None:
    change, message = DAMAGE[name]
    with pytest.raises(ParseError, match=message) as caught:
        loads_game(edited(change), "game.json")
    assert caught.value.source == "game.json"


def test_redo_stack_order_is_checked() -> None:
    game = Game(SUDOKU)
    game.enter(0, 4)
    game.enter(0, 3)
    game.undo()
    game.undo()
    assert loads_game(dumps_game(SavedGame(game))).game.undone == game.undone
    obj = json.loads(dumps_game(SavedGame(game)))
    obj["undone"].reverse()
    with pytest.raises(ParseError, match=r"'undone\[1\]' \('r1c1=3'\) does not fit"):
        loads_game(json.dumps(obj))


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ('{\n  "format": ,\n}', "not JSON: Expecting value", 2, 13),
        ("", "not JSON", 1, 1),
        ("[1, 2]", "expected a JSON object", None, None),
    ],
)
def test_not_a_saved_game(text: str, message: str, line: int | None, column: int | None) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        loads_game(text, "game.json")
    assert (caught.value.source, caught.value.line, caught.value.column) == (
        "game.json",
        line,
        column,
    )


def test_unreadable_files_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match="no such file") as caught:
        load_game(tmp_path / "missing.json")
    assert caught.value.source == str(tmp_path / "missing.json")
    with pytest.raises(ParseError, match="cannot read"):
        load_game(tmp_path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(ParseError, match="not UTF-8") as caught:
        load_game(binary)
    assert caught.value.source == str(binary)


def test_huge_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as file:
        file.truncate(storage.MAX_BYTES + 1)
    with pytest.raises(ParseError, match="larger than 10 MB"):
        load_game(path)


# Best times --------------------------------------------------------------------


def test_best_times_keep_the_lowest_and_persist(tmp_path: Path) -> None:
    path = tmp_path / "state" / "best-times.json"
    times = BestTimes(path)
    assert times.get("sudoku 9x9 Medium") is None and times.all() == {}
    assert not path.exists()
    assert times.record("sudoku 9x9 Medium", 300.5)
    assert not times.record("sudoku 9x9 Medium", 301)
    assert not times.record("sudoku 9x9 Medium", 300.5)
    assert times.record("sudoku 9x9 Medium", 250)
    assert times.record("kenken 4x4 file", 40)
    again = BestTimes(path)
    assert again.get("sudoku 9x9 Medium") == 250.0
    assert again.all() == {"sudoku 9x9 Medium": 250.0, "kenken 4x4 file": 40.0}
    with pytest.raises(ValueError, match="not a number of seconds"):
        again.record("x", float("nan"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "not JSON"),
        ("[1]", "expected a JSON object of best times"),
        ('{"a": "10"}', "the time of 'a' is not a number"),
        ('{"a": true}', "the time of 'a' is not a number"),
        ('{"a": -5}', "the time of 'a' is not a number"),
    ],
)
def test_corrupt_best_times_are_reported_not_overwritten(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "best-times.json"
    path.write_text(text, encoding="utf-8")
    times = BestTimes(path)
    with pytest.raises(ParseError, match=message) as caught:
        times.get("a")
    assert caught.value.source == str(path)
    with pytest.raises(ParseError):
        times.record("a", 1)
    assert path.read_text(encoding="utf-8") == text
