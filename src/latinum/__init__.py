"""latinum: Latin-square logic puzzles (Sudoku, KenKen, Killer, Futoshiki, Skyscrapers,
Latin squares).

>>> import latinum
>>> p = latinum.Puzzle.sudoku(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )
>>> latinum.solve(p).line()[:9]
'534678912'
>>> latinum.count_solutions(p)
1
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cages import Cage
    from .errors import (
        CannotWrite,
        InvalidArgument,
        InvalidPuzzle,
        LatinumError,
        MissingExtra,
        MultipleSolutions,
        ParseError,
        SearchLimit,
        Unsolvable,
    )
    from .generator import generate
    from .geometry import Geometry
    from .grid import Grid
    from .io import read, read_all, read_each
    from .logic import Step, explain, hint
    from .puzzle import Problem, Puzzle
    from .rating import Rating, rate
    from .relations import Relation
    from .sightlines import Sightline
    from .solver import (
        Stats,
        count_line,
        count_lines,
        count_solutions,
        solve,
        solve_line,
        solve_lines,
    )

#: Where each public name lives; modules load on first use, so that a command
#: or the game imports only what it needs.
_HOMES = {
    "Cage": "cages",
    "CannotWrite": "errors",
    "InvalidArgument": "errors",
    "InvalidPuzzle": "errors",
    "LatinumError": "errors",
    "MissingExtra": "errors",
    "MultipleSolutions": "errors",
    "ParseError": "errors",
    "SearchLimit": "errors",
    "Unsolvable": "errors",
    "generate": "generator",
    "Geometry": "geometry",
    "Grid": "grid",
    "read": "io",
    "read_all": "io",
    "read_each": "io",
    "Step": "logic",
    "explain": "logic",
    "hint": "logic",
    "Problem": "puzzle",
    "Puzzle": "puzzle",
    "Rating": "rating",
    "rate": "rating",
    "Relation": "relations",
    "Sightline": "sightlines",
    "Stats": "solver",
    "count_line": "solver",
    "count_lines": "solver",
    "count_solutions": "solver",
    "solve": "solver",
    "solve_line": "solver",
    "solve_lines": "solver",
}
#: Subpackages reached as attributes (``latinum.render.svg(p)``), loaded on first use.
_MODULES = ("batch", "errors", "formats", "generator", "logic", "rating", "render", "solver")


def __getattr__(name: str) -> object:
    if name in _MODULES:
        return import_module(f".{name}", __name__)
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'latinum' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*__all__, *_MODULES, "__version__"])


__version__ = "0.1.0"

__all__ = [
    "Cage",
    "CannotWrite",
    "Geometry",
    "Grid",
    "InvalidArgument",
    "InvalidPuzzle",
    "LatinumError",
    "MissingExtra",
    "MultipleSolutions",
    "ParseError",
    "Problem",
    "Puzzle",
    "Rating",
    "Relation",
    "SearchLimit",
    "Sightline",
    "Stats",
    "Step",
    "Unsolvable",
    "count_line",
    "count_lines",
    "count_solutions",
    "explain",
    "generate",
    "hint",
    "rate",
    "read",
    "read_all",
    "read_each",
    "solve",
    "solve_line",
    "solve_lines",
]
