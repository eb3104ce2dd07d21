"""The browser client's endpoints: rules info, a player's games, and replays."""

from __future__ import annotations

import json
import time
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from pydantic import TypeAdapter
from starlette.testclient import TestClient

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import RookGame, get_rules, new_game, replay
from crowsnest.server.models.client_messages import ChatSend, parse_client_message
from crowsnest.server.models.http import ReplayAnswer
from crowsnest.server.people.presets import BOT_NAMES
from crowsnest.server.store.store import Store
from server.helpers import alembic, old_table

from .helpers import scripted_action


def _error(response: Any) -> str:
    body = response.json()
    assert set(body) == {"error"}
    code: str = body["error"]["code"]
    return code


def _finish(client: TestClient, name: str = "Ann", **body: Any) -> dict[str, Any]:
    """A Rook game to 50 whose human seat (named ``name``) is played by the table's
    bot at once (grace 0, bot delay 0); the creation answer and the join answer."""
    request = {
        "rules": "rook/crowsnest",
        "options": {"target": 50},
        "grace": 0,
        "bot_delay": 0,
        **body,
    }
    created = client.post("/api/tables", json=request).json()
    table_id = created["table"]["id"]
    joined = client.post(
        f"/api/tables/{table_id}/join", json={"name": name, "invite": created["invite"]}
    ).json()
    deadline = time.monotonic() + 60
    while (
        client.get(f"/api/tables/{table_id}", params={"invite": created["invite"]}).json()["status"]
        != "over"
    ):
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.02)
    return {
        "id": table_id,
        "invite": created["invite"],
        "token": joined["token"],
        "player": joined["player"],
    }


# -- what the client offers ---------------------------------------------------------------


def test_the_client_offers_what_the_server_accepts(client: TestClient) -> None:
    config = client.get("/api/client").json()
    assert config == {
        "levels": ["easy", "normal", "hard"],
        "level_default": "normal",
        "timers": ["off", "relaxed", "normal", "fast"],
        "timer_default": "normal",
        "quick_messages": ["hello", "gg", "wp", "oops", "thanks", "hurry", "sorry", "gtg"],
        "reactions": ["smile", "laugh", "wow", "sad", "clap", "heart"],
    }
    seats = ["human", "human", "bot", "bot"]
    for level, timer in zip(config["levels"], config["timers"][1:], strict=True):
        body = {"level": level, "timer": timer, "seats": seats}
        table = client.post("/api/tables", json=body).json()["table"]
        assert (table["level"], table["timer"]) == (level, timer)
    default = client.post("/api/tables", json={"seats": ["human"] * 4}).json()["table"]
    assert default["level"] == config["level_default"]
    assert default["timer"] == config["timer_default"]
    for key in [*config["quick_messages"], *config["reactions"]]:
        message = parse_client_message(json.dumps({"type": "chat", "key": key}))
        assert isinstance(message, ChatSend) and message.key == key
    refused = client.post("/api/tables", json={"level": "expert"})
    assert refused.status_code == 400


# -- rules info ---------------------------------------------------------------------------


def _args(sections: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    return [p["args"] for s in sections for p in s["paragraphs"] if p["key"] == key]


def test_rules_info_with_options(client: TestClient) -> None:
    plain = client.get("/api/rules/rook/crowsnest/info")
    assert plain.status_code == 200
    assert _args(plain.json(), "rules.rook.target") == [{"count": 300}]
    changed = client.get(
        "/api/rules/rook/crowsnest/info",
        params={"target": "500", "bird": "false", "all_pass": "dealer_forced"},
    ).json()
    assert _args(changed, "rules.rook.target") == [{"count": 500}]
    assert _args(changed, "rules.rook.deck") == [{"count": 40}]
    assert _args(changed, "rules.rook.max_bid") == [{"count": 100}]
    assert _args(changed, "rules.rook.all_pass_dealer_forced") == [{"count": 70}]
    hearts = client.get("/api/rules/hearts/info").json()
    assert _args(hearts, "rules.hearts.target") == [{"count": 100}]


@pytest.mark.parametrize(
    ("path", "params", "code"),
    [
        ("/api/rules/chess/info", {}, "unknown_rules"),
        ("/api/rules/hearts/info", {"target": "50"}, "unknown_option"),
        ("/api/rules/rook/crowsnest/info", {"colour": "red"}, "unknown_option"),
        ("/api/rules/rook/crowsnest/info", {"target": "7"}, "bad_option_value"),
        ("/api/rules/rook/crowsnest/info", {"target": "many"}, "bad_option_value"),
        ("/api/rules/rook/crowsnest/info", {"bird": "yes"}, "bad_option_value"),
        ("/api/rules/rook/partnership/info", {"bird": "false"}, "unknown_option"),
    ],
)
def test_rules_info_errors(
    client: TestClient, path: str, params: dict[str, str], code: str
) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 400 and _error(response) == code


# -- a player's games ---------------------------------------------------------------------


def test_player_games_newest_first_and_paged(client: TestClient) -> None:
    first = _finish(client, "Ann")
    second = _finish(client, "Ann", options={"target": 50, "all_pass": "dealer_forced"})
    ann = first["player"]
    assert second["player"] == ann  # one browser (its cookie), one player
    client.cookies.clear()
    assert _finish(client, "Bo")["player"] != ann
    answer = client.get(f"/api/players/{ann}/games").json()
    assert answer["player"] == ann and answer["total"] == 2
    games = answer["games"]
    assert [g["table_id"] for g in games] == [second["id"], first["id"]]
    record = client.get(f"/api/tables/{first['id']}/record").json()
    game = replay(record)
    last = games[1]
    assert last["rules"] == "rook/crowsnest" and last["family"] == "rook"
    assert last["seat"] == 0 and last["public"]
    assert last["final_scores"] == list(game.scores)
    assert last["score"] == game.scores[0]
    assert last["won"] == (game.winner == 0)
    assert last["seats"][0] == {"seat": 0, "kind": "human", "name": "Ann", "player": ann}
    dates = [datetime.fromisoformat(g["finished_at"]) for g in games]
    assert dates[0] >= dates[1]
    page = client.get(f"/api/players/{ann}/games", params={"limit": 1, "offset": 1}).json()
    assert page["total"] == 2 and [g["table_id"] for g in page["games"]] == [first["id"]]
    assert page["limit"] == 1 and page["offset"] == 1
    missing = client.get("/api/players/nobody/games")
    assert missing.status_code == 404 and _error(missing) == "player_not_found"


def test_player_games_read_the_stored_scores(client: TestClient) -> None:
    """The games page replays no game: it reads the totals stored at the end."""
    table = _finish(client, "Ann")
    scores = list(replay(client.get(f"/api/tables/{table['id']}/record").json()).scores)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE records SET record = '{}'"))
    games = client.get(f"/api/players/{table['player']}/games").json()["games"]
    assert [g["final_scores"] for g in games] == [scores]


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 101}, {"offset": -1}])
def test_player_games_bad_pages(client: TestClient, params: dict[str, int]) -> None:
    player = client.get("/api/me").json()["id"]
    response = client.get(f"/api/players/{player}/games", params=params)
    assert response.status_code == 400 and _error(response) == "bad_request"


def test_player_games_long_id(client: TestClient) -> None:
    response = client.get("/api/players/" + "x" * 41 + "/games")
    assert response.status_code == 404 and _error(response) == "player_not_found"


# -- replays ------------------------------------------------------------------------------


def test_replay_reproduces_the_record(client: TestClient) -> None:
    done = _finish(client)
    record = client.get(f"/api/tables/{done['id']}/record").json()
    game = replay(record)
    assert isinstance(game, RookGame)
    answer = client.get(f"/api/tables/{done['id']}/replay").json()
    assert TypeAdapter(ReplayAnswer).validate_python(answer) == answer  # its declared format
    assert answer["table_id"] == done["id"] and answer["family"] == "rook"
    assert answer["teams"] == [[0, 2], [1, 3]] and answer["bird"] == "crow"
    assert answer["final_scores"] == list(game.scores) and answer["winner"] == game.winner
    names = [s["name"] for s in answer["seats"]]
    assert names[0] == "Ann" and len(set(names[1:]) & set(BOT_NAMES)) == 3  # bots' names
    assert "token_hash" not in answer["seats"][0]
    steps = answer["steps"]
    assert steps[0]["action"] is None and steps[0]["phase"] == "auction"
    assert [s["action"] for s in steps if s["action"]] == [
        {"seat": seat, "text": text} for seat, text in record["actions"]
    ]
    assert steps[-1]["totals"] == list(game.scores) and steps[-1]["phase"] == "over"
    rules = get_rules(record["rules"], record["options"])
    # Every hand is shown face up: at the start all four hands are full.
    assert [len(h) for h in steps[0]["hands"]] == [rules.hand_size] * 4
    ends = [s for s in steps if s["hand_end"]]
    assert len(ends) == len(game.results) >= 1
    for step, result in zip(ends, game.results, strict=True):
        assert step["hand_end"]["totals"] == list(result.totals)
        assert step["hands"] == [[], [], [], []] and len(step["trick_done"]["cards"]) == 4
    # After every hand but the last comes the new deal, without an action.
    dealt = [s for s in steps if s.get("dealt")]
    assert len(dealt) == len(game.results) - 1
    assert all(s["action"] is None and s["phase"] == "auction" for s in dealt)
    # A trick in progress grows by one card a play; a finished trick is shown whole.
    for before, after in pairwise(steps):
        if after["action"] and after["action"]["text"].startswith("play"):
            card = after["action"]["text"].split()[1]
            seat = after["action"]["seat"]
            assert card in before["hands"][seat] and card not in after["hands"][seat]
            shown = after["trick_done"]["cards"] if after["trick_done"] else after["trick"]
            assert shown[-1] == card


def test_replay_of_a_game_not_over(client: TestClient) -> None:
    created = client.post("/api/tables", json={}).json()
    response = client.get(f"/api/tables/{created['table']['id']}/replay")
    assert response.status_code == 409 and _error(response) == "not_finished"
    response = client.get("/api/tables/nosuchtable/replay")
    assert response.status_code == 404 and _error(response) == "table_not_found"


def test_replay_of_a_private_table_needs_invite_or_seat_token(client: TestClient) -> None:
    done = _finish(client, public=False)
    path = f"/api/tables/{done['id']}/replay"
    refused = client.get(path)
    assert refused.status_code == 403 and _error(refused) == "bad_invite"
    assert _error(client.get(path, params={"invite": "wrong"})) == "bad_invite"
    wrong = client.get(path, headers={"Authorization": "Bearer not-a-token"})
    assert wrong.status_code == 403
    assert client.get(path, params={"invite": done["invite"]}).status_code == 200
    by_token = client.get(path, headers={"Authorization": f"Bearer {done['token']}"})
    assert by_token.status_code == 200 and by_token.json()["steps"]


def test_private_games_are_not_in_a_players_public_list(client: TestClient) -> None:
    public = _finish(client, "Ann")
    private = _finish(client, "Ann", public=False)
    ann = public["player"]
    own = client.get(f"/api/players/{ann}/games").json()
    assert [g["table_id"] for g in own["games"]] == [private["id"], public["id"]]
    client.cookies.clear()  # someone else's browser
    answer = client.get(f"/api/players/{ann}/games").json()
    assert answer["total"] == 1 and [g["table_id"] for g in answer["games"]] == [public["id"]]
    assert answer["games"][0]["public"]


def test_games_finished_before_the_scores_were_stored_get_them_once(tmp_path: Path) -> None:
    """Migration 0003 replays the records already stored, once; a record that no
    longer replays is listed without scores."""
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    alembic(store, "upgrade", "0002")
    game = new_game("rook/crowsnest", options={"target": 50}, seed=3)
    while not game.is_over:
        seat = min(game.actors)
        legal = legal_to_json(game.legal_actions(seat), game.rules.family)
        game.apply(seat, scripted_action(seat, len(game.log), legal))
    old = [("t1", game.record()), ("t2", {**game.record(), "rules_version": 99})]
    with store.engine.begin() as conn:
        for table_id, record in old:
            old_table(conn, table_id, "rook/crowsnest", "over", seed=3, grace=0, bot_delay=0)
            conn.execute(
                sa.text(
                    "INSERT INTO records (table_id, record, finished_at)"
                    " VALUES (:id, :record, '2026-01-01')"
                ),
                {"id": table_id, "record": json.dumps(record)},
            )
    store.migrate()
    with store.engine.connect() as conn:
        found = conn.execute(sa.text("SELECT table_id, scores FROM records")).all()
    rows = {str(table_id): str(scores) for table_id, scores in found}
    assert json.loads(rows["t1"]) == list(game.scores) and json.loads(rows["t2"]) == []
    store.close()
