"""Jigsaw Sudoku and Windoku formats: the jigsaw layout, the windoku line and JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import latinum
from latinum import CannotWrite, Geometry, Grid, ParseError, Puzzle
from latinum.cli import main
from latinum.formats import FORMATS, detect, read_text, registry, write
from latinum.formats import csv as csv_format
from latinum.formats import grid as grid_format
from latinum.formats import jigsaw as jigsaw_format
from latinum.formats import line as line_format
from latinum.formats import pylist as pylist_format
from latinum.formats.jigsaw import LABELS
from latinum.formats.json import loads, to_object
from latinum.formats.tatham import decode_blocks, decode_grid
from latinum.geometry import connected, default_box
from latinum.symbols import symbol
from strategies import any_puzzles

registry._load()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TATHAM = "6j:3c2_5b1h2_4h2b1_2c4,ae_b_aba____dbabb_a_acaabc"
TATHAM_TEXT = """\
jigsaw 6x6
3 . . . 2 5   A A B B B B
. . 1 . . .   A A A C B B
. . . . . 2   D D A C C E
4 . . . . .   D D D C C E
. . . 2 . .   F D F C E E
1 2 . . . 4   F F F F E E
"""
TATHAM_SOLVED = "346125261543635412452361514236123654"
# A Windoku with one solution, and that solution.
WINDOKU = "......7....6.8..237..1.3.56.34..7...2....459789.5.12..3..6.8..5.4.315.7...59..3.."
WINDOKU_SOLVED = "123456789456789123789123456534297861261834597897561234312678945948315672675942318"
SIZES = (*range(1, 13), 16, 25)


def tatham() -> Puzzle:
    grid, blocks = TATHAM.split(":")[1].split(",")
    return Puzzle.jigsaw(decode_grid(grid, 6, 0), decode_blocks(blocks, 6, 0))


def values(line: str) -> tuple[int, ...]:
    return tuple(int(char) for char in line)


def read_error(text: str, fmt: str | None = "jigsaw") -> ParseError:
    with pytest.raises(ParseError) as caught:
        read_text(text, fmt)
    return caught.value


# Random jigsaw regions -------------------------------------------------------


def _neighbours(cell: int, n: int) -> list[int]:
    row, col = divmod(cell, n)
    found = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return [r * n + c for r, c in found if 0 <= r < n and 0 <= c < n]


def _swapped(regions: list[int], n: int, rng: random.Random) -> None:
    """Swap two border cells of neighbouring regions when both stay joined up."""
    borders = [(a, b) for a in range(n * n) for b in _neighbours(a, n) if regions[a] != regions[b]]
    if not borders:
        return
    a, b = rng.choice(borders)
    first, second = regions[a], regions[b]
    # A cell of the second region beside a cell the first keeps, given in exchange.
    offers = [
        c
        for c in range(n * n)
        if regions[c] == second and any(regions[d] == first and d != a for d in _neighbours(c, n))
    ]
    if not offers:
        return
    c = rng.choice(offers)
    regions[a], regions[c] = second, first
    for region in (first, second):
        if not connected([cell for cell in range(n * n) if regions[cell] == region], n):
            regions[a], regions[c] = first, second
            return


@st.composite
def jigsaw_regions(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES) -> tuple[int, tuple[int, ...]]:
    """A size N and a random partition into N joined regions of N cells: rows,
    columns or boxes, with random swaps of border cells."""
    n = draw(st.sampled_from(sizes))
    rng = draw(st.randoms(use_true_random=False))
    box = default_box(n)
    start = rng.choice(["rows", "columns", "boxes"] if box else ["rows", "columns"])
    if start == "boxes":
        geometry = Geometry(n, box)
        regions = [geometry.box_of(cell) or 0 for cell in range(n * n)]
    else:
        regions = [cell // n if start == "rows" else cell % n for cell in range(n * n)]
    for _ in range(rng.randint(0, 4 * n)):
        _swapped(regions, n, rng)
    return n, tuple(regions)


@st.composite
def jigsaw_puzzles(draw: st.DrawFn, sizes: tuple[int, ...] = SIZES) -> Puzzle:
    """A Jigsaw Sudoku of random regions and random givens (not always solvable:
    for the formats only), with the diagonals or not."""
    n, regions = draw(jigsaw_regions(sizes))
    rng = draw(st.randoms(use_true_random=False))
    density = draw(st.floats(0, 1))
    givens = [rng.randint(1, n) if rng.random() < density else 0 for _ in range(n * n)]
    return Puzzle.jigsaw(givens, regions, diagonals=draw(st.booleans()))


windoku_givens = st.lists(st.integers(0, 9), min_size=81, max_size=81)


def typed(puzzle: Puzzle, rng: random.Random) -> str:
    """``puzzle`` in the jigsaw layout as a person might type it: any letters for the
    regions, each half spaced or run together, spaces or a ``|`` between them,
    blanks of any kind, letters in either case, numbers, comments and blank lines."""
    n = puzzle.size
    letters = rng.sample(LABELS, n)
    regions = puzzle.geometry.regions
    assert regions is not None
    header = rng.choice(["jigsaw", "JIGSAW", "Jigsaw"]) + rng.choice([" ", "  "])
    header += f"{n}{rng.choice(['x', ' x ', 'X'])}{n}"
    if puzzle.geometry.diagonals:
        header += rng.choice([" diagonals", " x", " Diagonals"])
    lines = [rng.choice(["", "# a jigsaw", "   "]), header]
    for row in range(n):
        cells = []
        for value in puzzle.givens[row * n : row * n + n]:
            if value == 0:
                cells.append(rng.choice(".0_"))
            elif value > 9 and rng.random() < 0.3:
                cells.append(str(value))
            else:
                cells.append(rng.choice([str.upper, str.lower])(symbol(value)))
        labels = [letters[regions[cell]] for cell in range(row * n, row * n + n)]
        numbers = any(len(cell) > 1 for cell in cells)
        left = " ".join(cells) if numbers or rng.random() < 0.5 else "".join(cells)
        right = " ".join(labels) if rng.random() < 0.5 else "".join(labels)
        gap = rng.choice([" ", "   ", "\t", " | ", "|"])
        lines.append(rng.choice(["", "  "]) + left + gap + right + rng.choice(["", " "]))
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "# a comment"]))
    return "\n".join(lines) + "\n"


def test_the_strategy_makes_valid_partitions_that_move_away_from_the_start() -> None:
    rng = random.Random(1)
    moved = 0
    for n in (2, 4, 6, 9):
        regions = [cell // n for cell in range(n * n)]
        for _ in range(8 * n):
            _swapped(regions, n, rng)
        geometry = Geometry(n, regions=tuple(regions))  # valid, or InvalidPuzzle
        moved += geometry.boxes != Geometry(n).rows
    assert moved >= 3


# The jigsaw layout -------------------------------------------------------------


def test_tathams_jigsaw_writes_as_the_layout_and_reads_back() -> None:
    puzzle = tatham()
    assert latinum.count_solutions(puzzle) == 1
    assert write(puzzle, "jigsaw") == TATHAM_TEXT
    fmt, found = read_text(TATHAM_TEXT)
    assert fmt.name == "jigsaw" and found == [puzzle]
    assert found[0].geometry.regions == puzzle.geometry.regions
    assert tuple(latinum.solve(found[0])) == values(TATHAM_SOLVED)


def test_the_solution_writes_in_the_same_layout() -> None:
    puzzle = tatham()
    text = FORMATS["jigsaw"].write_solution(puzzle, latinum.solve(puzzle))  # type: ignore[misc]
    lines = text.splitlines()
    assert lines[0] == "jigsaw 6x6" and lines[1] == "3 4 6 1 2 5   A A B B B B"
    [back] = read_text(text)[1]
    assert back.givens == values(TATHAM_SOLVED) and back.geometry == puzzle.geometry


def test_the_cli_solves_and_converts_a_jigsaw() -> None:
    runner = CliRunner()
    solved = runner.invoke(main, ["solve", "-"], input=TATHAM_TEXT)
    assert solved.exit_code == 0, solved.output
    assert solved.stdout.splitlines()[1] == "3 4 6 1 2 5   A A B B B B"
    converted = runner.invoke(main, ["convert", "--to", "json", "-"], input=TATHAM_TEXT)
    assert converted.exit_code == 0, converted.output
    back = runner.invoke(main, ["convert", "--to", "jigsaw", "-"], input=converted.stdout)
    assert back.exit_code == 0 and back.stdout == TATHAM_TEXT
    refused = runner.invoke(main, ["convert", "--to", "line", "-"], input=TATHAM_TEXT)
    assert refused.exit_code == 2
    assert "cannot hold the regions of a Jigsaw Sudoku" in refused.output


@SETTINGS
@given(puzzle=jigsaw_puzzles())
def test_the_layout_round_trips_and_is_detected(puzzle: Puzzle) -> None:
    text = write(puzzle, "jigsaw")
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert text.startswith(f"jigsaw {puzzle.size}x{puzzle.size}")
    assert ("diagonals" in text.splitlines()[0]) == puzzle.geometry.diagonals
    assert detect(text).name == "jigsaw"
    assert read_text(text)[1] == [puzzle]
    assert read_text(text + "\n" + text)[1] == [puzzle] * 2
    assert read_text(text + text, "jigsaw")[1] == [puzzle] * 2


@SETTINGS
@given(puzzle=jigsaw_puzzles(), rng=st.randoms(use_true_random=False))
def test_typed_layouts_read_as_the_same_puzzle(puzzle: Puzzle, rng: random.Random) -> None:
    text = typed(puzzle, rng)
    assert detect(text).name == "jigsaw", text
    assert read_text(text)[1] == [puzzle], text


@SETTINGS
@given(puzzle=jigsaw_puzzles(), solved=st.randoms(use_true_random=False))
def test_any_solved_grid_reads_back_as_givens(puzzle: Puzzle, solved: random.Random) -> None:
    n = puzzle.size
    grid = Grid(n, tuple(solved.randint(1, n) for _ in range(n * n)))
    text = FORMATS["jigsaw"].write_solution(puzzle, grid)  # type: ignore[misc]
    [back] = read_text(text, "jigsaw")[1]
    assert back.givens == tuple(grid) and back.geometry == puzzle.geometry


def test_values_above_nine_are_letters_or_numbers() -> None:
    regions = "".join(LABELS[cell // 10] for cell in range(100))
    puzzle = Puzzle.jigsaw([10, 0, 9, *([0] * 97)], regions)
    text = write(puzzle, "jigsaw")
    assert text.splitlines()[1] == "A . 9 . . . . . . .   A A A A A A A A A A"
    numbers = text.replace("A . 9 .", "10 0 9 .", 1)
    assert read_text(numbers)[1] == [puzzle]
    lower = text.replace("A . 9 .", "a . 9 .", 1)
    assert read_text(lower)[1] == [puzzle]


def test_region_letters_keep_their_case_and_any_letters_serve() -> None:
    text = "jigsaw 2x2\n1 . a A\n. . a A\n"
    [puzzle] = read_text(text)[1]
    assert puzzle.geometry.boxes == ((0, 2), (1, 3))
    assert write(puzzle, "jigsaw") == "jigsaw 2x2\n1 .   A B\n. .   A B\n"


def test_a_sudoku_x_jigsaw_marks_its_diagonals_in_the_header() -> None:
    puzzle = Puzzle.jigsaw(tatham().givens, tatham().geometry.regions or (), diagonals=True)
    text = write(puzzle, "jigsaw")
    assert text.startswith("jigsaw 6x6 diagonals\n")
    assert read_text(text)[1] == [puzzle]
    assert read_text(text.replace(" diagonals", " x", 1))[1] == [puzzle]
    assert read_text(text.replace(" diagonals", "", 1))[1] != [puzzle]


def test_a_two_by_two_jigsaw_is_not_taken_for_a_grid() -> None:
    text = "jigsaw 2x2\n1. AA\n.. BB\n"
    assert FORMATS["grid"].sniff(text)  # the jigsaw format outranks it
    assert detect(text).name == "jigsaw"
    [puzzle] = read_text(text)[1]
    assert puzzle.geometry.boxes == ((0, 1), (2, 3))


def test_comments_and_blank_lines_come_before_the_header() -> None:
    text = "# from a book\n\n" + TATHAM_TEXT
    assert detect(text).name == "jigsaw"
    assert read_text(text)[1] == [tatham()]


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("jigsaw 6x7\n", 1, 1, "a jigsaw grid is square, not 6x7"),
        ("jigsaw 26x26\n", 1, 1, "size 26 is outside 1..25"),
        ("jigsaw 0x0\n", 1, 1, "size 0 is outside 1..25"),
        ("jigsaw 9 by 9\n", 1, 1, "unknown header 'jigsaw 9 by 9'"),
        ("jigsaw\n", 1, 1, "unknown header 'jigsaw'"),
        ("  jigsaw 4x4 sideways\n", 1, 3, "unknown header"),
        ("jigsaw 2x2\n", 1, None, "a 'jigsaw 2x2' header with no grid below it"),
        ("jigsaw 2x2\n1 . A A\n", 2, None, "the 2x2 jigsaw of line 1 has 1 row, not 2"),
        (
            "jigsaw 2x2\n1 . A A\n\njigsaw 2x2\n. . A B\n. . A B\n",
            2,
            None,
            "has 1 row, not 2",
        ),
        ("jigsaw 2x2\n1 . A A\n. . B B\n. . B B\n", 4, 1, "a row after the 2 rows"),
        ("1 . A A\n. . B B\n", 1, 1, "a row before any 'jigsaw NxN' line"),
        ("jigsaw 3x3\n1 . . A A A\n. . B B B\n", 3, 10, "5 items in this row"),
        ("jigsaw 3x3\n1 . . A A A\n. . BB B\n", 3, 9, "4 items in this row"),
        ("jigsaw 3x3\n1 . . A A A B\n", 2, 13, "7 items in this row"),
        ("jigsaw 3x3\n1 . . A A A\n.. BBB\n", 3, 4, "2 cells in this row, not 3"),
        ("jigsaw 3x3\n1 . . A A A\n... BBBB\n", 3, 8, "4 region letters in this row, not 3"),
        ("jigsaw 3x3\n1 . . | A A\n", 2, 12, "2 region letters in this row, not 3"),
        ("jigsaw 3x3\n1 . . | A A | A\n", 2, 13, "a second '|' in the row"),
        ("jigsaw 3x3\n| A A A\n", 2, 1, "no cells before the '|'"),
        ("jigsaw 3x3\n1 . . |\n", 2, 8, "no region letters after the '|'"),
        ("jigsaw 3x3\n1 . . A A 1\n", 2, 11, "'1' is not a region letter"),
        ("jigsaw 3x3\n1 . . A A AB\n", 2, 11, "'AB' is not a region letter"),
        ("jigsaw 3x3\n1 . . A A Ä\n", 2, 11, "'Ä' is not a region letter"),
        ("jigsaw 3x3\n1 ? . A A A\n", 2, 3, "'?' is not a cell value"),
        ("jigsaw 3x3\n1 4 . A A A\n", 2, 3, "4 is above 3, the largest value"),
        ("jigsaw 3x3\n1 x . A A A\n", 2, 3, "letter 'x' where a digit or a blank belongs"),
        ("jigsaw 12x12\n" + "D" + " ." * 11 + "   " + "A" * 12, 2, 1, "'D' stands for 13"),
        (
            "jigsaw 3x3\n... AAB\n... BBB\n... CCC\n",
            3,
            7,
            "region 'B' has 4 cells and region 'A' 2: each region of a 3x3 jigsaw has 3",
        ),
        (
            "jigsaw 3x3\n... ABA\n... BBA\n... CCC\n",
            2,
            7,
            "region 'A' is in pieces: r1c3 does not join r1c1",
        ),
        (
            "jigsaw 3x3\n... AAA\n... BBB\n... CCD\n",
            4,
            7,
            "region letter 'D' makes 4 regions, but a 3x3 jigsaw has 3",
        ),
        ("jigsaw 3x3\n... AAA\n... BBB\n... BBB\n", 4, 5, "region 'B' has 6 cells"),
    ],
)
def test_each_problem_names_its_line_and_column(
    text: str, line: int, column: int | None, fragment: str
) -> None:
    error = read_error(text)
    assert fragment in error.problem
    assert (error.line, error.column) == (line, column), error


def test_a_bad_header_is_still_detected_as_jigsaw() -> None:
    error = read_error("jigsaw 9 by 9\n1 2 3\n", None)
    assert "unknown header" in error.problem and error.line == 1


def test_an_error_names_the_file_through_the_cli() -> None:
    text = "jigsaw 3x3\n... ABA\n... BBA\n... CCC\n"
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 2
    assert "line 2, column 7: region 'A' is in pieces" in result.output


# Writers that refuse --------------------------------------------------------------


def plain_sudoku() -> Puzzle:
    return Puzzle.sudoku(WINDOKU)


def windoku() -> Puzzle:
    return Puzzle.windoku(WINDOKU)


@pytest.mark.parametrize("name", sorted(n for n, f in FORMATS.items() if f.write and not f.regions))
def test_every_format_without_regions_refuses_a_jigsaw(name: str) -> None:
    with pytest.raises(CannotWrite) as caught:
        write(tatham(), name)
    message = str(caught.value)
    assert f"format {name} cannot hold the regions of a Jigsaw Sudoku" in message
    assert "write it as jigsaw, json" in message


@pytest.mark.parametrize("name", sorted(n for n, f in FORMATS.items() if f.write and not f.windows))
def test_every_format_without_windows_refuses_a_windoku(name: str) -> None:
    with pytest.raises(CannotWrite) as caught:
        write(windoku(), name)
    assert f"format {name} cannot hold the windows of a Windoku" in str(caught.value)
    assert "(write it as json or windoku)" in str(caught.value)


def test_the_holders_are_the_flagged_formats() -> None:
    assert {"jigsaw", "json"} <= {name for name, fmt in FORMATS.items() if fmt.regions}
    assert {name for name, fmt in FORMATS.items() if fmt.windows} == {"json", "windoku"}


@pytest.mark.parametrize(
    ("writer", "name"),
    [
        (line_format.write, "line"),
        (grid_format.write, "grid"),
        (grid_format.write_boxed, "boxed"),
        (pylist_format.write, "pylist"),
    ],
)
def test_plain_writers_called_directly_refuse_too(
    writer: Callable[[Puzzle], str], name: str
) -> None:
    with pytest.raises(CannotWrite, match=f"the {name} format cannot hold the regions of a Jigsaw"):
        writer(tatham())
    with pytest.raises(
        CannotWrite, match=f"the {name} format cannot hold the windows of a Windoku"
    ):
        writer(windoku())


def test_a_csv_row_refuses_a_jigsaw_and_a_windoku() -> None:
    puzzle = tatham()
    with pytest.raises(CannotWrite, match="regions of a Jigsaw Sudoku"):
        csv_format.write_solution(puzzle, latinum.solve(puzzle))
    with pytest.raises(CannotWrite, match="windows of a Windoku"):
        csv_format.write_solution(windoku(), Grid(9, values(WINDOKU_SOLVED)))


@pytest.mark.parametrize(
    ("puzzle", "fragment"),
    [
        (plain_sudoku, "this sudoku has boxes 3x3 (write it as line, grid or json)"),
        (lambda: Puzzle("sudoku", Geometry(5), (0,) * 25), "this sudoku has no regions"),
        (lambda: Puzzle.latin("1" + "." * 24), "holds Jigsaw Sudoku, not latin"),
        (lambda: Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [2, 3])]), "not kenken"),
        (windoku, "format jigsaw cannot hold the windows of a Windoku"),
    ],
)
def test_the_jigsaw_writer_takes_jigsaw_sudoku_only(
    puzzle: Callable[[], Puzzle], fragment: str
) -> None:
    made = puzzle()
    with pytest.raises(CannotWrite) as caught:
        write(made, "jigsaw")
    assert fragment in str(caught.value)
    if not made.geometry.windows:
        with pytest.raises(CannotWrite):
            FORMATS["jigsaw"].write_solution(made, Grid(made.size, (1,) * made.size**2))  # type: ignore[misc]


def test_the_jigsaw_writer_refuses_a_jigsaw_killer_and_bad_givens() -> None:
    regions = tatham().geometry.regions
    killer = Puzzle.killer([(21, list(range(36)))], None, regions=regions)
    with pytest.raises(CannotWrite, match="holds Jigsaw Sudoku, not killer"):
        write(killer, "jigsaw")
    bad = Puzzle("sudoku", tatham().geometry, (7,) + (0,) * 35)
    with pytest.raises(CannotWrite, match=r"givens must be values 1\.\.6"):
        write(bad, "jigsaw")


# Windoku ---------------------------------------------------------------------------


def test_a_windoku_line_is_read_only_when_named() -> None:
    assert not FORMATS["windoku"].sniff(WINDOKU)
    fmt, [plain] = read_text(WINDOKU)
    assert fmt.name == "line" and plain == plain_sudoku()
    [puzzle] = read_text(WINDOKU, "windoku")[1]
    assert puzzle == windoku() and puzzle.geometry.windows
    assert Puzzle.from_string(WINDOKU, "windoku") == puzzle
    assert latinum.count_solutions(puzzle) == 1
    assert tuple(latinum.solve(puzzle)) == values(WINDOKU_SOLVED)
    assert latinum.count_solutions(plain) == 2  # the windows make it unique


@SETTINGS
@given(givens=windoku_givens)
def test_windoku_lines_round_trip(givens: list[int]) -> None:
    puzzle = Puzzle.windoku(givens)
    text = write(puzzle, "windoku")
    assert text == Puzzle.sudoku(givens).to_string("line") and "\n" not in text
    assert read_text(text, "windoku")[1] == [puzzle]
    assert read_text("\n".join([text, "# two", "", text]), "windoku")[1] == [puzzle] * 2
    solution = FORMATS["windoku"].write_solution(puzzle, Grid(9, values(WINDOKU_SOLVED)))  # type: ignore[misc]
    assert solution == WINDOKU_SOLVED


def test_a_windoku_line_keeps_its_solution() -> None:
    [puzzle] = read_text(f"{WINDOKU},{WINDOKU_SOLVED}", "windoku")[1]
    assert puzzle == windoku() and puzzle.solution == values(WINDOKU_SOLVED)


def test_a_windoku_batch_streams_past_a_bad_line() -> None:
    text = f"{WINDOKU}\n1.2.\n{'.' * 80}\n{WINDOKU}\n"
    records = list(registry.text_records(text, "windoku", "w.txt")[1])
    assert records[0] == windoku() and records[3] == windoku()
    assert isinstance(records[1], ParseError) and isinstance(records[2], ParseError)
    assert records[1].line == 2 and "a Windoku line has 81 cells (9x9), not 4" in records[1].problem
    assert records[1].source == "w.txt"
    assert records[2].line == 3 and "80 characters do not make a square grid" in records[2].problem


@pytest.mark.parametrize(
    ("puzzle", "fragment"),
    [
        (plain_sudoku, "holds Windoku only (a 9x9 Sudoku with four windows), not a sudoku 9x9"),
        (tatham, "format windoku cannot hold the regions of a Jigsaw Sudoku"),
        (
            lambda: Puzzle("sudoku", Geometry(9, (3, 3), True, windows=True), (0,) * 81),
            "cannot mark diagonals",
        ),
        (
            lambda: Puzzle.killer([(45, list(range(9)))], (3, 3)),
            "holds Windoku only",
        ),
        (
            lambda: Puzzle("killer", Geometry(9, (3, 3), windows=True), (0,) * 81),
            "cannot hold the cages of a killer puzzle",
        ),
    ],
)
def test_the_windoku_writer_refuses_everything_else(
    puzzle: Callable[[], Puzzle], fragment: str
) -> None:
    with pytest.raises(CannotWrite) as caught:
        write(puzzle(), "windoku")
    assert fragment in str(caught.value)


def test_solutions_of_other_puzzles_are_refused_as_windoku() -> None:
    with pytest.raises(CannotWrite, match="holds Windoku only"):
        FORMATS["windoku"].write_solution(plain_sudoku(), Grid(9, values(WINDOKU_SOLVED)))  # type: ignore[misc]


def test_the_cli_converts_to_and_from_windoku() -> None:
    runner = CliRunner()
    lines = f"{WINDOKU}\n{WINDOKU}\n"
    converted = runner.invoke(
        main, ["convert", "--from", "windoku", "--to", "json", "-"], input=lines
    )
    assert converted.exit_code == 0, converted.output
    objects = [json.loads(line) for line in converted.stdout.splitlines()]
    assert [obj["windows"] for obj in objects] == [True, True]
    back = runner.invoke(main, ["convert", "--to", "windoku", "-"], input=converted.stdout)
    assert back.exit_code == 0, back.output
    assert back.stdout == lines
    refused = runner.invoke(main, ["convert", "--to", "windoku", "-"], input=lines)
    assert refused.exit_code == 2 and "holds Windoku only" in refused.output
    solved = runner.invoke(main, ["solve", "--from", "windoku", "-"], input=WINDOKU)
    assert solved.exit_code == 0 and solved.stdout == f"{WINDOKU_SOLVED}\n"


# JSON --------------------------------------------------------------------------------


def test_json_holds_the_regions_as_rows_of_letters() -> None:
    obj = to_object(tatham())
    assert obj["box"] is None and "windows" not in obj
    assert obj["regions"] == ["AABBBB", "AAACBB", "DDACCE", "DDDCCE", "FDFCEE", "FFFFEE"]
    assert list(obj)[:7] == ["format", "version", "variant", "size", "box", "regions", "diagonals"]
    text = write(tatham(), "json")
    assert detect(text).name == "json" and read_text(text)[1] == [tatham()]


def test_json_holds_the_windows() -> None:
    obj = to_object(windoku())
    assert obj["box"] == [3, 3] and obj["windows"] is True and "regions" not in obj
    text = write(windoku(), "json")
    assert read_text(text)[1] == [windoku()]
    assert read_text(text.replace('"windows": true', '"windows": false'))[1] == [plain_sudoku()]


def test_json_of_puzzles_without_regions_or_windows_is_unchanged() -> None:
    text = write(Puzzle.sudoku("1" + "." * 15), "json")
    assert text == (
        '{"format": "latinum", "version": 1, "variant": "sudoku", "size": 4, "box": [2, 2], '
        '"diagonals": false, "givens": "1..............."}'
    )


@SETTINGS
@given(pair=any_puzzles())
def test_json_adds_no_field_to_other_puzzles(pair: tuple[Puzzle, tuple]) -> None:
    obj = to_object(pair[0])
    assert "regions" not in obj and "windows" not in obj


@SETTINGS
@given(puzzle=jigsaw_puzzles())
def test_json_round_trips_jigsaws(puzzle: Puzzle) -> None:
    text = write(puzzle, "json")
    assert read_text(text)[1] == [puzzle]
    rows = json.loads(text)["regions"]
    assert rows == jigsaw_format.region_rows(puzzle)
    assert [
        line.split("   ")[1].replace(" ", "") for line in write(puzzle, "jigsaw").splitlines()[1:]
    ] == rows


@SETTINGS
@given(givens=windoku_givens)
def test_json_round_trips_windoku(givens: list[int]) -> None:
    puzzle = Puzzle.windoku(givens)
    [document] = loads(FORMATS["json"].write_solution(puzzle, Grid(9, values(WINDOKU_SOLVED))))  # type: ignore[misc]
    assert document.puzzle == puzzle and document.solution == Grid(9, values(WINDOKU_SOLVED))


def test_json_reads_regions_as_one_string_too() -> None:
    obj = to_object(tatham())
    obj["regions"] = " ".join(obj["regions"])
    assert read_text(json.dumps(obj))[1] == [tatham()]
    obj["regions"] = obj["regions"].lower()
    assert read_text(json.dumps(obj))[1] == [tatham()]


def _jigsaw_json(**fields: object) -> str:
    obj = to_object(tatham())
    obj.update(fields)
    return json.dumps(obj)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (_jigsaw_json(regions=["AABBBB"]), "field 'regions' has 1 rows, not 6"),
        (
            _jigsaw_json(regions=["AABBBB", "AAACBB", "DDACCE", "DDDCCE", "FDFCEE", "FFFFE"]),
            "field 'regions[5]' has 5 letters, not 6",
        ),
        (_jigsaw_json(regions="AABBBB"), "field 'regions' has 6 letters, expected 36"),
        (_jigsaw_json(regions=[1, 2]), "field 'regions' is a list of other things than strings"),
        (_jigsaw_json(regions=7), "field 'regions' is a number, not a list of 6 strings"),
        (
            _jigsaw_json(regions=["AABBBB", "AAACBB", "DDACCE", "DDDCCE", "FDFCEE", "FFFFE1"]),
            "field 'regions' holds '1', not a region letter (A-Z, a-z)",
        ),
        (
            _jigsaw_json(regions=["AABBBB", "AAACBB", "DDACCE", "DDDCCE", "FDFCEE", "FFFFEB"]),
            "field 'regions': the region at r1c3 has 7 cells (expected 6)",
        ),
        (
            _jigsaw_json(regions=["ABBBBA", "AAACBB", "DDACCE", "DDDCCE", "FDFCEE", "FFFFEE"]),
            "field 'regions': the region at r1c1 is in pieces",
        ),
        (
            _jigsaw_json(regions=["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFG"]),
            "field 'regions': 7 regions in a 6x6 grid (expected 6)",
        ),
        (_jigsaw_json(box=[2, 3]), "fields 'box' and 'regions': a grid has boxes or jigsaw"),
        (_jigsaw_json(variant="latin"), "field 'regions' must be null for a latin puzzle"),
        (_jigsaw_json(windows=True), "field 'windows': Windoku's windows need a 9x9 grid"),
        (_jigsaw_json(windows="yes"), "field 'windows' must be true or false"),
        (
            json.dumps({**to_object(Puzzle.sudoku("." * 16)), "windows": True}),
            "field 'windows': Windoku's windows need a 9x9 grid of 3x3 boxes",
        ),
    ],
)
def test_json_reports_bad_regions_and_windows_by_field(text: str, fragment: str) -> None:
    error = read_error(text, "json")
    assert fragment in error.problem, error.problem


def test_a_jigsaw_killer_round_trips_in_json() -> None:
    regions = tatham().geometry.regions
    killer = Puzzle.killer([(21, list(range(6))), (105, list(range(6, 36)))], None, regions=regions)
    text = write(killer, "json")
    assert json.loads(text)["regions"][0] == "AABBBB"
    assert read_text(text)[1] == [killer]
