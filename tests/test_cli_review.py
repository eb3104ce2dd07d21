"""`crowsnest review RECORD [--seat N]`: the review of any seat, in the terminal."""

import json
import random
from pathlib import Path

import pytest

from crowsnest.ai.rook.normal import Normal
from crowsnest.cli import main
from crowsnest.engine import Bid, RookGame, new_game


def overbid_record(path: Path) -> Path:
    """One hand of CrowsNest played by the Normal policy, except that seat 2 bids
    the highest amount at once: a sure set."""
    game = new_game("rook/crowsnest", seed=11)
    assert isinstance(game, RookGame)
    bot, rng, bid = Normal(), random.Random(1), False
    while game.hand_number == 0:
        (seat,) = game.actors
        legal = game.legal_actions(seat)
        action = bot.choose(game.view(seat), legal, rng)
        if seat == 2 and game.phase == "auction" and not bid:
            bid = True
            action = Bid(max(a.amount for a in legal if isinstance(a, Bid) and a.amount))
        game.apply(seat, action)
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


def test_review_prints_the_costly_decisions_of_the_seat_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = overbid_record(tmp_path / "game.json")
    assert main(["review", str(record), "--seat", "2", "--worlds", "24"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("review of seat 2 (rook/crowsnest):")
    assert "(auction)" in out
    assert "blunder" in out
    assert "hindsight, cards face up" in out


def test_review_prints_json_of_every_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = overbid_record(tmp_path / "game.json")
    assert main(["review", str(record), "--seat", "1", "--worlds", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    steps = [
        i for i, (seat, _) in enumerate(json.loads(record.read_text())["actions"]) if seat == 1
    ]
    assert data["seat"] == 1 and [d["step"] for d in data["decisions"]] == steps


@pytest.mark.parametrize(
    ("content", "message"),
    [("not json", "Expecting value"), ('{"format": "x"}', "record"), ("[]", "record")],
)
def test_review_refuses_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crowsnest review:") and message in err


def test_review_refuses_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "/nonexistent/game.json"]) == 2
    assert "No such file" in capsys.readouterr().err
