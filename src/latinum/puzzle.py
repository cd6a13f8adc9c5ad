"""The puzzle model: one class for Sudoku, Latin squares, KenKen and Killer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from .cages import OPERATOR_NAMES, Cage, unfactored_part
from .errors import InvalidArgument, InvalidPuzzle, LatinumError, ParseError, SearchLimit
from .geometry import Geometry, connected, default_box, region_labels
from .grid import Grid
from .relations import ADJACENT_KINDS, Relation, adjacent_mode, fill_adjacent, neighbours
from .sightlines import (
    Sightline,
    TooMany,
    facing,
    fillings,
    from_sides,
    line_cells,
    pair_possible,
)
from .symbols import MAX_SIZE, value_of, values_of_text

#: Values a validation may try in search of one filling of a cage.
ASSIGNMENT_NODES = 200_000
#: The problem of a puzzle with both signs and bars.
MIXED = (
    "signs (<) and bars (|) cannot be mixed: a bar puts the puzzle in Tatham's "
    "adjacent mode, which has no signs"
)
#: The one-line formats :meth:`Puzzle.to_string` and ``repr`` prefer, shortest first.
COMPACT_FORMATS = ("line", "keen", "solo", "unequal", "towers", "windoku")
VARIANTS = ("sudoku", "latin", "kenken", "killer", "futoshiki", "skyscrapers")
VARIANT_ALIASES = {
    "calcudoku": "kenken",
    "mathdoku": "kenken",
    "keen": "kenken",
    "unequal": "futoshiki",
    "towers": "skyscrapers",
}
#: Values a validation may try in search of one filling of a line with clues.
LINE_NODES = 200_000


@dataclass(frozen=True)
class Problem:
    """One finding of :meth:`Puzzle.validate`."""

    message: str
    severity: str = "error"  # or "warning"

    def __str__(self) -> str:
        return self.message if self.severity == "error" else f"warning: {self.message}"


@dataclass(frozen=True)
class Puzzle:
    """An immutable puzzle: geometry, givens (0 = empty), cages and relations.

    ``variant`` is ``sudoku`` (boxes, optional diagonals), ``latin`` (rows and
    columns only), ``kenken`` (arithmetic cages cover every cell),
    ``killer`` (Sudoku plus sum cages of distinct digits), ``futoshiki``
    (a Latin square with relations between neighbouring cells) or
    ``skyscrapers`` (a Latin square with sightlines around the border).
    """

    variant: str
    geometry: Geometry
    givens: tuple[int, ...]
    cages: tuple[Cage, ...] = ()
    title: str | None = field(default=None, compare=False)
    #: Rules between neighbouring cells: Futoshiki's signs, or bars and no-bars. A bar
    #: (or no-bar) puts the puzzle in Tatham's adjacent mode: every neighbouring pair
    #: without a bar gets a no-bar (``!``) here; signs mixed with bars are left as
    #: given, for :meth:`validate` to refuse.
    relations: tuple[Relation, ...] = ()
    #: Skyscrapers clues: how many towers are seen from one end of a row or column.
    sightlines: tuple[Sightline, ...] = ()
    #: The solution that came with the puzzle (a dataset's answer), if any; not trusted.
    solution: tuple[int, ...] | None = field(default=None, compare=False)
    #: The level and score that came with the puzzle (a rated collection's), if any.
    level: str | None = field(default=None, compare=False)
    score: float | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        variant = VARIANT_ALIASES.get(self.variant, self.variant)
        if variant not in VARIANTS:
            raise InvalidPuzzle(f"unknown variant {self.variant!r}")
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "givens", tuple(self.givens))
        if self.solution is not None:
            object.__setattr__(self, "solution", tuple(self.solution))
        ordered = sorted(self.cages, key=lambda cage: (cage.cells[:1], cage.cells, cage.op))
        object.__setattr__(self, "cages", tuple(ordered))
        relations = _normal_relations(self.relations, self.size) if self.relations else ()
        object.__setattr__(self, "relations", relations)
        ordered_lines = sorted(set(self.sightlines), key=lambda line: (line.key, line.seen))
        object.__setattr__(self, "sightlines", tuple(ordered_lines))
        if len(self.givens) != self.geometry.size**2:
            raise InvalidPuzzle(
                f"{len(self.givens)} givens for a {self.size}x{self.size} grid "
                f"(expected {self.size**2})"
            )

    # Constructors -----------------------------------------------------

    @classmethod
    def sudoku(
        cls,
        givens: str | Sequence[int],
        box: tuple[int, int] | None = None,
        diagonals: bool = False,
    ) -> Puzzle:
        """A Sudoku from a line of N*N characters or values; ``box`` defaults by size."""
        values = _values(givens)
        size = _side(len(values))
        return cls("sudoku", Geometry(size, box or _box_for(size), diagonals), values)

    @classmethod
    def jigsaw(
        cls,
        givens: str | Sequence[int],
        regions: str | Sequence[int] | Sequence[Sequence[int]],
        diagonals: bool = False,
    ) -> Puzzle:
        """A Jigsaw Sudoku: ``regions`` replace the boxes, given as a label per cell
        (a string such as ``"AAABBB..."`` or numbers) or as groups of cell indices.

        >>> Puzzle.jigsaw("1" + "." * 15, "AAAB ACBB CCDB CDDD").describe()
        'sudoku 4x4, jigsaw regions, 1 givens'
        """
        values = _values(givens)
        size = _side(len(values))
        geometry = Geometry(size, None, diagonals, region_labels(regions, size))
        return cls("sudoku", geometry, values)

    @classmethod
    def windoku(cls, givens: str | Sequence[int]) -> Puzzle:
        """A Windoku (Hyper Sudoku): a 9x9 Sudoku whose four windows, rows and columns
        2-4 and 6-8, hold 1..9 too."""
        values = _values(givens)
        if len(values) != 81:
            raise InvalidPuzzle(f"a Windoku has 81 cells, not {len(values)}")
        return cls("sudoku", Geometry(9, (3, 3), windows=True), values)

    @classmethod
    def latin(cls, givens: str | Sequence[int]) -> Puzzle:
        """A Latin square completion puzzle (rows and columns only)."""
        values = _values(givens)
        return cls("latin", Geometry(_side(len(values))), values)

    @classmethod
    def kenken(
        cls,
        size: int,
        cages: Iterable[Cage | tuple],
        givens: str | Sequence[int] | None = None,
    ) -> Puzzle:
        """A KenKen (Calcudoku, Mathdoku): cages given as Cage or ``(op, target, cells)``."""
        values = _values(givens) if givens is not None else (0,) * (size * size)
        return cls("kenken", Geometry(size), values, tuple(_cage(c) for c in cages))

    @classmethod
    def killer(
        cls,
        cages: Iterable[Cage | tuple],
        box: tuple[int, int] | None = (3, 3),
        givens: str | Sequence[int] | None = None,
        diagonals: bool = False,
        regions: str | Sequence[int] | Sequence[Sequence[int]] | None = None,
    ) -> Puzzle:
        """A Killer Sudoku: sum cages ``(target, cells)`` whose digits differ; with
        ``regions`` (see :meth:`jigsaw`), which replace the boxes, a Jigsaw Killer."""
        if regions is not None or box is None:
            if regions is None:
                raise InvalidPuzzle("a Killer Sudoku needs boxes or jigsaw regions")
            size = _regions_side(regions)
            geometry = Geometry(size, None, diagonals, region_labels(regions, size))
        else:
            size = box[0] * box[1]
            geometry = Geometry(size, box, diagonals)
        values = _values(givens) if givens is not None else (0,) * (size * size)
        killer_cages = []
        for cage in cages:
            if isinstance(cage, Cage):
                killer_cages.append(replace(cage, distinct=True))
            else:
                target, cells = cage
                killer_cages.append(Cage(tuple(cells), "+", int(target), distinct=True))
        return cls("killer", geometry, values, tuple(killer_cages))

    @classmethod
    def futoshiki(
        cls,
        size: int,
        relations: Iterable[Relation | tuple],
        givens: str | Sequence[int] | None = None,
        adjacent: bool = False,
    ) -> Puzzle:
        """A Futoshiki: relations given as Relation or ``(first, second[, kind])``.

        ``(a, b)`` says cell ``a`` is less than cell ``b``; ``(a, b, "|")`` bars
        a pair that differs by one. A bar always means Tatham's adjacent mode:
        every other neighbouring pair is set not to differ by one (``!``), and
        signs are refused by :meth:`validate`. ``adjacent`` asks for that mode
        when there is no bar at all (then no pair differs by one).
        """
        values = _values(givens) if givens is not None else (0,) * (size * size)
        found = tuple(r if isinstance(r, Relation) else Relation(*r) for r in relations)
        if adjacent:
            found = fill_adjacent(found, size)
        return cls("futoshiki", Geometry(size), values, relations=found)

    @classmethod
    def skyscrapers(
        cls,
        size: int,
        sightlines: Iterable[Sightline | tuple] = (),
        givens: str | Sequence[int] | None = None,
        *,
        top: Sequence[int | None] | None = None,
        bottom: Sequence[int | None] | None = None,
        left: Sequence[int | None] | None = None,
        right: Sequence[int | None] | None = None,
    ) -> Puzzle:
        """A Skyscrapers (Tatham's Towers): clues as Sightline or ``(side, index, seen)``,
        or one list per side (0 or None: no clue), read left to right or top to bottom.

        >>> Puzzle.skyscrapers(3, top=[2, 2, 1], left=[2, 1, 3]).describe()
        'skyscrapers 3x3, 6 clues, 0 givens'
        """
        values = _values(givens) if givens is not None else (0,) * (size * size)
        found = tuple(s if isinstance(s, Sightline) else Sightline(*s) for s in sightlines)
        found += from_sides(size, top, bottom, left, right)
        return cls("skyscrapers", Geometry(size), values, sightlines=found)

    @classmethod
    def from_string(cls, text: str, format: str | None = None) -> Puzzle:
        """The one puzzle in ``text``, in ``format`` or the format the text shows.

        Raises :class:`~latinum.errors.ParseError` for text that is not one
        puzzle (a batch of several included: read it with :func:`latinum.read_all`).

        >>> Puzzle.from_string("1.3.3..2..2.2.4.").describe()
        'sudoku 4x4, boxes 2x2, 7 givens'
        """
        from .formats.registry import read_text  # formats sit above the model

        if not isinstance(text, str):
            raise InvalidArgument(f"from_string takes text, not {type(text).__name__}")
        puzzles = read_text(text, format)[1]
        if len(puzzles) != 1:
            raise ParseError(
                f"{len(puzzles)} puzzles, where one was expected (read_all reads many)"
            )
        return puzzles[0]

    def to_string(self, format: str | None = None) -> str:
        """The text of this puzzle in ``format``, which :meth:`from_string` reads back
        as an equal puzzle; by default the shortest of ``line``, a Tatham game ID and
        ``json`` that holds it whole. :class:`~latinum.errors.CannotWrite` if
        ``format`` cannot hold it.
        """
        from .formats.registry import write  # formats sit above the model

        if format is not None:
            return write(self, format).rstrip("\n")
        return next(text for _, text in self._exact_texts((*COMPACT_FORMATS, "json")))

    def __str__(self) -> str:
        """The puzzle drawn as text: a boxed grid, cage outlines or signs."""
        from .render.text import draw  # drawing sits above the model

        return draw(self)

    def __repr__(self) -> str:
        for format, text in self._exact_texts(COMPACT_FORMATS):
            return f"Puzzle.from_string({text!r}, format={format!r})"
        return f"<Puzzle {self.describe()}>"

    def _exact_texts(self, formats: Iterable[str]) -> Iterator[tuple[str, str]]:
        """``(format, text)`` for each of ``formats`` whose text reads back as this puzzle."""
        from .formats.registry import read_text, write  # formats sit above the model

        for format in formats:
            try:
                text = write(self, format).rstrip("\n")
                if read_text(text, format)[1] == [self]:
                    yield format, text
            except LatinumError:
                continue

    # Views ------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def grid(self) -> Grid:
        """The givens as a grid."""
        return Grid(self.size, self.givens)

    @property
    def adjacent(self) -> bool:
        """True for Tatham's adjacent mode: bars between neighbours that differ by one."""
        return adjacent_mode(self.relations)

    @property
    def units_only(self) -> bool:
        """True if every rule is a unit (no cages, relations or sightlines)."""
        return not (self.cages or self.relations or self.sightlines)

    @property
    def rules_word(self) -> str:
        """What the puzzle has beyond units, in a word: cages, signs, clues (or units)."""
        if self.cages:
            return "cages"
        if self.relations:
            return "signs"
        return "clues" if self.sightlines else "units"

    @property
    def unread_by_logic(self) -> str | None:
        """The rules the step-by-step logic does not read yet, in words, or None."""
        if self.relations:
            return "Futoshiki signs"
        return "Skyscrapers clues" if self.sightlines else None

    @property
    def has_boxes(self) -> bool:
        """True if the grid is split into boxes or jigsaw regions."""
        return self.geometry.has_boxes

    def with_givens(self, values: Sequence[int] | Grid) -> Puzzle:
        """The same puzzle with other givens (for example a solution)."""
        return replace(self, givens=tuple(values))

    @cached_property
    def cage_of(self) -> dict[int, Cage]:
        """The cage holding each caged cell."""
        return {cell: cage for cage in self.cages for cell in cage.cells}

    def _repr_svg_(self) -> str:
        """The puzzle as a picture, for Jupyter."""
        from .render.pictures import svg  # drawing sits above the model; loaded on use

        return svg(self)

    def describe(self) -> str:
        """Short text such as ``sudoku 9x9, boxes 3x3, 17 givens``."""
        givens = sum(1 for v in self.givens if v)
        parts = [f"{self.variant} {self.geometry.describe()}"]
        if self.cages:
            parts.append(f"{len(self.cages)} cages")
        if self.adjacent:
            bars = sum(1 for relation in self.relations if relation.kind == "|")
            parts.append(f"adjacent, {bars} bar{'' if bars == 1 else 's'}")
        elif self.relations:
            signs = len(self.relations)
            parts.append(f"{signs} sign{'' if signs == 1 else 's'}")
        elif self.sightlines:
            clues = len(self.sightlines)
            parts.append(f"{clues} clue{'' if clues == 1 else 's'}")
        parts.append(f"{givens} givens")
        return ", ".join(parts)

    # Checks -----------------------------------------------------------

    def validate(self) -> list[Problem]:
        """Every problem of the definition at once (errors, then warnings)."""
        problems = _check_givens(self) + _check_cages(self) + _check_relations(self)
        problems += _check_sightlines(self)
        return sorted(problems, key=lambda p: p.severity != "error")

    def check(self) -> None:
        """Raise :class:`InvalidPuzzle` listing every error of :meth:`validate`."""
        errors = [p.message for p in self.validate() if p.severity == "error"]
        if errors:
            raise InvalidPuzzle(errors)

    def violations(self, solution: Sequence[int] | Grid) -> list[str]:
        """Every rule a complete ``solution`` breaks (empty if it is correct)."""
        values = tuple(solution)
        geometry = self.geometry
        name = geometry.name
        if len(values) != len(self.givens):
            return [f"solution has {len(values)} cells, expected {len(self.givens)}"]
        found = [
            f"{name(cell)} is {value}, outside 1..{self.size}"
            for cell, value in enumerate(values)
            if not 1 <= value <= self.size
        ]
        found += [
            f"{name(cell)} is {values[cell]} but the given is {given}"
            for cell, given in enumerate(self.givens)
            if given and values[cell] != given
        ]
        for unit, unit_name in zip(geometry.units, geometry.unit_names, strict=True):
            if len({values[cell] for cell in unit}) != len(unit):
                found.append(f"{unit_name} repeats a value")
        for cage in self.cages:
            cage_values = [values[cell] for cell in cage.cells]
            if not cage.evaluate(cage_values):
                found.append(f"cage {cage.target}{cage.op} at {name(cage.cells[0])} is broken")
        for relation in self.relations:
            if not relation.holds(values[relation.first], values[relation.second]):
                found.append(f"{relation.describe(name)} is broken")
        for line in self.sightlines:
            seen = line.count(values)
            if seen != line.seen:
                found.append(f"{line.describe()} is broken ({seen} seen)")
        return found

    def is_solution(self, solution: Sequence[int] | Grid) -> bool:
        """True if ``solution`` is complete and breaks no rule."""
        return not self.violations(solution)


def _values(givens: str | Sequence[int]) -> tuple[int, ...]:
    if not isinstance(givens, str):
        return tuple(int(v) for v in givens)
    text = "".join(givens.split())
    fast = values_of_text(text)
    if fast is not None:
        return fast
    values = []
    for position, char in enumerate(text):
        value = value_of(char)
        if value is None:
            raise InvalidPuzzle(f"character {char!r} at position {position + 1} is no value")
        values.append(value)
    return tuple(values)


def _side(count: int) -> int:
    size = round(count**0.5)
    if size * size != count or count == 0:
        raise InvalidPuzzle(f"{count} cells do not make a square grid")
    if size > MAX_SIZE:
        raise InvalidPuzzle(f"a {size}x{size} grid is larger than the {MAX_SIZE}x{MAX_SIZE} limit")
    return size


def _regions_side(regions: str | Sequence[int] | Sequence[Sequence[int]]) -> int:
    """The side of the grid that ``regions`` (see :meth:`Puzzle.jigsaw`) divide."""
    if isinstance(regions, str):
        return _side(len("".join(regions.split())))
    found = list(regions)
    if found and isinstance(found[0], Sequence):
        return len(found)
    return _side(len(found))


def _box_for(size: int) -> tuple[int, int]:
    box = default_box(size)
    if box is None:
        raise InvalidPuzzle(f"a {size}x{size} Sudoku needs an explicit box shape")
    return box


def _cage(cage: Cage | tuple) -> Cage:
    if isinstance(cage, Cage):
        return cage
    op, target, cells = cage
    return Cage(tuple(cells), op, int(target))


def _check_givens(puzzle: Puzzle) -> list[Problem]:
    name, size = puzzle.geometry.name, puzzle.size
    problems = [
        Problem(f"{name(cell)} holds {value}, outside 1..{size}")
        for cell, value in enumerate(puzzle.givens)
        if not 0 <= value <= size
    ]
    clashes: dict[tuple[int, int, int], list[str]] = {}
    for unit, unit_name in zip(puzzle.geometry.units, puzzle.geometry.unit_names, strict=True):
        seen: dict[int, int] = {}
        for cell in unit:
            value = puzzle.givens[cell]
            if value and value in seen:
                clashes.setdefault((seen[value], cell, value), []).append(unit_name)
            seen.setdefault(value, cell)
    for (first, second, value), units in clashes.items():
        where = " and ".join(units)
        problems.append(Problem(f"{name(first)} and {name(second)} both hold {value} in {where}"))
    return problems


def _check_cages(puzzle: Puzzle) -> list[Problem]:
    geometry, size = puzzle.geometry, puzzle.size
    name = geometry.name
    problems: list[Problem] = []
    owner: dict[int, Cage] = {}
    for cage in puzzle.cages:
        where = _cage_name(puzzle, cage)
        bad_cells = [c for c in cage.cells if not 0 <= c < size * size]
        if bad_cells:
            problems.append(
                Problem(f"{where} names cell {bad_cells[0]}, outside 0..{size * size - 1}")
            )
            continue
        if not cage.cells:
            problems.append(Problem(f"{where} has no cells"))
            continue
        if len(set(cage.cells)) != len(cage.cells):
            problems.append(Problem(f"{where} names a cell twice"))
        for cell in cage.cells:
            if cell in owner and owner[cell] is not cage:
                problems.append(
                    Problem(f"{where} overlaps {_cage_name(puzzle, owner[cell])} at {name(cell)}")
                )
            owner.setdefault(cell, cage)
        problems += _check_cage_arithmetic(puzzle, cage, where)
        if not connected(cage.cells, size):
            problems.append(Problem(f"{where} is not contiguous", "warning"))
    if puzzle.variant == "kenken":
        uncovered = [name(c) for c in geometry.cells if c not in owner]
        if uncovered:
            shown = ", ".join(uncovered[:5]) + (" ..." if len(uncovered) > 5 else "")
            problems.append(Problem(f"{len(uncovered)} cells are in no cage: {shown}"))
    return problems


def _cage_name(puzzle: Puzzle, cage: Cage) -> str:
    first = puzzle.geometry.name(cage.cells[0]) if cage.cells and cage.cells[0] >= 0 else "?"
    label = f" {cage.label!r}" if cage.label else ""
    return f"cage{label} {short_number(cage.target)}{cage.op} at {first}"


def short_number(number: int) -> str:
    """``number``, or its first digits and length when it is too long to show."""
    text = str(number)
    return text if len(text) <= 20 else f"{text[:12]}... ({len(text)} digits)"


def _check_cage_arithmetic(puzzle: Puzzle, cage: Cage, where: str) -> list[Problem]:
    size, count, op, target = puzzle.size, len(cage.cells), cage.op, cage.target
    shown = short_number(target)
    if op in "-/" and count != 2:
        return [Problem(f"{where}: a {OPERATOR_NAMES[op]} cage needs exactly 2 cells, not {count}")]
    if op == "=" and count != 1:
        return [Problem(f"{where}: an = cage needs exactly 1 cell, not {count}")]
    if target <= 0:
        return [Problem(f"{where}: target {shown} must be positive")]
    if cage.distinct and count > size:
        return [Problem(f"{where}: {count} distinct digits cannot fit in 1..{size}")]
    if cage.distinct and op == "+":
        low, high = count * (count + 1) // 2, sum(range(size - count + 1, size + 1))
        if not low <= target <= high:
            return [
                Problem(
                    f"{where}: {count} distinct digits cannot sum to {shown} "
                    f"(possible {low}..{high})"
                )
            ]
    if op == "*":
        if target > size**count:
            most = short_number(size**count)
            return [Problem(f"{where}: {count} values up to {size} multiply to at most {most}")]
        rest = unfactored_part(target, size)
        if rest > 1:
            factor = f"prime factor {rest}" if rest <= size * size else "a prime factor"
            return [Problem(f"{where}: product {shown} has {factor} > {size}")]
    if op == "+" and not count <= target <= count * size:
        return [
            Problem(
                f"{where}: {count} cells cannot sum to {shown} (possible {count}..{count * size})"
            )
        ]
    if count <= 12 and not _has_assignment(puzzle, cage):
        return [Problem(f"{where}: no values 1..{size} reach target {shown}")]
    return []


def _has_assignment(puzzle: Puzzle, cage: Cage) -> bool:
    peers = puzzle.geometry.peers
    peers_of = {cell: set(cage.cells) & peers[cell] for cell in cage.cells}
    try:
        return next(cage.tuples(puzzle.size, peers_of, ASSIGNMENT_NODES), None) is not None
    except SearchLimit:
        return True  # undecided within the budget: the solver will tell


def _normal_relations(relations: Iterable[Relation], size: int) -> tuple[Relation, ...]:
    """``relations`` sorted without repeats; bars (with no sign among them) filled with
    the no-bars of Tatham's adjacent mode."""
    found = tuple(relations)
    if adjacent_mode(found) and not any(relation.kind == "<" for relation in found):
        found = fill_adjacent(found, size)
    return tuple(sorted(set(found)))


def _check_relations(puzzle: Puzzle) -> list[Problem]:
    """Relations outside the grid, between cells that are not neighbours, or that
    contradict each other or the givens."""
    if not puzzle.relations:
        return []
    size, name = puzzle.size, puzzle.geometry.name
    pairs = set(neighbours(size))
    problems: list[Problem] = []
    kinds: dict[tuple[int, int], set[str]] = {}
    for relation in puzzle.relations:
        pair, sign = relation.oriented
        outside = [cell for cell in pair if not 0 <= cell < size * size]
        if outside:
            problems.append(
                Problem(f"a relation names cell {outside[0]}, outside 0..{size * size - 1}")
            )
        elif pair not in pairs:
            problems.append(
                Problem(
                    f"{relation.describe(name)}: the cells are not neighbours in a row or column"
                )
            )
        else:
            kinds.setdefault(pair, set()).add(sign)
    if problems:
        return problems
    used = set().union(*kinds.values())
    if used & {"<", ">"} and used & ADJACENT_KINDS:
        return [Problem(MIXED)]
    for (a, b), found in kinds.items():
        if found >= {"<", ">"} or found >= ADJACENT_KINDS:
            problems.append(Problem(f"{name(a)} and {name(b)} have contradicting relations"))
    if problems:
        return problems
    return _check_orders(puzzle) + _check_bars(puzzle)


def _check_orders(puzzle: Puzzle) -> list[Problem]:
    """Circles of signs, chains longer than the values, and givens the signs exclude."""
    size, name = puzzle.size, puzzle.geometry.name
    above: dict[int, list[int]] = {}
    for relation in puzzle.relations:
        if relation.kind == "<":
            above.setdefault(relation.first, []).append(relation.second)
    below = {cell: 0 for cell in puzzle.geometry.cells}  # longest chain of smaller cells
    depth = {cell: 0 for cell in puzzle.geometry.cells}  # longest chain of larger cells
    order = _topological(above, size * size)
    if order is None:
        return [Problem("the signs go round in a circle (each cell would be less than itself)")]
    for cell in reversed(order):
        for larger in above.get(cell, ()):
            depth[cell] = max(depth[cell], depth[larger] + 1)
    for cell in order:
        for larger in above.get(cell, ()):
            below[larger] = max(below[larger], below[cell] + 1)
    longest = max(depth.values())
    if longest >= size:
        return [
            Problem(
                f"a chain of {longest} signs needs {longest + 1} different values, "
                f"more than 1..{size}"
            )
        ]
    problems = []
    for cell, value in enumerate(puzzle.givens):
        low, high = below[cell] + 1, size - depth[cell]
        if value and not low <= value <= high:
            problems.append(
                Problem(f"{name(cell)} holds {value}, but the signs allow only {low}..{high} there")
            )
    return problems


def _topological(above: dict[int, list[int]], count: int) -> list[int] | None:
    """The cells ordered so that each comes before the larger ones, or None on a circle."""
    incoming = [0] * count
    for cells in above.values():
        for cell in cells:
            incoming[cell] += 1
    ready = [cell for cell in range(count) if not incoming[cell]]
    order: list[int] = []
    while ready:
        cell = ready.pop()
        order.append(cell)
        for larger in above.get(cell, ()):
            incoming[larger] -= 1
            if not incoming[larger]:
                ready.append(larger)
    return order if len(order) == count else None


def _check_bars(puzzle: Puzzle) -> list[Problem]:
    """Bars (or their absence) that two givens already break."""
    name, givens = puzzle.geometry.name, puzzle.givens
    return [
        Problem(f"{relation.describe(name)}, but the givens are {givens[a]} and {givens[b]}")
        for relation in puzzle.relations
        if relation.kind in ADJACENT_KINDS
        for a, b in [relation.cells]
        if givens[a] and givens[b] and not relation.holds(givens[a], givens[b])
    ]


def _check_sightlines(puzzle: Puzzle) -> list[Problem]:
    """Clues outside the border or above the size, two clues at one place, and lines
    whose clues and givens no filling meets."""
    if not puzzle.sightlines:
        return []
    size = puzzle.size
    problems: list[Problem] = []
    at: dict[tuple[str, int], int] = {}
    for line in puzzle.sightlines:
        if not 0 <= line.index < size:
            problems.append(Problem(f"{line.describe()}: no such line in a {size}x{size} grid"))
        elif not 1 <= line.seen <= size:
            problems.append(Problem(f"{line.describe()}: a clue must be 1..{size}"))
        elif (line.side, line.index) in at:
            first = at[line.side, line.index]
            problems.append(Problem(f"two clues {line.place}: {first} and {line.seen}"))
        else:
            at[line.side, line.index] = line.seen
    if problems:
        return problems
    found = (_line_problem(puzzle, *line) for line in facing(puzzle.sightlines, size))
    return [Problem(problem) for problem in found if problem]


def _line_problem(puzzle: Puzzle, side: str, index: int, front: int, back: int) -> str | None:
    """Why no filling of one line meets its clues and givens, or None."""
    size = puzzle.size
    name = f"{'column' if side == 'top' else 'row'} {index + 1}"
    ends = ("above", "below") if side == "top" else ("from the left", "from the right")
    if front and back and not pair_possible(front, back, size):
        return (
            f"{name}: no line of {size} shows {front} {ends[0]} and {back} {ends[1]} "
            f"(the two clues must add up to 3..{size + 1})"
        )
    cells = line_cells(side, index, size)
    givens = [puzzle.givens[cell] for cell in cells]
    filled = [value for value in givens if value]
    if not filled or len(set(filled)) != len(filled) or not all(v <= size for v in filled):
        return None  # no givens here, or givens that _check_givens names
    full = (1 << size) - 1
    taken = sum(1 << (value - 1) for value in filled)
    domains = [1 << (value - 1) if value else full & ~taken for value in givens]
    try:
        if fillings(domains, front, back, limit=0, node_limit=LINE_NODES):
            return None
    except TooMany:
        return None  # a filling exists, or the budget ran out: the solver will tell
    return f"{name}: no filling meets its clues and its givens"
