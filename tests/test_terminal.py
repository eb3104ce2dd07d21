"""The terminal game, driven with scripted input to the end of whole games."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from crowsnest.cli import main
from crowsnest.engine import RULESETS, Bid, Choose, NameTrump, Play, parse_card, parse_cards, replay
from crowsnest.terminal import run
from crowsnest.terminal.ask import Reprompt, interpret
from crowsnest.terminal.render import hand_groups

GARBAGE = ["xyz", "play ZZ", "99", "0", "", "bid 3", "?", "discard", "pass", "trump pink"]


class Script:
    """Answers prompts: a number from the offered range (or the offered example of
    cards), with garbage every few answers; quits after ``hands`` hands if given."""

    def __init__(self, seed: int, out: io.StringIO, *, first: bool = False, hands: int = 0):
        self.rng = random.Random(seed)
        self.out = out
        self.first = first
        self.hands = hands
        self.calls = 0
        self.garbage = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        assert self.calls < 20_000, "the game does not end"
        if self.hands and self.out.getvalue().count(" is over.") >= self.hands:
            return "q"
        if self.calls % 5 == 0:
            self.garbage += 1
            return GARBAGE[self.garbage % len(GARBAGE)]
        example = re.search(r"e\.g\. ([^)]*)\)", prompt)
        if example:
            return example.group(1)
        match = re.search(r"\[1-(\d+)\]", prompt)
        assert match, prompt
        return "1" if self.first else str(self.rng.randint(1, int(match.group(1))))


def play(rules_id: str, script_seed: int = 1, **kwargs: object) -> tuple[int, str, Script]:
    out = io.StringIO()
    first = bool(kwargs.pop("first", False))
    hands = int(kwargs.pop("hands", 0))  # type: ignore[call-overload]
    script = Script(script_seed, out, first=first, hands=hands)
    code = run(rules_id, seed=7, input_fn=script, output=out, **kwargs)  # type: ignore[arg-type]
    return code, out.getvalue(), script


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
@pytest.mark.parametrize("first", [False, True])
def test_whole_game_to_the_end(rules_id: str, first: bool) -> None:
    code, text, script = play(rules_id, first=first)
    assert code == 0
    assert "GAME OVER" in text
    assert re.search(r"GAME OVER: (You|West|North|East|We|They) wins?!", text)
    assert "Final totals" in text
    assert script.garbage > 10
    assert "  ! 'play ZZ': 'ZZ' is not a card" in text
    assert "  ! 99 is not on the list" in text


def test_default_rules_is_crowsnest() -> None:
    code, text, _ = play(None, hands=1)  # type: ignore[arg-type]
    assert code == 0
    assert text.startswith("CrowsNest (rook/crowsnest), seed 7")


@pytest.mark.parametrize("rules_id", [r for r in RULESETS if r not in ("hearts", "rook/crowsnest")])
def test_two_hands_of_other_rule_sets(rules_id: str) -> None:
    code, text, _ = play(rules_id, hands=2)
    assert code == 0
    assert "Hand 2 is over." in text
    assert "You left the table." in text


def test_short_game_with_options() -> None:
    code, text, _ = play("rook/tournament", options={"target": 50, "bird": False})
    assert code == 0
    assert "GAME OVER" in text
    assert "CROW" not in text


def test_the_same_seed_gives_the_same_game() -> None:
    assert play("hearts", hands=1)[1] == play("hearts", hands=1)[1]


@pytest.mark.parametrize("answer", ["q", "quit", "Q"])
def test_q_quits(answer: str) -> None:
    out = io.StringIO()
    assert run("hearts", seed=1, input_fn=lambda _: answer, output=out) == 0
    assert "You left the table." in out.getvalue()
    assert "GAME OVER" not in out.getvalue()


def test_end_of_input_quits() -> None:
    def eof(_: str) -> str:
        raise EOFError

    out = io.StringIO()
    assert run("rook/crowsnest", seed=1, input_fn=eof, output=out) == 0
    assert "You left the table." in out.getvalue()


def test_ctrl_c_quits() -> None:
    def interrupt(_: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert run("rook/crowsnest", seed=1, input_fn=interrupt, output=out) == 0
    assert "You left the table." in out.getvalue()


def test_unknown_rules_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("rook/nope", seed=1, input_fn=lambda _: "q", output=io.StringIO()) == 2
    assert "'rook/nope' is not a rule set" in capsys.readouterr().err


def test_save_writes_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text, _ = play("rook/crowsnest", options={"target": 50}, save=path)
    assert code == 0
    assert f"Game record saved to {path}" in text
    game = replay(json.loads(path.read_text(encoding="utf-8")))
    assert game.is_over


def test_the_table_shows_hand_trick_scores_and_choices() -> None:
    code, text, _ = play("rook/crowsnest", hands=1)
    assert code == 0
    for needle in ["Your hand (9 cards):", "Your turn:", " 1) bid pass", "Auction: ", "Trick 1"]:
        assert needle in text
    assert "Contract: " in text


def test_hearts_shows_the_pass() -> None:
    code, text, _ = play("hearts", hands=1)
    assert code == 0
    assert "Choose 3 cards to pass left (to West)." in text
    assert re.search(r"You receive \w\w \w\w \w\w from East\.", text)


# -- reading the player's input --------------------------------------------------------


def test_numbers_pick_from_the_list() -> None:
    legal = [Bid(None), Bid(70), Bid(75)]
    assert interpret("2", legal, "rook") == Bid(70)
    with pytest.raises(Reprompt, match="choose 1 to 3, or type 'bid 75'"):
        interpret("75", legal, "rook")


def test_shortcuts() -> None:
    plays = [Play(parse_card("QS")), Play(parse_card("2C"))]
    assert interpret("qs", plays, "hearts") == Play(parse_card("QS"))
    assert interpret("pass", [Bid(None), Bid(70)], "rook") == Bid(None)
    assert interpret("red", [NameTrump(c) for c in range(4)], "rook") == NameTrump(0)
    assert interpret("bid 70", [Bid(None), Bid(70)], "rook") == Bid(70)


def test_cards_for_a_choose() -> None:
    choice = Choose("pass", 3, parse_cards("2C 3C 4C 5C"))
    assert str(interpret("2C 3c 4C", [choice], "hearts")) == "pass 2C 3C 4C"
    assert str(interpret("pass 2C 3C 5C", [choice], "hearts")) == "pass 2C 3C 5C"
    with pytest.raises(Reprompt, match=r"type the 3 cards, e\.g\. 2C 3C 4C"):
        interpret("1", [choice], "hearts")


def test_trump_is_shown_first_with_the_crow() -> None:
    rules = RULESETS["rook/crowsnest"]
    hand = parse_cards("CROW R5 Y9 B10 B14")
    assert hand_groups(hand, rules, None) == [
        ("always trump", "CROW"),
        ("red", "R5"),
        ("yellow", "Y9"),
        ("black", "B10 B14"),
    ]
    assert hand_groups(hand, rules, "black")[0] == ("black (trump)", "CROW B10 B14")


# -- the command line ------------------------------------------------------------------


def test_cli_play_with_seed_and_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    assert main(["play", "rook/dixie", "--seed", "3", "--option", "target=500"]) == 0
    out = capsys.readouterr().out
    assert "Dixie Rook (rook/dixie), seed 3" in out
    assert "a team reaches 500" in out


def test_cli_option_value_may_be_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1", "--option", "all_pass=nonsense"]) == 2
    assert "'nonsense' is not allowed" in capsys.readouterr().err


def test_cli_rejects_an_option_without_a_value() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--option", "target"])
    assert exc.value.code == 2
