"""The bots' fixed ratings: the measuring run and the stored figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crowsnest.arena import ratings as measure
from crowsnest.server.people.ratings import (
    BOT_RATINGS_FILE,
    DEFAULT_SIGMA,
    LEVELS,
    bot_rating,
    plays_like,
)


def test_lineups_rotate_every_level_through_every_seat() -> None:
    hearts = [measure.lineup("hearts", g) for g in range(4)]
    for seat in range(4):
        assert {game[seat] for game in hearts} == {*LEVELS, measure.FOURTH}
    rook = [measure.lineup("rook", g) for g in range(6)]
    assert {(g[0], g[1]) for g in rook} == {
        (a, b) for pair in measure.PAIRS for a, b in (pair, pair[::-1])
    }
    assert all(g[0] == g[2] and g[1] == g[3] for g in rook)  # partners are one bot


@pytest.mark.slow
def test_a_short_rook_run_rates_both_bots(tmp_path: Path) -> None:
    out = tmp_path / "rook.json"
    measure.main(["rook", "--games", "2", "--seed", "3", "--out", str(out)])
    data = json.loads(out.read_text())
    assert data["games"] == 2 and set(data["ratings"]) == {"easy", "normal"}
    assert all(r["sigma"] < DEFAULT_SIGMA for r in data["ratings"].values())
    again = tmp_path / "again.json"
    measure.main(["rook", "--games", "2", "--seed", "3", "--out", str(again)])
    assert json.loads(again.read_text()) == data  # one seed, one run


def test_the_stored_figures_say_how_they_were_measured() -> None:
    data = json.loads(BOT_RATINGS_FILE.read_text())
    assert data["measured"]["command"] and data["measured"]["machine"]
    for family in ("rook", "hearts"):
        assert data["measured"]["games"][family] > 0
        for level in LEVELS:
            assert plays_like(family, bot_rating(family, level)) == level
