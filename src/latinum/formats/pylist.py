"""The candidate-sets seed's Python list of lists: ``[[5, 3, 0, ...], ...]``.

The text is parsed as data, never run: one expression, or one assignment such
as ``sudoku = [...]``, with ``#`` comments and trailing commas allowed. Rows
are lists or tuples of integers; ``0`` or ``None`` is a blank. A flat list of
N*N values is read too. Sizes with a usual box shape are Sudoku, others Latin
squares.
"""

from __future__ import annotations

import ast
import re
import warnings

from ..errors import ParseError
from ..grid import Grid
from ..puzzle import Puzzle
from ..symbols import MAX_SIZE
from .common import check_plain, plain_puzzle, side
from .registry import Format, long_number_error, register

MAX_CHARS = 256 * 1024
_START = re.compile(r"\A(?:\s*#[^\n]*\n)*\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*=\s*)?[\[(]\s*[\[(\d\-N]")


def read(text: str, source: str | None = None) -> list[Puzzle]:
    """The one puzzle of a list-of-lists text."""
    if len(text) > MAX_CHARS:
        raise ParseError(f"{len(text)} characters, too long for a list of lists", source)
    node = _expression(text, source)
    if not isinstance(node, (ast.List, ast.Tuple)) or not node.elts:
        raise _error("expected a list of rows like [[5, 3, 0, ...], ...]", node, source)
    if all(isinstance(item, (ast.List, ast.Tuple)) for item in node.elts):
        return [_from_rows(node.elts, text, source)]
    values = [_value(item, None, text, source) for item in node.elts]
    size = side(len(values), source, node.lineno, "values")
    _check_range(values, node.elts, size, source)
    return [plain_puzzle(values, size)]


def _expression(text: str, source: str | None) -> ast.expr:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning on text such as "6in"
            module = ast.parse(text, mode="exec")
    except (RecursionError, MemoryError):
        raise ParseError("not a Python list: nested too deeply", source) from None
    except (SyntaxError, ValueError) as error:
        if "digits" in str(error):
            raise long_number_error(text, source) from None
        line = getattr(error, "lineno", None)
        column = getattr(error, "offset", None)
        problem = getattr(error, "msg", None) or str(error)
        raise ParseError(f"not a Python list: {problem}", source, line, column) from None
    body = module.body
    if len(body) != 1:
        where = body[1] if len(body) > 1 else None
        raise _error("expected exactly one list of lists", where, source)
    statement = body[0]
    if isinstance(statement, ast.Expr):
        return statement.value
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        return statement.value
    raise _error("expected a list of lists or one assignment of it", statement, source)


def _from_rows(rows: list[ast.expr], text: str, source: str | None) -> Puzzle:
    n = len(rows)
    if n > MAX_SIZE:
        raise _error(f"{n} rows: larger than the {MAX_SIZE}x{MAX_SIZE} limit", rows[0], source)
    values: list[int] = []
    for number, row in enumerate(rows, 1):
        items = row.elts  # type: ignore[attr-defined]
        if len(items) != n:
            raise _error(f"row {number} has {len(items)} values, expected {n}", row, source)
        row_values = [_value(item, number, text, source) for item in items]
        _check_range(row_values, items, n, source)
        values += row_values
    return plain_puzzle(values, n)


def _value(node: ast.expr, row: int | None, text: str, source: str | None) -> int:
    sign, number = 1, node
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        sign, number = -1, node.operand
    if isinstance(number, ast.Constant):
        if number.value is None and sign == 1:
            return 0
        if isinstance(number.value, int) and not isinstance(number.value, bool):
            return sign * number.value
    where = f" in row {row}" if row else ""
    shown = (ast.get_source_segment(text, node) or "")[:20]
    raise _error(f"{shown!r}{where} is not a number", node, source)


def _check_range(values: list[int], nodes: list[ast.expr], n: int, source: str | None) -> None:
    for value, node in zip(values, nodes, strict=True):
        if not 0 <= value <= n:
            raise _error(f"value {value} is outside 0..{n} of a {n}x{n} grid", node, source)


def _error(problem: str, node: ast.AST | None, source: str | None) -> ParseError:
    line = getattr(node, "lineno", None)
    column = getattr(node, "col_offset", None)
    return ParseError(problem, source, line, None if column is None else column + 1)


def write(puzzle: Puzzle) -> str:
    """A list of lists, one row per line."""
    check_plain(puzzle, "pylist")
    return _rows(puzzle.grid)


def write_solution(puzzle: Puzzle, grid: Grid) -> str:
    """The solved grid as a list of lists."""
    return _rows(grid)


def _rows(grid: Grid) -> str:
    width = len(str(grid.size))
    rows = ["[" + ", ".join(str(v).rjust(width) for v in row) + "]" for row in grid.rows()]
    return "[\n    " + ",\n    ".join(rows) + ",\n]\n"


def sniff(text: str) -> bool:
    """A bracketed list (maybe assigned to a name) whose first item is a list or number."""
    return "{" not in text[:4096] and _START.match(text[:4096]) is not None


FORMAT = register(
    Format(
        name="pylist",
        description="Python list of lists [[5, 3, 0, ...], ...], 0 or None blank",
        read=read,
        sniff=sniff,
        write=write,
        write_solution=write_solution,
        aliases=("python", "py"),
    )
)
