"""``crowsnest bot`` and ExternalBot: a bot program plays exactly like the bot itself."""

from __future__ import annotations

import io
import json
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from crowsnest.ai import RandomBot
from crowsnest.ai.external import ExternalBot, ExternalBotError
from crowsnest.ai.hearts.ducker import Ducker
from crowsnest.ai.protocol import MAX_LINE, act_message
from crowsnest.ai.serve import BotSession, serve
from crowsnest.engine import Bid, new_game

BOT = [sys.executable, "-m", "crowsnest.cli", "bot"]


def session(game: str = "hearts") -> BotSession:
    bot = Ducker() if game == "hearts" else RandomBot()
    return BotSession(bot, game, "test", random.Random(1))


def ask(s: BotSession, message: Any) -> list[dict[str, Any]]:
    line = message if isinstance(message, str) else json.dumps(message)
    return s.handle(line)


def test_hello_names_the_protocol_and_game() -> None:
    (reply,) = ask(session(), {"type": "hello", "protocol": 1, "game": "hearts"})
    assert reply == {"type": "hello", "protocol": 1, "game": "hearts", "name": "test"}


def test_the_bot_answers_in_the_hosts_version() -> None:
    (reply,) = ask(session(), {"type": "hello", "protocol": 2, "game": "hearts"})
    assert reply == {"type": "hello", "protocol": 2, "game": "hearts", "name": "test"}


V1_FIELDS = ("target", "teams", "team", "bird", "resigned")
"""What a view of protocol 1 lacks (version 2 made them required)."""


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
def test_a_view_saved_under_protocol_1_is_still_read(rules_id: str) -> None:
    """A position written by a host last month (no target, teams, team, bird or
    resigned) is played in a version 1 session; a version 2 session refuses it, by
    the first field it lacks."""
    game = new_game(rules_id, seed=2)
    seat = min(game.actors)
    act = act_message(4, game.view(seat), game.legal_actions(seat))
    old = {k: v for k, v in act["view"].items() if k not in V1_FIELDS}
    family = game.rules.family
    v1 = session(family)
    assert ask(v1, {"type": "hello", "protocol": 1, "game": family})[0]["protocol"] == 1
    (reply,) = ask(v1, {**act, "view": old})
    assert reply["type"] == "action" and reply["seq"] == 4
    game.check(seat, reply["action"])
    v2 = session(family)
    ask(v2, {"type": "hello", "protocol": 2, "game": family})
    (refused,) = ask(v2, {**act, "view": old})
    assert refused["code"] == "bad_view" and refused["message"].startswith("view.")
    assert "Field required" in refused["message"]


def test_a_view_upgraded_from_protocol_1_is_the_current_view() -> None:
    """What the upgrade fills in is what the engine writes for that view."""
    from crowsnest.ai.protocol import upgrade_view

    for rules_id in ("hearts", "rook/crowsnest", "rook/red-one"):
        game = new_game(rules_id, seed=3)
        for seat in (0, 1, None):
            view = game.view(seat).to_json()
            old = {k: v for k, v in view.items() if k not in V1_FIELDS}
            assert upgrade_view(old, 1) == view
            assert upgrade_view(old, 2) is old


def test_act_answers_with_the_seq_and_an_action() -> None:
    game = new_game("hearts", seed=2)
    (reply,) = ask(session(), act_message(5, game.view(3), game.legal_actions(3)))
    assert reply["type"] == "action" and reply["seq"] == 5
    game.check(3, reply["action"])


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"seq": 1}', "unknown_type"),
        ('{"type": "hello", "protocol": 3, "game": "hearts"}', "unsupported_protocol"),
        ('{"type": "hello", "protocol": true, "game": "hearts"}', "unsupported_protocol"),
        ('{"type": "hello", "protocol": 1, "game": "rook"}', "wrong_game"),
        ('{"type": "act", "view": {}, "legal": []}', "bad_message"),
        ('{"type": "act", "seq": 1, "legal": []}', "bad_message"),
        ('{"type": "act", "seq": 1, "seed": "x", "view": {}, "legal": []}', "bad_message"),
        ('{"type": "act", "seq": 1, "view": {"game": "hearts"}, "legal": []}', "bad_view"),
        ("[" * 100_000 + "]" * 100_000, "bad_json"),
        ("x" * (MAX_LINE + 1), "too_long"),
    ],
)
def test_malformed_lines_get_an_error_and_the_session_goes_on(line: str, code: str) -> None:
    s = session()
    (reply,) = s.handle(line)
    assert reply["type"] == "error" and reply["code"] == code and reply["message"]
    assert not s.done
    assert ask(s, {"type": "hello", "protocol": 1, "game": "hearts"})[0]["type"] == "hello"


def test_errors_about_an_act_carry_its_seq() -> None:
    game = new_game("rook/crowsnest", seed=2)
    seat = min(game.actors)
    reply = ask(session(), act_message(9, game.view(seat), game.legal_actions(seat)))
    assert reply == [
        {
            "type": "error",
            "code": "wrong_game",
            "message": "this bot plays hearts, not rook",
            "seq": 9,
        }
    ]
    message = act_message(10, game.view(seat), [])
    (reply2,) = ask(session("rook"), message)
    assert reply2["code"] == "no_legal_actions" and reply2["seq"] == 10
    bad = act_message(11, game.view(seat), game.legal_actions(seat))
    bad["legal"] = ["bid lots"]
    assert ask(session("rook"), bad)[0]["code"] == "bad_legal"


def test_a_failing_bot_is_reported_not_fatal() -> None:
    class Broken:
        def choose(self, *args: object) -> Any:
            raise KeyError("oops")

    s = BotSession(Broken(), "hearts", "broken", random.Random(0))
    game = new_game("hearts", seed=1)
    (reply,) = ask(s, act_message(1, game.view(0), game.legal_actions(0)))
    assert reply["code"] == "bot_failed" and "KeyError" in reply["message"]


def test_serve_stops_at_bye_and_skips_overlong_lines() -> None:
    hello = {"type": "hello", "protocol": 1, "game": "hearts"}
    lines = ["x" * (MAX_LINE + 10), json.dumps(hello), "", '{"type": "bye"}', json.dumps(hello)]
    text = "\n".join(lines)
    out = io.StringIO()
    assert serve(session(), io.StringIO(text + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["error", "hello"]
    assert replies[0]["code"] == "too_long"


def test_the_seed_of_an_act_fixes_the_decision() -> None:
    game = new_game("hearts", seed=8)
    s = BotSession(RandomBot(), "hearts", "random", random.Random())
    message = act_message(1, game.view(0), game.legal_actions(0), seed=1234)
    first = ask(s, message)
    assert all(ask(s, message) == first for _ in range(5))


# -- a real bot process --------------------------------------------------------------------


def test_external_ducker_plays_a_hand_like_the_ducker() -> None:
    game = new_game("hearts", seed=21, start_hand=1)
    ducker = Ducker()
    rng = random.Random(0)
    with ExternalBot([*BOT, "--game", "hearts", "--level", "ducker"]) as external:
        decisions = 0
        while not game.results:
            seat = min(game.actors)
            view, legal = game.view(seat), game.legal_actions(seat)
            action = external.choose(view, legal, rng)
            assert action == ducker.choose(view, legal, rng)
            game.apply(seat, action)
            decisions += 1
        assert external.name == "ducker"
    assert decisions == 4 + 52


def test_external_random_bot_seeds_each_decision_from_the_host_rng() -> None:
    """A Rook hand (bids, nest discard, trump, play) through the process equals the
    in-process bot fed ``random.Random(seed)`` with the seed the host sent."""
    game = new_game("rook/crowsnest", seed=3)
    host, mirror = random.Random(5), random.Random(5)
    bot = RandomBot()
    with ExternalBot([*BOT, "--game", "rook", "--level", "random"]) as external:
        while not game.results:
            seat = min(game.actors)
            view, legal = game.view(seat), game.legal_actions(seat)
            action = external.choose(view, legal, host)
            assert action == bot.choose(view, legal, random.Random(mirror.getrandbits(63)))
            game.apply(seat, action)


def script(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "bot.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return [sys.executable, str(path)]


HELLO = """\
import json, sys
def say(m):
    print(json.dumps(m), flush=True)
line = sys.stdin.readline()
say({"type": "hello", "protocol": 1, "game": "hearts"})
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (HELLO + 'sys.stdin.readline()\nsay({"seq": 1, "action": "play 2C"})\n', "illegal"),
        (HELLO + 'sys.stdin.readline()\nsay({"seq": 1, "action": "fly"})\n', "fly"),
        (
            HELLO + 'sys.stdin.readline()\nsay({"seq": 1, "action": 5})\n',
            "bad message: action: Input should be a valid string",
        ),
        (
            HELLO + 'sys.stdin.readline()\nsay({"type": "error", "seq": 1, "code": 3})\n',
            "bad message: code: Input should be a valid string",
        ),
        (HELLO + 'sys.stdin.readline()\nprint("hello?", flush=True)\n', "not JSON"),
        (
            HELLO + 'sys.stdin.readline()\nsay({"type": "error", "code": "x", "message": "y"})\n',
            "x: y",
        ),
        (HELLO + "sys.stdin.readline()\n", "exited"),
        ("print('{}', flush=True)\n", "did not answer hello"),
    ],
)
def test_external_bot_faults_raise(tmp_path: Path, body: str, message: str) -> None:
    game = new_game("hearts", seed=1)
    with ExternalBot(script(tmp_path, body)) as bot, pytest.raises(ExternalBotError) as err:
        bot.choose(game.view(0), game.legal_actions(0), random.Random(0))
    assert message in str(err.value)


def test_a_bot_gone_before_its_hello_is_judged_by_what_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program that writes a line and exits before reading its hello: whether the host's
    hello reaches the pipe first is chance, so the host is made to lose the race (it
    writes only once the program has exited) and still names the bad answer."""
    send = ExternalBot._send

    def late(bot: ExternalBot, message: dict[str, Any]) -> None:
        assert bot._proc is not None
        bot._proc.wait()
        send(bot, message)

    monkeypatch.setattr(ExternalBot, "_send", late)
    game = new_game("hearts", seed=1)
    bot = ExternalBot(script(tmp_path, "print('{}', flush=True)\n"))
    with bot, pytest.raises(ExternalBotError, match="did not answer hello"):
        bot.choose(game.view(0), game.legal_actions(0), random.Random(0))
    silent = ExternalBot(script(tmp_path, "pass\n"))
    with silent, pytest.raises(ExternalBotError, match="stopped reading"):
        silent.choose(game.view(0), game.legal_actions(0), random.Random(0))


def test_external_bot_skips_stale_answers_and_times_out(tmp_path: Path) -> None:
    body = HELLO + textwrap.dedent(
        """\
        sys.stdin.readline()
        say({"seq": 0, "action": "bid pass"})
        say({"type": "error", "seq": 0, "code": "old", "message": "stale"})
        say({"seq": 1, "action": "pass 2C 3C 4C"})
        for line in sys.stdin:
            pass
        """
    )
    suits = [[rank + suit for rank in "23456789TJQKA"] for suit in "CDHS"]
    game = new_game("hearts", seed=1, deals=[{"hands": suits}])
    # The first answer includes starting Python, which a loaded machine can take
    # seconds over: only the wait that is meant to run out is short.
    with ExternalBot(script(tmp_path, body), timeout=30.0) as bot:
        action = bot.choose(game.view(0), game.legal_actions(0), random.Random(0))
        assert str(action) == "pass 2C 3C 4C"
        bot.timeout = 0.5
        with pytest.raises(ExternalBotError, match=r"no answer in 0\.5 s"):
            bot.choose(game.view(1), game.legal_actions(1), random.Random(0))


def test_external_bot_needs_a_runnable_command(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        ExternalBot([])
    game = new_game("hearts", seed=1)
    bot = ExternalBot([str(tmp_path / "no-such-program")])
    with pytest.raises(ExternalBotError, match="cannot start"):
        bot.choose(game.view(0), game.legal_actions(0), random.Random(0))


def test_external_bot_keeps_to_one_game() -> None:
    hearts, rook = new_game("hearts", seed=1), new_game("rook/crowsnest", seed=1)
    with ExternalBot([*BOT, "--game", "hearts", "--level", "random"]) as bot:
        bot.choose(hearts.view(0), hearts.legal_actions(0), random.Random(0))
        seat = min(rook.actors)
        with pytest.raises(ExternalBotError, match="started for hearts"):
            bot.choose(rook.view(seat), [Bid(None)], random.Random(0))


def exchange(section: str) -> tuple[list[str], list[dict[str, Any]]]:
    doc = (Path(__file__).parents[2] / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    block = doc.split(section, 1)[1].split("```", 2)[1]
    lines = block.strip().splitlines()
    return [x[2:] for x in lines if x.startswith("> ")], [
        json.loads(x[2:]) for x in lines if x.startswith("< ")
    ]


@pytest.mark.parametrize(
    ("section", "bot", "game", "seed"),
    [
        ("## An example exchange", Ducker(), "hearts", None),
        ("A Rook auction decision", RandomBot(), "rook", 1),
    ],
)
def test_the_documented_exchanges_are_what_the_bot_answers(
    section: str, bot: Any, game: str, seed: int | None
) -> None:
    host, expected = exchange(section)
    s = BotSession(bot, game, type(bot).__name__.lower(), random.Random(seed))
    assert [reply for line in host for reply in s.handle(line)] == expected
    assert s.done == (game == "hearts")


PROTOCOL_FIELDS = {
    "hearts": {
        1: (
            "game rules seat phase actors hand_number pass_direction hand hand_sizes passed "
            "received trick leader tricks hearts_broken points_taken totals results winner"
        ),
        2: "target teams team bird",
    },
    "rook": {
        1: (
            "game rules seat phase actors hand_number dealer hand hand_sizes auction high_bid "
            "high_bidder declarer bid trump nest_size nest discards trick leader tricks "
            "captured tricks_won totals results winner"
        ),
        2: "target resigned teams team bird",
    },
}
"""The view's required fields as each released protocol version has them. A released
version's fields never change: a field added to a view says ``since`` a new version,
which PROTOCOL_VERSION then is (an older view is still read: ``upgrade_view``)."""


@pytest.mark.parametrize("family", ["hearts", "rook"])
def test_a_released_protocol_version_keeps_its_view_fields(family: str) -> None:
    from crowsnest.ai.protocol import ADDED_IN, PROTOCOL_VERSION, PROTOCOL_VERSIONS
    from crowsnest.engine import HeartsView, RookView
    from crowsnest.engine.view_fields import json_fields

    view = HeartsView if family == "hearts" else RookView
    declared: dict[int, list[str]] = {}
    for f in json_fields(view):
        declared.setdefault(f.wire.since, []).append(f.name)
        assert f.wire.since == 1 or f.wire.fill is not None, f"{f.name}: an old view lacks it"
    released = {v: names.split() for v, names in PROTOCOL_FIELDS[family].items()}
    assert declared == released, "a new view field needs a new protocol version"
    assert max(declared) == PROTOCOL_VERSION == PROTOCOL_VERSIONS[-1]
    assert set(ADDED_IN) == set(PROTOCOL_VERSIONS) - {1}
