"""PDF puzzle books: pages laid out as asked, read back with pypdf; ``latinum print --to pdf``."""

from __future__ import annotations

import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import latinum as latinum_api
from latinum import Puzzle, solve
from latinum.cli import main
from latinum.render.book import Entry, caption, pages

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("cairosvg")

from latinum.render import pdf  # noqa: E402 (after the skips)

BOOK = Path(__file__).parent / "fixtures" / "book" / "sudoku-12.jsonl"
SVG = "{http://www.w3.org/2000/svg}"
A4, LETTER = (595.28, 841.89), (612.0, 792.0)


def latinum(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def records() -> list[dict]:
    return [json.loads(line) for line in BOOK.read_text().splitlines()]


def puzzles() -> list[Puzzle]:
    return latinum_api.read_all(BOOK)


def entries() -> list[Entry]:
    return [Entry(puzzle, solve(puzzle)) for puzzle in puzzles()]


def texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


def test_twelve_puzzles_four_a_page_with_answers_read_back() -> None:
    data = pdf(pages(entries(), per_page=4, title="Twelve Sudoku"), "Twelve Sudoku")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3 + 1  # three pages of four, then twelve answers on one
    assert reader.metadata.title == "Twelve Sudoku"
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4)
    found = [page.extract_text() for page in reader.pages]
    for number, text in enumerate(found[:3]):
        assert text.startswith("Twelve Sudoku")
        assert f"Puzzles {4 * number + 1}–{4 * number + 4}" in text
        assert str(number + 1) in lines_of(text)  # the page number
    assert "Answers 1–12" in found[3] and "4" in lines_of(found[3])
    for record, text in zip(records(), [t for t in found[:3] for _ in range(4)], strict=True):
        rating = record["x-rating"]
        assert f"{rating['level']} · score {rating['score']:g}" in text


def test_the_answers_are_the_solutions_row_by_row() -> None:
    answers = texts(pdf(pages(entries(), per_page=6)))[-1]
    for record in records():
        solution = record["solution"]
        for row in range(9):
            assert " ".join(solution[9 * row : 9 * row + 9]) in answers


@pytest.mark.parametrize(("per_page", "count"), [(1, 12 + 1), (2, 6 + 1), (4, 3 + 1), (6, 2 + 1)])
def test_page_count_follows_per_page(per_page: int, count: int) -> None:
    assert len(list(pages(entries(), per_page=per_page))) == count


def test_without_answers_only_the_puzzles() -> None:
    drawn = list(pages(puzzles(), per_page=4, answers=False))
    assert len(drawn) == 3 and all("Answer" not in page for page in drawn)


def test_letter_paper() -> None:
    reader = pypdf.PdfReader(io.BytesIO(pdf(pages(entries()[:1], paper="Letter"))))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(LETTER)


def placed(page: str) -> tuple[list[tuple[float, float, float]], list[tuple[str, float, float]]]:
    """The (x, y, side) of each picture and the (text, x, baseline) of each text of a page."""
    root = ET.fromstring(page)
    pictures = [
        (float(e.get("x")), float(e.get("y")), float(e.get("width")))
        for e in root.findall(f"{SVG}svg")
    ]
    words = [(e.text, float(e.get("x")), float(e.get("y"))) for e in root.findall(f"{SVG}text")]
    return pictures, words


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_everything_sits_inside_margins_and_numbers_above_captions_below(
    paper: str, per_page: int
) -> None:
    width, height = A4 if paper == "a4" else LETTER
    margin = 42.5  # 15 mm
    first = next(pages(puzzles(), per_page=per_page, paper=paper, title="T", answers=False))
    pictures, words = placed(first)
    assert len(pictures) == per_page
    for x, y, side in pictures:
        assert margin <= x and x + side <= width - margin
        assert margin <= y and y + side <= height - margin
        assert side > 100
    for number, ((x, y, side), puzzle) in enumerate(zip(pictures, puzzles(), strict=False), 1):
        near = [(text, a - x, b - y) for text, a, b in words if x <= a <= x + side]
        assert any(text == str(number) and -20 < b < 0 for text, _, b in near)  # just above
        below = [b - side for text, _, b in near if text == caption(puzzle)]
        assert any(0 < b < 20 for b in below)  # the caption just below
    assert all(margin <= baseline <= height - margin for _, _, baseline in words)
    # No two pictures overlap.
    for i, (x1, y1, s1) in enumerate(pictures):
        for x2, y2, s2 in pictures[i + 1 :]:
            assert x1 + s1 <= x2 or x2 + s2 <= x1 or y1 + s1 <= y2 or y2 + s2 <= y1


def test_answers_of_big_grids_are_fewer_to_a_page() -> None:
    grid = solve(Puzzle.sudoku("." * 256, box=(4, 4)))
    big = [Entry(Puzzle.sudoku(grid.values, box=(4, 4)), grid)] * 7
    drawn = list(pages(big, per_page=6))
    answer_pages = [page for page in drawn if "Answer" in page]
    assert len(answer_pages) == 2  # six 16x16 answers a page, not twelve


def test_caption_says_what_is_known() -> None:
    puzzle = puzzles()[0]
    assert caption(puzzle) == f"{puzzle.level} · score {puzzle.score:g}"
    plain = Puzzle.sudoku(puzzle.givens)
    assert caption(plain) == ""
    assert "Extreme" not in next(pages([plain], answers=False))


def test_titles_are_one_short_printable_line() -> None:
    page = next(pages(entries()[:1], title="Bad\x00title\nhere " + "x" * 200))
    heads = [e.text for e in ET.fromstring(page).iter(f"{SVG}text") if e.text.startswith("Bad")]
    assert len(heads) == 1
    assert heads[0].startswith("Bad title here x") and len(heads[0]) == 80


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"per_page": 3}, "choose 1, 2, 4 or 6"),
        ({"paper": "a3"}, "unknown paper 'a3'"),
    ],
)
def test_arguments_are_checked_before_any_drawing(arguments: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pages(entries(), **arguments)


def test_a_book_needs_puzzles_and_answers_need_solutions() -> None:
    with pytest.raises(ValueError, match="at least one puzzle"):
        pages([])
    with pytest.raises(ValueError, match="puzzle 2 has no solution"):
        pages([entries()[0], puzzles()[1]])


def test_every_variant_binds(tmp_path: Path) -> None:
    kinds = []
    for example in ("sudoku", "killer", "kenken"):
        out = tmp_path / f"{example}.pdf"
        result = latinum("print", "--example", example, "-o", str(out))
        assert result.exit_code == 0, result.output
        kinds.append(len(pypdf.PdfReader(out).pages))
    assert kinds == [2, 2, 2]


# The command ---------------------------------------------------------------------


def test_generate_piped_into_print_makes_a_book(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    result = latinum(
        "print", "--per-page", "6", "--title", "Sudoku", "-o", str(out), stdin=BOOK.read_text()
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}: 12 puzzles on 3 pages\n"
    found = texts(out.read_bytes())
    assert "Puzzles 7–12" in found[1] and "Answers 1–12" in found[2]
    assert "Extreme · score 7" in found[0]


def test_rate_prints_the_level_the_input_does_not_give(tmp_path: Path) -> None:
    out = tmp_path / "rated.pdf"
    lines = "\n".join(record["givens"] for record in records()[:2])
    result = latinum("print", "--rate", "--no-answers", "-o", str(out), stdin=lines)
    assert result.exit_code == 0, result.output
    (text,) = texts(out.read_bytes())
    assert re.search(r"Medium · score 2\.8", text) and "Extreme · score 7" in text


def test_pdf_goes_to_standard_output_when_not_a_terminal() -> None:
    result = latinum("print", "--example", "--to", "pdf", "-o", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"%PDF")
    assert result.stderr == "-: 1 puzzle on 2 pages\n"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--solution"], "--solution and --cell are for SVG and PNG"),
        (["--cell", "30"], "--solution and --cell are for SVG and PNG"),
    ],
)
def test_picture_options_are_refused_for_a_book(arguments: list[str], message: str) -> None:
    result = latinum("print", "--example", "-o", "book.pdf", *arguments)
    assert result.exit_code == 2 and message in result.stderr


def test_book_options_are_refused_for_pictures() -> None:
    result = latinum("print", "--example", "-o", "x.svg", "--per-page", "2", "--title", "T")
    assert result.exit_code == 2
    assert result.stderr == "latinum: --per-page, --title: for PDF books only (--to pdf)\n"


def test_per_page_is_one_of_the_layouts() -> None:
    result = latinum("print", "--example", "-o", "x.pdf", "--per-page", "3")
    assert result.exit_code == 2 and "'1', '2', '4', '6'" in result.output


def test_bad_records_are_named_and_the_rest_printed(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    good = records()[0]["givens"]
    result = latinum("print", "-o", str(out), stdin=f"{good}\n{'1' * 81}\n{good}\n")
    assert result.exit_code == 2
    assert "line 2" in result.stderr
    assert result.stdout == f"{out}: 2 puzzles on 2 pages\n"


def test_nothing_to_print_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    result = latinum("print", "-o", str(out), stdin="1" * 81 + "\n")
    assert result.exit_code == 2 and "no puzzle to print" in result.stderr
    assert not out.exists()


def test_pdf_needs_the_print_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdf", None)
    result = latinum("print", "--example", "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 2
    assert result.stderr == "latinum: PDF output needs pypdf: pip install 'latinum[print]'\n"


def test_unwritable_book_is_one_clear_line(tmp_path: Path) -> None:
    result = latinum("print", "--example", "-o", str(tmp_path / "no" / "book.pdf"))
    assert result.exit_code == 2
    assert result.stderr.startswith("latinum: cannot write") and "Traceback" not in result.output


def test_marks_are_pencilled_on_the_puzzle_pages_only() -> None:
    puzzle = puzzles()[0]
    marks = [{1, 2}] * 81
    drawn = list(pages([Entry(puzzle, solve(puzzle), marks)], per_page=1))
    assert 'class="candidate"' in drawn[0] and 'class="candidate"' not in drawn[1]
