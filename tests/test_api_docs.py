"""The API reference (mkdocs.yml, docs/reference/) builds from the docstrings with no warning."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import latinum

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")
pytest.importorskip("mkdocstrings_handlers.python")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reference as ``mkdocs build --strict`` writes it: any warning fails the build."""
    site_dir = tmp_path_factory.mktemp("api-docs") / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
    return site_dir


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_reference_builds_with_the_main_pages(site: Path) -> None:
    assert "latinum.Puzzle.sudoku" in (site / "index.html").read_text(encoding="utf-8")
    assert 'id="latinum.puzzle.Puzzle"' in page(site, "puzzles")
    assert 'id="latinum.solver.api.solve"' in page(site, "solving")
    assert 'id="latinum.solver.run_algorithm"' in page(site, "solving")
    assert 'id="latinum.errors.LatinumError"' in page(site, "errors")
    assert 'id="latinum.generator.generate"' in page(site, "generator")
    assert 'id="latinum.formats.read_text"' in page(site, "formats")
    assert 'id="latinum.render.svg"' in page(site, "render")


def test_every_top_level_name_is_documented_where_it_is_defined(site: Path) -> None:
    html = "".join(path.read_text(encoding="utf-8") for path in site.glob("*/index.html"))
    missing = []
    for name in latinum.__all__:
        value = getattr(latinum, name)
        anchor = f'id="{value.__module__}.{value.__qualname__}"'
        if anchor not in html:
            missing.append(f"{name} ({value.__module__}.{value.__qualname__})")
    assert not missing, f"not in docs/reference/: {', '.join(missing)}"


def test_sphinx_roles_become_links_or_code(site: Path) -> None:
    """docs/griffe_roles.py: :class:`...` and the like link to the entry, ``x`` is code."""
    for path in site.glob("*/index.html"):
        html = path.read_text(encoding="utf-8")
        assert not re.search(r":(class|func|meth|mod|data|attr|exc):", html), path.parent.name
        assert "``" not in html and "<autoref" not in html, path.parent.name
    # :class:`~latinum.grid.Grid` in solve's docstring, :meth:`validate` in Puzzle's.
    assert 'href="../puzzles/#latinum.grid.Grid"><code>Grid</code></a>' in page(site, "solving")
    assert 'href="#latinum.puzzle.Puzzle.validate"><code>validate</code></a>' in page(
        site, "puzzles"
    )
    # A #: comment documents the attribute below it.
    assert 'id="latinum.puzzle.Puzzle.relations"' in page(site, "puzzles")
