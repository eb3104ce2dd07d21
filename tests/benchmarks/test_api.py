import random

import pytest
from bench.api import main, measure, report
from bench.workloads import CheckedHands

from crowsnest.engine import replay
from crowsnest.engine.rules import get_rules
from crowsnest.engine.rules.hearts import HeartsRules


def hearts() -> HeartsRules:
    rules = get_rules("hearts")
    assert isinstance(rules, HeartsRules)
    return rules


@pytest.mark.parametrize("events", [True, False])
def test_checked_hands_play_one_whole_hand_per_call(events: bool) -> None:
    play = CheckedHands(hearts(), events=events)
    rng = random.Random(4)
    for n in range(1, 4):
        assert play(rng) == 1
        assert play.game is not None and len(play.game.results) == n
    game = play.game
    assert game is not None
    assert replay(game.record()).log == game.log


def test_apply_and_step_rows_play_the_same_hands() -> None:
    loud, quiet = CheckedHands(hearts()), CheckedHands(hearts(), events=False)
    a, b = random.Random(9), random.Random(9)
    for _ in range(3):
        loud(a), quiet(b)
    assert loud.game is not None and quiet.game is not None
    assert loud.game.log == quiet.game.log


def test_measure_interleaves_rows_round_by_round() -> None:
    order: list[str] = []

    def row(name: str) -> object:
        def play(rng: random.Random) -> int:
            if not order or order[-1] != name:
                order.append(name)
            return 1

        return play

    rates = measure({"a": row("a"), "b": row("b")}, rounds=2, seconds=0.001)  # type: ignore[dict-item]
    assert order == ["a", "b", "a", "b"]
    assert [len(v) for v in rates.values()] == [2, 2]
    assert all(r > 0 for v in rates.values() for r in v)


def test_report_gives_medians_and_ratios_to_openspiel() -> None:
    lines: list[str] = []
    report({"ours": [2.0, 6.0, 4.0], "openspiel hearts": [4.0, 4.0, 4.0]}, lines.append)
    assert lines[1].split()[-2:] == ["4", "1.00"]
    assert lines[2].split()[-2:] == ["4", "1.00"]
    lines.clear()
    report({"ours": [3.0]}, lines.append)
    assert lines[-1].startswith("note: open_spiel is not installed")


def test_main_runs_and_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rounds", "1", "--seconds", "0.01"]) == 0
    assert "hearts (checked API, step)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--rounds", "0"])
