"""The HTTP API in process: every endpoint and its error codes."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from crowsnest.engine import RULESETS, parse_action

from .test_server_protocol import ALL_HUMANS, new_table, take_seat


def error(response: Any) -> str:
    body = response.json()
    assert set(body) == {"error"} and "Traceback" not in body["error"]["message"]
    code: str = body["error"]["code"]
    return code


def test_client_page_docs_and_health(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "/static/" in page.text
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}/join", "/api/unclaimed/{name}/stats"):
        assert path in schema["paths"]
    health = client.get("/healthz").json()
    assert health == {
        "status": "ok",
        "tables": 0,
        "connections": 0,
        "engine": "pure Python (CROWSNEST_PURE_PYTHON is set)",
        "bot_decisions": {},
        "bot_failures": 0,
        "pools_replaced": {},
    }


def test_rules_list_every_rule_set_with_options_and_bots(client: TestClient) -> None:
    rules = {r["id"]: r for r in client.get("/api/rules").json()}
    assert set(rules) == set(RULESETS)
    assert rules["hearts"]["options"] == [] and rules["hearts"]["bots"]["hard"] == "hard"
    assert "target" in {o["name"] for o in rules["rook/crowsnest"]["options"]}
    # The bird's name comes from the rules, so the client never guesses it.
    assert rules["rook/crowsnest"]["bird"] == "crow" and rules["rook/tournament"]["bird"] == "rook"
    assert rules["hearts"]["bird"] is None and rules["rook/dixie"]["bird"] is None  # no bird


def test_create_table_defaults(client: TestClient) -> None:
    created = client.post("/api/tables", json={}).json()
    table = created["table"]
    assert table["rules"] == "rook/crowsnest" and table["level"] == "normal"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot", "bot"]
    assert table["status"] == "waiting" and table["public"] and created["invite"] is None
    assert table["bot_delay"] == 0 and table["grace"] == 60


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"rules": "chess"}, "unknown_rules"),
        ({"rules": "hearts", "options": {"target": 500}}, "unknown_option"),
        ({"rules": "rook/crowsnest", "options": {"target": 7}}, "bad_option_value"),
        ({"rules": "rook/crowsnest", "options": {"target": "300"}}, "bad_option_value"),
        ({"level": "genius"}, "bad_request"),
        ({"seats": ["human", "bot"]}, "bad_request"),
        ({"seats": ["human", "bot", "bot", "alien"]}, "bad_request"),
        ({"grace": -1}, "bad_request"),
        ({"seed": -1}, "bad_request"),
        ({"public": "yes"}, "bad_request"),
        ({"colour": "red"}, "bad_request"),
        ([], "bad_request"),
    ],
)
def test_create_table_errors(client: TestClient, body: object, code: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and error(response) == code


def test_rule_options_are_applied(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest", options={"target": 500, "bird": False})
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["options"] == {"target": 500, "bird": False}


def test_list_shows_public_tables_only(client: TestClient) -> None:
    public = new_table(client, rules="hearts")
    new_table(client, rules="hearts", public=False)
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [public]
    later = [new_table(client) for _ in range(3)]
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [*reversed(later), public], "newest first"


def test_join_claims_seats_until_none_is_free(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=["human", "bot", "human", "bot"])
    first = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann"}).json()
    assert first["seat"] == 0 and len(first["token"]) >= 40
    assert first["ws_url"] == f"ws://testserver/ws/{table_id}"
    taken = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 0})
    assert taken.status_code == 409 and error(taken) == "seat_taken"
    bot_seat = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 1})
    assert bot_seat.status_code == 409 and error(bot_seat) == "seat_taken"
    second = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    assert second["seat"] == 2
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    full = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert full.status_code == 409 and error(full) == "no_free_seat"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "bad_request"),
        ({"name": ""}, "bad_name"),
        ({"name": "x" * 41}, "bad_name"),
        ({"name": "a\x00b"}, "bad_name"),
        ({"name": " " * 161}, "bad_request"),  # longer than any name is sent, spaces and all
        ({"name": "Ann", "seat": 4}, "bad_request"),
    ],
)
def test_join_validates_the_request(client: TestClient, body: dict[str, Any], code: str) -> None:
    table_id = new_table(client, rules="hearts")
    response = client.post(f"/api/tables/{table_id}/join", json=body)
    assert response.status_code == 400 and error(response) == code


def test_unknown_tables(client: TestClient) -> None:
    for method, path in [
        ("GET", "/api/tables/nope"),
        ("GET", "/api/tables/nope/watch"),
        ("GET", "/api/tables/nope/record"),
        ("POST", "/api/tables/nope/join"),
    ]:
        body = {"name": "Ann"} if method == "POST" else None
        response = client.request(method, path, json=body)
        assert response.status_code == 404 and error(response) == "table_not_found"


def test_private_tables_need_their_invite(client: TestClient) -> None:
    created = client.post("/api/tables", json={"rules": "hearts", "public": False}).json()
    table_id, invite = created["table"]["id"], created["invite"]
    assert created["invite_url"] == f"/?table={table_id}&invite={invite}"
    for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/watch"):
        assert error(client.get(path)) == "bad_invite"
        assert error(client.get(path, params={"invite": "guess"})) == "bad_invite"
        assert client.get(path, params={"invite": invite}).status_code == 200
    refused = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann"})
    assert refused.status_code == 403 and error(refused) == "bad_invite"
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann", "invite": invite})
    assert joined.status_code == 200


def test_watch_shows_no_hand(client: TestClient) -> None:
    table_id = new_table(client, rules="rook/crowsnest")
    watch = client.get(f"/api/tables/{table_id}/watch").json()
    assert watch["view"]["hand"] is None and watch["seq"] == 0
    assert watch["ws_url"] == f"ws://testserver/ws/{table_id}"


def test_hint_is_a_legal_action_for_the_seat_on_turn(client: TestClient) -> None:
    table_id = new_table(client, rules="hearts", seats=ALL_HUMANS)
    token = take_seat(client, table_id, 0)
    path = f"/api/tables/{table_id}/hint"
    early = client.get(path, headers={"Authorization": f"Bearer {token}"})
    assert early.status_code == 409 and error(early) == "not_your_turn"  # not started
    for seat in (1, 2, 3):
        take_seat(client, table_id, seat)
    hint = client.get(path, headers={"Authorization": f"Bearer {token}"}).json()
    assert hint["seq"] == 0 and hint["bot"] == "normal"
    assert str(parse_action(hint["action"], "hearts")).startswith("pass ")
    missing = client.get(path)
    assert missing.status_code == 401 and error(missing) == "no_token"
    wrong = client.get(path, headers={"Authorization": "Bearer not-a-token"})
    assert wrong.status_code == 403 and error(wrong) == "bad_token"


def test_records_of_finished_games(client: TestClient) -> None:
    created = client.post(
        "/api/tables", json={"rules": "rook/dixie", "seats": ["bot"] * 4, "seed": 2}
    ).json()
    table_id = created["table"]["id"]
    path = f"/api/tables/{table_id}/record"
    first = client.get(path)
    assert first.status_code in (200, 409)
    if first.status_code == 409:
        assert error(first) == "not_finished"
    deadline = time.monotonic() + 30
    while (response := client.get(path)).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    record = response.json()
    assert record["rules"] == "rook/dixie" and record["seed"] == 2
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["status"] == "over"
    assert client.get("/healthz").json()["tables"] == 0  # finished tables leave memory


def test_private_records_need_the_invite_or_a_seat_token(client: TestClient) -> None:
    created = client.post(
        "/api/tables",
        json={"rules": "rook/dixie", "seed": 2, "public": False, "grace": 0},
    ).json()
    table_id, invite = created["table"]["id"], created["invite"]
    token = take_seat(client, table_id, 0, invite=invite)
    path = f"/api/tables/{table_id}/record"
    deadline = time.monotonic() + 30
    while client.get(path, params={"invite": invite}).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert error(client.get(path)) == "bad_invite"
    assert client.get(path, headers={"Authorization": f"Bearer {token}"}).status_code == 200
    other = client.get(path, headers={"Authorization": "Bearer nope"})
    assert other.status_code == 403


def test_stats_of_an_unknown_player_are_empty(client: TestClient) -> None:
    stats = client.get("/api/unclaimed/Nobody/stats").json()
    assert stats == {
        "name": "Nobody",
        "games": 0,
        "wins": 0,
        "average_score": None,
        "contracts_made": 0,
        "contracts_set": 0,
        "by_game": {},
    }
    assert error(client.get("/api/unclaimed/" + "x" * 41 + "/stats")) == "bad_name"


def test_http_errors_are_json(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and error(missing) == "not_found"
    wrong = client.delete("/api/tables")
    assert wrong.status_code == 405 and error(wrong) == "method_not_allowed"
    big = client.post("/api/tables", content=b"{" + b" " * 20000 + b"}")
    assert big.status_code == 413 and error(big) == "too_large"
    garbage = client.post(
        "/api/tables", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert garbage.status_code == 400 and error(garbage) == "bad_request"


def test_chunked_bodies_are_refused(client: TestClient) -> None:
    def chunks() -> Any:
        yield b"{}"

    response = client.post("/api/tables", content=chunks())
    assert response.status_code == 411 and error(response) == "length_required"


def test_failures_are_internal_errors_without_details(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crowsnest.server.app import create_app
    from crowsnest.server.live.hub import Hub

    def broken(*_args: object) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Hub, "public_tables", broken)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        response = client.get("/api/tables")
    assert response.status_code == 500 and error(response) == "internal_error"
    assert "secret" not in response.text


def test_names_are_normalised_at_the_door(client: TestClient) -> None:
    """A name is kept in one form (so "Zoë " and "Zoë" are one player), and a name that
    hides characters or borrows look-alike letters is refused with ``bad_name``."""
    table_id = client.post("/api/tables", json={"seats": ["human"] * 2 + ["bot"] * 2}).json()[
        "table"
    ]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "  Zoe\u0308   Ł "})
    assert joined.status_code == 200
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["seats"][joined.json()["seat"]]["name"] == "Zoë Ł"
    for bad, words in [
        ("Ann\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("Ann\u200b", "U+200B (ZERO WIDTH SPACE)"),
        ("P\u0430ypal", "look-alike letters"),
        ("   ", "at least one letter"),
        ("x" * 41, "at most 40"),
    ]:
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": bad})
        assert answer.status_code == 400
        assert answer.json()["error"]["code"] == "bad_name", bad
        assert words in answer.json()["error"]["message"]
    assert client.get(f"/api/tables/{table_id}").json()["seats"] == info["seats"]  # unchanged
    stats = client.get("/api/unclaimed/%20Zo%C3%AB%20%C5%81/stats")
    assert stats.status_code == 200 and stats.json()["name"] == "Zoë Ł"
    refused = client.get("/api/unclaimed/Ann%E2%80%AE/stats")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_name"
