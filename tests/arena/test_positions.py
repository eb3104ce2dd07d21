"""Scenario positions played out (``crowsnest.arena.positions``, ``position_runs``,
``crowsnest position``)."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest

from crowsnest.arena import position_runs
from crowsnest.arena.players import Seating
from crowsnest.arena.position_runs import Deal, Job, PositionLogError, play_out, run
from crowsnest.arena.positions import POSITIONS, Choice
from crowsnest.arena.scenarios import TOP_TRUMP, deal_around
from crowsnest.cli import main
from crowsnest.engine import RULESETS, RookRules
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules.rook import tables


def test_every_card_is_dealt_once_around_the_fixed_hand() -> None:
    hands, nest = deal_around("rook/tournament", {0: TOP_TRUMP}, 7)
    cards = " ".join([*hands, nest]).split()
    rules = RULESETS["rook/tournament"]
    assert isinstance(rules, RookRules)
    assert sorted(cards) == sorted(card_list_text(tables(rules).deck, "rook"))
    assert hands[0] == TOP_TRUMP
    assert deal_around("rook/tournament", {0: TOP_TRUMP}, 7) == (hands, nest)
    assert deal_around("rook/tournament", {0: TOP_TRUMP}, 8) != (hands, nest)
    with pytest.raises(ValueError, match="not a Rook rule set"):
        deal_around("hearts", {}, 0)


def test_the_same_choice_twice_scores_the_same_at_every_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every choice is played from the same deal with the same seats' seeds: two
    labels for one action differ by exactly nothing, while another action does not."""
    twice = dataclasses.replace(
        POSITIONS["top-trump"],
        name="twice",
        choices={"a": Choice("play G14"), "b": Choice("play G14"), "c": Choice("play B6")},
        reference="a",
    )
    monkeypatch.setitem(POSITIONS, "twice", twice)
    report = run(Job("twice", "normal", "normal", 3), 8, workers=1)
    assert report.skipped == 0 and len(report.deals) == 8
    assert report.differences["b"].mean == 0.0 and report.differences["b"].half == 0.0
    assert report.differences["c"].mean != 0.0
    played = [d.outcomes for d in report.deals if d.outcomes is not None]
    expected = sum(o["c"].margin - o["a"].margin for o in played) / len(played)
    assert math.isclose(report.differences["c"].mean, expected)


def test_a_choice_is_the_first_action_and_a_scripted_reply_is_played() -> None:
    """The choice is made at the decision, and the scripted defence (the opponent with
    the Rook takes the G8 lead with it) is played for the bots, who would not."""
    seating = Seating("rook", untimed=True)
    for shuffle in range(4):
        job = Job("top-trump-rook-takes", "normal", "normal", 0)
        taken = play_out(job, shuffle, seating).outcomes
        if taken is None:
            continue
        assert taken["G14"].first.startswith("G14 ")
        assert taken["G8, Rook takes"].first.startswith("G8 ")
        assert "CROW" in taken["G8, Rook takes"].first.split()
        free = play_out(Job("top-trump", "normal", "normal", 0), shuffle, seating).outcomes
        assert free is not None and free["G14"] == taken["G14"]
        assert "CROW" not in free["G8"].first.split()
        return
    raise AssertionError("no deal with the Rook at an opponent")


def test_deals_the_position_does_not_admit_are_skipped_and_counted() -> None:
    """top-trump has the Rook out of the nest: a deal that lays it in the nest is not
    played; top-trump-rook-takes also needs it at an opponent."""
    in_nest = next(
        k
        for k in range(50)
        if "CROW" in deal_around("rook/tournament", {0: TOP_TRUMP}, k)[1].split()
    )
    assert POSITIONS["top-trump"].build(in_nest) is None
    with_partner = next(
        k
        for k in range(50)
        if "CROW" in deal_around("rook/tournament", {0: TOP_TRUMP}, k)[0][2].split()
    )
    assert POSITIONS["top-trump"].build(with_partner) is not None
    assert POSITIONS["top-trump-rook-takes"].build(with_partner) is None
    seating = Seating("rook")
    skipped = play_out(Job("top-trump", "greedy", "greedy", 0), in_nest, seating)
    assert skipped == Deal(in_nest, None)
    report = position_runs.report(Job("top-trump", "greedy", "greedy", 0), [skipped])
    assert report.skipped == 1 and report.differences == {}
    assert "0 deals played out (1 not admitted)" in report.text()


def test_a_log_resumes_a_run_and_refuses_another_runs(tmp_path: Path) -> None:
    out = tmp_path / "medium.jsonl"
    job = Job("medium-raise", "normal", "greedy", 5)
    first = run(job, 3, workers=1, out=out)
    new: list[int] = []
    resumed = run(job, 5, workers=1, out=out, on_deal=lambda d: new.append(d.shuffle))
    assert new == [3, 4]
    assert resumed.deals[:3] == first.deals
    assert resumed == run(job, 5, workers=2)
    lines = out.read_text().splitlines()
    assert json.loads(lines[0]) == job.header() and len(lines) == 6
    with pytest.raises(PositionLogError, match="log of another run"):
        run(dataclasses.replace(job, seed=6), 5, workers=1, out=out)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(job.header()) + "\n{not json\n")
    with pytest.raises(PositionLogError, match="not a position log"):
        run(job, 2, workers=1, out=bad)


def test_bad_runs_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown position 'nope'"):
        run(Job("nope", "normal", "normal", 0), 2)
    with pytest.raises(ValueError, match="play at least one deal"):
        run(Job("top-trump", "normal", "normal", 0), 0)
    with pytest.raises(ValueError, match="unknown style 'x'"):
        run(Job("top-trump", 'hard:style="x"', "normal", 0), 2)


def test_the_command_prints_each_choice_against_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["position", "monster-raise", "--side", "normal", "--deals", "3", "--workers", "1"])
        == 0
    )
    text = capsys.readouterr().out
    assert "side normal, others normal, seed 0: 3 deals played out" in text
    assert "(reference)" in text and "- pass:" in text
    argv = ["position", "top-trump", "--side", "normal", "--others", "greedy", "--deals", "2"]
    assert main([*argv, "--json", "--workers", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["side"], result["others"], result["deals"]) == ("normal", "greedy", 2)
    assert set(result["differences"]) == {"G8", "B6"} and result["differences"]["G8"]["n"] == 2
    assert main(["position", "nope"]) == 2
    assert "unknown position 'nope'" in capsys.readouterr().err
