"""Writers of one-line formats return the line without a newline; the others end with one."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner

import latinum
from latinum import Grid, Puzzle
from latinum.cli import main
from latinum.formats import FORMATS, names, read_text, write

SUDOKU = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
SOLVED = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
KENKEN_SOLVED = "123231312"
KILLER_SOLVED = "1234341221434321"
FUTOSHIKI_SOLVED = "123312231"
LATIN_SOLVED = "1234523451345124512351234"
SKYSCRAPERS_SOLVED = "123231312"
JIGSAW = "3...25..1........24........2..12...4"
JIGSAW_REGIONS = "AABBBB AAACBB DDACCE DDDCCE FDFCEE FFFFEE"
JIGSAW_SOLVED = "346125261543635412452361514236123654"
WINDOKU = "......7....6.8..237..1.3.56.34..7...2....459789.5.12..3..6.8..5.4.315.7...59..3.."
WINDOKU_SOLVED = "123456789456789123789123456534297861261834597897561234312678945948315672675942318"


def values(line: str) -> tuple[int, ...]:
    return tuple(int(char) for char in line)


def sudoku() -> Puzzle:
    return Puzzle.sudoku(SUDOKU)


def killer() -> Puzzle:
    """A 4x4 Killer whose cages are the pairs of cells along each row."""
    solved = values(KILLER_SOLVED)
    cages = [(solved[cell] + solved[cell + 1], [cell, cell + 1]) for cell in range(0, 16, 2)]
    return Puzzle.killer(cages, box=(2, 2))


def kenken() -> Puzzle:
    cages = [("+", 3, [0, 1]), ("=", 3, [2]), ("+", 5, [3, 6]), ("*", 3, [4, 5]), ("-", 1, [7, 8])]
    return Puzzle.kenken(3, cages)


def sums() -> Puzzle:
    """A KenKen of sums only, which a Calcudoku file holds."""
    cages = [("+", 3, [0, 1]), ("=", 3, [2]), ("+", 5, [3, 6]), ("+", 4, [4, 5]), ("+", 3, [7, 8])]
    return Puzzle.kenken(3, cages)


def futoshiki() -> Puzzle:
    return Puzzle.futoshiki(3, [(0, 1), (1, 2), (6, 3)])


def latin() -> Puzzle:
    return Puzzle.latin("1" + "." * 24)


def skyscrapers() -> Puzzle:
    return Puzzle.skyscrapers(3, top=[3, 2, 1], left=[3, 2, 1])


def jigsaw() -> Puzzle:
    return Puzzle.jigsaw(JIGSAW, JIGSAW_REGIONS)


def windoku() -> Puzzle:
    return Puzzle.windoku(WINDOKU)


#: (format, puzzle, its solution) for each format whose puzzles are one line.
ONE_LINE = [
    ("line", sudoku, SOLVED),
    ("line", latin, LATIN_SOLVED),
    ("json", sudoku, SOLVED),
    ("json", kenken, KENKEN_SOLVED),
    ("json", killer, KILLER_SOLVED),
    ("json", futoshiki, FUTOSHIKI_SOLVED),
    ("solo", sudoku, SOLVED),
    ("solo", killer, KILLER_SOLVED),
    ("keen", kenken, KENKEN_SOLVED),
    ("unequal", futoshiki, FUTOSHIKI_SOLVED),
    ("json", skyscrapers, SKYSCRAPERS_SOLVED),
    ("towers", skyscrapers, SKYSCRAPERS_SOLVED),
    ("windoku", windoku, WINDOKU_SOLVED),
    ("json", jigsaw, JIGSAW_SOLVED),
    ("json", windoku, WINDOKU_SOLVED),
]
#: The same for the formats whose puzzles take several lines.
MULTI_LINE = [
    ("grid", sudoku, SOLVED),
    ("boxed", sudoku, SOLVED),
    ("pylist", sudoku, SOLVED),
    ("calcudoku", sums, KENKEN_SOLVED),
    ("mathdoku", kenken, KENKEN_SOLVED),
    ("mathdoku-print", kenken, KENKEN_SOLVED),
    ("futoshiki", futoshiki, FUTOSHIKI_SOLVED),
    ("skyscrapers", skyscrapers, SKYSCRAPERS_SOLVED),
    ("jigsaw", jigsaw, JIGSAW_SOLVED),
]
#: Formats whose solution is one line (a csv row is ``PUZZLE,SOLUTION``).
ONE_LINE_SOLUTIONS = {"line", "json", "solo", "unequal", "towers", "csv", "windoku"}
#: Formats that read no puzzle back (mathdoku-print has no cage results).
WRITE_ONLY = {"mathdoku-print"}
#: The solutions that read back as a grid of values, not in their own format.
SOLVED_GRIDS = {"keen", "calcudoku", "mathdoku", "mathdoku-print"}
#: Formats read only when named: their text reads as another format when detected.
UNDETECTED = {"windoku": "line"}


def ids(case: tuple) -> str:
    return f"{case[0]}-{case[1].__name__}"


def test_every_writer_is_classified() -> None:
    writers = {name for name in names() if FORMATS[name].write is not None}
    assert writers == {name for name, _, _ in ONE_LINE + MULTI_LINE}
    solution_writers = {name for name in names() if FORMATS[name].write_solution is not None}
    assert solution_writers >= ONE_LINE_SOLUTIONS


@pytest.mark.parametrize("case", ONE_LINE, ids=ids)
def test_one_line_formats_come_back_without_a_newline(
    case: tuple, capsys: pytest.CaptureFixture[str]
) -> None:
    name, make, _ = case
    puzzle = make()
    text = write(puzzle, name)
    assert text and "\n" not in text and text == text.strip()
    assert FORMATS[name].write(puzzle) == text  # type: ignore[misc]
    print(text)
    assert capsys.readouterr().out == text + "\n"
    assert read_text(text, name)[1] == [puzzle]
    if name in UNDETECTED:
        assert read_text(text)[0].name == UNDETECTED[name]
        assert latinum.Puzzle.from_string(text, name) == puzzle
    else:
        assert read_text(text)[1] == [puzzle]  # detected as well
        assert latinum.Puzzle.from_string(text) == puzzle
    assert puzzle.to_string(name) == text


@pytest.mark.parametrize("case", ONE_LINE, ids=ids)
def test_one_line_texts_joined_by_newlines_read_back_as_a_batch(case: tuple) -> None:
    name, make, _ = case
    puzzle = make()
    text = write(puzzle, name)
    batch = "\n".join([text, text, text])
    assert read_text(batch, name)[1] == [puzzle] * 3
    if name not in UNDETECTED:
        assert latinum.read_all(batch + "\n") == [puzzle] * 3


@pytest.mark.parametrize("case", MULTI_LINE, ids=ids)
def test_multi_line_formats_end_with_exactly_one_newline(case: tuple) -> None:
    name, make, _ = case
    puzzle = make()
    text = write(puzzle, name)
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert text.count("\n") > 1
    if name not in WRITE_ONLY:
        assert read_text(text, name)[1] == [puzzle]
        assert read_text(text)[1] == [puzzle]  # detected as well


@pytest.mark.parametrize("case", ONE_LINE + MULTI_LINE, ids=ids)
def test_solutions_follow_the_same_rule(case: tuple) -> None:
    name, make, solved = case
    puzzle = make()
    fmt = FORMATS[name]
    assert fmt.write_solution is not None
    grid = Grid(puzzle.size, values(solved))
    text = fmt.write_solution(puzzle, grid)
    if name in ONE_LINE_SOLUTIONS:
        assert text and "\n" not in text
    else:
        assert text.endswith("\n") and not text.endswith("\n\n") and text.count("\n") > 1
    [back] = read_text(text, "grid" if name in SOLVED_GRIDS else name)[1]
    if name == "json":
        assert (back, back.solution) == (puzzle, values(solved))
    else:
        assert back.givens == values(solved)


def test_a_csv_row_is_one_line_and_reads_back_under_a_header() -> None:
    puzzle = sudoku()
    row = FORMATS["csv"].write_solution(puzzle, Grid(9, values(SOLVED)))  # type: ignore[misc]
    assert row == f"{SUDOKU},{SOLVED}"
    [back] = read_text(f"puzzle,solution\n{row}\n", "csv")[1]
    assert (back, back.solution) == (puzzle, values(SOLVED))


@pytest.mark.parametrize(
    ("target", "make"),
    [
        ("line", sudoku),
        ("solo", sudoku),
        ("json", sudoku),
        ("keen", kenken),
        ("unequal", futoshiki),
        ("windoku", windoku),
        ("json", jigsaw),
    ],
)
def test_convert_prints_each_one_line_puzzle_on_one_line(
    target: str, make: Callable[[], Puzzle]
) -> None:
    puzzle = make()
    source = write(puzzle, "json")
    result = CliRunner().invoke(main, ["convert", "--to", target, "-"], input=f"{source}\n" * 2)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{write(puzzle, target)}\n" * 2


def test_convert_separates_multi_line_puzzles_by_one_blank_line() -> None:
    text = write(sudoku(), "grid")
    result = CliRunner().invoke(main, ["convert", "--to", "grid", "-"], input=f"{SUDOKU}\n" * 2)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{text}\n{text}"
