"""The solo table of an offline game (``crowsnest.offline``): the server's messages,
validated by the server's own models, for every rule set and level; bots that see
only their seat; refusals that change nothing; a game rebuilt from its actions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from crowsnest.ai.base import Bot
from crowsnest.ai.registry import make_bot
from crowsnest.engine import LegalAction, PlayerView, new_game
from crowsnest.engine.rules.rook import ROOK_PRESETS
from crowsnest.offline import driver
from crowsnest.offline.messages import state_message
from crowsnest.offline.solo import SoloTable
from crowsnest.server.models.server_messages import server_message_adapter
from crowsnest.server.table.parts import TableConfig
from crowsnest.server.table.table import Table
from test_imports import STDLIB_ONLY, run

RULE_SETS = ("hearts", *(r.id for r in ROOK_PRESETS))


def valid(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each message read back by the server's own adapter, unchanged."""
    for message in messages:
        read = server_message_adapter.validate_python(json.loads(json.dumps(message)))
        assert read.model_dump(mode="json") == message
    return messages


def first_legal(legal: list[Any], rng: random.Random) -> str:
    option = legal[rng.randrange(len(legal))]
    if isinstance(option, str):
        return option
    assert isinstance(option, dict)
    chosen = list(option["required"])
    rest = [c for c in option["from"] if c not in chosen]
    rng.shuffle(rest)
    kind: str = option["choose"]
    return kind + " " + " ".join(chosen + rest[: option["count"] - len(chosen)])


def play_hand(table: SoloTable, seed: int) -> int:
    """Play one hand: the player at random, the bots as they decide; every message
    validated. The number of messages."""
    rng = random.Random(seed)
    messages = valid(table.hello())
    count = 0
    while not table.game.results:
        state = messages[-1]
        if table.bot_due() is not None:
            messages = valid(table.bot_act())
        else:
            assert state["legal"], "nobody to act"
            action = first_legal(state["legal"], rng)
            messages = valid(
                table.handle({"type": "action", "seq": state["seq"], "action": action})
            )
            assert [m["type"] for m in messages] == ["state"], messages
        count += 1
    return count


@pytest.mark.parametrize("rules_id", RULE_SETS)
def test_a_hand_of_every_rule_set_speaks_the_servers_messages(rules_id: str) -> None:
    table = SoloTable(rules_id, {}, "easy", seed=11, name="Ann")
    assert play_hand(table, 11) > 20
    assert table.game.results


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_hearts_and_rook(level: str) -> None:
    for rules_id in ("hearts", "rook/crowsnest"):
        table = SoloTable(rules_id, {}, level, seed=4, name="Ann")
        valid(table.hello())
        for _ in range(3):
            if table.bot_due() is None:
                state = table.state()
                action = first_legal(state["legal"], random.Random(1))
                valid(table.handle({"type": "action", "seq": state["seq"], "action": action}))
            valid(table.bot_act())
        assert len(table.timings) >= 1
        assert table.welcome()["table"]["level"] == level


class Spy(Bot):
    """Records what it was shown, then decides as the easy bot."""

    def __init__(self, family: str) -> None:
        self.seen: list[tuple[int | None, list[LegalAction]]] = []
        self.bot = make_bot(family, "easy")

    def choose(self, view: PlayerView, legal: Any, rng: random.Random) -> Any:
        self.seen.append((view.seat, list(legal)))
        return self.bot.choose(view, legal, rng)


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
def test_a_bot_sees_only_its_own_seat(rules_id: str) -> None:
    table = SoloTable(rules_id, {}, "normal", seed=9, name="Ann")
    spies = {seat: Spy(table.family) for seat in (1, 2, 3)}
    table.bots.update(spies)
    rng = random.Random(2)
    decided = 0
    while decided < 12:
        seat = table.bot_due()
        if seat is None:
            state = table.state()
            table.handle({"type": "action", "seq": state["seq"],
                          "action": first_legal(state["legal"], rng)})  # fmt: skip
            continue
        legal = table.game.legal_actions(seat)
        view = table.game.view(seat)
        table.bot_act()
        assert spies[seat].seen[-1] == (seat, legal)
        assert view.seat == seat
        decided += 1


def test_refusals_are_the_servers_errors_and_change_nothing() -> None:
    table = SoloTable("hearts", {}, "easy", seed=3, name="Ann")
    state = table.state()
    before = (table.seq, table.game.record())
    cases = [
        ({"type": "action", "seq": 0, "action": "play 2C"}, "wrong_action"),
        ({"type": "action", "seq": 5, "action": "pass 2C 3C 4C"}, "stale"),
        ({"type": "action", "seq": 0, "action": "fly"}, "malformed_action"),
        ({"type": "action", "seq": -1, "action": "pass"}, "bad_message"),
        ({"type": "action", "seq": 0, "action": ""}, "bad_message"),
        ({"type": "dance"}, "unknown_type"),
        ({"type": "chat", "key": "shout"}, "bad_message"),
        ({"type": "resign"}, "no_resign"),
        ("text", "bad_message"),
    ]
    for message, code in cases:
        answer = valid(table.handle(message))
        assert [(m["type"], m.get("code")) for m in answer] == [("error", code)], (message, answer)
    assert (table.seq, table.game.record()) == before
    assert table.state() == state


def test_a_duplicate_action_is_applied_once() -> None:
    table = SoloTable("hearts", {}, "easy", seed=3, name="Ann")
    option = table.state()["legal"][0]
    text = "pass " + " ".join(option["from"][:3])
    assert valid(table.handle({"type": "action", "seq": 0, "action": text}))[0]["type"] == "state"
    again = table.handle({"type": "action", "seq": 0, "action": text})
    assert again[0]["code"] == "duplicate" and table.seq == 1


def test_rook_resigns_at_once_beside_a_bot_partner() -> None:
    table = SoloTable("rook/crowsnest", {}, "easy", seed=2, name="Ann")
    answer = valid(table.handle({"type": "resign"}))
    assert answer[0]["status"] == "over" and table.game.is_over


def test_the_servers_table_builds_its_state_with_the_same_function() -> None:
    server = Table("t", TableConfig("hearts", {}, seed=5), now=0.0)
    game = new_game("hearts", seed=5)
    ours = state_message(game, 2, game.legal_actions(2), (), seq=0, status="waiting")
    assert server.state(2).model_dump(mode="json") == ours


def test_the_driver_rebuilds_a_game_from_its_actions() -> None:
    config = {"rules": "hearts", "level": "normal", "seed": 8, "name": "Ann",
              "table_id": "offline-a", "bot_delay": 0}  # fmt: skip
    out = json.loads(driver.start(json.dumps(config)))
    assert out["due"] == 1 and [m["type"] for m in valid(out["messages"])] == ["welcome", "state"]
    for _ in range(3):
        out = json.loads(driver.bot())
        assert out["seconds"] is not None
    saved = json.loads(driver.record())
    again = json.loads(driver.start(json.dumps({**config, "actions": saved["actions"]})))
    assert again["seq"] == 3 and again["messages"][1] == out["messages"][0] | {"events": []}
    hint = json.loads(driver.hint())
    assert hint.get("code") == "not_your_turn" or hint["action"]


def test_the_solo_table_plays_on_the_standard_library_alone() -> None:
    code = """
    import json
    from crowsnest.offline import driver
    out = json.loads(driver.start(json.dumps({"rules": "hearts", "level": "hard",
        "seed": 1, "name": "A"})))
    for _ in range(3):
        out = json.loads(driver.bot())
    print(out["seq"])
    import sys
    third = sorted(n for n in sys.modules if n.partition(".")[0] not in sys.stdlib_module_names
                   and not n.startswith(("crowsnest", "_")))
    assert third == [], third
    """
    done = run(code, STDLIB_ONLY)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "3"
