"""Every writable format: writing a puzzle and reading it back gives the same puzzle."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from latinum import Grid, ParseError, Puzzle
from latinum.formats import FORMATS, detect, registry
from strategies import (
    any_puzzles,
    kenken_puzzles,
    killer_puzzles,
    latin_puzzles,
    sudoku_puzzles,
)

registry._load()
WRITABLE = sorted(name for name, fmt in FORMATS.items() if fmt.write is not None)
# Formats whose output another format's reader takes (the boxed drawing reads as a grid).
READ_AS = {"boxed": "grid"}
PUZZLES = st.one_of(
    sudoku_puzzles(),
    sudoku_puzzles(sizes=(4, 9), diagonals=True),
    latin_puzzles(),
    kenken_puzzles(),
    killer_puzzles(),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _written(name: str, puzzle: Puzzle) -> str | None:
    """The text of ``puzzle`` in format ``name`` if it can hold it and read it back."""
    try:
        text = FORMATS[name].write(puzzle)  # type: ignore[misc]
    except ParseError:
        raise
    except ValueError:
        return None
    try:
        FORMATS[name].read(text, None)
    except ParseError as error:
        if "write-only" in error.problem:
            return None
    return text


def _canonical(puzzle: Puzzle) -> Puzzle:
    """The same puzzle with one-cell cages written as ``=`` (sum-only formats use ``+``)."""
    cages = [
        replace(cage, op="=") if len(cage.cells) == 1 and cage.op in "+*" else cage
        for cage in puzzle.cages
    ]
    return replace(puzzle, cages=tuple(cages))


@pytest.mark.parametrize("name", WRITABLE)
@SETTINGS
@given(pair=PUZZLES)
def test_write_then_read_gives_the_same_puzzle(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    text = _written(name, puzzle)
    if text is None:
        return
    back = FORMATS[name].read(text, None)
    assert [_canonical(p) for p in back] == [_canonical(puzzle)], text


@pytest.mark.parametrize("name", WRITABLE)
@SETTINGS
@given(pair=PUZZLES)
def test_written_text_is_detected(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, _ = pair
    text = _written(name, puzzle)
    if text is None or puzzle.size == 1:
        return
    assert detect(text).name == READ_AS.get(name, name), text


@pytest.mark.parametrize("name", WRITABLE)
@SETTINGS
@given(pair=PUZZLES)
def test_batches_round_trip(name: str, pair: tuple[Puzzle, tuple]) -> None:
    fmt = FORMATS[name]
    puzzle, _ = pair
    text = _written(name, puzzle)
    if not fmt.batch or text is None:
        return
    assert [_canonical(p) for p in fmt.read(text + "\n" + text, None)] == [_canonical(puzzle)] * 2


@pytest.mark.parametrize("name", ["line", "grid", "boxed", "pylist", "json"])
@SETTINGS
@given(pair=any_puzzles())
def test_solutions_read_back_as_givens(name: str, pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    fmt = FORMATS[name]
    if _written(name, puzzle) is None:
        return
    text = fmt.write_solution(puzzle, Grid(puzzle.size, solution))  # type: ignore[misc]
    back = fmt.read(text, None)[0]
    if name == "json":
        from latinum.formats.json import loads

        assert loads(text)[0].solution == Grid(puzzle.size, solution)
    else:
        assert back.givens == solution


@SETTINGS
@given(pair=any_puzzles())
def test_strategies_build_valid_puzzles(pair: tuple[Puzzle, tuple]) -> None:
    puzzle, solution = pair
    assert puzzle.is_solution(solution), puzzle.violations(solution)
    assert not [p for p in puzzle.validate() if p.severity == "error"]
