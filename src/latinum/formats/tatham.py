"""Simon Tatham's game IDs: Keen (``6:BLOCKS,CLUES``) and Solo (``3x3:GRID``).

Both games describe cage outlines with the same *border walk*: every internal
cell border (vertical ones in reading order, then horizontal ones column by
column, then one virtual border) is a wall or not; a symbol stands for a run
of non-walls followed by one wall (``_`` = 0, ``a``..``y`` = 1..25) or for 25
non-walls with no wall (``z``), and a symbol followed by a number repeats.

Parameters may carry what Tatham's programs write after the size: Keen's
difficulty ``dX`` and ``m``, Solo's symmetry and difficulty (``3x3db``,
``3x3kr4``); they do not change the puzzle. Solo's jigsaw IDs (``9j:GRID,REGIONS``)
outline the regions with the same border walk. Random-seed IDs (``6dh#12345``)
are recognised and refused with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from ..cages import Cage
from ..errors import CannotWrite, InvalidPuzzle, ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE
from .records import Lines, Record, each_line, text_reader
from .registry import Format, register

KEEN_OPS = {"a": "+", "s": "-", "m": "*", "d": "/"}
KEEN_LETTERS = {"+": "a", "-": "s", "*": "m", "/": "d", "=": "a"}
KEEN_LEVELS = "enhxu"

# Solo's parameters after the box size: x (diagonals), k (Killer), j (jigsaw), a
# symmetry (a, r2, r4, m2, m4, m8, md2, md4) and a difficulty (dt, db, di, da, de, du);
# symmetry and difficulty only say how Solo made the puzzle.
_SOLO_FLAG = re.compile(r"[xkja]|r[24]|m[248]|md[24]|d[tbiaeu]")
_SOLO_FLAGS = re.compile(f"(?:{_SOLO_FLAG.pattern})*")
_KEEN_PARAMS = r"[0-9]+(?:d[a-z]|m)*"
_SOLO_PARAMS = r"([0-9]+)(?:x([0-9]+))?((?:[a-z][a-z0-9]*)?)"
_KEEN_LINE = re.compile(_KEEN_PARAMS + r":[_a-z0-9]*,[a-z0-9]*")
_SOLO_LINE = re.compile(_SOLO_PARAMS + r":[_a-z0-9,]*")
# A random-seed ID: parameters, '#' and the seed Tatham's generator starts from.
_KEEN_SEED = re.compile(_KEEN_PARAMS + r"#\S*")
_SOLO_SEED = re.compile(_SOLO_PARAMS + r"#\S*")
# An Unequal ID (5:0D,0,3R,...): numbers with flags U, R, D, L, each field comma-ended;
# formats.unequal reads it (no Solo grid holds a comma outside Killer's three parts).
UNEQUAL_LINE = re.compile(r"[0-9]+[a-z]*:(?:[0-9]+[A-Z]*,){2,}(?:[0-9]+[A-Z]*)?")
SEED_PROBLEM = (
    "a random-seed ID (PARAMS#SEED): latinum cannot rebuild a puzzle from Tatham's "
    "random seed; copy the game ID instead (the form with ':', from Game > Specific)"
)
_SYMBOL = re.compile(r"([_a-z])([0-9]*)")
_CLUE = re.compile(r"([a-z])([0-9]+)")


class IdProblem(Exception):
    """A problem inside one ID, at a 0-based offset in the line."""

    def __init__(self, problem: str, offset: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.offset = offset


# The border walk -------------------------------------------------------


def borders(size: int) -> list[tuple[int, int]]:
    """The internal borders of a ``size`` grid in walk order, as pairs of cells."""
    n = size
    if n < 2:
        return []
    vertical = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    horizontal = [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]
    return vertical + horizontal


def decode_blocks(text: str, size: int, offset: int = 0) -> list[list[int]]:
    """The cell groups outlined by the border walk ``text``, ordered by smallest cell."""
    edges = borders(size)
    parent = list(range(size * size))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    position = at = 0
    while at < len(text):
        match = _SYMBOL.match(text, at)
        if match is None:
            raise IdProblem(f"unexpected {text[at]!r} in the cage outlines", offset + at)
        letter, count = match[1], int(match[2] or 1)
        run = {"_": 0, "z": 25}.get(letter, ord(letter) - ord("a") + 1)
        wall = letter != "z"
        for _ in range(count):
            if position + run > len(edges):
                raise IdProblem("too many borders in the cage outlines", offset + at)
            for edge in range(position, position + run):
                a, b = edges[edge]
                parent[root(a)] = root(b)
            position += run + wall
        at = match.end()
    if position != len(edges) + 1:
        raise IdProblem(
            f"the cage outlines cover {position} of {len(edges) + 1} borders", offset + len(text)
        )
    groups: dict[int, list[int]] = {}
    for cell in range(size * size):
        groups.setdefault(root(cell), []).append(cell)
    return sorted(groups.values())


def encode_blocks(size: int, groups: Sequence[Sequence[int]], compress: bool = True) -> str:
    """The border walk of a partition of the cells into ``groups``.

    Keen writes runs of a repeated symbol as the symbol and a count; Solo does not.
    """
    owner = {cell: index for index, group in enumerate(groups) for cell in group}
    walls = [owner[a] != owner[b] for a, b in borders(size)] + [True]
    symbols: list[str] = []
    run = 0
    for wall in walls:
        if not wall:
            run += 1
            continue
        while run > 25:
            symbols.append("z")
            run -= 25
        symbols.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    text = "".join(symbols)
    return _compress(text) if compress else text


def _compress(text: str) -> str:
    """Runs of three or more equal symbols as the symbol and a count."""
    return re.sub(r"(.)\1\1+", lambda m: f"{m[1]}{len(m[0])}", text)


def _check_partition(puzzle: Puzzle, groups: Sequence[Sequence[int]]) -> None:
    """CannotWrite unless ``groups`` are exactly the regions the border walk outlines."""
    if sorted(sorted(g) for g in groups) != decode_blocks(
        encode_blocks(puzzle.size, groups), puzzle.size
    ):
        raise CannotWrite("every cage must be one connected region to be outlined")


# The Solo grid ---------------------------------------------------------


def decode_grid(text: str, size: int, offset: int = 0, largest: int = 0) -> list[int]:
    """Values of a Solo grid: numbers, runs ``a``..``z`` of empty cells, ``_`` separators.

    Numbers run 1..``largest`` (default ``size``).
    """
    largest = largest or size
    values: list[int] = []
    for match in re.finditer(r"([0-9]+)|([a-z])|(_)|.", text):
        number, run, at = match[1], match[2], offset + match.start()
        if number:
            if not 1 <= int(number) <= largest or number.startswith("0"):
                raise IdProblem(f"{number} is not a number 1..{largest}", at)
            values.append(int(number))
        elif run:
            values.extend([0] * (ord(run) - ord("a") + 1))
        elif not match[3]:
            raise IdProblem(f"unexpected {match[0]!r} in the grid", at)
        if len(values) > size * size:
            raise IdProblem(f"the grid holds more than {size * size} cells", at)
    if len(values) != size * size:
        raise IdProblem(f"the grid holds {len(values)} of {size * size} cells", offset + len(text))
    return values


def encode_grid(values: Sequence[int]) -> str:
    """The Solo encoding of ``values`` (0 = empty)."""
    parts: list[str] = []
    run = 0
    for value in [*values, -1]:
        if value == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                parts.append(chr(ord("a") - 1 + step))
                run -= step
        elif parts and value > 0:
            parts.append("_")
        if value > 0:
            parts.append(str(value))
    return "".join(parts)


# Keen ------------------------------------------------------------------


def _refuse_seed(text: str, offset: int) -> None:
    """Refuse a random-seed ID, whose puzzle only Tatham's generator can rebuild."""
    at, colon = text.find("#"), text.find(":")
    if at >= 0 and not 0 <= colon < at:
        raise IdProblem(SEED_PROBLEM, offset + at)


def read_keen_id(text: str, offset: int = 0) -> Puzzle:
    """The KenKen of one Keen game ID."""
    _refuse_seed(text, offset)
    params, colon, description = text.partition(":")
    match = re.fullmatch(r"([0-9]+)((?:d[a-z]|m)*)", params)
    if not colon or match is None:
        raise IdProblem(f"{params!r} is not Keen parameters like 6 or 6dn", offset)
    size = _size(match[1], offset)
    for level in re.findall(r"d(.)", match[2]):
        if level not in KEEN_LEVELS:
            raise IdProblem(f"unknown Keen difficulty {level!r} (one of {KEEN_LEVELS})", offset)
    start = offset + len(params) + 1
    blocks, comma, clues = description.partition(",")
    if not comma:
        raise IdProblem("the description needs cage outlines, a comma and clues", start)
    groups = decode_blocks(blocks, size, start)
    start += len(blocks) + 1
    found = []
    at = 0
    while at < len(clues):
        clue = _CLUE.match(clues, at)
        if clue is None or clue[1] not in KEEN_OPS:
            raise IdProblem("a clue must be a, s, m or d followed by a number", start + at)
        found.append(clue)
        at = clue.end()
    if len(found) != len(groups):
        raise IdProblem(f"{len(found)} clues for {len(groups)} cages", start + len(clues))
    cages = []
    for group, clue in zip(groups, found, strict=True):
        op = KEEN_OPS[clue[1]]
        if op == "+" and len(group) == 1:
            op = "="
        cages.append(Cage(tuple(group), op, int(clue[2])))
    return Puzzle.kenken(size, cages)


def write_keen(puzzle: Puzzle) -> str:
    """The Keen game ID of a KenKen without givens (one line, no newline)."""
    if puzzle.variant != "kenken":
        raise CannotWrite(f"a Keen ID holds KenKen puzzles, not {puzzle.variant}")
    if any(puzzle.givens):
        raise CannotWrite("a Keen ID cannot hold given values")
    groups = _cover(puzzle)
    clues = []
    for cage in puzzle.cages:
        if cage.op == "=" and len(cage.cells) != 1:
            raise CannotWrite("an = cage must have one cell")
        if cage.target <= 0:
            raise CannotWrite(f"cage target {cage.target} is not positive")
        clues.append(f"{KEEN_LETTERS[cage.op]}{cage.target}")
    return f"{puzzle.size}:{encode_blocks(puzzle.size, groups)},{''.join(clues)}"


def _cover(puzzle: Puzzle) -> list[list[int]]:
    """The cages' cells, checked to partition the grid into outlinable regions."""
    groups = [list(cage.cells) for cage in puzzle.cages]
    cells = sorted(cell for group in groups for cell in group)
    if cells != list(range(puzzle.size**2)):
        raise CannotWrite("the cages must cover every cell exactly once")
    _check_partition(puzzle, groups)
    return groups


# Solo ------------------------------------------------------------------


def read_solo_id(text: str, offset: int = 0) -> Puzzle:
    """The Sudoku, Jigsaw Sudoku or Killer Sudoku of one Solo game ID.

    The description is the grid, then (jigsaw) the regions' border walk, then
    (Killer) the cages' border walk and their sums.
    """
    _refuse_seed(text, offset)
    params, colon, description = text.partition(":")
    match = re.fullmatch(_SOLO_PARAMS, params)
    unsized = match is not None and match[2] is None and not _SOLO_FLAGS.fullmatch(match[3])
    if not colon or match is None or (unsized and "j" not in match[3]):
        raise IdProblem(f"{params!r} is not Solo parameters like 3x3, 2x3 or 9j", offset)
    flags = _solo_flags(match[3], offset + match.start(3))
    jigsaw, diagonals, killer = "j" in flags, "x" in flags, "k" in flags
    size = _solo_size(match)
    rows = int(match[1])
    cols = int(match[2]) if match[2] else rows
    if rows < 1 or cols < 1 or not 1 <= size <= MAX_SIZE:
        raise IdProblem(f"Solo parameters {params!r} make a grid outside 1..{MAX_SIZE}", offset)
    start = offset + len(params) + 1
    parts = description.split(",")
    expected = ["GRID"] + ["REGIONS"] * jigsaw + ["CAGES", "SUMS"] * killer
    if len(parts) != len(expected):
        shown = ",".join(expected) if len(expected) > 1 else "GRID with no commas"
        raise IdProblem(f"the description must be {shown}", start)
    starts = [start + sum(len(part) + 1 for part in parts[:i]) for i in range(len(parts))]
    givens = decode_grid(parts[0], size, start)
    regions = decode_blocks(parts[1], size, starts[1]) if jigsaw else None
    try:
        if not killer:
            if regions is not None:
                return Puzzle.jigsaw(givens, regions, diagonals=diagonals)
            return Puzzle.sudoku(givens, box=(rows, cols), diagonals=diagonals)
        groups = decode_blocks(parts[-2], size, starts[-2])
        sums = decode_grid(parts[-1], size, starts[-1], size * (size + 1) // 2)
        cages = []
        for group in groups:
            targets = [sums[cell] for cell in group if sums[cell]]
            if len(targets) != 1:
                where = f"r{group[0] // size + 1}c{group[0] % size + 1}"
                raise IdProblem(f"the cage at {where} has {len(targets)} sums, not 1", starts[-2])
            cages.append((targets[0], group))
        box = None if regions is not None else (rows, cols)
        return Puzzle.killer(cages, box, givens, diagonals, regions=regions)
    except InvalidPuzzle as error:
        raise IdProblem(str(error), offset + (len(params) + 1 if regions else 0)) from None


def _solo_flags(text: str, offset: int) -> list[str]:
    """The parameters after Solo's box size, checked."""
    flags = []
    at = 0
    while at < len(text):
        flag = _SOLO_FLAG.match(text, at)
        if flag is None:
            raise IdProblem(
                f"unknown Solo parameter {text[at:]!r} (Solo writes j, x, k, a symmetry "
                "like r4 or md2 and a difficulty like db)",
                offset + at,
            )
        flags.append(flag[0])
        at = flag.end()
    return flags


def write_solo(puzzle: Puzzle) -> str:
    """The Solo game ID of a Sudoku, Jigsaw Sudoku or Killer Sudoku (one line, no newline)."""
    geometry = puzzle.geometry
    if puzzle.variant not in ("sudoku", "killer") or not geometry.has_boxes:
        raise CannotWrite(f"a Solo ID holds Sudoku and Killer Sudoku, not {puzzle.variant}")
    if geometry.windows:
        raise CannotWrite("a Solo ID cannot hold Windoku's windows (write it as windoku or json)")
    flags = ("x" if geometry.diagonals else "") + ("k" if puzzle.variant == "killer" else "")
    if any(not 0 <= value <= puzzle.size for value in puzzle.givens):
        raise CannotWrite(f"givens must be values 1..{puzzle.size}")
    if geometry.box is None:
        shape = f"{puzzle.size}j"
        regions = "," + encode_blocks(puzzle.size, geometry.boxes, compress=False)
    else:
        shape, regions = f"{geometry.box[0]}x{geometry.box[1]}", ""
    text = f"{shape}{flags}:{encode_grid(puzzle.givens)}{regions}"
    if puzzle.variant == "killer":
        if any(cage.op != "+" or not cage.distinct for cage in puzzle.cages):
            raise CannotWrite("Solo Killer cages are sums of distinct digits")
        largest = puzzle.size * (puzzle.size + 1) // 2
        if any(not 0 < cage.target <= largest for cage in puzzle.cages):
            raise CannotWrite(f"Solo Killer cage sums must be 1..{largest}")
        sums = [0] * puzzle.size**2
        for cage in puzzle.cages:
            sums[cage.cells[0]] = cage.target
        text += f",{encode_blocks(puzzle.size, _cover(puzzle), compress=False)},{encode_grid(sums)}"
    return text


def write_solo_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The Solo ID of the solved grid: every cell given."""
    return write_solo(puzzle.with_givens(grid))


def write_keen_solution(puzzle: Puzzle, grid: Grid) -> str:
    """A solved KenKen: N rows of space-separated values (several lines, ending with a newline)."""
    return grid.text() + "\n"


# Batches and detection -------------------------------------------------


def _size(digits: str, offset: int) -> int:
    size = int(digits)
    if not 1 <= size <= MAX_SIZE:
        raise IdProblem(f"size {size} is outside 1..{MAX_SIZE}", offset)
    return size


def each_id(
    lines: Lines, source: str | None, read_one: Callable[[str, int], Puzzle]
) -> Iterator[Record]:
    """The puzzle (or ParseError) of each game ID of ``lines``, one per line."""

    def parse(line: str, number: int) -> Puzzle:
        indent = len(line) - len(line.lstrip())
        try:
            return read_one(line.strip(), indent)
        except IdProblem as bad:
            raise ParseError(bad.problem, source, number, bad.offset + 1) from None

    return each_line(lines, source, parse, comments=False)


def stream_keen(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """Every Keen game ID of ``lines``, one per line."""
    return each_id(lines, source, read_keen_id)


def stream_solo(lines: Lines, source: str | None = None) -> Iterator[Record]:
    """Every Solo game ID of ``lines``, one per line."""
    return each_id(lines, source, read_solo_id)


read_keen = text_reader(stream_keen)
read_solo = text_reader(stream_solo)


def _every_line(claims: Callable[[str], bool], text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and all(claims(line) for line in lines)


def _keen_line(line: str) -> bool:
    return bool(_KEEN_LINE.fullmatch(line) or _KEEN_SEED.fullmatch(line))


def _solo_line(line: str) -> bool:
    match = _SOLO_LINE.fullmatch(line) or _SOLO_SEED.fullmatch(line)
    if match is None or _keen_line(line) or UNEQUAL_LINE.fullmatch(line):
        return False
    return _solo_size(match) <= MAX_SIZE


def _solo_size(params: re.Match[str]) -> int:
    """The grid size Solo parameters name (a jigsaw's is its first number)."""
    first, second = int(params[1]), int(params[2] or 0)
    if "j" in params[3]:
        return first * (second or 1)
    return first * (second or first)


def sniff_keen(text: str) -> bool:
    """Every non-blank line looks like ``N[dX][m]:BLOCKS,CLUES`` (or a seed ``N[dX]#SEED``)."""
    return _every_line(_keen_line, text)


def sniff_solo(text: str) -> bool:
    """Every non-blank line looks like ``RxC[flags]:GRID[,...]`` with R*C <= 25 (or a seed
    ``RxC[flags]#SEED``) and is no Keen or Unequal ID."""
    return _every_line(_solo_line, text)


register(
    Format(
        name="keen",
        description="Simon Tatham's Keen game IDs, one per line (6:BLOCKS,CLUES)",
        read=read_keen,
        stream=stream_keen,
        sniff=sniff_keen,
        write=write_keen,
        write_solution=write_keen_solution,
        batch=True,
    )
)

register(
    Format(
        name="solo",
        description=(
            "Simon Tatham's Solo game IDs, one per line "
            "(3x3:GRID, 9j:GRID,REGIONS, 3x3k:GRID,CAGES,SUMS)"
        ),
        read=read_solo,
        stream=stream_solo,
        sniff=sniff_solo,
        write=write_solo,
        write_solution=write_solo_solution,
        batch=True,
        regions=True,
    )
)
