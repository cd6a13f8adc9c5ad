"""``latinum solve --algorithm``, its interactive loop, and ``latinum compare``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Grid, read
from latinum.cli import main, solving

FIXTURES = Path(__file__).parent / "fixtures"
CAGE = FIXTURES / "cage"
SEED_EXAMPLE = CAGE / "calcudoku-5x5.in"
SETS_EXAMPLE = FIXTURES / "formats" / "pylist-sets.py.txt"
LATIN = FIXTURES / "formats" / "line-latin-5x5.txt"
HARD = (FIXTURES / "solver" / "sudoku9.txt").read_text().split()[0]
RULE = "+-------+-------+-------+"


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


# solve --algorithm ---------------------------------------------------------------


def test_brute_force_stats_end_the_output() -> None:
    result = latinum(
        "solve", "--algorithm", "brute-force", "--stats", stdin=SEED_EXAMPLE.read_text()
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1] == "checks: 2265 backtracks: 438"
    assert "\n".join(lines[:-1]) + "\n" == (CAGE / "calcudoku-5x5.out").read_text()


@pytest.mark.parametrize("algorithm", ["fast", "brute-force", "backtrack"])
@pytest.mark.parametrize("number", [1, 2, 3])
def test_course_files_give_the_course_output(algorithm: str, number: int) -> None:
    text = (CAGE / f"test{number}_in.in").read_text()
    result = latinum("solve", "--algorithm", algorithm, stdin=text)
    assert result.exit_code == 0, result.output
    assert result.stdout == (CAGE / f"test{number}_out.out").read_text()


def test_backtrack_stats_on_a_mathdoku_file() -> None:
    path = CAGE / "mathdoku-Input_4Hard.txt"
    result = latinum("solve", "--algorithm", "backtrack", "--stats", str(path))
    assert result.exit_code == 0, result.output
    *rows, last = result.stdout.splitlines()
    assert re.fullmatch(r"choices: \d+ nodes: \d+", last)
    assert rows == latinum("solve", str(path)).stdout.splitlines()


def test_fast_stats_stay_on_standard_error() -> None:
    result = latinum("solve", "--algorithm", "fast", "--stats", str(SEED_EXAMPLE))
    assert result.exit_code == 0
    assert result.stdout == (CAGE / "calcudoku-5x5.out").read_text()
    assert re.search(r"nodes: \d+ guesses: \d+ passes: \d+ time: ", result.stderr)


def test_brute_force_refuses_a_product_cage_in_one_line() -> None:
    result = latinum("solve", "--algorithm", "brute-force", str(CAGE / "mathdoku-Input_6.txt"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "use --algorithm backtrack" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_no_solution_prints_the_counters_and_exits_1() -> None:
    path = str(CAGE / "mathdoku-Input_8H.txt")
    result = latinum("solve", "--algorithm", "backtrack", "--stats", path)
    assert result.exit_code == 1
    assert re.fullmatch(r"choices: \d+ nodes: \d+\n", result.stdout)
    assert "no solution" in result.stderr


def test_node_limit_stops_brute_force() -> None:
    result = latinum("solve", "--algorithm", "brute-force", "--node-limit", "100", stdin=HARD)
    assert result.exit_code == 3
    assert "node limit (100)" in result.stderr


def test_eliminate_prints_boxed_grids_and_counts() -> None:
    result = latinum("solve", "--algorithm", "eliminate", "--stats", str(SETS_EXAMPLE))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == RULE and lines[1] == "| . . 4 | . . . | . 6 7 |"
    assert lines[13] == "" and lines[14] == RULE
    assert lines[15] == "| 2 8 4 | 5 9 3 | 1 6 7 |"
    assert lines[-1] == "eliminations: 368 sweeps: 7"
    assert len(lines) == 13 + 1 + 13 + 1
    digits = [int(char) for line in lines[14:27] for char in line if char.isdigit()]
    assert read(SETS_EXAMPLE).is_solution(Grid.of(digits))


def test_eliminate_lists_the_candidates_it_could_not_decide() -> None:
    result = latinum("solve", "--algorithm", "eliminate", stdin=HARD)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines.count(RULE) == 8
    cells = [line for line in lines if re.fullmatch(r"r\d+c\d+: \{\d(, \d)+\}", line)]
    assert cells and cells == lines[27:]
    assert re.fullmatch(r"latinum: <stdin>: eliminate left \d+ cells unsolved\n", result.stderr)


def test_eliminate_on_a_batch_and_a_contradiction() -> None:
    result = latinum("solve", "--algorithm", "eliminate", str(LATIN))
    assert result.exit_code == 1
    assert "line-latin-5x5.txt, line 1: eliminate left 8 cells unsolved" in result.stderr
    assert "r2c1: {2, 4}" in result.stdout
    broken = latinum(
        "solve", "--algorithm", "eliminate", "--from", "line", stdin="123....4........"
    )
    assert broken.exit_code == 1
    assert "r2c4 has no candidate left" in broken.stderr


def test_eliminate_refuses_cages_and_to() -> None:
    caged = latinum("solve", "--algorithm", "eliminate", str(SEED_EXAMPLE))
    assert caged.exit_code == 2 and "eliminate knows only rows" in caged.stderr
    target = latinum("solve", "--algorithm", "eliminate", "--to", "line", str(SETS_EXAMPLE))
    assert target.exit_code == 2 and "--to does not apply" in target.stderr


def test_unknown_algorithm_is_a_usage_error() -> None:
    result = latinum("solve", "--algorithm", "quick", str(SEED_EXAMPLE))
    assert result.exit_code == 2 and "quick" in result.output


# the interactive loop -----------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solving, "stdin_is_terminal", lambda: True)


def test_interactive_asks_for_files_until_told_to_stop(terminal: None, tmp_path: Path) -> None:
    answers = f"{tmp_path / 'missing.txt'}\n{SEED_EXAMPLE}\ny\n{SETS_EXAMPLE}\nn\n"
    result = latinum("solve", "--algorithm", "brute-force", "--stats", stdin=answers)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Puzzle file:") == 3
    assert result.stdout.count("Solve another puzzle?") == 2
    assert "checks: 2265 backtracks: 438" in result.stdout
    assert "missing.txt: no such file" in result.stderr
    assert "4 1 2 5 3" in result.stdout and "[2, 8, 4, 5, 9, 3, 1, 6, 7]" in result.stdout


def test_interactive_ends_cleanly_at_end_of_input(terminal: None) -> None:
    result = latinum("solve", "--algorithm", "eliminate", stdin=f"{SETS_EXAMPLE}\n")
    assert result.exit_code == 0, result.output
    assert RULE in result.stdout
    empty = latinum("solve", stdin="")
    assert empty.exit_code == 0 and "Puzzle file:" in empty.stdout


def test_without_a_terminal_standard_input_is_read() -> None:
    result = latinum("solve", stdin=SEED_EXAMPLE.read_text())
    assert "Puzzle file" not in result.stdout and result.exit_code == 0


# compare --------------------------------------------------------------------------


def rows(result: Result) -> dict[str, str]:
    """Each table row's text by its algorithm name."""
    found = {}
    for line in result.stdout.splitlines():
        cells = [cell.strip() for cell in re.split(r"[│|]", line) if cell.strip()]
        if cells and cells[0] in ("fast", "brute-force", "backtrack", "eliminate"):
            found[cells[0]] = " | ".join(cells[1:])
    return found


def test_compare_prints_a_row_per_algorithm() -> None:
    result = latinum("compare", str(SETS_EXAMPLE))
    assert result.exit_code == 0, result.output
    found = rows(result)
    assert list(found) == ["fast", "brute-force", "backtrack", "eliminate"]
    assert all(row.startswith("solved") for row in found.values())
    assert "eliminations: 368 sweeps: 7" in found["eliminate"]
    assert "algorithm" in result.stdout and "time (ms)" in result.stdout


def test_compare_on_the_seed_example_leaves_out_eliminate() -> None:
    found = rows(latinum("compare", str(SEED_EXAMPLE)))
    assert list(found) == ["fast", "brute-force", "backtrack"]
    assert "checks: 2265 backtracks: 438" in found["brute-force"]


def test_compare_shows_unsolved_no_solution_and_stopped(tmp_path: Path) -> None:
    latin = rows(latinum("compare", str(LATIN), "--number", "1"))  # LATIN is a batch
    assert latin["eliminate"].startswith("unsolved: 8 cells left")
    unsolvable = rows(latinum("compare", str(CAGE / "mathdoku-Input_8H.txt")))
    assert unsolvable["fast"].startswith("no solution")
    assert unsolvable["backtrack"].startswith("no solution")
    hard = tmp_path / "hard.txt"
    hard.write_text(HARD + "\n")
    result = latinum("compare", "--time-limit", "0.01", "--algorithms", "brute-force", str(hard))
    assert result.exit_code == 0
    assert rows(result)["brute-force"].startswith("stopped at the time limit")


def test_compare_chosen_algorithms() -> None:
    chosen = "backtrack,eliminate,fast"
    found = rows(latinum("compare", "--algorithms", chosen, str(SEED_EXAMPLE)))
    assert list(found) == ["backtrack", "eliminate", "fast"]
    assert found["eliminate"].startswith("not applicable")
    unknown = latinum("compare", "--algorithms", "fast,quick", str(SEED_EXAMPLE))
    assert unknown.exit_code == 2 and "unknown algorithm 'quick'" in unknown.stderr


def test_compare_bad_input_and_help() -> None:
    broken = latinum("compare", str(CAGE / "mathdoku-Input_9H.txt"))
    assert broken.exit_code == 2 and "invalid puzzle" in broken.stderr
    missing = latinum("compare", "no-such-file.txt")
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    helped = latinum("compare", "--help")
    assert helped.exit_code == 0 and "latinum compare calcudoku-5x5.in" in helped.stdout
