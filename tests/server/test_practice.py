"""Practice games (``POST /api/practice``) against a real server process: a game
played offline (the browser's solo table, here in this process) is replayed by the
server and stored in the player's History, unrated; an altered record is refused
with the action named, an unfinished one too; the same game twice is stored once;
the route is limited per client address and in body size."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from http.cookiejar import CookieJar
from typing import Any

import pytest

from crowsnest.engine.cards import CARD_NAMES
from crowsnest.offline.solo import SoloTable

from .helpers import ServerProcess


@cache
def offline_game(rules: str = "rook/crowsnest", seed: int = 11) -> dict[str, Any]:
    """A whole solo game as the browser sends it: the player leaves at once and the
    bots (Easy) play every seat to the end, as the worker's table does."""
    options = {"target": 50}
    table = SoloTable(rules, options, "easy", seed=seed, name="Ann", bot_delay=0)
    table.handle({"type": "leave"})
    while table.bot_due() is not None:
        table.bot_act()
    assert table.game.is_over
    return {
        "rules": rules, "options": options, "seed": seed, "level": "easy", "seat": 0,
        "name": "Ann", "actions": table.actions(),
    }  # fmt: skip


@dataclass
class Answer:
    status_code: int
    body: Any
    headers: dict[str, str]

    def json(self) -> Any:
        return self.body


class Client:
    """A browser's HTTP calls, as far as these tests go: its cookie kept."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def request(self, method: str, path: str, data: bytes | None = None) -> Answer:
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(request, timeout=30) as r:
                return Answer(r.status, json.loads(r.read()), lower(r.headers.items()))
        except urllib.error.HTTPError as err:
            return Answer(err.code, json.loads(err.read()), lower(err.headers.items()))

    def get(self, path: str) -> Answer:
        return self.request("GET", path)


def lower(headers: Any) -> dict[str, str]:
    return {k.lower(): v for k, v in headers}


def post(client: Client, body: object) -> Answer:
    return client.request("POST", "/api/practice", json.dumps(body).encode())


def code(response: Answer) -> str:
    value: str = response.json()["error"]["code"]
    return value


@pytest.fixture
def client(server: ServerProcess) -> Client:
    return Client(server.base)


def test_a_finished_offline_game_goes_to_history_unrated(client: Client) -> None:
    game = offline_game()
    answer = post(client, game)
    assert answer.status_code == 201, answer.body
    stored = answer.json()
    assert stored["new"] is True and stored["table_id"].startswith("practice-")
    me = client.get("/api/me").json()
    games = client.get(f"/api/players/{me['id']}/games").json()
    assert games["total"] == 1
    entry = games["games"][0]
    assert entry["table_id"] == stored["table_id"] and entry["practice"] is True
    assert entry["public"] is False and entry["won"] == stored["won"]
    assert entry["final_scores"] == stored["final_scores"]
    assert [s["kind"] for s in entry["seats"]] == ["human", "bot", "bot", "bot"]
    # Never rated, in no statistics (the browser keeps its own of offline games).
    assert me["ratings"] == [] and me["stats"] == []
    assert client.get(f"/api/players/{me['id']}/ratings/rook").json()["points"] == []
    # Its replay is the server's own, from the seed.
    replay = client.get(f"/api/tables/{stored['table_id']}/replay").json()
    assert len(replay["steps"]) >= len(game["actions"])
    assert replay["seats"][0]["name"] == "Ann"
    # It is a finished table as any other: its end shown, its record served.
    table = client.get(f"/api/tables/{stored['table_id']}").json()
    assert table["status"] == "over" and table["public"] is False
    record = client.get(f"/api/tables/{stored['table_id']}/record").json()
    assert record["actions"] == game["actions"] and record["end"]["scores"]
    # Another player does not see it.
    seen = Client(client.base_url).get(f"/api/players/{me['id']}/games").json()
    assert seen["total"] == 0


def test_the_same_game_sent_twice_is_stored_once(client: Client) -> None:
    game = offline_game()
    first = post(client, game)
    again = post(client, game)
    # Written otherwise (upper case), it is still the same game.
    shouted = post(client, {**game, "actions": [[s, t.upper()] for s, t in game["actions"]]})
    assert [a.status_code for a in (first, again, shouted)] == [201, 200, 200]
    assert again.json()["new"] is False and shouted.json()["new"] is False
    assert again.json()["table_id"] == first.json()["table_id"] == shouted.json()["table_id"]
    me = client.get("/api/me").json()
    assert client.get(f"/api/players/{me['id']}/games").json()["total"] == 1
    # Another player's copy of it is their own.
    other = Client(client.base_url)
    theirs = post(other, game)
    assert theirs.status_code == 201 and theirs.json()["table_id"] != first.json()["table_id"]


def test_an_altered_record_is_refused_with_the_action_named(client: Client) -> None:
    game = offline_game()
    actions = [list(a) for a in game["actions"]]
    # A card played twice: the second time the seat no longer holds it.
    plays = [i for i, (_, text) in enumerate(actions) if text.startswith("play ")]
    first, later = plays[0], next(i for i in plays[1:] if actions[i][0] == actions[plays[0]][0])
    actions[later] = [actions[later][0], actions[first][1]]
    answer = post(client, {**game, "actions": actions})
    assert answer.status_code == 400
    assert code(answer) == "bad_record"
    message = answer.json()["error"]["message"]
    assert f"action {later} " in message and actions[first][1] in message
    # Only the action's own card is named: no other card of any hand.
    named = {w.strip("'(),:") for w in message.split()} & card_names(game["rules"])
    assert named <= {actions[first][1].split()[1]}
    # A bot's action is checked too: a seat acting out of turn.
    wrong = [list(a) for a in game["actions"]]
    wrong[5] = [(wrong[5][0] + 1) % 4, wrong[5][1]]
    refused = post(client, {**game, "actions": wrong})
    assert (refused.status_code, code(refused)) == (400, "bad_record")
    assert "action 5 " in refused.json()["error"]["message"]
    me = client.get("/api/me").json()
    assert client.get(f"/api/players/{me['id']}/games").json()["total"] == 0


def card_names(rules: str) -> set[str]:
    return set(CARD_NAMES["hearts" if rules == "hearts" else "rook"])


def test_an_unfinished_game_is_refused(client: Client) -> None:
    game = offline_game()
    answer = post(client, {**game, "actions": game["actions"][:-1]})
    assert (answer.status_code, code(answer)) == (409, "not_finished")


def test_a_record_that_is_not_one_is_refused(client: Client) -> None:
    game = offline_game()
    for body in (
        {**game, "rules": "chess"},
        {**game, "actions": [[0, "play 2C", "x"]]},
        {**game, "options": {"target": 7}},
        {k: v for k, v in game.items() if k != "seed"},
    ):
        answer = post(client, body)
        assert answer.status_code == 400, body
        assert code(answer) in ("bad_record", "bad_request")


def test_a_body_may_be_larger_than_other_routes_allow_up_to_its_own_bound(
    client: Client,
) -> None:
    game = offline_game()
    # 60 KB of actions (other routes stop at 16 KB): read, replayed, refused as a record.
    padded = {**game, "actions": game["actions"] + [[0, "play 2C"]] * 4000}
    assert len(json.dumps(padded)) > 16 * 1024
    answer = post(client, padded)
    assert (answer.status_code, code(answer)) == (400, "bad_record")
    huge = {**game, "name": "Ann", "actions": [[0, "x" * 150]] * 2000}
    assert len(json.dumps(huge)) > 256 * 1024
    refused = post(client, huge)
    assert (refused.status_code, code(refused)) == (413, "too_large")


def test_practice_games_are_limited_per_client_address(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(CROWSNEST_PRACTICE_BURST="2", CROWSNEST_PRACTICE_RATE="0.01")
    c = Client(server.base)
    answers = [post(c, offline_game()) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 200, 429]
    assert code(answers[2]) == "rate_limited" and int(answers[2].headers["retry-after"]) >= 1
