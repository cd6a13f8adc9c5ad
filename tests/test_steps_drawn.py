"""Steps drawn on the pencil-mark grid (``steps --grid``, ``hint --grid``) and as SVG
pictures (``steps --svg``, ``hint --svg``)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Puzzle
from latinum.cli import main
from latinum.logic import State, Step
from latinum.render.candidates import drawn_grid, legend, pencil_grid, text_of

TOUR = Path(__file__).resolve().parents[1] / "docs" / "tour"
#: Its first step without singles: "Pointing: in box 2, 4 can only be in row 1
#: (r1c4 and r1c6), so removes 4 from r1c1".
XYWING = (TOUR / "xywing.txt").read_text().strip()
NO_SINGLES = ["--exclude", "Hidden Single", "--exclude", "Naked Single", "--exclude", "Full House"]
#: A game whose next step is "XY-Wing with pivot r2c7 {1,2} and pincers r2c1 {1,5},
#: r4c7 {2,5}: removes 5 from r4c1".
GAME = str(TOUR / "game.json")
#: A terminal code that sets a colour (bold and strike are not colours).
COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")
ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def latinum(*args: str, **env: str | None) -> Result:
    colours = {"NO_COLOR": None, "FORCE_COLOR": None, **env}
    return CliRunner().invoke(main, list(args), env=colours, prog_name="latinum")


def first_pointing(*args: str, **env: str | None) -> Result:
    """``steps --grid 1`` of XYWING without singles (stuck later on: exit status 1)."""
    result = latinum("steps", "--grid", "1", *NO_SINGLES, *args, XYWING, **env)
    assert result.exit_code == 1, result.output
    return result


def grid_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:1] in "+|"]


def cells_of_row(line: str) -> list[str]:
    """The texts of the cells of a grid line, brackets and all."""
    return line.replace("|", " ").split()


# The terminal drawing ------------------------------------------------------------


def test_a_step_is_drawn_on_the_grid_before_it_with_markers_and_a_key() -> None:
    lines = first_pointing("--plain").stdout.splitlines()
    assert lines[1].startswith("  1. Pointing: in box 2, 4 can only be in row 1")
    grid = grid_lines("\n".join(lines))
    assert len(grid) == 13 and len({len(line) for line in grid}) == 1  # aligned
    row1 = cells_of_row(grid[1])
    assert row1[0] == "[12-48]"  # r1c1 still holds the 4 it loses, marked
    assert row1[3] == "[2*4789]" and row1[5] == "[12*48]"  # the pattern
    assert "[3]" in cells_of_row(grid[2])  # box 2 is where to look
    assert cells_of_row(grid[5])[0] == "258"  # outside the region: plain
    assert lines[15] == "key: [ ] cells to look at  *n pattern  -n eliminated"
    assert lines[16].startswith("  2. ")


def test_start_and_end_grids_stay_plain() -> None:
    result = latinum("steps", "--plain", "--grid", "start", XYWING)
    start = State.start(Puzzle.sudoku(XYWING))
    assert pencil_grid(start.puzzle.geometry, start.values, start.candidates) in result.stdout
    assert "key:" not in result.stdout and "[" not in result.stdout
    end = latinum("steps", "--plain", "--grid", "end", XYWING).stdout
    assert "key:" not in end and len(grid_lines(end)) == 13


def test_grid_all_draws_every_step_then_the_end() -> None:
    result = latinum("steps", "--plain", "--grid", "all", XYWING)
    assert result.exit_code == 0
    steps = int(re.search(r"Solved in (\d+) steps", result.stdout)[1])  # type: ignore[index]
    assert result.stdout.count("\nkey: ") == steps
    assert len(grid_lines(result.stdout)) == 13 * (steps + 1)
    assert result.stdout.count("+n placed") == sum(
        1
        for line in result.stdout.splitlines()
        if re.match(r" *\d+\. (Hidden single|Naked single|Full house)", line)
    )


def test_colours_are_forced_or_turned_off_and_the_markers_stay() -> None:
    plain = first_pointing("--plain").stdout
    coloured = first_pointing(FORCE_COLOR="1").stdout
    assert COLOUR.search(coloured)
    assert ESCAPES.sub("", coloured) == plain
    for quiet in (first_pointing(FORCE_COLOR="1", NO_COLOR="1"), first_pointing("--plain")):
        assert not COLOUR.search(quiet.stdout)
        assert ESCAPES.sub("", quiet.stdout) == plain
    with_plain_and_force = first_pointing("--plain", FORCE_COLOR="1").stdout
    assert not COLOUR.search(with_plain_and_force)


def test_a_file_gets_no_colours(tmp_path: Path) -> None:
    target = tmp_path / "steps.txt"
    latinum("steps", "--grid", "1", *NO_SINGLES, XYWING, str(target), FORCE_COLOR="1")
    written = target.read_text()
    assert "\x1b[" not in written
    assert written == first_pointing("--plain").stdout


def test_hint_grid_shows_as_much_as_the_level() -> None:
    def drawn(level: int) -> str:
        result = latinum("hint", "--state", GAME, "--level", str(level), "--grid", "--plain")
        assert result.exit_code == 0, result.output
        return result.stdout

    first, second, third = drawn(1), drawn(2), drawn(3)
    assert first.splitlines()[0] == "Look for an XY-Wing."
    assert len(grid_lines(first)) == 13
    assert "[" not in first and "*" not in first and "key:" not in first
    assert "[15]" in second and "*" not in second and "-5" not in second
    assert second.splitlines()[-1] == "key: [ ] cells to look at"
    assert third.splitlines()[0].startswith("XY-Wing with pivot r2c7")
    grid = grid_lines(third)
    row2, row4 = cells_of_row(grid[2]), cells_of_row(grid[5])
    assert row2[0] == "[*1*5]" and row2[6] == "[*1*2]"
    assert row4[0] == "-58" and row4[6] == "[*2*5]"
    assert third.splitlines()[-1] == "key: [ ] cells to look at  *n pattern  -n eliminated"


def test_hint_grid_colours() -> None:
    args = ("hint", "--state", GAME, "--level", "3", "--grid")
    coloured = latinum(*args, FORCE_COLOR="1").stdout
    assert COLOUR.search(coloured)
    assert ESCAPES.sub("", coloured) == latinum(*args).stdout
    assert not COLOUR.search(latinum(*args, "--plain", FORCE_COLOR="1").stdout)
    assert not COLOUR.search(latinum(*args, FORCE_COLOR="1", NO_COLOR="1").stdout)


def test_a_drawing_that_shows_nothing_is_the_plain_grid() -> None:
    state = State.start(Puzzle.sudoku(XYWING))
    args = (state.puzzle.geometry, state.values, state.candidates)
    nothing = Step("Pointing", "text")
    assert text_of(drawn_grid(*args, nothing)) == pencil_grid(*args)
    assert legend(nothing) == []
    placed = Step("Naked Single", "text", placements=((2, 2),), cells=(2,), region=(0, 1, 2))
    text = text_of(drawn_grid(*args, placed))
    assert "[+2" in text.splitlines()[1]
    assert text_of([legend(placed)]) == "key: [ ] cells to look at  +n placed"


# Pictures ------------------------------------------------------------------------


def test_hint_svg_writes_the_picture_of_the_step(tmp_path: Path) -> None:
    for level in (1, 2, 3):
        target = tmp_path / f"hint-{level}.svg"
        result = latinum("hint", "--state", GAME, "--level", str(level), "--svg", str(target))
        assert result.exit_code == 0, result.output
        assert ElementTree.parse(target).getroot().tag.endswith("svg")


def test_steps_svg_writes_one_numbered_picture_a_step(tmp_path: Path) -> None:
    folder = tmp_path / "made" / "here"
    result = latinum("steps", "--grid", "none", "--svg", str(folder), XYWING)
    assert result.exit_code == 0, result.output
    steps = int(re.search(r"Solved in (\d+) steps", result.stdout)[1])  # type: ignore[index]
    names = sorted(path.name for path in folder.iterdir())
    assert names == [f"step-{number:03d}.svg" for number in range(1, steps + 1)]
    for name in (names[0], names[-1]):
        assert ElementTree.parse(folder / name).getroot().tag.endswith("svg")


@pytest.mark.parametrize(
    ("where", "message"),
    [("file", "is a file, not a folder"), ("file/below", "cannot make the folder")],
)
def test_a_bad_svg_folder_fails_with_a_message(tmp_path: Path, where: str, message: str) -> None:
    (tmp_path / "file").write_text("")
    result = latinum("steps", "--svg", str(tmp_path / where), XYWING)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"latinum: {tmp_path / where}: ")
    assert message in result.stderr and "Traceback" not in result.output


def test_a_bad_svg_file_fails_before_the_hint(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "hint.svg"
    result = latinum("hint", "--state", GAME, "--svg", str(target))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"latinum: {target}: cannot write: No such file or directory\n"


def test_singles_take_no_svg(tmp_path: Path) -> None:
    result = latinum("steps", "--singles", "--svg", str(tmp_path), XYWING)
    assert result.exit_code == 2
    assert "--singles and --svg do not go together" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_readme_chain_is_the_fifth_picture_of_steps_svg(tmp_path: Path) -> None:
    result = latinum("steps", "--grid", "none", "--svg", str(tmp_path), str(TOUR / "chain.txt"))
    assert result.exit_code == 0, result.output
    readme_picture = TOUR.parent / "pictures" / "step-chain.svg"
    assert (tmp_path / "step-005.svg").read_text() == readme_picture.read_text()
