"""Off-the-shelf baselines for 9x9 Sudoku: a SAT solver, an exact cover solver,
rustoku (a Sudoku solver in Rust with Python bindings, on PyPI) and tdoku (a
Sudoku solver in C++ with SIMD, called through ctypes).

Both use the same 324 constraints: each cell holds one digit, and each digit
appears once in each row, column and box. A candidate (cell, digit) is number
``9 * cell + digit - 1``, from 0 to 728, and lies in four constraints.

- :func:`solve_cnf` states every constraint as "exactly one of its nine
  candidates" in CNF (one clause for at least one, 36 pairs for at most one),
  adds each given as a unit clause, and calls ``pycosat.solve`` once.
- :func:`solve_cover` keeps the candidates that agree with the givens as rows of
  a 0/1 matrix with one column per constraint and calls
  ``exact_cover.get_exact_cover`` (Dancing Links) once.

- :func:`solve_rustoku` hands the line to ``rustoku.solve`` (string in,
  string out).
- :func:`solve_tdoku` hands the line to tdoku's ``TdokuSolverDpllTriadSimd``
  in the shared library that the environment variable ``TDOKU_LIBRARY``
  names (tdoku is not packaged: build it from its repository, for example
  ``g++ -O3 -march=native -shared -fPIC -o libtdoku.so
  src/solver_dpll_triad_simd.cc src/util.cc``).

None of them is a dependency of latinum: :data:`pycosat`, :data:`exact_cover`,
:data:`rustoku` and :data:`tdoku` are None when they are not installed.
"""

from __future__ import annotations

import ctypes
import os
from functools import cache
from itertools import combinations
from typing import Any

try:
    import pycosat
except ImportError:  # optional: its column is skipped
    pycosat = None

try:
    import exact_cover
    import numpy
    from exact_cover.error import NoSolution
except ImportError:  # optional: its column is skipped
    exact_cover = None

try:
    import rustoku
except ImportError:  # optional: its column is skipped
    rustoku = None

#: The environment variable naming tdoku's shared library.
TDOKU_VARIABLE = "TDOKU_LIBRARY"


def _tdoku() -> Any:
    """tdoku's solver function, or None when TDOKU_LIBRARY names no library."""
    path = os.environ.get(TDOKU_VARIABLE)
    if not path:
        return None
    solver = ctypes.CDLL(path).TdokuSolverDpllTriadSimd
    size = ctypes.c_size_t
    solver.argtypes = [ctypes.c_char_p, size, ctypes.c_uint32, ctypes.c_char_p, ctypes.c_void_p]
    solver.restype = size
    return solver


tdoku = _tdoku()

DIGITS = "123456789"
CELLS = range(81)


@cache
def constraints() -> tuple[tuple[int, ...], ...]:
    """The 324 constraints, each as its nine candidates."""
    cell = [tuple(9 * c + d for d in range(9)) for c in CELLS]
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    columns = [[9 * r + c for r in range(9)] for c in range(9)]
    boxes = [
        [9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)
    ]
    units = rows + columns + boxes
    digit = [tuple(9 * c + d for c in unit) for unit in units for d in range(9)]
    return tuple(cell + digit)


def givens(line: str) -> list[int]:
    """The candidates fixed by the digits of an 81-character puzzle line."""
    return [9 * cell + int(char) - 1 for cell, char in enumerate(line[:81]) if char in DIGITS]


def answer(candidates: Any) -> str | None:
    """The 81-digit line of a full set of chosen candidates, or None."""
    out = ["0"] * 81
    for candidate in candidates:
        out[candidate // 9] = DIGITS[candidate % 9]
    return None if "0" in out else "".join(out)


@cache
def base_clauses() -> list[list[int]]:
    """Exactly one candidate per constraint, as CNF over variables 1..729."""
    clauses = []
    for group in constraints():
        clauses.append([c + 1 for c in group])
        clauses.extend([-a - 1, -b - 1] for a, b in combinations(group, 2))
    return clauses


def solve_cnf(line: str) -> str | None:
    """The solution of a puzzle line found by picosat, or None."""
    assert pycosat is not None, "pycosat is not installed"
    model = pycosat.solve(base_clauses() + [[c + 1] for c in givens(line)])
    if isinstance(model, str):  # "UNSAT" or "UNKNOWN"
        return None
    return answer(v - 1 for v in model if v > 0)


@cache
def cover_matrix() -> Any:
    """The 729 x 324 boolean matrix: candidate rows, constraint columns."""
    matrix = numpy.zeros((729, 324), dtype=bool)
    for column, group in enumerate(constraints()):
        matrix[list(group), column] = True
    return matrix


def solve_cover(line: str) -> str | None:
    """The solution of a puzzle line found by Dancing Links, or None."""
    assert exact_cover is not None, "exact-cover is not installed"
    fixed = {c // 9: c for c in givens(line)}
    rows = numpy.array([c for c in range(729) if fixed.get(c // 9, c) == c])
    try:
        chosen = exact_cover.get_exact_cover(cover_matrix()[rows])
    except NoSolution:
        return None
    return answer(rows[chosen])


def solve_rustoku(line: str) -> str | None:
    """The solution of a puzzle line found by rustoku, or None."""
    assert rustoku is not None, "rustoku is not installed"
    return rustoku.solve(line) or None


def solve_tdoku(line: str) -> str | None:
    """The solution of a puzzle line found by tdoku, or None."""
    assert tdoku is not None, f"{TDOKU_VARIABLE} names no tdoku library"
    solution = ctypes.create_string_buffer(82)
    guesses = ctypes.c_size_t()
    if not tdoku(line.encode(), 1, 0, solution, ctypes.byref(guesses)):
        return None
    return solution.raw[:81].decode()
