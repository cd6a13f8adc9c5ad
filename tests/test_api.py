"""The public Python API: its names, its errors, reading, and puzzles as strings."""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings

import latinum
from latinum import InvalidArgument, LatinumError, ParseError, Puzzle, formats
from latinum.errors import CannotWrite
from strategies import any_puzzles

FIXTURES = Path(__file__).parent / "fixtures"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
MATHDOKU = (FIXTURES / "formats" / "mathdoku-4hard.txt").read_text()


def _modules() -> list[str]:
    names = []
    for found in pkgutil.walk_packages(latinum.__path__, "latinum."):
        if not found.name.endswith("__main__"):
            names.append(found.name)
    return names


# Names ------------------------------------------------------------------


@pytest.mark.parametrize("name", _modules())
def test_no_module_shares_its_name_with_a_function(name: str) -> None:
    importlib.import_module(name)
    parent, _, leaf = name.rpartition(".")
    assert inspect.ismodule(getattr(sys.modules[parent], leaf))


def test_the_functions_and_their_subpackages_have_different_names() -> None:
    import latinum.generator
    import latinum.rating
    import latinum.solver

    assert callable(latinum.solve) and callable(latinum.generate) and callable(latinum.rate)
    assert latinum.solver.run_algorithm(Puzzle.sudoku(CLASSIC), "backtrack").solved
    assert "brute-force" in latinum.solver.applicable(Puzzle.sudoku(CLASSIC))


def test_subpackages_load_on_first_use_and_the_import_stays_light() -> None:
    script = (
        "import sys, latinum\n"
        "assert 'latinum.formats' not in sys.modules\n"
        "assert latinum.formats.write\n"
        "assert latinum.solver.Solver and latinum.render.boxed and latinum.errors.ParseError\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_dir_lists_the_public_api() -> None:
    shown = dir(latinum)
    assert set(latinum.__all__) <= set(shown)
    assert {"formats", "solver", "generator", "rating", "logic", "render"} <= set(shown)
    assert not [name for name in shown if name.startswith("_") and name != "__version__"]
    for name in latinum.__all__:
        assert getattr(latinum, name) is not None


def test_the_package_says_it_is_typed() -> None:
    assert resources.files("latinum").joinpath("py.typed").is_file()


# One family of errors ------------------------------------------------------


MISUSES = {
    "a format that cannot hold the puzzle": lambda p: formats.write(p, "keen"),
    "an unknown difficulty": lambda p: latinum.generate("sudoku", difficulty="insane"),
    "an unknown kind": lambda p: latinum.generate("chess"),
    "a hint level": lambda p: latinum.hint(p, 7),
    "an unknown technique": lambda p: list(latinum.explain(p, techniques=["XY Wingg"])),
    "a limit of 0": lambda p: latinum.count_solutions(p, limit=0),
    "a negative node limit": lambda p: latinum.solve(p, node_limit=-1),
    "a time limit that is text": lambda p: latinum.solve(p, time_limit="1"),
    "not a puzzle": lambda p: latinum.solve(CLASSIC),
    "a number for a file": lambda p: latinum.read(7),
    "a missing file": lambda p: latinum.read("nonexistent.txt"),
    "an unknown format": lambda p: latinum.read(CLASSIC, format="nope"),
    "an unknown operator": lambda p: latinum.Cage((0, 1), "%", 3),
    "a bad cell name": lambda p: p.geometry.parse_name("r10c1"),
    "a short grid": lambda p: latinum.Grid(9, (1, 2)),
    "an unknown paper": lambda p: latinum.render.book.pages([p], paper="A5"),
}


@pytest.mark.parametrize("misuse", MISUSES.values(), ids=MISUSES.keys())
def test_every_misuse_raises_a_latinum_error(misuse) -> None:
    with pytest.raises(LatinumError) as raised:
        misuse(Puzzle.sudoku(CLASSIC))
    message = str(raised.value)
    assert message and "\n" not in message and "--" not in message.replace("--from", "")


def test_the_errors_say_what_is_accepted() -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    with pytest.raises(CannotWrite, match="KenKen"):
        formats.write(puzzle, "keen")
    with pytest.raises(InvalidArgument, match="choose one of Easy"):
        latinum.generate("sudoku", difficulty="insane")
    with pytest.raises(InvalidArgument, match="did you mean XY-Wing"):
        list(latinum.explain(puzzle, techniques=["XY Wingg"]))
    with pytest.raises(InvalidArgument, match="limit must be a whole number of at least 1"):
        latinum.count_solutions(puzzle, limit=0)
    with pytest.raises(ParseError, match=r"^nonexistent\.txt: no such file$"):
        latinum.read("nonexistent.txt")


def test_arguments_are_checked_before_any_work() -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    for call in (
        lambda: latinum.explain(puzzle, techniques=["nope"]),
        lambda: latinum.explain("not a puzzle"),
        lambda: latinum.hint(puzzle, techniques=["nope"]),
        lambda: latinum.rate(puzzle, techniques=["nope"]),
        lambda: latinum.rate(CLASSIC),
        lambda: latinum.read(CLASSIC, format="nope"),
    ):
        with pytest.raises(LatinumError):
            call()


def test_technique_names_match_in_any_case_and_spacing() -> None:
    steps = list(latinum.explain(Puzzle.sudoku(CLASSIC), techniques=["naked single", "FULL HOUSE"]))
    assert {step.technique for step in steps} <= {"Naked Single", "Full House"}


# Reading ------------------------------------------------------------------


def test_read_takes_a_path_a_path_object_text_and_file_objects(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(CLASSIC + "\n")
    expected = Puzzle.sudoku(CLASSIC)
    sources = [str(path), path, CLASSIC, io.StringIO(CLASSIC), io.BytesIO(CLASSIC.encode())]
    for source in sources:
        assert latinum.read(source) == expected
    with path.open() as text_file, path.open("rb") as binary_file:
        assert latinum.read_all(text_file) == latinum.read_all(binary_file) == [expected]


def test_a_file_object_names_itself_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text(CLASSIC[:-1] + "\n")
    with path.open() as file, pytest.raises(ParseError, match=f"^{path}, line 1: 80 characters"):
        latinum.read(file)


def test_a_directory_is_not_a_puzzle(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match="is a directory"):
        latinum.read(str(tmp_path))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            MATHDOKU.replace("f 2 -", "f 1-"),
            r"line 10, column 1: .*put a space before the operator",
        ),
        (
            MATHDOKU.replace("aabb\ncdeb\ncdef\nggef", "a a b b\nc d e b\nc d e f\ng g e f"),
            r"line 1: grid row 1 has spaces between its group characters.*like 'aabb'",
        ),
        (MATHDOKU.replace("g 4 *", "g 4"), r"line 11, column 1: .*the operator is missing"),
        ("# a note\n\n" + MATHDOKU.replace("f 2 -", "f 1-"), r"line 12, column 1: "),
    ],
)
def test_detection_failures_give_the_likeliest_formats_reason(text: str, reason: str) -> None:
    with pytest.raises(ParseError, match=reason + r".*\(read as mathdoku, which it looks like"):
        latinum.read(text)


def test_detection_failures_in_a_file_count_lines_from_its_start(tmp_path: Path) -> None:
    path = tmp_path / "cages.txt"
    path.write_text("# my KenKen\n" + MATHDOKU.replace("f 2 -", "f 1-"))
    with pytest.raises(ParseError, match=f"^{path}, line 11, column 1: expected 'GROUP"):
        latinum.read(path)


def test_text_that_resembles_no_format_says_so() -> None:
    with pytest.raises(ParseError, match=r"^not a puzzle in any known format"):
        latinum.read("hello world\nthis is not\na puzzle at all")


# Puzzles as strings --------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(any_puzzles())
def test_to_string_and_from_string_round_trip(found) -> None:
    puzzle, _ = found
    assert Puzzle.from_string(puzzle.to_string()) == puzzle
    assert Puzzle.from_string(puzzle.to_string("json"), "json") == puzzle


@settings(max_examples=40, deadline=None)
@given(any_puzzles())
def test_repr_evaluates_to_an_equal_puzzle_or_describes_it(found) -> None:
    puzzle, _ = found
    shown = repr(puzzle)
    if shown.startswith("Puzzle.from_string("):
        assert eval(shown, {"Puzzle": Puzzle}) == puzzle
    else:
        assert shown == f"<Puzzle {puzzle.describe()}>"


def test_str_draws_the_puzzle_and_repr_is_one_line() -> None:
    puzzle = Puzzle.sudoku(CLASSIC)
    assert str(puzzle).splitlines()[1] == "| 5 3 . | . 7 . | . . . |"
    assert repr(puzzle) == f"Puzzle.from_string({CLASSIC!r}, format='line')"
    kenken = latinum.read(MATHDOKU)
    assert repr(kenken).startswith("Puzzle.from_string('4:")
    assert "+" in str(kenken) and "5+" in str(kenken)


def test_from_string_wants_one_puzzle() -> None:
    with pytest.raises(ParseError, match="2 puzzles, where one was expected"):
        Puzzle.from_string(CLASSIC + "\n" + CLASSIC)
    with pytest.raises(InvalidArgument):
        Puzzle.from_string(Path("puzzle.txt"))  # type: ignore[arg-type]


def test_to_string_in_a_format_that_cannot_hold_the_puzzle() -> None:
    with pytest.raises(CannotWrite, match="Keen ID holds KenKen puzzles"):
        Puzzle.sudoku(CLASSIC).to_string("keen")
