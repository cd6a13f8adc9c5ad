"""The pictures of docs/pictures (shown in the README) are what latinum draws today.

They are the SVG snapshots: each is drawn again from the puzzle beside it and
compared byte for byte. After a deliberate change of the drawing, write them
anew with ``LATINUM_UPDATE_PICTURES=1 pytest tests/test_render_pictures.py``
and look at them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import latinum
from latinum.logic import State, chosen, next_step
from latinum.render import svg
from latinum.render.pictures import step_svg

PICTURES = Path(__file__).resolve().parent.parent / "docs" / "pictures"
UPDATE = os.environ.get("LATINUM_UPDATE_PICTURES") == "1"
#: Each picture: the puzzle file it is drawn from, and whether its solution is drawn.
DRAWN = {
    "sudoku-9x9": ("sudoku-9x9.txt", False),
    "sudoku-6x6": ("sudoku-6x6.txt", False),
    "sudoku-16x16": ("sudoku-16x16.txt", False),
    "sudoku-x": ("sudoku-x.json", False),
    "latin-5x5": ("latin-5x5.txt", False),
    "kenken-6x6": ("kenken-6x6.txt", False),
    "kenken-6x6-solved": ("kenken-6x6.txt", True),
    "killer-9x9": ("killer-9x9.txt", False),
    "futoshiki-5x5": ("futoshiki-5x5.txt", False),
    "futoshiki-adjacent": ("futoshiki-adjacent.txt", True),
    "skyscrapers-5x5": ("skyscrapers-5x5.txt", False),
}


#: Each step picture: the puzzle file and the technique of its first step drawn.
STEPS = {
    "step-xy-wing": ("step.txt", "XY-Wing"),
    "step-chain": ("chain.txt", "Alternating Inference Chain"),
}


def step_picture(source: str, technique: str) -> str:
    """The first step of ``technique`` on the way to solving ``source``, drawn on the
    values and pencil marks of that moment."""
    puzzle = latinum.read(PICTURES / source)
    state = State.start(puzzle)
    techniques = chosen()
    while (step := next_step(state, techniques)).technique != technique:
        state.apply(step)
    return step_svg(puzzle, state.values, state.candidates, step)


def drawn(name: str) -> str:
    if name in STEPS:
        return step_picture(*STEPS[name])
    source, solved = DRAWN[name]
    puzzle = latinum.read(PICTURES / source)
    return svg(puzzle, solution=latinum.solve(puzzle) if solved else None)


@pytest.mark.parametrize("name", [*DRAWN, *STEPS])
def test_picture_is_up_to_date(name: str) -> None:
    path = PICTURES / f"{name}.svg"
    picture = drawn(name)
    if UPDATE:
        path.write_text(picture, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == picture, f"{path} is out of date"


def test_readme_shows_every_picture() -> None:
    readme = (PICTURES.parent.parent / "README.md").read_text(encoding="utf-8")
    for name in [*DRAWN, *STEPS]:
        assert f"docs/pictures/{name}.svg" in readme
