"""The full-screen game killed with SIGKILL just after keys in tmux: no move shown is lost.

``benchmarks/game_kills.py`` runs the same rounds twenty times or more.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from killing import have_tmux, run

pytestmark = pytest.mark.skipif(not have_tmux(), reason="needs tmux")


def test_killed_games_resume_with_every_move_shown(tmp_path: Path) -> None:
    rounds = run(tmp_path, kills=3, seed=50)
    assert sum(done.typed for done in rounds) >= 3
    for done in rounds:
        assert done.lost == [] and done.misplaced == [], done
        assert done.stale_after_resume == 0, done
