"""Shared fixtures: ``engine`` runs a test once on each solving engine."""

from __future__ import annotations

import pytest

from latinum.solver.engines import VARIABLE, native_module

NATIVE_BUILT = native_module() is not None
needs_native = pytest.mark.skipif(not NATIVE_BUILT, reason="the native engine is not built")


@pytest.fixture(params=["python", pytest.param("native", marks=needs_native)])
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The engine name, set in LATINUM_ENGINE for the test."""
    monkeypatch.setenv(VARIABLE, request.param)
    return request.param
