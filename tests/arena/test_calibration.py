"""The Rook auction's calibration (``crowsnest.arena.calibration``, ``crowsnest
calibrate``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from crowsnest import native
from crowsnest.ai.rook.hard import Hard
from crowsnest.arena.api import rook_arena
from crowsnest.arena.calibration import BANDS, Calibration, Contract, calibrate, checked
from crowsnest.arena.hand import RookHand
from crowsnest.arena.log import read_log
from crowsnest.arena.scenarios import MONSTER, WEAK_PARTNER, partner_opened
from crowsnest.cli import main
from crowsnest.engine import RookView

QUICK = "hard:playouts=8"
"""Rook Hard with a small search: the calibration's tests check what it plays and
forecasts, not how well (the default search costs seconds a decision from source)."""


@pytest.mark.slow
def test_it_forecasts_the_contracts_an_arena_run_plays(tmp_path: Path) -> None:
    """The calibration plays an arena match's deals with its seeds: the contracts the
    bot's team declares are the ones the arena's log of the same seed holds, bid, made
    and counted alike, play by play (with these seeds, made ones and set ones)."""
    out = tmp_path / "run.jsonl"
    rook_arena("rook/crowsnest", QUICK, "normal", deals=3, seed=3, workers=1, untimed=True, out=out)
    played: dict[tuple[int, int], RookHand] = {}
    for deal, outcome in read_log(out).outcomes.items():
        for play, hand in enumerate(outcome.hands):
            assert isinstance(hand, RookHand)
            if hand.declarer_side == 0:
                played[deal, play] = hand
    result = calibrate("rook/crowsnest", QUICK, deals=3, worlds=5, seed=3)
    assert {(c.deal, c.play) for c in result.contracts} == set(played)
    assert {c.made for c in result.contracts} == {True, False}
    for c in result.contracts:
        hand = played[c.deal, c.play]
        assert (c.bid, c.made, c.counted) == (hand.bid, hand.made, hand.counted[0])
        assert 0.0 <= c.forecast <= 1.0 and c.forecast_counted > 0


def test_a_strong_hand_is_forecast_to_make_what_it_can_and_not_more() -> None:
    """Hard's forecast from a position: the monster hand makes a 70 in every world
    and can never count 125 of 120; a bonus of the whole deck makes every bid."""
    game = partner_opened("rook/crowsnest", MONSTER, WEAK_PARTNER)
    view = game.view(0)
    assert isinstance(view, RookView)
    hard = Hard()
    chance, counted = hard.forecast(view, 70, 40, random.Random(1))
    assert chance >= 0.95 and 70 < counted <= 120
    assert hard.forecast(view, 125, 40, random.Random(1))[0] == 0.0
    assert Hard(bid_bonus=120.0).forecast(view, 125, 40, random.Random(1))[0] == 1.0


def contract(forecast: float, made: bool) -> Contract:
    return Contract(0, 0, 90, forecast, 100.0, made, 100 if made else 80)


def test_the_bands_divide_the_contracts_by_their_forecast() -> None:
    result = Calibration(
        "rook/crowsnest",
        "hard",
        "normal",
        2,
        10,
        0,
        (contract(0.5, False), contract(0.6, True), contract(0.85, True), contract(1.0, True)),
    )
    bands = result.bands()
    assert [(b.low, b.contracts) for b in bands] == [(0.0, 4), (0.0, 2), (0.8, 1), (0.9, 1)]
    assert bands[0].made == 0.75 and bands[0].forecast == pytest.approx(0.7375)
    assert bands[1].made == 0.5 and bands[1].counted == 90.0
    assert len(BANDS) == 3
    text = result.text()
    assert "all                  4" in text and "0.0-0.7" in text and "0.7-0.8" not in text
    data = result.json()
    assert [b["contracts"] for b in data["bands"]] == [4, 2, 1, 1]
    assert data["bands"][-1]["high"] == 1.0
    empty = Calibration("rook/crowsnest", "hard", "normal", 1, 10, 0, ())
    assert empty.bands() == [] and "no contract declared" in empty.text()


@pytest.mark.parametrize(
    ("rules_id", "bot", "field", "deals", "error"),
    [
        ("hearts", "hard", "normal", 1, "'hearts' is not a Rook rule set; choose rook/"),
        ("rook/nope", "hard", "normal", 1, "is not a Rook rule set"),
        ("rook/crowsnest", "normal", "normal", 1, "'normal' is not Rook Hard"),
        ("rook/crowsnest", "hard:playouts=0", "normal", 1, "playouts"),
        ("rook/crowsnest", "hard", "nobody", 1, "nobody"),
        ("rook/crowsnest", "hard", "normal", 0, "at least 1"),
    ],
)
def test_a_wrong_argument_is_named(
    rules_id: str, bot: str, field: str, deals: int, error: str
) -> None:
    with pytest.raises(ValueError, match=error):
        checked(rules_id, bot, field, deals, 10)


def test_the_command_prints_the_bands(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["calibrate", "rook/tournament", "--bot", QUICK, "--deals", "1", "--worlds", "5"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "rook/tournament" and data["deals"] == 1 and data["worlds"] == 5
    assert data["bot"] == QUICK and data["bands"][0]["contracts"] == 1
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"rook/tournament auction calibration: {QUICK} against normal" in out
    assert "  all                  1" in out
    assert main(["calibrate", "rook/tournament", "--bot", "easy"]) == 2
    assert "'easy' is not Rook Hard" in capsys.readouterr().err


def test_a_run_on_a_stale_build_says_it_runs_the_source(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long run that falls back on the source (the build missing or stale) says so
    on stderr; one that asked for the source (as the suite does) does not."""
    args = ["calibrate", "rook/tournament", "--bot", QUICK, "--deals", "1", "--worlds", "2"]
    assert native.status().asked
    assert main(args) == 0
    assert "running the source" not in capsys.readouterr().err
    stale = native.Status(False, "the sources changed since the build: run `make native`")
    monkeypatch.setattr(native, "_status", stale)
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "crowsnest calibrate: running the source, not the compiled core: the sources" in err
