"""The pages of a puzzle book, as SVG: the puzzles several to a page, the answers at the back.

Each page is a sheet of A4 or Letter paper measured in points (1/72 inch), with
15 mm margins and everything printed inside them: a running head (the book's
title, and which puzzles or answers the page holds), the puzzles in a grid of
slots (number above, level and score below when known) and the page number
at the foot. Answers are smaller, as many to a page as stay legible.
:func:`latinum.render.pdf` binds the pages into one PDF.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from ..errors import InvalidArgument
from ..grid import Grid
from ..puzzle import Puzzle
from .picture import FONT, INK, THIN_INK, clue_band, margin
from .pictures import svg

SVG = "http://www.w3.org/2000/svg"
#: Paper sizes in points, portrait.
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: Puzzles to a page, and the columns and rows they are set in.
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
#: The answer pages' layouts, densest first; the densest whose cells stay legible wins.
ANSWER_LAYOUTS = ((3, 4), (2, 3), (2, 2), (1, 2), (1, 1))
MARGIN = 42.52  # 15 mm: clear of any printer's unprintable edge
HEAD, FOOT = 30.0, 24.0  # the running head's and the page number's bands
LABEL, CAPTION, GUTTER = 18.0, 16.0, 24.0
MIN_ANSWER_CELL = 11.0  # points: the smallest answer cell whose digits read easily
PICTURE_CELL = 40  # the drawing's own cell, in its units (its margin: picture.margin)
TEXT_LIMIT = 80  # characters of a title or caption shown


@dataclass(frozen=True)
class Entry:
    """One puzzle of a book, with its solution (for the answers) when known."""

    puzzle: Puzzle
    solution: Sequence[int] | Grid | None = None
    candidates: Sequence[Iterable[int]] | None = None  # pencil marks to print


def pages(
    entries: Sequence[Entry | Puzzle],
    per_page: int = 4,
    paper: str = "a4",
    title: str | None = None,
    answers: bool = True,
) -> Iterator[str]:
    """The SVG text of each page of the book of ``entries``, in order: the puzzles
    ``per_page`` to a page (1, 2, 4 or 6) on ``paper`` (``a4`` or ``letter``), then,
    with ``answers``, their solutions. The arguments are checked before any drawing."""
    layout = _layout(per_page)
    sheet = _Sheet(_paper(paper), _text(title))
    book = [entry if isinstance(entry, Entry) else Entry(entry) for entry in entries]
    if not book:
        raise InvalidArgument("a book needs at least one puzzle")
    if answers:
        missing = next((n for n, entry in enumerate(book, 1) if entry.solution is None), None)
        if missing is not None:
            raise InvalidArgument(f"puzzle {missing} has no solution to print among the answers")
    return _pages(sheet, list(enumerate(book, 1)), layout, answers)


def _pages(
    sheet: _Sheet, numbered: list[tuple[int, Entry]], layout: tuple[int, int], answers: bool
) -> Iterator[str]:
    step = layout[0] * layout[1]
    for start in range(0, len(numbered), step):
        yield sheet.page(numbered[start : start + step], layout, "Puzzle", answers=False)
    if answers:
        # A picture spans its cells and its bands of clues (Skyscrapers), if any.
        spans = (entry.puzzle.size + 2 * clue_band(entry.puzzle) for _, entry in numbered)
        fitted = _answer_layout(sheet, max(spans))
        step = fitted[0] * fitted[1]
        for start in range(0, len(numbered), step):
            yield sheet.page(numbered[start : start + step], fitted, "Answer", answers=True)


def _layout(per_page: int) -> tuple[int, int]:
    if per_page not in LAYOUTS:
        raise InvalidArgument(f"{per_page} puzzles a page: choose 1, 2, 4 or 6")
    return LAYOUTS[per_page]


def _paper(paper: str) -> tuple[float, float]:
    size = PAPERS.get(paper.lower()) if isinstance(paper, str) else None
    if size is None:
        raise InvalidArgument(f"unknown paper {paper!r}: choose {' or '.join(PAPERS)}")
    return size


def _answer_layout(sheet: _Sheet, largest: float) -> tuple[int, int]:
    """The densest answer layout whose cells are still legible for the largest grid
    (``largest`` cells across, with the bands of clues)."""
    for layout in ANSWER_LAYOUTS:
        side = sheet.slot(layout, answers=True)[2]
        if side / (largest + 0.5) >= MIN_ANSWER_CELL:  # a picture is N cells and two margins
            return layout
    return ANSWER_LAYOUTS[-1]


def _text(text: str | None) -> str:
    """``text`` on one line, without control characters, cut to a printable length."""
    if not text:
        return ""
    flat = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return flat if len(flat) <= TEXT_LIMIT else flat[: TEXT_LIMIT - 1] + "…"


def caption(puzzle: Puzzle) -> str:
    """The level and score printed under a puzzle, as far as they are known."""
    parts = [_text(puzzle.level)] if puzzle.level else []
    if puzzle.score is not None:
        parts.append(f"score {puzzle.score:g}")
    return " · ".join(parts)


class _Sheet:
    """Draws pages of one paper size with one running head."""

    def __init__(self, size: tuple[float, float], title: str) -> None:
        self.width, self.height = size
        self.title = title
        self.number = 0
        self.body_top = MARGIN + HEAD
        self.body_height = self.height - 2 * MARGIN - HEAD - FOOT
        self.body_width = self.width - 2 * MARGIN

    def slot(self, layout: tuple[int, int], answers: bool) -> tuple[float, float, float]:
        """The width and height of a slot, and the side of the picture in it."""
        columns, rows = layout
        width, height = self.body_width / columns, self.body_height / rows
        room = LABEL + (0 if answers else CAPTION)
        return width, height, max(0.0, min(width - GUTTER, height - room - GUTTER))

    def page(
        self,
        chunk: list[tuple[int, Entry]],
        layout: tuple[int, int],
        kind: str,
        answers: bool,
    ) -> str:
        self.number += 1
        root = ET.Element(
            "svg",
            {
                "xmlns": SVG,
                "width": f"{self.width}pt",
                "height": f"{self.height}pt",
                "viewBox": f"0 0 {self.width} {self.height}",
                "font-family": FONT,
            },
        )
        ET.SubElement(root, "rect", width="100%", height="100%", fill="#fff")
        first, last = chunk[0][0], chunk[-1][0]
        section = f"{kind}s {first}–{last}" if last != first else f"{kind} {first}"
        self.head(root, section)
        width, height, side = self.slot(layout, answers)
        columns = layout[0]
        for index, (number, entry) in enumerate(chunk):
            row, column = divmod(index, columns)
            left = MARGIN + column * width + (width - side) / 2
            top = self.body_top + row * height
            self.place(root, number, entry, left, top, side, answers)
        return ET.tostring(root, encoding="unicode") + "\n"

    def head(self, root: ET.Element, section: str) -> None:
        baseline = MARGIN + 12
        if self.title:
            _label(root, MARGIN, baseline, self.title, size=13, weight="bold")
        _label(root, self.width - MARGIN, baseline, section, size=11, anchor="end")
        rule = MARGIN + 19
        ET.SubElement(
            root,
            "line",
            {
                "x1": _num(MARGIN),
                "y1": _num(rule),
                "x2": _num(self.width - MARGIN),
                "y2": _num(rule),
                "stroke": THIN_INK,
                "stroke-width": "0.6",
            },
        )
        foot = self.height - MARGIN
        _label(root, self.width / 2, foot, str(self.number), size=10, anchor="middle")

    def place(
        self,
        root: ET.Element,
        number: int,
        entry: Entry,
        left: float,
        top: float,
        side: float,
        answers: bool,
    ) -> None:
        """One puzzle (or its answer) with its number above and caption below."""
        puzzle = entry.puzzle
        drawn = _answer_grid(puzzle) if answers else puzzle
        picture = ET.fromstring(
            svg(
                drawn,
                solution=entry.solution if answers else None,
                candidates=None if answers else entry.candidates,
                cell=PICTURE_CELL,
            )
        )
        for element in picture.iter():  # into the page's own namespace
            element.tag = element.tag.rpartition("}")[2]
        inset = side * margin(drawn, PICTURE_CELL) / float(picture.get("width", "1"))
        name = _text(puzzle.title)
        label = f"{number}  {name}" if name and not answers else str(number)
        size = 10 if answers else 13
        _label(root, left + inset, top + LABEL - 5, label, size=size, weight="bold")
        picture.attrib.update(
            x=_num(left), y=_num(top + LABEL), width=_num(side), height=_num(side)
        )
        root.append(picture)
        words = "" if answers else caption(puzzle)
        if words:
            below = top + LABEL + side + CAPTION - 4
            _label(root, left + side / 2, below, words, size=10, anchor="middle", ink="#333")


def _answer_grid(puzzle: Puzzle) -> Puzzle:
    """The puzzle as its answer is printed: cages left out, their labels would hide
    the small digits."""
    if not puzzle.cages:
        return puzzle
    return replace(puzzle, variant="sudoku" if puzzle.has_boxes else "latin", cages=())


def _label(
    root: ET.Element,
    x: float,
    y: float,
    text: str,
    size: float,
    weight: str = "normal",
    anchor: str = "start",
    ink: str = INK,
) -> None:
    element = ET.SubElement(
        root,
        "text",
        {
            "x": _num(x),
            "y": _num(y),
            "fill": ink,
            "font-size": _num(size),
            "font-weight": weight,
            "text-anchor": anchor,
        },
    )
    element.text = text


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")
