"""``latinum steps --singles`` and :mod:`latinum.solver.naive_steps`, checked against a
simple reference written here from the step-by-step seed's description."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import InvalidPuzzle, Puzzle, read, solve
from latinum.cli import main
from latinum.render.steps import step_block, write_steps
from latinum.solver.naive_steps import Stuck, candidates, naive_singles

SEEDS = Path(__file__).parent / "fixtures" / "seeds"
FORMATS = Path(__file__).parent / "fixtures" / "formats"
EXAMPLE = SEEDS / "sudoku-steps.txt"
EXPECTED = SEEDS / "sudoku-steps.expected.txt"
STUCK = SEEDS / "sudoku-stuck.txt"
DASHES = "-" * 18

Rows = list[list[int]]


def reference(
    rows: Rows, box: tuple[int, int] | None, diagonals: bool = False
) -> tuple[list[str], Rows]:
    """The seed's naive method, recomputing every cell's possibilities at each step."""
    n = len(rows)
    grid = [list(row) for row in rows]

    def possible(r: int, c: int) -> list[int]:
        seen = set(grid[r]) | {grid[i][c] for i in range(n)}
        if box:
            top, left = r - r % box[0], c - c % box[1]
            seen |= {
                grid[i][j] for i in range(top, top + box[0]) for j in range(left, left + box[1])
            }
        if diagonals and r == c:
            seen |= {grid[i][i] for i in range(n)}
        if diagonals and r + c == n - 1:
            seen |= {grid[i][n - 1 - i] for i in range(n)}
        return [v for v in range(1, n + 1) if v not in seen]

    blocks = []
    while True:
        single = next(
            (
                (r, c, possible(r, c)[0])
                for r in range(n)
                for c in range(n)
                if grid[r][c] == 0 and len(possible(r, c)) == 1
            ),
            None,
        )
        if single is None:
            return blocks, grid
        r, c, value = single
        grid[r][c] = value
        lines = [DASHES, f"Step {len(blocks) + 1} - {value} @ R{r + 1}C{c + 1}", DASHES]
        lines += [" ".join(str(v) for v in row) for row in grid]
        blocks.append("\n".join(lines) + "\n")


def rows_of(puzzle: Puzzle) -> Rows:
    return [list(row) for row in puzzle.grid.rows()]


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


# The seed example ---------------------------------------------------------


def test_seed_example_output_line_by_line() -> None:
    result = latinum("steps", "--singles", str(EXAMPLE), "-")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    expected = EXPECTED.read_text()
    assert result.stdout.splitlines() == expected.splitlines()
    assert result.stdout == expected

    puzzle = read(EXAMPLE)
    blocks, final = reference(rows_of(puzzle), (3, 3))
    assert "".join(blocks) == expected
    assert len(blocks) == 48 == puzzle.givens.count(0)
    lines = expected.splitlines()
    assert lines[:3] == [DASHES, "Step 1 - 8 @ R1C1", DASHES]
    assert lines[12:15] == [DASHES, "Step 2 - 3 @ R3C7", DASHES]
    assert [value for row in final for value in row] == list(solve(puzzle))
    assert lines[-9:] == solve(puzzle).text().splitlines()


def test_library_placements_and_writer() -> None:
    puzzle = read(EXAMPLE)
    placements = list(naive_singles(puzzle))
    assert [p.step for p in placements] == list(range(1, 49))
    first, second = placements[:2]
    assert (first.row, first.col, first.value, first.cell) == (1, 1, 8, 0)
    assert (second.row, second.col, second.value) == (3, 7, 3)
    assert first.grid[0] == 8 and first.grid.values.count(0) == 47
    assert placements[-1].grid == solve(puzzle)
    out = io.StringIO()
    assert write_steps(placements, out) == 48
    assert out.getvalue() == EXPECTED.read_text()
    assert step_block(first) == EXPECTED.read_text()[: len(step_block(first))]


def test_candidates_of_a_cell() -> None:
    puzzle = read(EXAMPLE)
    assert candidates(puzzle, puzzle.givens, 0) == [8]
    assert candidates(puzzle, puzzle.givens, 1) == []  # a given


def test_output_file_default_output_and_standard_input(tmp_path: Path) -> None:
    expected = EXPECTED.read_text()
    target = tmp_path / "steps.txt"
    written = latinum("steps", "--singles", str(EXAMPLE), str(target))
    assert written.exit_code == 0 and written.stdout == ""
    assert target.read_text() == expected
    assert latinum("steps", "--singles", str(EXAMPLE)).stdout == expected
    piped = latinum("steps", "--singles", "-", "-", stdin=EXAMPLE.read_text())
    assert piped.exit_code == 0 and piped.stdout == expected
    line = "".join(str(v) for v in read(EXAMPLE).givens)
    assert latinum("steps", "--singles", "-", stdin=line + "\n").stdout == expected


# Other sizes and variants ---------------------------------------------------

SMALL = {
    "4x4": Puzzle.sudoku("0000400000010103"),
    "latin 5x5": Puzzle.latin("0004505030004024002100000"),
    "sudoku-x 6x6": Puzzle.sudoku("000000026000450230000000000000010000", diagonals=True),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_small_puzzles_match_the_reference(name: str) -> None:
    puzzle = SMALL[name]
    geometry = puzzle.geometry
    blocks, final = reference(rows_of(puzzle), geometry.box, geometry.diagonals)
    placements = list(naive_singles(puzzle))
    assert [step_block(p) for p in placements] == blocks
    assert len(blocks) == puzzle.givens.count(0)
    assert placements[-1].grid == solve(puzzle)
    assert [v for row in final for v in row] == list(solve(puzzle))


def test_diagonals_count_for_sudoku_x() -> None:
    x = SMALL["sudoku-x 6x6"]
    with pytest.raises(Stuck):
        list(naive_singles(Puzzle.sudoku(x.givens)))


def test_6x6_with_2x3_boxes_through_the_command() -> None:
    path = SEEDS / "sudoku-6x6.txt"
    puzzle = read(path)
    assert puzzle.geometry.box == (2, 3)
    result = latinum("steps", "--singles", str(path), "-")
    assert result.exit_code == 0, result.output
    blocks, _ = reference(rows_of(puzzle), (2, 3))
    assert result.stdout == "".join(blocks)
    assert result.stdout.splitlines()[-6:] == solve(puzzle).text().splitlines()


def test_16x16_writes_two_digit_numbers() -> None:
    solution = solve(read(FORMATS / "line-16x16.txt"))
    givens = [
        0 if (cell // 16 * 7 + cell % 16 * 3) % 4 == 0 else v for cell, v in enumerate(solution)
    ]
    puzzle = Puzzle.sudoku(givens)
    result = latinum("steps", "--singles", "-", stdin=puzzle.grid.text() + "\n")
    assert result.exit_code == 0, result.output
    blocks, _ = reference(rows_of(puzzle), (4, 4))
    assert result.stdout == "".join(blocks)
    last_rows = result.stdout.splitlines()[-16:]
    assert all(len(row.split(" ")) == 16 for row in last_rows)
    assert "16" in last_rows[0].split(" ")


def test_a_full_grid_takes_no_steps() -> None:
    solved = read(EXAMPLE).with_givens(solve(read(EXAMPLE)))
    result = latinum("steps", "--singles", "-", stdin=solved.grid.text() + "\n")
    assert result.exit_code == 0 and result.stdout == ""


# Stuck ------------------------------------------------------------------------


def test_stuck_writes_the_steps_made_then_exits_1(tmp_path: Path) -> None:
    blocks, _ = reference(rows_of(read(STUCK)), (3, 3))
    assert len(blocks) == 9
    result = latinum("steps", "--singles", str(STUCK), "-")
    assert result.exit_code == 1
    assert result.stdout == "".join(blocks)
    assert result.stderr == (
        f"latinum: {STUCK}: stuck after 9 steps: no cell has a single candidate\n"
    )
    target = tmp_path / "out.txt"
    to_file = latinum("steps", "--singles", str(STUCK), str(target))
    assert to_file.exit_code == 1 and target.read_text() == "".join(blocks)


def test_stuck_from_the_library() -> None:
    made = []
    with pytest.raises(Stuck) as stuck:
        made.extend(naive_singles(read(STUCK)))
    assert len(made) == stuck.value.steps == 9
    assert stuck.value.grid == made[-1].grid and stuck.value.dead_cell is None


def test_stuck_on_a_contradiction_names_the_empty_cell() -> None:
    puzzle = Puzzle.latin("12......3")
    with pytest.raises(Stuck) as stuck:
        list(naive_singles(puzzle))
    assert stuck.value.dead_cell == 2
    assert "r1c3 has none left" in str(stuck.value)
    result = latinum("steps", "--singles", "-", stdin="1 2 0\n0 0 0\n0 0 3\n")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1


# Bad input ----------------------------------------------------------------------


def test_stuck_at_once_on_an_empty_grid() -> None:
    result = latinum("steps", "--singles", "-", stdin="0" * 16 + "\n")
    assert result.exit_code == 1 and result.stdout == ""
    assert "stuck after 0 steps" in result.stderr


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["-"], "3 3 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", ["invalid", "r1c1", "r1c2", "3"]),
        ([str(FORMATS / "keen-id.txt")], None, ["cages", "kenken"]),
        ([str(FORMATS / "line-9x9.txt")], None, ["puzzles", "one"]),
        (["no-such-file.txt"], None, ["no such file"]),
        (["-"], "hello\n", ["<stdin>"]),
        ([str(EXAMPLE), "/no/such/dir/out.txt"], None, ["cannot write"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], stdin: str | None, words: list[str]):
    result = latinum("steps", "--singles", *args, stdin=stdin)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert result.stderr.startswith("latinum: ") and result.stderr.count("\n") == 1
    for word in words:
        assert word in result.stderr


def test_library_refuses_cages_and_broken_givens() -> None:
    with pytest.raises(InvalidPuzzle, match="cages"):
        naive_singles(Puzzle.kenken(2, [("+", 3, [0, 1]), ("+", 3, [2, 3])]))
    with pytest.raises(InvalidPuzzle):
        naive_singles(Puzzle.latin("1100"))


def test_help_explains_the_format() -> None:
    result = latinum("steps", "--help")
    assert result.exit_code == 0
    for text in ("Step 1 - 8 @ R1C1", "------------------", "--singles", "OUTPUT"):
        assert text in result.stdout
