"""Pictures of steps: the cells, candidates and links a step names are drawn where
it says, and a hint's level decides how much of it is shown."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import latinum
from latinum.errors import InvalidArgument
from latinum.logic import State, Step, by_name, chosen, next_step
from latinum.logic.hints import hint_text
from latinum.logic.reglib import cases
from latinum.render.pictures import step_svg

LIBRARY = Path(__file__).parent / "fixtures" / "logic" / "reglib-1.4.txt"
EXAMPLES = Path(latinum.__file__).parent / "examples"


def found(technique: str) -> tuple[State, Step]:
    """The first step of ``technique`` in HoDoKu's library, and the state it is found in."""
    known = by_name(technique)
    for case in cases(LIBRARY):
        if case.must_fail or case.code not in known.codes:
            continue
        step = next_step(case.state, [known])
        if step is not None:
            return case.state, step
    raise AssertionError(f"no {technique} in the library")


def first_beyond_singles(state: State) -> Step:
    """The first step of ``state`` that is not a single, applying the singles before it."""
    singles = {"Full House", "Hidden Single", "Naked Single"}
    while (step := next_step(state, chosen())).technique in singles:
        state.apply(step)
    return step


def drawn(state: State, step: Step, level: int = 3) -> ET.Element:
    picture = step_svg(state.puzzle, state.values, state.candidates, step, level, cell=40)
    return ET.fromstring(picture)


def of_class(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter() if kind in (e.get("class") or "").split()]


def candidates(root: ET.Element, kind: str) -> set[tuple[int, int]]:
    return {(int(e.get("data-cell")), int(e.get("data-value"))) for e in of_class(root, kind)}


def shaded(root: ET.Element, kind: str) -> set[int]:
    return {int(e.get("data-cell")) for e in of_class(root, kind)}


def mark_centres(root: ET.Element) -> dict[tuple[int, int], tuple[float, float]]:
    """The middle of each pattern candidate's square."""
    return {
        (int(e.get("data-cell")), int(e.get("data-value"))): (
            float(e.get("x")) + float(e.get("width")) / 2,
            float(e.get("y")) + float(e.get("height")) / 2,
        )
        for e in of_class(root, "pattern-mark")
    }


def check_whole_step(root: ET.Element, step: Step) -> None:
    """Every part of ``step`` is drawn, each where the step says."""
    assert shaded(root, "highlight") == set(step.cells)
    changed = {*step.eliminations, *step.placements}
    assert candidates(root, "pattern") == set(step.pattern) - changed
    assert candidates(root, "pattern-mark") == set(step.pattern)
    assert candidates(root, "elimination") == set(step.eliminations)
    assert candidates(root, "elimination-mark") == set(step.eliminations)
    assert candidates(root, "placement") == set(step.placements)
    assert candidates(root, "placement-mark") == set(step.placements)
    centres = mark_centres(root)
    paths = of_class(root, "link")
    assert len(paths) == len(step.links)
    for path, link in zip(paths, step.links, strict=True):
        start, end = (tuple(map(int, path.get(end).split(":"))) for end in ("data-from", "data-to"))
        assert start in link.start and end in link.end
        assert ("strong" in path.get("class")) == link.strong
        assert ("stroke-dasharray" in path.attrib) == (not link.strong)
        numbers = [float(x) for x in re.findall(r"-?[\d.]+", path.get("d"))]
        first, last = tuple(numbers[:2]), tuple(numbers[-2:])
        pitch = float(of_class(root, "pattern-mark")[0].get("width"))
        # The curve leaves the square of its first candidate and reaches the last one's.
        assert math.dist(first, centres[start]) <= 0.6 * pitch + 0.01
        assert math.dist(last, centres[end]) <= 0.6 * pitch + 0.01


def test_a_naked_single_circles_its_placement_in_its_cell() -> None:
    state = State.start(latinum.read(EXAMPLES / "sudoku.txt"))
    step = next_step(state, [by_name("Naked Single")])
    assert step is not None and len(step.placements) == 1
    root = drawn(state, step)
    check_whole_step(root, step)
    [(cell, _)] = step.placements
    assert shaded(root, "highlight") == {cell}
    assert not of_class(root, "link")


def test_an_x_wing_marks_its_four_corners_and_the_eliminations() -> None:
    state, step = found("X-Wing")
    root = drawn(state, step)
    check_whole_step(root, step)
    [digit] = step.digits
    assert len(step.cells) == 4 and set(step.pattern) == {(c, digit) for c in step.cells}
    assert shaded(root, "region") == set(step.region) - set(step.cells)


def test_an_xy_wing_marks_pivot_and_pincers() -> None:
    state, step = found("XY-Wing")
    root = drawn(state, step)
    check_whole_step(root, step)
    assert {cell for cell, _ in step.pattern} == set(step.cells)
    assert len(step.pattern) == 6  # two candidates in each of three cells


@pytest.mark.parametrize(
    "technique", ["X-Chain", "XY-Chain", "Alternating Inference Chain", "Skyscraper", "W-Wing"]
)
def test_a_chain_draws_each_link_between_its_candidates(technique: str) -> None:
    state, step = found(technique)
    assert step.links
    # Links alternate strong and weak, the first strong.
    assert [link.strong for link in step.links] == [i % 2 == 0 for i in range(len(step.links))]
    for before, after in zip(step.links, step.links[1:], strict=False):
        assert before.end == after.start
    ends = {candidate for link in step.links for candidate in (*link.start, *link.end)}
    assert ends <= set(step.pattern)
    check_whole_step(drawn(state, step), step)


def test_a_kenken_cage_step_marks_the_cage_and_what_it_keeps() -> None:
    state = State.start(latinum.read(EXAMPLES / "kenken.txt"))
    step = first_beyond_singles(state)
    assert step.technique.startswith("Cage")
    cage = next(c for c in state.puzzle.cages if set(c.cells) == set(step.cells))
    root = drawn(state, step)
    check_whole_step(root, step)
    assert set(step.region) == set(cage.cells)
    kept = {(c, v) for c in cage.cells for v in state.digits(c)} - set(step.eliminations)
    assert set(step.pattern) == kept


def test_a_hint_level_shows_nothing_then_the_region_then_everything() -> None:
    state, step = found("XY-Wing")
    first = drawn(state, step, level=1)
    assert not of_class(first, "region") and not of_class(first, "highlight")
    assert not of_class(first, "pattern") and not of_class(first, "elimination")
    second = drawn(state, step, level=2)
    assert shaded(second, "region") == set(step.region) and step.region
    assert not of_class(second, "highlight") and not of_class(second, "pattern")
    assert not of_class(second, "elimination")
    check_whole_step(drawn(state, step, level=3), step)


def test_every_step_of_a_solution_has_a_pattern_and_a_region() -> None:
    for name in ("sudoku", "kenken", "killer"):
        puzzle = latinum.read(EXAMPLES / f"{name}.txt")
        for step in latinum.explain(puzzle):
            assert step.pattern or step.placements, step
            assert step.region, step
            assert {cell for cell, _ in step.pattern} <= set(step.cells) | set(step.region)


def test_level_two_words_name_the_boxes_of_the_region_or_the_cage() -> None:
    state, step = found("XY-Wing")
    boxes = sorted({state.puzzle.geometry.box_of(cell) + 1 for cell in step.cells})
    words = hint_text(state, step, 2)
    assert words.endswith(f" in boxes {', '.join(map(str, boxes[:-1]))} and {boxes[-1]}.")
    kenken = State.start(latinum.read(EXAMPLES / "kenken.txt"))
    cage_step = first_beyond_singles(kenken)
    assert hint_text(kenken, cage_step, 2).endswith(" in r1c1, r1c2 and r1c3.")


def test_a_step_picture_refuses_a_level_out_of_range() -> None:
    state, step = found("X-Wing")
    with pytest.raises(InvalidArgument, match="hint level 4 is not 1, 2 or 3"):
        drawn(state, step, level=4)
