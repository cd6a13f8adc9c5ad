"""latinum's own JSON format: every variant, an optional solution and a game in progress.

The schema (version 1) is documented in ``docs/json-format.md``. A file holds
one object, a JSON list of objects, or one object per line (JSON lines).
:func:`loads` returns :class:`Document` objects (puzzle, solution, progress);
the registered format reads and writes puzzles, keeping a document's solution
as ``Puzzle.solution``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast, overload

from ..cages import Cage, normalize_operator
from ..errors import InvalidPuzzle, ParseError
from ..geometry import Geometry, default_box
from ..grid import Grid
from ..puzzle import VARIANT_ALIASES, VARIANTS, Puzzle, short_number
from ..relations import Relation, fill_adjacent
from ..sightlines import SIDES, Sightline, from_sides
from ..symbols import MAX_SIZE, symbol, value_of
from .jigsaw import LABELS, region_rows
from .records import Lines, Record, each_line, joined
from .registry import Format, register
from .skyscrapers import clue_lists

FORMAT_NAME = "latinum"
VERSION = 1
#: The signs of a relation triple: less and greater than, bar, no bar.
SIGNS = ("<", ">", "|", "!")

_T = TypeVar("_T")
_U = TypeVar("_U")


@dataclass(frozen=True)
class Progress:
    """A game in progress: values the player entered and pencil marks (0 / empty = none)."""

    values: tuple[int, ...] | None = None
    pencil: tuple[frozenset[int], ...] | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class Document:
    """One JSON object: the puzzle, and its solution and progress when present."""

    puzzle: Puzzle
    solution: Grid | None = None
    progress: Progress | None = None


def dumps(
    puzzle: Puzzle,
    solution: Sequence[int] | None = None,
    progress: Progress | None = None,
    indent: int | None = None,
) -> str:
    """The JSON text of one document (one line unless ``indent`` is given)."""
    return json.dumps(to_object(puzzle, solution, progress), indent=indent, ensure_ascii=False)


def to_object(
    puzzle: Puzzle, solution: Sequence[int] | None = None, progress: Progress | None = None
) -> dict:
    """The JSON-ready dictionary of one document."""
    geometry = puzzle.geometry
    obj: dict = {"format": FORMAT_NAME, "version": VERSION, "variant": puzzle.variant}
    if puzzle.title:
        obj["title"] = puzzle.title
    obj["size"] = puzzle.size
    obj["box"] = list(geometry.box) if geometry.box else None
    if geometry.regions is not None:
        obj["regions"] = region_rows(puzzle)
    obj["diagonals"] = geometry.diagonals
    if geometry.windows:
        obj["windows"] = True
    obj["givens"] = _line(puzzle.givens)
    if puzzle.cages:
        obj["cages"] = [_cage_object(puzzle, cage) for cage in puzzle.cages]
    if puzzle.relations or puzzle.variant == "futoshiki":
        obj.update(_relations_object(puzzle))
    if puzzle.sightlines or puzzle.variant == "skyscrapers":
        obj["sightlines"] = clue_lists(puzzle, "the json format")
    if solution is not None:
        obj["solution"] = _line(solution)
    rating = {"level": puzzle.level, "score": puzzle.score}
    if any(value is not None for value in rating.values()):
        obj["x-rating"] = {key: value for key, value in rating.items() if value is not None}
    if progress is not None:
        obj["progress"] = _progress_object(progress)
    return obj


def _line(values: Sequence[int]) -> str:
    return "".join(symbol(v) for v in values)


def _cage_object(puzzle: Puzzle, cage: Cage) -> dict:
    obj: dict = {"op": cage.op, "target": cage.target, "cells": list(cage.cells)}
    if cage.distinct != (puzzle.variant == "killer"):
        obj["distinct"] = cage.distinct
    if cage.label:
        obj["label"] = cage.label
    return obj


def _relations_object(puzzle: Puzzle) -> dict:
    """``relations`` as ``[cell, sign, cell]`` triples; in the adjacent mode
    ``adjacent: true`` and the bars only."""
    relations = puzzle.relations
    bars = [relation for relation in relations if relation.kind == "|"]
    if relations and set(fill_adjacent(bars, puzzle.size)) == set(relations):
        return {"adjacent": True, "relations": [_triple(bar) for bar in bars]}
    return {"relations": [_triple(relation) for relation in relations]}


def _triple(relation: Relation) -> list:
    return [relation.first, relation.kind, relation.second]


def _progress_object(progress: Progress) -> dict:
    obj: dict = {}
    if progress.values is not None:
        obj["values"] = _line(progress.values)
    if progress.pencil is not None:
        obj["pencil"] = [sorted(marks) for marks in progress.pencil]
    if progress.seconds is not None:
        obj["seconds"] = progress.seconds
    return obj


def loads(text: str, source: str | None = None) -> list[Document]:
    """Every document of ``text``: one object, a list of objects, or JSON lines."""
    return [document(obj, source, line) for obj, line in _objects(text, source)]


def _objects(text: str, source: str | None) -> list[tuple[object, int | None]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":
            raise ParseError(f"not JSON: {error.msg}", source, error.lineno, error.colno) from None
        return [(_one_line(line, number, source), number) for number, line in _lines(text)]
    except RecursionError:
        raise ParseError("not JSON: nested too deeply", source) from None
    if isinstance(data, list):
        if not data:
            raise ParseError("an empty JSON list: no puzzle found", source, 1)
        for index, item in enumerate(data, 1):
            if not isinstance(item, dict):
                problem = f"item {index} of the list is {_kind(item)}, not a JSON object"
                raise ParseError(problem, source)
        return [(item, None) for item in data]
    return [(data, None)]


def _lines(text: str) -> list[tuple[int, str]]:
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def _one_line(line: str, number: int, source: str | None) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise ParseError(f"not JSON: {error.msg}", source, number, error.colno) from None
    except RecursionError:
        raise ParseError("not JSON: nested too deeply", source, number) from None


def document(obj: object, source: str | None = None, line: int | None = None) -> Document:
    """The document of one decoded JSON object (ParseError naming the bad field)."""
    reader = _Reader(source, line)
    if not isinstance(obj, dict):
        raise reader.error(f"expected a JSON object, not {_kind(obj)}")
    return reader.document(obj)


def _rating(rating: object) -> tuple[str | None, float | None]:
    """The level and score of an ``x-rating`` field (as ``latinum generate`` writes
    it), each None when absent or not of its kind: the field is an extension."""
    if not isinstance(rating, dict):
        return None, None
    level, score = rating.get("level"), rating.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
        score = None
    return (level if isinstance(level, str) else None), (None if score is None else float(score))


def _kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


class _Reader:
    """Checks the fields of one object, reporting the source and line."""

    def __init__(self, source: str | None, line: int | None) -> None:
        self.source, self.line = source, line

    def error(self, problem: str) -> ParseError:
        return ParseError(problem, self.source, self.line)

    @overload
    def field(self, obj: dict, name: str, kind: type[_T], where: str = "") -> _T: ...

    @overload
    def field(
        self, obj: dict, name: str, kind: tuple[type[_T], type[_U]], where: str = ""
    ) -> _T | _U: ...

    def field(self, obj: dict, name: str, kind: type | tuple[type, ...], where: str = "") -> object:
        if name not in obj:
            raise self.error(f"missing field {where}{name!r}")
        value = obj[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self.error(f"field {where}{name!r} is {_kind(value)}, not {_expected(kind)}")
        return value

    def document(self, obj: dict) -> Document:
        if obj.get("format") != FORMAT_NAME:
            raise self.error(f"field 'format' must be {FORMAT_NAME!r}")
        version = self.field(obj, "version", int)
        if version != VERSION:
            raise self.error(f"unknown version {version} (this latinum reads version {VERSION})")
        variant = self.field(obj, "variant", str)
        variant = VARIANT_ALIASES.get(variant, variant)
        if variant not in VARIANTS:
            raise self.error(f"field 'variant' is {variant!r}, not one of {', '.join(VARIANTS)}")
        size = self.field(obj, "size", int)
        if not 1 <= size <= MAX_SIZE:
            raise self.error(
                f"field 'size' is {size}, outside 1..{MAX_SIZE} "
                f"(larger than {MAX_SIZE}x{MAX_SIZE} is not supported)"
            )
        geometry = self.geometry(obj, variant, size)
        caged = variant in ("kenken", "killer")
        if "givens" in obj or variant in ("sudoku", "latin"):
            givens = self.values(obj, "givens", size)
        else:
            givens = (0,) * (size * size)
        cages = self.cages(obj, variant, size) if caged else ()
        relations = self.relations(obj, size)
        sightlines = self.sightlines(obj, size)
        title = obj.get("title")
        solution = None
        if obj.get("solution") is not None:
            solution = Grid(size, self.values(obj, "solution", size))
        level, score = _rating(obj.get("x-rating"))
        try:
            puzzle = Puzzle(
                variant,
                geometry,
                givens,
                cages,
                title=title,
                relations=relations,
                sightlines=sightlines,
                solution=None if solution is None else solution.values,
                level=level,
                score=score,
            )
        except InvalidPuzzle as error:
            raise self.error(str(error)) from None
        progress = self.progress(obj["progress"], size) if obj.get("progress") else None
        return Document(puzzle, solution, progress)

    def geometry(self, obj: dict, variant: str, size: int) -> Geometry:
        diagonals = obj.get("diagonals", False)
        if not isinstance(diagonals, bool):
            raise self.error("field 'diagonals' must be true or false")
        windows = obj.get("windows", False)
        if not isinstance(windows, bool):
            raise self.error("field 'windows' must be true or false")
        box = obj.get("box")
        regions = self.regions(obj, size)
        if regions is not None:
            if variant not in ("sudoku", "killer"):
                raise self.error(f"field 'regions' must be null for a {variant} puzzle")
            if box is not None:
                raise self.error(
                    "fields 'box' and 'regions': a grid has boxes or jigsaw regions, not both"
                )
            try:
                return Geometry(size, None, diagonals, regions=regions, windows=windows)
            except InvalidPuzzle as error:
                field = "windows" if windows else "regions"
                raise self.error(f"field {field!r}: {error}") from None
        if variant in ("sudoku", "killer"):
            if box is None:
                box = list(default_box(size) or ()) or None
                if box is None:
                    raise self.error(f"missing field 'box': a {size}x{size} grid has no usual box")
        elif box is not None:
            raise self.error(f"field 'box' must be null for a {variant} puzzle")
        if box is not None:
            ok = isinstance(box, list) and len(box) == 2
            if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in box):
                raise self.error("field 'box' must be [rows, columns]")
            if box[0] * box[1] != size or min(box) < 1:
                raise self.error(f"field 'box' {box} does not tile a {size}x{size} grid")
            box = (box[0], box[1])
        try:
            return Geometry(size, box, diagonals, windows=windows)
        except InvalidPuzzle as error:
            raise self.error(f"field 'windows': {error}") from None

    def regions(self, obj: dict, size: int) -> tuple[int, ...] | None:
        """The region of each cell (a number per letter), from ``regions``: N strings,
        one a row, of a region letter per cell, or one string of N*N letters
        (whitespace ignored); None when it is absent or null."""
        raw = obj.get("regions")
        if raw is None:
            return None
        shape = f"a list of {size} strings of {size} region letters, one a row"
        if isinstance(raw, str):
            text = "".join(raw.split())
        elif isinstance(raw, list) and all(isinstance(row, str) for row in raw):
            rows = ["".join(row.split()) for row in raw]
            if len(rows) != size:
                raise self.error(f"field 'regions' has {len(rows)} rows, not {size}: {shape}")
            for index, row in enumerate(rows):
                if len(row) != size:
                    raise self.error(
                        f"field 'regions[{index}]' has {len(row)} letters, not {size}: {shape}"
                    )
            text = "".join(rows)
        else:
            found = "a list of other things than strings" if isinstance(raw, list) else _kind(raw)
            raise self.error(f"field 'regions' is {found}, not {shape}")
        bad = next((char for char in text if char not in LABELS), None)
        if bad is not None:
            raise self.error(f"field 'regions' holds {bad!r}, not a region letter (A-Z, a-z)")
        if len(text) != size * size:
            raise self.error(f"field 'regions' has {len(text)} letters, expected {size * size}")
        return tuple(ord(char) for char in text)

    def values(self, obj: dict, name: str, size: int, where: str = "") -> tuple[int, ...]:
        """A grid given as a line string, a list of rows or a flat list."""
        raw = self.field(obj, name, (str, list), where)
        label = f"{where}{name!r}"
        if isinstance(raw, str):
            text = "".join(raw.split())
            decoded = [value_of(char) if char.isascii() else None for char in text]
            if None in decoded:
                bad = text[decoded.index(None)]
                raise self.error(f"field {label} holds {bad!r}, not a cell value")
            values = cast("list[int]", decoded)  # no None: checked just above
        elif raw and all(isinstance(row, list) for row in raw):
            if len(raw) != size or any(len(row) != size for row in raw):
                raise self.error(f"field {label} must have {size} rows of {size} values")
            values = [self.number(v, label) for row in raw for v in row]
        else:
            values = [self.number(v, label) for v in raw]
        if len(values) != size * size:
            raise self.error(f"field {label} has {len(values)} cells, expected {size * size}")
        for value in values:
            if not 0 <= value <= size:
                raise self.error(f"field {label} holds {value}, outside 0..{size}")
        return tuple(values)

    def number(self, value: object, label: str) -> int:
        if value is None:
            return 0
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(f"field {label} holds {_kind(value)}, not a number")
        return value

    def cages(self, obj: dict, variant: str, size: int) -> tuple[Cage, ...]:
        raw = self.field(obj, "cages", list)
        cages = []
        for index, item in enumerate(raw):
            where = f"cages[{index}]."
            if not isinstance(item, dict):
                raise self.error(f"cages[{index}] is {_kind(item)}, not an object")
            op = self.field(item, "op", str, where)
            try:
                op = normalize_operator(op)
            except ValueError as error:
                raise self.error(f"field {where}'op': {error}") from None
            target = self.field(item, "target", int, where)
            cells = self.field(item, "cells", list, where)
            if not cells or not all(isinstance(c, int) and not isinstance(c, bool) for c in cells):
                raise self.error(f"field {where}'cells' must be a list of cell numbers")
            outside = next((c for c in cells if not 0 <= c < size * size), None)
            if outside is not None:
                shown = short_number(outside)
                raise self.error(
                    f"field {where}'cells' holds {shown}, outside 0..{size * size - 1}"
                )
            distinct = item.get("distinct", variant == "killer")
            label = item.get("label")
            if not isinstance(distinct, bool) or not isinstance(label, (str, type(None))):
                raise self.error(f"fields {where}'distinct' / 'label' have the wrong type")
            cages.append(Cage(tuple(cells), op, target, distinct, label))
        return tuple(cages)

    def relations(self, obj: dict, size: int) -> tuple[Relation, ...]:
        """``relations`` (default none), filled with ``!`` when ``adjacent`` is true."""
        adjacent = obj.get("adjacent", False)
        if not isinstance(adjacent, bool):
            raise self.error("field 'adjacent' must be true or false")
        raw = obj.get("relations", [])
        if not isinstance(raw, list):
            raise self.error(f"field 'relations' is {_kind(raw)}, not a list")
        found = [self.relation(item, f"relations[{index}]", size) for index, item in enumerate(raw)]
        if not adjacent:
            return tuple(found)
        for index, relation in enumerate(found):
            if relation.kind == "<":
                raise self.error(
                    f"field 'relations[{index}]' is a sign, but 'adjacent' puzzles have bars only"
                )
        return fill_adjacent(found, size)

    def relation(self, item: object, where: str, size: int) -> Relation:
        """One ``[cell, sign, cell]`` triple, the cells as numbers or ``r1c1`` names."""
        if not isinstance(item, list) or len(item) != 3:
            found = f"a list of {len(item)} items" if isinstance(item, list) else _kind(item)
            raise self.error(f"field '{where}' is {found}, not [cell, sign, cell]")
        first, sign, second = item
        a, b = self.cell(first, where, size), self.cell(second, where, size)
        if sign not in SIGNS:
            known = ", ".join(repr(sign) for sign in SIGNS)
            raise self.error(f"field '{where}' has the sign {sign!r}, not one of {known}")
        return Relation(b, a) if sign == ">" else Relation(a, b, sign)

    def cell(self, value: object, where: str, size: int) -> int:
        """A cell number 0..N*N-1 or a name like ``r1c1``."""
        if isinstance(value, str):
            try:
                return Geometry(size).parse_name(value)
            except ValueError as error:
                raise self.error(f"field '{where}': {error}") from None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(f"field '{where}' holds {_kind(value)}, not a cell number")
        if not 0 <= value < size * size:
            shown = short_number(value)
            raise self.error(f"field '{where}' holds {shown}, outside 0..{size * size - 1}")
        return value

    def sightlines(self, obj: dict, size: int) -> tuple[Sightline, ...]:
        """``sightlines`` (default none): a list of N clues for each side named, 0 or
        null where a line has none."""
        raw = obj.get("sightlines")
        if raw is None:
            return ()
        names = ", ".join(SIDES)
        if not isinstance(raw, dict):
            raise self.error(f"field 'sightlines' is {_kind(raw)}, not an object ({names})")
        unknown = next((key for key in raw if key not in SIDES), None)
        if unknown is not None:
            raise self.error(f"field 'sightlines' has the key {unknown!r}, not one of {names}")
        sides: dict[str, list[int]] = {}
        for side in SIDES:
            clues = raw.get(side)
            if clues is None:
                continue
            label = f"'sightlines.{side}'"
            if not isinstance(clues, list) or len(clues) != size:
                found = f"a list of {len(clues)}" if isinstance(clues, list) else _kind(clues)
                raise self.error(
                    f"field {label} is {found}, not a list of {size} clues (0 or null: none)"
                )
            values = [self.number(clue, label) for clue in clues]
            outside = next((value for value in values if not 0 <= value <= size), None)
            if outside is not None:
                shown = short_number(outside)
                raise self.error(f"field {label} holds {shown}, outside 1..{size} (0: no clue)")
            sides[side] = values
        return from_sides(size, **sides)

    def progress(self, raw: object, size: int) -> Progress:
        if not isinstance(raw, dict):
            raise self.error(f"field 'progress' is {_kind(raw)}, not an object")
        values = self.values(raw, "values", size, "progress.") if "values" in raw else None
        pencil = None
        if "pencil" in raw:
            marks = raw["pencil"]
            good = isinstance(marks, list) and len(marks) == size * size
            if not good or not all(isinstance(m, list) for m in marks):
                raise self.error(f"field 'progress.pencil' must be {size * size} lists of values")
            pencil = tuple(frozenset(self.number(v, "'progress.pencil'") for v in m) for m in marks)
            if any(v < 1 or v > size for m in pencil for v in m):
                raise self.error(f"field 'progress.pencil' holds a value outside 1..{size}")
        seconds = raw.get("seconds")
        if seconds is not None and (
            not isinstance(seconds, (int, float)) or isinstance(seconds, bool)
        ):
            raise self.error("field 'progress.seconds' must be a number")
        return Progress(values, pencil, seconds)


def _expected(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """The puzzles of ``text``, each with its solution if given (progress is dropped)."""
    return [doc.puzzle for doc in loads(text, source)]


def stream(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """JSON lines one by one, when one of the first two lines holds a whole object or
    the first cannot start a JSON document (a bad record among JSON lines); else the
    whole text (one object or a list), read at once."""
    lines = iter(lines)
    start = []
    firsts: list[str] = []
    objects = False
    for number, line in lines:
        start.append((number, line))
        if line.strip():
            firsts.append(line)
            objects = _whole_object(line)
            if objects or len(firsts) == 2 or not _starts_document(firsts):
                break
    rest = itertools.chain(start, lines)
    if objects or not _starts_document(firsts):
        yield from each_line(rest, source, lambda line, number: _line_puzzle(line, number, source))
    else:
        yield from read(joined(rest, "a JSON document", source), source)


def _starts_document(lines: list[str]) -> bool:
    return bool(lines) and lines[0].lstrip().startswith(("{", "["))


def _whole_object(line: str) -> bool:
    """True if ``line`` is a JSON object (or too absurd to be anything but one line)."""
    try:
        return isinstance(json.loads(line), dict)
    except RecursionError:
        return False
    except ValueError as error:  # JSONDecodeError, or a number too long to read
        return "digits" in str(error)


def _line_puzzle(line: str, number: int, source: str | None) -> Puzzle:
    return document(_one_line(line, number, source), source, number).puzzle


def write(puzzle: Puzzle) -> str:
    """One line of JSON (no newline), with the solution that came with the puzzle if any."""
    return dumps(puzzle, solution=puzzle.solution)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The puzzle with its solution, one line of JSON (no newline)."""
    return dumps(puzzle, solution=tuple(grid))


def sniff(text: str) -> bool:
    """An object, or a list starting with one."""
    start = text.lstrip()[:64]
    return start.startswith("{") or (start.startswith("[") and start[1:].lstrip().startswith("{"))


FORMAT = register(
    Format(
        name="json",
        description="latinum's JSON (any variant, solution, game in progress)",
        read=read,
        stream=stream,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        batch=True,
        aliases=("jsonl", "latinum"),
        relations=True,
        sightlines=True,
        regions=True,
        windows=True,
    )
)
