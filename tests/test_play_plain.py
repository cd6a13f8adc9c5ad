"""The line-mode game, driven by scripted input: through the library and ``latinum play``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Puzzle, read_all
from latinum.cli import main
from latinum.play import PlainGame, board_text, duplicates
from latinum.play.plain import broken_cages, underline

SEEDS = Path(__file__).parent / "fixtures" / "seeds"
FORMATS = Path(__file__).parent / "fixtures" / "formats"
GAMES = SEEDS / "play-4x4.txt"
# Puzzle 1 is 12.. / ..12 / 2..3 / .32. with solution 1234 / 3412 / 2143 / 4321.
FIRST, SECOND = read_all(GAMES)
WIN_FIRST = "1 3 3\n1 4 4\n2 1 3\n2 2 4\n3 2 1\n3 3 4\n4 1 4\n4 4 1\n"
WIN_SECOND = "1 1 2\n1 2 1\n2 3 1\n2 4 2\n3 1 4\n3 2 3\n4 3 4\n4 4 3\n"


def play(script: str, puzzles: list[Puzzle] | None = None, **options) -> tuple[int, str]:
    out = io.StringIO()
    status = PlainGame(puzzles or [FIRST], io.StringIO(script), out, **options).run()
    return status, out.getvalue()


def latinum(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


# The board ---------------------------------------------------------------------


def test_board_has_numbers_box_rules_and_bracketed_entries() -> None:
    values = list(FIRST.givens)
    values[2] = 3
    assert board_text(FIRST, values).splitlines() == [
        "    1  2   3  4",
        "  +------+------+",
        "1 | 1  2 |[3] . |",
        "2 | .  . | 1  2 |",
        "  +------+------+",
        "3 | 2  . | .  3 |",
        "4 | .  3 | 2  . |",
        "  +------+------+",
    ]


def test_entries_may_also_be_underlined_but_keep_their_brackets() -> None:
    values = list(FIRST.givens)
    values[2] = 3
    assert "[\x1b[4m" not in board_text(FIRST, values, underline)
    assert "\x1b[4m[3]\x1b[0m" in board_text(FIRST, values, underline)
    assert "\x1b" not in board_text(FIRST, values)


def test_latin_square_board_has_no_box_rules_inside() -> None:
    lines = board_text(Puzzle.latin("1........"), [1, 2, 0, 0, 0, 0, 0, 0, 0]).splitlines()
    assert lines[2] == "1 | 1 [2] . |"
    assert sum(line.lstrip().startswith("+") for line in lines) == 2


def test_two_digit_values_on_a_12x12_board() -> None:
    puzzle = Puzzle.sudoku([12] + [0] * 143)
    values = list(puzzle.givens)
    values[1] = 11
    row = board_text(puzzle, values).splitlines()[2]
    assert row.startswith(" 1 | 12 [11]  .   . |")


# Moves and reports ---------------------------------------------------------------


def test_valid_move_shows_the_entry_in_brackets() -> None:
    status, out = play("1 3 3\nquit\n")
    assert status == 0
    assert "1 | 1  2 |[3] . |" in out
    assert "has two" not in out
    assert out.rstrip().endswith("Goodbye.")


def test_spaces_or_commas_between_numbers() -> None:
    _, out = play("1,3,3\n1, 4  4\nq\n")
    assert "1 | 1  2 |[3][4]|" in out


def test_a_given_cannot_be_changed() -> None:
    _, out = play("1 1 4\n2 3 0\nq\n")
    assert "r1c1 is a given (1) and cannot be changed." in out
    assert "r2c3 is a given (1) and cannot be changed." in out


def test_duplicates_are_reported_in_words() -> None:
    _, out = play("2 1 1\nq\n")
    assert "Column 1 has two 1s: r1c1 and r2c1." in out
    assert "Box 1 has two 1s: r1c1 and r2c1." in out
    assert "Row 2 has two 1s: r2c1 and r2c3." in out


def test_three_of_a_value_and_diagonals() -> None:
    values = [1, 0, 1, 1] + [0] * 12
    assert duplicates(Puzzle.latin("0" * 16), values) == [
        "Row 1 has three 1s: r1c1, r1c3 and r1c4."
    ]
    x = Puzzle.sudoku("0" * 16, diagonals=True)
    found = duplicates(x, [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2])
    assert found == ["The diagonal from r1c1 has two 2s: r1c1 and r4c4."]


def test_erase_with_zero() -> None:
    _, out = play("2 1 1\n2 1 0\n2 1 0\nq\n")
    boards = [block for block in out.split("Move: ") if "+------+" in block]
    assert "2 |[1] . | 1  2 |" in boards[1]
    assert "2 | .  . | 1  2 |" in boards[2]
    assert "r2c1 is already empty." in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("hello", "Sorry, 'hello' is not a command"),
        ("1 2", "Sorry, '1 2' is not a command"),
        ("1 x 3", "Sorry, '1 x 3' is not a command"),
        ("1 2 3 4", "Sorry, '1 2 3 4' is not a command"),
        ("5 1 1", "Row must be 1 to 4, not 5."),
        ("0 1 1", "Row must be 1 to 4, not 0."),
        ("1 9 1", "Column must be 1 to 4, not 9."),
        ("1 3 7", "Value must be 0 to 4, not 7."),
        ("1 3 -2", "Sorry, '1 3 -2' is not a command"),
        ("9" * 5000 + " 1 1", "is not a command"),
    ],
)
def test_malformed_input_gets_a_message_and_the_prompt_again(line: str, message: str) -> None:
    status, out = play(f"{line}\n1 3 3\nq\n")
    assert status == 0 and message in out
    after = out.split(message, 1)[1]
    assert "Move: " in after
    assert "1 | 1  2 |[3] . |" in after


def test_help_hint_board_and_restart() -> None:
    _, out = play("help\nhint\n1 3 4\nhint\nrestart\nboard\nq\n")
    assert "ROW COL VALUE" in out and "solve" in out
    assert "Hint: r1c4 can only be 4." in out
    assert "Hint: r1c3 does not match the solution." in out
    assert out.count("1 | 1  2 | .  . |") == 3  # start, restart, board


def test_solve_fills_the_board_and_asks_to_play_again() -> None:
    status, out = play("solve\nn\n")
    assert status == 0
    assert "1 | 1  2 |[3][4]|" in out and "4 |[4] 3 | 2 [1]|" in out
    assert "Here is the solution." in out
    assert "Play again? (y/n) " in out
    assert out.rstrip().endswith("Goodbye.")


def test_win_congratulates_and_play_again_restarts_the_puzzle() -> None:
    status, out = play(WIN_FIRST + "y\n1 3 3\nq\n")
    assert status == 0
    assert "Congratulations! The puzzle is solved." in out
    assert "Play again? (y/n) " in out
    restarted = out.split("Play again? (y/n) ", 1)[1]
    assert "1 | 1  2 | .  . |" in restarted and "1 | 1  2 |[3] . |" in restarted


def test_play_again_moves_to_the_next_puzzle_and_cycles() -> None:
    status, out = play(WIN_FIRST + "y\n" + WIN_SECOND + "yes\nq\n", [FIRST, SECOND])
    assert status == 0
    assert "Puzzle 2 of 2" in out
    assert out.count("Congratulations!") == 2
    assert out.count("Puzzle 1 of 2") == 2


def test_play_again_wants_y_or_n() -> None:
    _, out = play("solve\nmaybe\nn\n")
    assert "Please answer y or n." in out
    assert out.count("Play again? (y/n) ") == 2


def test_full_but_wrong_board_says_where() -> None:
    wrong = WIN_FIRST.replace("4 4 1", "4 4 4")
    _, out = play(wrong + "q\n")
    assert "The board is full but not correct:" in out
    assert "Row 4 has two 4s: r4c1 and r4c4." in out
    assert "Congratulations" not in out


def test_quit_and_end_of_input_end_cleanly() -> None:
    for script in ("quit\n", "q\n", "exit\n", "", "1 3 3\n", "1 3 3", "solve\n"):
        status, out = play(script)
        assert status == 0 and out.rstrip().endswith("Goodbye.")


def test_echo_repeats_each_command() -> None:
    _, out = play("1 3 3\nq\n", echo=True)
    assert "Move: 1 3 3\n" in out and "Move: q\n" in out
    _, quiet = play("1 3 3\nq\n")
    assert "Move: 1 3 3" not in quiet


def test_no_solution_is_said_not_raised() -> None:
    unsolvable = Puzzle.latin("12......3")
    _, out = play("solve\nhint\nq\n", [unsolvable])
    assert out.count("Sorry, no solution") == 2


# Cages ------------------------------------------------------------------------------


def test_kenken_shows_cages_and_reports_broken_ones() -> None:
    [keen] = read_all(FORMATS / "keen-id.txt")
    script = "1 1 1\n1 2 2\n1 3 3\n2 1 2\n2 2 3\n2 3 1\n3 1 3\n3 2 1\n3 3 2\nq\n"
    _, out = play(script, [keen])
    assert "Cage 9+: the sum of" in out and "|9+" in out
    assert "every cage reaches its target" in out
    assert "The board is full but not correct:" in out
    assert "but holds" in out
    assert "     1    2    3" in out and "1 | [1]  [2]  [3]|" in out


def test_killer_cage_duplicates_are_reported() -> None:
    killer = Puzzle.killer([(5, [1, 6])], box=(2, 2))
    assert duplicates(killer, [0, 2] + [0] * 4 + [2] + [0] * 9) == [
        "The cage at r1c2 has two 2s: r1c2 and r2c3."
    ]
    full = [1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2]
    assert broken_cages(killer, full) == [
        "Cage 5: the sum of r1c2 and r2c3 (all different) is 5, but holds 2 and 2."
    ]


# Through the command -------------------------------------------------------------------


def test_command_plays_the_built_in_puzzle() -> None:
    result = latinum("play", "--plain", stdin="1 3 4\n1 1 9\nquit\n")
    assert result.exit_code == 0, result.output
    assert "1 | 5  3 [4]| .  7  . | .  .  . |" in result.stdout
    assert "Move: 1 3 4" in result.stdout  # commands are echoed when input is a pipe
    assert "r1c1 is a given (5) and cannot be changed." in result.stdout
    assert "\x1b" not in result.stdout
    assert result.stdout.rstrip().endswith("Goodbye.")


def test_command_without_plain_runs_the_plain_game_too() -> None:
    result = latinum("play", stdin="1 3 4\nq\n")
    assert result.exit_code == 0 and "[4]" in result.stdout


def test_command_plays_a_file_and_its_next_puzzle() -> None:
    result = latinum("play", "--plain", str(GAMES), stdin=WIN_FIRST + "y\n" + WIN_SECOND + "n\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Congratulations!") == 2 and "Puzzle 2 of 2" in result.stdout


def test_command_duplicates_solve_and_malformed_input() -> None:
    script = "1 3 5\nbad\n2 3 0\n1 3 0\nsolve\nn\n"
    result = latinum("play", "--plain", stdin=script)
    out = result.stdout
    assert result.exit_code == 0
    assert "Row 1 has two 5s: r1c1 and r1c3." in out
    assert "Box 1 has two 5s: r1c1 and r1c3." in out
    assert "Sorry, 'bad' is not a command" in out
    assert "r2c3 is already empty." in out
    assert out.count("has two 5s") == 2
    assert "Here is the solution." in out and "Play again? (y/n)" in out


def test_command_ends_cleanly_at_end_of_input() -> None:
    result = latinum("play", "--plain", stdin="")
    assert result.exit_code == 0 and result.stdout.rstrip().endswith("Goodbye.")


def test_command_plays_kenken() -> None:
    result = latinum("play", str(FORMATS / "keen-id.txt"), stdin="q\n")
    assert result.exit_code == 0 and "Cage 9+" in result.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["-"], "1200001220030320\n", ["standard input"]),
        (["no-such-file.txt"], "", ["no such file"]),
        (["-"], "", ["empty input"]),
    ],
)
def test_command_refuses_bad_input(args: list[str], stdin: str, words: list[str]) -> None:
    result = latinum("play", "--plain", *args, stdin=stdin)
    assert result.exit_code == 2
    assert result.stderr.startswith("latinum: ") and result.stderr.count("\n") == 1
    assert all(word in result.stderr for word in words)


def test_command_refuses_an_invalid_puzzle(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1100000000000000\n")
    result = latinum("play", "--plain", str(bad), stdin="q\n")
    assert result.exit_code == 2 and "invalid puzzle" in result.stderr
    assert result.stdout == ""
