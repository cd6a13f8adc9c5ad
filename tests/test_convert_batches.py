"""``convert`` of a batch to a format of several lines a puzzle reads back."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import latinum
from latinum import ParseError, Puzzle
from latinum.cli import main
from latinum.formats import detect, write
from latinum.formats.grid import read
from strategies import latin_puzzles, sudoku_puzzles

SYMBOLS = "123456789ABCDEFG"


def latinum_cli(*args: str, stdin: str) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def lines_of(box: int, seed: int) -> list[str]:
    """Three Sudoku lines of a ``box*box`` grid, some cells blank."""
    n, rng = box * box, random.Random(seed)
    solved = [SYMBOLS[(box * (r % box) + r // box + c) % n] for r in range(n) for c in range(n)]
    return ["".join(v if rng.random() < 0.5 else "." for v in solved) for _ in range(3)]


@pytest.mark.parametrize("box", [2, 3, 4])
@pytest.mark.parametrize("target", ["grid", "boxed"])
def test_a_batch_of_grids_reads_back_to_the_same_lines(box: int, target: str) -> None:
    lines = lines_of(box, box)
    batch = "".join(line + "\n" for line in lines)
    written = latinum_cli("convert", "--to", target, "-", stdin=batch)
    assert written.exit_code == 0, written.output
    grids = written.stdout.split("\n\n")
    assert len(grids) == 3 and all(grid.strip() for grid in grids)
    back = latinum_cli("convert", "--to", "line", "-", stdin=written.stdout)
    assert back.exit_code == 0, back.output
    assert back.stdout == batch
    assert latinum.read_all(written.stdout) == latinum.read_all(batch)
    assert detect(written.stdout).name == "grid"


def test_one_line_formats_have_no_blank_lines() -> None:
    batch = "".join(line + "\n" for line in lines_of(3, 1))
    written = latinum_cli("convert", "--to", "line", "-", stdin=batch)
    assert written.stdout == batch


def test_a_futoshiki_batch_has_a_blank_line_between_puzzles() -> None:
    ids = "3:0R,0,0,0,0,0,0,0,0,\n3:0,0,0D,0,0,0,0,0,0,\n"
    written = latinum_cli("convert", "--to", "futoshiki", "-", stdin=ids)
    assert written.exit_code == 0, written.output
    assert written.stdout.count("\n\nfutoshiki\n") == 1
    assert latinum.read_all(written.stdout) == latinum.read_all(ids)


def test_blank_lines_inside_one_grid_still_make_one_grid() -> None:
    rows = write(Puzzle.sudoku(lines_of(3, 5)[0]), "grid").splitlines()
    bands = "\n\n".join("\n".join(rows[start : start + 3]) for start in range(0, 9, 3))
    assert read(bands, None) == [Puzzle.sudoku(lines_of(3, 5)[0])]


def test_a_bad_grid_of_a_batch_names_its_line() -> None:
    grids = [write(Puzzle.sudoku(line), "grid") for line in lines_of(3, 2)]
    grids[1] = grids[1].replace("\n", " 1\n", 1)  # ten cells in its first row
    with pytest.raises(ParseError) as caught:
        read("\n".join(grids), None)
    assert caught.value.line == 11


PLAIN = st.one_of(sudoku_puzzles(), latin_puzzles(sizes=(5, 7)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=st.lists(PLAIN, min_size=1, max_size=4), target=st.sampled_from(["grid", "boxed"]))
def test_any_batch_of_plain_grids_round_trips(pairs: list, target: str) -> None:
    puzzles = [puzzle for puzzle, _ in pairs]
    jsonl = "".join(write(puzzle, "json") + "\n" for puzzle in puzzles)
    written = latinum_cli("convert", "--to", target, "-", stdin=jsonl)
    assert written.exit_code == 0, written.output
    assert latinum.read_all(written.stdout) == puzzles


@pytest.mark.parametrize("algorithm", [None, "backtrack"])
@pytest.mark.parametrize("target", ["grid", "boxed"])
def test_solved_grids_of_a_batch_read_back(target: str, algorithm: str | None) -> None:
    puzzles = [
        lines_of(3, 3)[0],
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ]
    chosen = ["--algorithm", algorithm] if algorithm else []
    expected = latinum_cli("solve", "--to", "line", *chosen, "-", stdin="\n".join(puzzles))
    solved = latinum_cli("solve", "--to", target, *chosen, "-", stdin="\n".join(puzzles))
    assert solved.exit_code == expected.exit_code
    back = latinum_cli("convert", "--to", "line", "-", stdin=solved.stdout)
    assert back.stdout == expected.stdout and len(back.stdout.split()) >= 2
