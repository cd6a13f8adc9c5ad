"""The two engines: how one is chosen, and that the native one agrees with the pure one."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from conftest import NATIVE_BUILT, needs_native
from latinum import (
    Cage,
    Geometry,
    Grid,
    InvalidPuzzle,
    LatinumError,
    Puzzle,
    SearchLimit,
    Unsolvable,
)
from latinum.cli import main
from latinum.solver import Solver, engines
from latinum.solver.engine import Engine
from strategies import kenken_puzzles, killer_puzzles, latin_puzzles, sudoku_puzzles

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: One of the forum's hardest: both engines must guess.
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
#: Box shapes from 4x4 to 25x25.
BOXES = ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4), (4, 5), (5, 5))
COUNT_LIMIT = 25


def on(
    engine: str, puzzle: Puzzle, limit: int = COUNT_LIMIT, time_limit: float | None = None
) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of ``puzzle`` found by ``engine``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(engines.VARIABLE, engine)
        solver = Solver(puzzle, time_limit=time_limit)
        return [grid.values for grid in solver.solutions(limit)]


def agreed(
    puzzle: Puzzle, limit: int = COUNT_LIMIT, time_limit: float | None = None
) -> list[tuple[int, ...]]:
    """The native engine's solutions, once checked against the pure engine's."""
    pure = on("python", puzzle, limit, time_limit)
    native = on("native", puzzle, limit, time_limit)
    assert len(pure) == len(native), puzzle.line() if puzzle.size <= 9 else puzzle.describe()
    assert all(puzzle.is_solution(Grid(puzzle.size, values)) for values in native)
    if len(pure) < limit:
        # Both found every solution.
        assert set(pure) == set(native)
    if len(pure) == 1:
        assert pure == native
    return native


def test_native_is_the_default_where_it_was_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(engines.VARIABLE, raising=False)
    assert engines.chosen() == ("native" if NATIVE_BUILT else "python")
    monkeypatch.setattr(engines, "native_module", lambda: None)
    assert engines.chosen() == "python"
    assert isinstance(engines.engine_for(Puzzle.sudoku(HARD)), Engine)
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == "engine: python (pure)"


def test_python_forces_the_pure_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "Python ")
    assert engines.chosen() == "python"
    assert isinstance(engines.engine_for(Puzzle.sudoku(HARD)), Engine)


def test_an_unknown_engine_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "rust")
    with pytest.raises(engines.EngineUnavailable, match="choose one of python, native"):
        Solver(Puzzle.sudoku(HARD))
    result = CliRunner().invoke(main, ["solve", "--example", "sudoku"])
    assert result.exit_code == 2
    assert result.output == "latinum: LATINUM_ENGINE='rust': choose one of python, native\n"


def test_native_without_the_extension_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "native")
    monkeypatch.setattr(engines, "native_module", lambda: None)
    with pytest.raises(LatinumError, match="native engine was not built: reinstall latinum"):
        Solver(Puzzle.sudoku(HARD))
    result = CliRunner().invoke(main, ["count", "--example", "sudoku"])
    assert result.exit_code == 2
    assert "with a Rust toolchain (cargo) on PATH" in result.output
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 2
    assert "engine: LATINUM_ENGINE=native, but the native engine was not built" in result.output


def test_version_names_the_engine(engine: str) -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == f"engine: {engines.NAMES[engine]}"


@needs_native
def test_native_solves_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "python")
    pure = CliRunner().invoke(main, ["solve", "--example", "sudoku"])
    monkeypatch.setenv(engines.VARIABLE, "native")
    native = CliRunner().invoke(main, ["solve", "--example", "sudoku"])
    assert native.exit_code == pure.exit_code == 0
    assert native.output == pure.output


@needs_native
def test_cages_go_native_and_signs_and_clues_stay_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum.solver.native import NativeEngine

    monkeypatch.setenv(engines.VARIABLE, "native")
    assert isinstance(engines.engine_for(Puzzle.sudoku(HARD)), NativeEngine)
    kenken = Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [2, 3])])
    killer = Puzzle.killer([(3, [0, 1])], box=(2, 2))
    assert isinstance(engines.engine_for(kenken), NativeEngine)
    assert isinstance(engines.engine_for(killer), NativeEngine)
    huge = Puzzle.kenken(2, [("+", 2**70, [0, 1, 2, 3])])
    assert isinstance(engines.engine_for(huge, check=False), Engine)
    futoshiki = Puzzle.futoshiki(2, [(0, 1)])
    towers = Puzzle.skyscrapers(2, top=[2, 1])
    assert isinstance(engines.engine_for(futoshiki), Engine)
    assert isinstance(engines.engine_for(towers), Engine)


@needs_native
def test_the_native_engine_refuses_malformed_cages() -> None:
    from latinum import _native

    shape = _native.Shape(2, [0, 1, 2, 3, 0, 2, 1, 3])
    for cages, problem in (
        ([((0, 1), "-", 1, False), ((2, 9), "+", 3, False)], "cage 1 names cell 9"),
        ([((0, 0), "+", 2, False)], "cage 0 names cell 0 twice"),
        ([((), "+", 2, False)], "cage 0 has no cells"),
        ([((0, 1, 2), "/", 2, False)], "cage 0 has 3 cells where its operator takes 2"),
        ([((0, 1), "=", 2, False)], "cage 0 has 2 cells where its operator takes 1"),
        ([((0, 1), "^", 2, False)], "cage 0 has unknown operator '^'"),
    ):
        with pytest.raises(ValueError, match=re.escape(problem)):
            shape.with_cages(cages)


FIXTURES = Path(__file__).parent / "fixtures"
CAGE_FILES = (
    "cage/keen.jsonl",
    "cage/solo-killer.jsonl",
    "cage/mathdoku_dal.jsonl",
    "cage/calcudoku_calpoly.jsonl",
    "solver/kenken.jsonl",
    "solver/killer.jsonl",
)


def cage_record_puzzle(record: dict) -> Puzzle:
    """The KenKen, Mathdoku or Killer of one fixture record."""
    cages = [Cage(tuple(c["cells"]), c["op"], c["target"]) for c in record["cages"]]
    if "box" in record:
        return Puzzle.killer(cages, box=tuple(record["box"]), givens=record.get("givens"))
    return Puzzle.kenken(record.get("size") or record["w"], cages)


@needs_native
@pytest.mark.parametrize("name", CAGE_FILES)
def test_engines_agree_on_every_cage_fixture(name: str) -> None:
    for text in (FIXTURES / name).read_text().splitlines():
        record = json.loads(text)
        puzzle = cage_record_puzzle(record)
        if any(problem.severity == "error" for problem in puzzle.validate()):
            for engine in ("python", "native"):
                with pytest.raises(InvalidPuzzle):
                    on(engine, puzzle)
            continue
        found = agreed(puzzle, limit=2)
        if record.get("solution") and record.get("unique", True):
            assert found == [tuple(int(v) for v in record["solution"])], record


#: A Killer with one cage on an empty grid: billions of solutions.
OPEN_KILLER = "Puzzle.killer([(3, [0, 1])])"


@needs_native
def test_cage_searches_keep_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum import count_solutions
    from latinum.solver.native import NativeEngine

    monkeypatch.setenv(engines.VARIABLE, "native")
    killer = Puzzle.killer([(3, [0, 1])])
    assert isinstance(engines.engine_for(killer), NativeEngine)
    with pytest.raises(SearchLimit, match=r"node limit \(50\)"):
        count_solutions(killer, limit=None, node_limit=50)
    with pytest.raises(SearchLimit, match="time limit"):
        count_solutions(killer, limit=None, time_limit=0.05)


@needs_native
def test_a_panic_becomes_a_latinum_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum import _native
    from latinum.solver import native

    with pytest.raises(_native.EngineFailure, match="deliberate"):
        _native.panic_for_test("deliberate")

    class Panicking:
        def search(self, *args: object) -> None:
            _native.panic_for_test("index out of bounds")

    monkeypatch.setenv(engines.VARIABLE, "native")
    solver = Solver(Puzzle.sudoku(HARD))
    monkeypatch.setattr(solver._engine, "_shape", Panicking())
    with pytest.raises(LatinumError, match="the native engine failed: index out of bounds"):
        solver.solve()
    assert isinstance(solver._engine, native.NativeEngine)


@needs_native
def test_native_refuses_bad_shapes_with_a_value_error() -> None:
    from latinum import _native

    with pytest.raises(ValueError, match=r"size 40 is outside 1\.\.32"):
        _native.Shape(40, [])
    with pytest.raises(ValueError, match="unit 0 names cell 9, outside the 3x3 grid"):
        _native.Shape(3, [0, 1, 9])
    shape = _native.Shape(2, [0, 1, 2, 3])
    with pytest.raises(ValueError, match="bad givens: 3 values for 4 cells"):
        shape.search(bytes(3))


def test_both_engines_name_every_broken_given(engine: str) -> None:
    # Two 1s in row 1 and box 1, two 5s in column 9.
    broken = Puzzle.sudoku("11......5" + "." * 63 + "........5")
    with pytest.raises(InvalidPuzzle) as error:
        Solver(broken)
    assert error.value.problems == [
        "r1c1 and r1c2 both hold 1 in row 1 and box 1",
        "r1c9 and r9c9 both hold 5 in column 9",
    ]
    unchecked = Solver(Puzzle.sudoku("11" + "." * 79), check=False)
    with pytest.raises(Unsolvable):
        unchecked.solve()
    assert unchecked.count() == 0


@pytest.mark.parametrize(
    "broken",
    [
        Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [1, 2, 3])]),
        Puzzle.kenken(2, [("+", 3, [0, 1]), ("/", 3, [2, 3])]),
        Puzzle.kenken(2, [("+", 3, [0, 1])]),
        Puzzle.kenken(2, [("-", 1, [0, 1, 2]), ("=", 1, [3])]),
        Puzzle.killer([(3, [0, 1]), (50, [2, 3, 4])]),
        Puzzle.killer([(3, [0, 9])], givens="44" + "." * 79),
    ],
    ids=["shared cell", "no filling", "uncovered", "arity", "sum too big", "given"],
)
def test_both_engines_name_every_broken_cage(engine: str, broken: Puzzle) -> None:
    with pytest.raises(InvalidPuzzle) as error:
        Solver(broken)
    assert error.value.problems == [p.message for p in broken.validate() if p.severity == "error"]


@needs_native
def test_limits_and_stats_match_the_pure_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum import Stats, count_solutions, solve

    monkeypatch.setenv(engines.VARIABLE, "native")
    with pytest.raises(SearchLimit, match=r"node limit \(5\)"):
        solve(Puzzle.sudoku(HARDEST), node_limit=5)
    with pytest.raises(SearchLimit, match="time limit"):
        count_solutions(Puzzle.sudoku("." * 81), limit=10**6, time_limit=0.05)
    stats = Stats()
    solve(Puzzle.sudoku(HARDEST), stats=stats)
    assert stats.nodes > 1 and stats.guesses >= 1 and stats.passes >= 1
    empty = Puzzle.sudoku("." * 16)
    first = Stats()
    solve(empty, stats=first)
    # The first solution is found at the node limit, the second would need more.
    grid, unique = Solver(empty, node_limit=first.nodes).solve_checked()
    assert unique is None and empty.is_solution(grid)


@needs_native
def test_the_gil_is_released_during_a_native_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from latinum import count_solutions

    monkeypatch.setenv(engines.VARIABLE, "native")
    outcome: list[BaseException] = []

    def search() -> None:
        try:
            count_solutions(Puzzle.sudoku("." * 81), limit=10**8, time_limit=0.5)
        except BaseException as error:
            outcome.append(error)

    thread = threading.Thread(target=search)
    thread.start()
    ticks = 0
    while thread.is_alive():
        ticks += 1
        time.sleep(0.001)
    assert isinstance(outcome[0], SearchLimit)
    # Holding the GIL, the search would leave this thread a handful of ticks.
    assert ticks > 50


@needs_native
@pytest.mark.parametrize("puzzle", ["Puzzle.sudoku('.' * 81)", OPEN_KILLER])
def test_ctrl_c_stops_a_long_native_search(puzzle: str) -> None:
    script = (
        "from latinum import Puzzle, count_solutions\n"
        "print('ready', flush=True)\n"
        f"count_solutions({puzzle}, limit=10**8)\n"
    )
    env = dict(os.environ, **{engines.VARIABLE: "native"})
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert child.stdout is not None and child.stdout.readline() == b"ready\n"
    time.sleep(0.3)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        _, errors = child.communicate(timeout=10)
    finally:
        child.kill()
    assert time.monotonic() - sent < 1.5
    assert b"KeyboardInterrupt" in errors


#: Sudoku of every box shape and Latin squares; KenKen up to the formats' 25x25
#: with cages of up to 4 cells, and Mathdoku up to 9x9 with cages of up to 7
#: (big sums and products, narrowed by bounds; bigger ones cost the pure engine
#: seconds to list); Killer up to 16x16 with cages of up to 4 cells, and up to
#: 9x9 with cages of up to a house (digit sets), covering the grid or not.
RANDOM_PUZZLES = st.one_of(
    sudoku_puzzles(boxes=BOXES),
    latin_puzzles(sizes=range(1, 9)),
    kenken_puzzles(sizes=range(1, 26), givens=True),
    kenken_puzzles(sizes=range(3, 10), largest=7, givens=True),
    killer_puzzles(boxes=BOXES[:8]),
    killer_puzzles(boxes=BOXES[:5], largest=9, covered=0.6),
)


@needs_native
@settings(max_examples=240, deadline=None)
@given(pair=RANDOM_PUZZLES)
def test_engines_agree_on_random_puzzles(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    try:
        native = agreed(puzzle, time_limit=0.5)
    except SearchLimit:
        # Both engines have a heavy tail on a few big half-open grids.
        reject()
    assert len(native) == COUNT_LIMIT or solution in native


@needs_native
@settings(max_examples=40, deadline=None)
@given(givens=st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_engines_agree_on_sudoku_x_with_any_givens(givens: list[int]) -> None:
    puzzle = Puzzle("sudoku", Geometry(4, (2, 2), diagonals=True), tuple(givens))
    if not any(problem.severity == "error" for problem in puzzle.validate()):
        agreed(puzzle)


@needs_native
@pytest.mark.skipif(not (DATA / "sudoku").is_dir(), reason="shared data absent")
def test_engines_agree_on_samples_of_every_set() -> None:
    folder = DATA / "sudoku"
    for path in sorted(folder.glob("puzzles*.txt")):
        if ".solution" in path.name:
            continue
        lines = path.read_text().split()
        for line in lines[:: max(1, len(lines) // 40)]:
            agreed(Puzzle.sudoku(line), limit=2)
