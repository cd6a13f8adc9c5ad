"""Generation checks its arguments before any work, stops at a time limit keeping
what it made, refuses levels a size does not reach, and draws the same grids with
either engine."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

import latinum.batch as batch_module
from latinum.cli import generating, main
from latinum.errors import InvalidArgument, SearchLimit
from latinum.generator import GenerationLimit, generate, plan, reach
from latinum.geometry import Geometry, default_box
from latinum.solver import engines
from latinum.solver.fill import _Filling, random_grid

NATIVE = engines.native_module() is not None


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="latinum")


# Arguments checked before any work --------------------------------------------------


@pytest.mark.parametrize("kind", ["sudoku", "killer", "latin", "kenken", "futoshiki"])
@pytest.mark.parametrize("size", ["10000000000", str(10**60)])
def test_a_huge_size_is_refused_at_once(kind: str, size: str) -> None:
    result = latinum("generate", kind, "--size", size, "--seed", "1")
    assert result.exit_code == 2 and result.stdout == ""
    assert "outside" in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_usual_box_is_found_without_counting_to_the_size() -> None:
    assert default_box(10**12) == (10**6, 10**6)
    assert default_box(9) == (3, 3) and default_box(12) == (3, 4) and default_box(7) is None
    assert [default_box(n) for n in (-1, 0, 1, 2, 3)] == [None] * 5


@pytest.mark.parametrize(
    ("kind", "options", "words"),
    [
        ("kenken", {"size": 3, "difficulty": "hard"}, "3x3 KenKen does not reach Tatham's Hard"),
        (
            "kenken",
            {"size": 6, "difficulty": "expert"},
            "6x6 KenKen does not reach latinum's Expert",
        ),
        ("sudoku", {"size": 4, "difficulty": "medium"}, "no 4x4 Sudoku rates Medium"),
    ],
)
def test_a_level_no_puzzle_of_the_size_reaches_is_refused_with_the_reason(
    kind: str, options: dict, words: str
) -> None:
    with pytest.raises(InvalidArgument, match=words):
        plan(kind, **options)
    size, level = str(options["size"]), options["difficulty"]
    result = latinum("generate", kind, "--size", size, "--difficulty", level, "--jobs", "2")
    assert result.exit_code == 2 and result.stdout == "" and words in result.stderr


def test_refusals_come_from_measures_with_enough_attempts() -> None:
    for key, (reached, made, seconds) in reach.REACH.items():
        assert reached <= made and seconds > 0
        refused = reach.unreached(key)
        costly = made >= reach.REFUSE_AFTER or made * seconds >= reach.REFUSE_SECONDS
        slow = reached and made / reached * seconds > reach.SLOW_SECONDS
        assert (refused is not None) == ((reached == 0 and costly) or bool(slow)), key
        if refused and not reached:
            assert f"none of {made:,} measured attempts" in refused
        if slow:
            assert "try anyway" in refused and reach.unreached(key, attempts=9) is None


def test_rarer_levels_get_more_attempts() -> None:
    common, rare = ("kenken", 6, "tatham:Easy"), ("kenken", 6, "tatham:Extreme")
    assert reach.default_attempts(common) == reach.DEFAULT_ATTEMPTS
    assert reach.default_attempts(rare) > 100
    assert plan("kenken", difficulty="extreme").attempts == reach.default_attempts(rare)
    assert plan("kenken", difficulty="extreme", attempts=7).attempts == 7
    assert plan("kenken", difficulty="extreme").measured == rare
    assert plan("kenken", difficulty="extreme", ops="+").measured is None


# The time limit -----------------------------------------------------------------------


def test_the_time_limit_stops_a_puzzle_naming_the_level() -> None:
    with pytest.raises(
        GenerationLimit, match=r"time limit \(0.05 s\) reached before level Tatham's Extreme"
    ):
        generate("kenken", size=9, difficulty="extreme", seed=1, time_limit=0.05)
    assert issubclass(GenerationLimit, SearchLimit)


@pytest.mark.parametrize("bad", [0, -1, "2", True])
def test_a_bad_time_limit_is_refused(bad: object) -> None:
    with pytest.raises(InvalidArgument, match="time_limit"):
        generate("sudoku", seed=1, time_limit=bad)  # type: ignore[arg-type]


def test_attempts_running_out_stop_with_the_limit_status() -> None:
    options = ["--size", "6", "--difficulty", "extreme", "--attempts", "1", "--seed", "3"]
    result = latinum("generate", "killer", *options)
    assert result.exit_code == 3
    assert "puzzle 1 (seed 3:1): could not reach level Extreme in 1 attempt" in result.stderr


def _stopping_at_the_second(real):
    def make(kind, seed, **options):
        if seed.endswith(":2"):
            raise GenerationLimit("time limit (1 s) reached before level Hard was made")
        return real(kind, seed=seed, **options)

    return make


@pytest.mark.parametrize("to", [None, "jsonl"])
def test_a_puzzle_stopped_by_the_limit_keeps_the_ones_before_it(
    monkeypatch: pytest.MonkeyPatch, to: str | None
) -> None:
    monkeypatch.setattr(generating, "generate", _stopping_at_the_second(generating.generate))
    monkeypatch.setattr(batch_module, "make", _stopping_at_the_second(batch_module.make))
    args = ["generate", "sudoku", "--count", "3", "--seed", "s", "--time-limit", "1"]
    result = latinum(*args, *(["--to", to] if to else []))
    assert result.exit_code == 3
    made = result.stdout.splitlines()
    assert len(made) == 1
    if to:
        assert json.loads(made[0])["seed"] == "s:1"
    assert result.stderr.strip() == (
        "latinum: puzzle 2 (seed s:2): time limit (1 s) reached before level Hard was made"
    )


def test_the_time_limit_is_checked_with_the_other_options() -> None:
    result = latinum("generate", "sudoku", "--time-limit", "soon")
    assert result.exit_code == 2 and "--time-limit" in result.stderr


# Complete grids: the same with either engine --------------------------------------------

SHAPES = [
    Geometry(4, (2, 2)),
    Geometry(6, (2, 3)),
    Geometry(8, (2, 4)),
    Geometry(9, (3, 3)),
    Geometry(9, (3, 3), True),
    Geometry(12, (3, 4)),
    Geometry(16, (4, 4)),
    Geometry(5),
    Geometry(7),
]


@pytest.mark.parametrize("geometry", SHAPES, ids=lambda g: g.describe())
def test_random_grids_are_complete_and_valid(geometry: Geometry) -> None:
    for seed in (0, 1, 2**64 - 1):
        grid = random_grid(geometry, seed)
        for unit in geometry.units:
            assert sorted(grid[cell] for cell in unit) == list(range(1, geometry.size + 1))


@pytest.mark.skipif(not NATIVE, reason="the native engine was not built")
@pytest.mark.parametrize("geometry", SHAPES, ids=lambda g: g.describe())
def test_both_engines_draw_the_same_grid_from_a_seed(geometry: Geometry) -> None:
    for seed in [*range(12), 2**63, 2**64 - 1]:
        assert _Filling(geometry, seed).grid() == random_grid(geometry, seed)


def test_seeds_draw_different_grids() -> None:
    grids = {tuple(random_grid(Geometry(9, (3, 3)), seed)) for seed in range(50)}
    assert len(grids) == 50


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, None])
def test_a_bad_grid_seed_is_refused(bad: object) -> None:
    with pytest.raises(InvalidArgument, match="seed"):
        random_grid(Geometry(4, (2, 2)), bad)  # type: ignore[arg-type]


@pytest.mark.skipif(not NATIVE, reason="the native engine was not built")
@pytest.mark.parametrize(
    ("kind", "options"),
    [("sudoku", {"difficulty": "medium"}), ("kenken", {"size": 5}), ("latin", {"size": 6})],
)
def test_a_seed_gives_the_same_puzzle_with_either_engine(
    monkeypatch: pytest.MonkeyPatch, kind: str, options: dict
) -> None:
    native = generate(kind, seed="engines:1", **options)
    monkeypatch.setenv("LATINUM_ENGINE", "python")
    assert generate(kind, seed="engines:1", **options) == native
