"""``latinum print``: one picture per puzzle, numbered files for a batch, clear refusals."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum.cli import main

FORMATS = Path(__file__).parent / "fixtures" / "formats"
SVG = "{http://www.w3.org/2000/svg}"


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def classes(path: Path) -> list[str]:
    return [e.get("class") for e in ET.parse(path).getroot().iter() if e.get("class")]


def test_one_puzzle_one_picture(tmp_path: Path) -> None:
    out = tmp_path / "killer.svg"
    result = latinum("print", "--example", "killer", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"example killer: {out}\n"
    assert classes(out).count("cage-outline") > 20
    assert "value" not in classes(out)


def test_solution_is_drawn_in_the_empty_cells(tmp_path: Path) -> None:
    out = tmp_path / "sudoku.svg"
    assert latinum("print", "--example", "--solution", "-o", str(out)).exit_code == 0
    found = classes(out)
    assert found.count("given") + found.count("value") == 81 and found.count("given") == 30


def test_marks_pencil_in_what_the_givens_leave(tmp_path: Path) -> None:
    out = tmp_path / "marks.svg"
    assert latinum("print", "--example", "--marks", "-o", str(out)).exit_code == 0
    marks = {}
    for text in ET.parse(out).getroot().iter(f"{SVG}text"):
        if text.get("class") == "candidate":
            cell = (int((float(text.get("y")) - 10) // 40), int((float(text.get("x")) - 10) // 40))
            marks.setdefault(cell, set()).add(int(text.text))
    # The classic example: r1c3 sees 5 3 7 in its row, 6 9 8 in its box, nothing more.
    assert marks[0, 2] == {1, 2, 4}
    assert len(marks) == 81 - 30


def test_a_batch_gives_numbered_pictures(tmp_path: Path) -> None:
    source = FORMATS / "line-9x9.txt"
    count = sum(1 for line in source.read_text().splitlines() if line and line[0] != "#")
    result = latinum("print", str(source), "-o", str(tmp_path / "book.svg"))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"book-{i:03d}.svg" for i in range(1, count + 1)]
    assert all(line.endswith(".svg") for line in result.stdout.splitlines())


def test_several_files_are_numbered_in_turn(tmp_path: Path) -> None:
    files = [str(FORMATS / "puzzle.sdk"), str(FORMATS / "boxed-6x6.txt")]
    result = latinum("print", *files, "-o", str(tmp_path / "page"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page-001.svg", "page-002.svg"]


def test_standard_output_takes_one_svg() -> None:
    result = latinum("print", "--example", "kenken", "-o", "-")
    assert result.exit_code == 0
    assert ET.fromstring(result.stdout).tag == f"{SVG}svg"
    batch = latinum("print", str(FORMATS / "line-9x9.txt"), "-o", "-")
    assert batch.exit_code == 2 and batch.stdout == ""
    assert "holds several puzzles; give -o a file name" in batch.stderr


def test_bad_records_are_named_and_the_others_drawn(tmp_path: Path) -> None:
    source = tmp_path / "mixed.txt"
    good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    source.write_text(f"{good}\n{good[:40]}\n55{good[2:]}\n{good}\n")
    result = latinum("print", str(source), "-o", str(tmp_path / "out.svg"))
    assert result.exit_code == 2
    assert f"{source}, line 2" in result.stderr
    assert f"{source}, line 3" in result.stderr and "invalid puzzle" in result.stderr
    assert sorted(p.name for p in tmp_path.glob("out-*")) == ["out-001.svg", "out-002.svg"]


def test_format_follows_the_suffix_and_must_agree_with_to(tmp_path: Path) -> None:
    clash = latinum("print", "--example", "-o", str(tmp_path / "a.png"), "--to", "svg")
    assert clash.exit_code == 2 and "--to svg does not match the output" in clash.stderr
    plain = latinum("print", "--example", "-o", str(tmp_path / "picture"))
    assert plain.exit_code == 0 and (tmp_path / "picture").read_text().startswith("<svg")


def test_unwritable_output_is_one_clear_line(tmp_path: Path) -> None:
    result = latinum("print", "--example", "-o", str(tmp_path / "missing" / "a.svg"))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"latinum: cannot write {tmp_path / 'missing' / 'a.svg'}")
    assert "Traceback" not in result.output


def test_png_needs_the_print_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    result = latinum("print", "--example", "-o", str(tmp_path / "a.png"))
    assert result.exit_code == 2
    assert result.stderr == "latinum: PNG output needs cairosvg: pip install 'latinum[print]'\n"
    assert not list(tmp_path.iterdir())


def test_png_pictures_have_the_cell_size_asked(tmp_path: Path) -> None:
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as error:
        pytest.skip(f"PNG needs cairosvg and Cairo: {error}")
    out = tmp_path / "k.png"
    result = latinum("print", "--example", "kenken", "--cell", "60", "-o", str(out))
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (6 * 60 + 30, 6 * 60 + 30)


def test_cell_size_is_checked_at_the_door() -> None:
    result = latinum("print", "--example", "--cell", "4", "-o", "x.svg")
    assert result.exit_code == 2
    assert "4 is out of range; give a whole number from 12 to 400." in result.stderr
