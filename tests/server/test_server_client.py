"""What the server gives the browser client: the page, its modules, the translation
catalogs, and filling a friends' table with bots."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.ops.settings import Settings
from crowsnest.web import LANGUAGES, RTL, catalog

from .test_server_http import error
from .test_server_protocol import ALL_HUMANS, new_table, receive, take_seat


def test_static_modules_are_served(client: TestClient) -> None:
    module = client.get("/static/i18n.js")
    assert module.status_code == 200
    assert "javascript" in module.headers["content-type"]
    assert error(client.get("/static/no-such-file.js")) == "not_found"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_are_served_merged(client: TestClient, lang: str) -> None:
    answer = client.get(f"/i18n/{lang}.json")
    assert answer.status_code == 200
    assert answer.json() == catalog(lang)


def test_the_languages_are_served_from_the_one_list(client: TestClient) -> None:
    answer = client.get("/i18n/languages.json")
    assert answer.status_code == 200
    assert answer.json() == {"languages": list(LANGUAGES), "rtl": sorted(RTL)}


def test_unknown_language_is_refused(client: TestClient) -> None:
    answer = client.get("/i18n/xx.json")
    assert answer.status_code == 404 and error(answer) == "unknown_language"


def test_fill_hands_empty_seats_to_bots_and_starts(client: TestClient) -> None:
    created = client.post("/api/tables", json={"seats": ALL_HUMANS, "public": False})
    table_id = created.json()["table"]["id"]
    code = created.json()["invite"]
    token = take_seat(client, table_id, 0, invite=code)
    take_seat(client, table_id, 2, invite=code, name="Bo")
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "version": 1, "token": token})
        assert receive(ws)["type"] == "welcome"
        assert receive(ws)["status"] == "waiting"
        answer = client.post(
            f"/api/tables/{table_id}/fill", headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status_code == 200, answer.json()
        kinds = [s["kind"] for s in answer.json()["seats"]]
        assert kinds == ["human", "bot", "human", "bot"] and answer.json()["status"] == "playing"
        seen = [receive(ws) for _ in range(3)]  # the hello's presence, then the fill's
        assert [m["type"] for m in seen] == ["presence", "presence", "state"]
        assert [s["bot"] for s in seen[1]["seats"]] == [False, True, False, True]
        assert seen[2]["status"] == "playing" and seen[2]["view"]["actors"]


def test_fill_needs_a_seat_token_and_free_seats(client: TestClient) -> None:
    table_id = new_table(client, seats=ALL_HUMANS)
    path = f"/api/tables/{table_id}/fill"
    assert error(client.post(path)) == "no_token"
    assert error(client.post(path, headers={"Authorization": "Bearer nope"})) == "bad_token"
    token = take_seat(client, table_id)
    bearer = {"Authorization": f"Bearer {token}"}
    assert client.post(path, headers=bearer).status_code == 200
    again = client.post(path, headers=bearer)
    assert again.status_code == 409 and error(again) == "not_waiting"
    assert error(client.post("/api/tables/nope/fill", headers=bearer)) == "table_not_found"


def test_filled_seats_stay_bots_after_a_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table_id = new_table(client, seats=ALL_HUMANS)
        token = take_seat(client, table_id)
        bearer = {"Authorization": f"Bearer {token}"}
        assert client.post(f"/api/tables/{table_id}/fill", headers=bearer).status_code == 200
    with TestClient(create_app(settings)) as client:
        info = client.get(f"/api/tables/{table_id}").json()
        assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
        assert info["status"] == "playing"


def test_large_answers_are_compressed(client: TestClient) -> None:
    answer = client.get("/i18n/en.json", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip" and answer.json() == catalog("en")
    plain = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers
