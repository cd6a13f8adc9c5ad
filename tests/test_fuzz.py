"""Mutated fixtures and random input through every reader, check, solver and writer.

Any exception but a LatinumError, a warning, a call over three seconds, or a write that
does not read back as the same puzzle fails. ``benchmarks/fuzz.py`` runs the
same check on many more inputs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fuzzing import (
    EDITS,
    ODD_CHARS,
    SEED_FILES,
    TOKENS,
    Edit,
    Finding,
    Limits,
    check_bytes,
    check_text,
    mutate,
    seeds,
)

SEEDS = seeds()
OTHERS = tuple(SEEDS.values())
LIMITS = Limits(slow=3.0, hang=20.0, seconds=0.25, steps=20, puzzles=2)
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate, Phase.shrink),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
EDIT_LISTS = st.lists(
    st.builds(Edit, st.sampled_from(sorted(EDITS)), st.integers(0, 1 << 20), st.integers(0, 999)),
    min_size=1,
    max_size=4,
)
KILLER = SEEDS["formats/json-killer.json"]
# Inputs that once crashed, hung, warned or did not read back the same.
FOUND = (
    "ß . . .\n. . . .\n. . . .\n. . . .\n",
    "ﬁ . . .\n. . . .\n. . . .\n. . . .\n",
    "[[" + "-" * 500 + "1, 0], [0, 0]]\n",
    "[[" + "-" * 20_000 + "1, 0], [0, 0]]\n",
    "abbcd\nabecd\nfgeed\nfghhi\ngghii\na 9 +\nb 8 +\nc 8 +\nd 6 +\ne 13 +\nf 5 +\n"
    "g 14 +\nh 6 +\ni 10 +\n",
    "3:a_a3_a_,m3a7s1s1\n",
    "3:a_a3_a_,m2999999999999999999999999999999a7s1s1\n",
    "3:a_a3_a_,m" + "7" * 4000 + "a7s1s1\n",
    '{"format": "latinum", "version": 1, "variant": "kenken", "size": 3, '
    '"cages": [{"op": "=", "target": 1, "cells": [10]}]}\n',
    KILLER.replace('"target": 4', '"target": 26', 1),
    "[[6in]]\n",
    "abbcd\nabecd\nfgeed\nfghhi\ngghii\na 5 +\nb 8 +\nc 8 +\nd 6 +\ne 3 +\nf 5 +\n"
    "g -7 +\nh 6 +\ni 0 +",
)
ALPHABET = st.sampled_from(ODD_CHARS + TOKENS) | st.characters(exclude_categories=("Cs",))


def assert_clean(findings: list[Finding]) -> None:
    assert not findings, "\n\n".join(finding.report() for finding in findings)


@pytest.mark.parametrize("name", SEED_FILES)
def test_fixtures_pass_every_check(name: str) -> None:
    assert_clean(check_text(SEEDS[name], LIMITS))


@pytest.mark.parametrize("text", FOUND)
def test_inputs_found_by_fuzzing(text: str) -> None:
    assert_clean(check_text(text, LIMITS))


@settings(SETTINGS, max_examples=400)
@given(name=st.sampled_from(sorted(SEEDS)), edits=EDIT_LISTS)
def test_mutated_fixtures(name: str, edits: list[Edit]) -> None:
    assert_clean(check_text(mutate(SEEDS[name], edits, OTHERS), LIMITS))


@SETTINGS
@given(data=st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    assert_clean(check_bytes(data, LIMITS))


@SETTINGS
@given(pieces=st.lists(ALPHABET, max_size=120))
def test_random_text(pieces: list[str]) -> None:
    assert_clean(check_text("".join(pieces), LIMITS))
