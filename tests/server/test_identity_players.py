"""Player identities: the session cookie, seats and results under the
player's id, statistics (left games, private games), ratings, profiles, the CSRF
check and the migration of name-keyed history."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import HeartsGame, new_game
from crowsnest.server.app import create_app
from crowsnest.server.faces.identity import COOKIE
from crowsnest.server.ops.settings import Settings
from crowsnest.server.people.ratings import DEFAULT_MU, DEFAULT_SIGMA, UNRATED, Entrant, bot_rating
from crowsnest.server.store.players import PlayerStore
from crowsnest.server.store.rating import rate_finished
from crowsnest.server.store.rows import ResultRow, SeatRow, TableRow
from crowsnest.server.store.schema import results
from crowsnest.server.store.store import Store
from crowsnest.server.table.log import Accepted, Claimed
from server.helpers import alembic, old_table

from .helpers import scripted_action
from .test_table_limits import app_client


def _error(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def _play_out(client: TestClient, name: str = "Ann", **body: Any) -> dict[str, Any]:
    """A Rook game to 50 whose human seat is played by the table's bot at once
    (grace 0: its player is gone from the start)."""
    request = {"rules": "rook/crowsnest", "options": {"target": 50}, "grace": 0, **body}
    request.setdefault("bot_delay", 0)
    created = client.post("/api/tables", json=request).json()
    table_id = created["table"]["id"]
    joined = client.post(
        f"/api/tables/{table_id}/join", json={"name": name, "invite": created["invite"]}
    ).json()
    deadline = time.monotonic() + 60
    params = {"invite": created["invite"]}
    while client.get(f"/api/tables/{table_id}", params=params).json()["status"] != "over":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.02)
    return {"id": table_id, "player": joined["player"]}


def test_a_first_visit_gets_an_identity_in_an_httponly_cookie(client: TestClient) -> None:
    first = client.get("/api/me")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower() and "Secure" not in cookie  # http here
    me = first.json()
    assert me["name"] is None and me["stats"] == [] and me["username"] is None
    again = client.get("/api/me")
    assert again.json()["id"] == me["id"] and "set-cookie" not in again.headers
    secret = client.cookies[COOKIE]
    assert len(secret) >= 43 and secret != me["id"]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        kept = [r[0] for r in conn.execute(sa.text("SELECT secret_hash FROM sessions"))]
    assert secret not in kept and len(kept) == 1  # only its hash is kept
    client.cookies.clear()
    assert client.get("/api/me").json()["id"] != me["id"]


def test_an_unknown_cookie_is_a_new_identity(client: TestClient) -> None:
    answer = client.get("/api/me", headers={"Cookie": f"{COOKIE}=forged"})
    assert answer.status_code == 200 and f"{COOKIE}=" in answer.headers["set-cookie"]
    assert "forged" not in answer.headers["set-cookie"]


def test_a_seat_belongs_to_the_player_and_the_name_is_only_shown(client: TestClient) -> None:
    me = client.get("/api/me").json()
    ann = _play_out(client, "Ann")
    assert ann["player"] == me["id"]
    assert client.get("/api/me").json()["name"] == "Ann"
    client.cookies.clear()
    stranger = _play_out(client, "Ann")  # the same name: another player all the same
    assert stranger["player"] != me["id"]
    profile = client.get(f"/api/players/{me['id']}").json()
    assert profile["stats"][0]["games"] == 1
    assert "username" not in profile


def test_a_game_left_half_way_counts_as_a_loss(client: TestClient) -> None:
    """The human seat was finished by a bot (grace 0, never connected): left, and
    lost whatever the bot made of it; out of the averages; the rating takes a loss."""
    game = _play_out(client)
    [stats] = client.get(f"/api/players/{game['player']}").json()["stats"]
    assert (stats["games"], stats["left"], stats["wins"], stats["losses"]) == (1, 1, 0, 1)
    assert stats["average_per_game"] is None and stats["hands"] == 0
    [rating] = client.get("/api/me").json()["ratings"]
    assert rating["mu"] < DEFAULT_MU and rating["games"] == 1 and rating["evidence"] == 0
    assert rating["provisional"] and rating["plays_like"] is None


def test_private_games_count_only_for_their_players(client: TestClient) -> None:
    public = _play_out(client)
    _play_out(client, public=False)
    own = client.get("/api/me").json()["stats"]
    assert own[0]["games"] == 2
    client.cookies.clear()
    other = client.get(f"/api/players/{public['player']}").json()["stats"]
    assert other[0]["games"] == 1


def test_renaming_is_yours_only(client: TestClient) -> None:
    me = client.get("/api/me").json()
    renamed = client.put(f"/api/players/{me['id']}/name", json={"name": "  Zoë  "})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Zoë"
    client.cookies.clear()
    refused = client.put(f"/api/players/{me['id']}/name", json={"name": "Mallory"})
    assert refused.status_code == 403 and _error(refused) == "not_yours"
    bad = client.put(f"/api/players/{me['id']}/name", json={"name": "Ann\u202e"})
    assert bad.status_code == 400 and _error(bad) == "bad_name"
    assert client.get(f"/api/players/{me['id']}").json()["name"] == "Zoë"


def test_unknown_players_are_not_found(client: TestClient) -> None:
    for path in ("/api/players/nobody", "/api/players/nobody/ratings/rook"):
        answer = client.get(path)
        assert answer.status_code == 404 and _error(answer) == "player_not_found"
    me = client.get("/api/me").json()["id"]
    assert client.get(f"/api/players/{me}/ratings/chess").status_code == 400


@pytest.mark.parametrize(
    "headers",
    [{"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}],
)
def test_changes_from_another_site_are_refused(client: TestClient, headers: dict[str, str]) -> None:
    created = client.post("/api/tables", json={}).json()
    table_id = created["table"]["id"]
    refused = client.post(f"/api/tables/{table_id}/join", json={"name": "Ann"}, headers=headers)
    assert refused.status_code == 403 and _error(refused) == "csrf_refused"
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"  # unchanged
    same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert client.post(
        f"/api/tables/{table_id}/join", json={"name": "Ann"}, headers=same
    ).is_success


def test_new_identities_are_rate_limited_per_address(tmp_path: Path) -> None:
    with app_client(tmp_path, identity_burst=2, identity_rate=0.01) as client:
        for _ in range(2):
            assert client.get("/api/me").status_code == 200
            client.cookies.clear()
        refused = client.get("/api/me")
        assert refused.status_code == 429 and _error(refused) == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1


# -- ratings ------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'crowsnest.db'}"
    else:
        url = request.getfixturevalue("pg_url")
    store = Store(url)
    store.migrate()
    yield store
    store.close()


def _rated_game(store: Store, table_id: str, won: bool) -> tuple[float, float]:
    """A finished Hearts game of player p1 against three Hard bots, first or last."""
    row = TableRow(table_id, "hearts", {}, 1, "hard", True, None, 60.0, 0.0, "playing")
    seats = [SeatRow(0, "human", None, None)] + [SeatRow(i, "bot", "hard", None) for i in (1, 2, 3)]
    hard = bot_rating("hearts", "hard")
    places = [1, 2, 3, 4] if won else [4, 1, 2, 3]
    entrants = [Entrant(s, places[s], UNRATED if s == 0 else hard) for s in range(4)]
    with store.begin() as conn:
        conn.execute(
            sa.text("INSERT INTO players (id, created_at) VALUES ('p1', '2026-12-01')")
            if table_id == "t1"
            else sa.text("SELECT 1")
        )
        Store.create_table(conn, row, seats)
        Store.append_facts(conn, table_id, 0, [Claimed(0, "Ann", "h" + table_id, "p1")])
        played = [(table_id, Accepted(seq, 0, "play", "human")) for seq in range(1, 9)]
        Store.append(conn, played)  # the player's own decisions: a game played
        Store.finish(
            conn, table_id, {"r": 1},
            [ResultRow(0, "Ann", "hearts", "hearts", 30, won, 0, 0, hands=1)], [30, 60, 70, 80],
        )  # fmt: skip
        rate_finished(conn, table_id, "hearts", entrants, hands=1)
    with store.engine.connect() as conn:
        mu, sigma = conn.execute(sa.text("SELECT mu, sigma FROM ratings")).one()
    return float(mu), float(sigma)


def test_ratings_move_the_expected_way_against_hard(store: Store) -> None:
    mu, sigma = _rated_game(store, "t1", won=True)
    assert mu > DEFAULT_MU and sigma < DEFAULT_SIGMA
    mu2, sigma2 = _rated_game(store, "t2", won=False)
    assert mu2 < mu and sigma2 < DEFAULT_SIGMA
    with store.engine.connect() as conn:
        history = conn.execute(sa.text("SELECT table_id FROM rating_history ORDER BY at")).all()
    assert [h[0] for h in history] == ["t1", "t2"]
    players = PlayerStore(store.engine)
    [stats] = players.stats("p1", private_too=False)
    assert (stats.games, stats.wins, stats.losses, stats.left) == (2, 1, 1, 0)
    assert [r.games for r in players.ratings("p1")] == [2]
    assert [t for t, _, _ in players.rating_history("p1", "hearts", True)] == ["t1", "t2"]
    with store.begin() as conn:
        conn.execute(sa.text("UPDATE tables SET public = false WHERE id = 't2'"))
    assert [t for t, _, _ in players.rating_history("p1", "hearts", False)] == ["t1", None]
    total, games = players.games("p1", private_too=True, limit=10, offset=0)
    assert total == 2 and [g.table_id for g in games] == ["t2", "t1"]


def test_rating_history_and_the_bots_scale(client: TestClient) -> None:
    me = client.get("/api/me").json()["id"]
    answer = client.get(f"/api/players/{me}/ratings/hearts").json()
    assert answer["points"] == []
    levels = {b["level"]: b["mu"] for b in answer["bots"]}
    assert levels["easy"] < levels["hard"]


# -- history from before identities -------------------------------------------------------


def test_name_keyed_history_stays_readable_as_unclaimed(tmp_path: Path) -> None:
    """A database at revision 0003 with a finished game: after 0005 its result is
    unclaimed (no player), keeps its totals, gains its hands, and answers by name."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    alembic(store, "upgrade", "0003")
    game = new_game("hearts", seed=5)
    assert isinstance(game, HeartsGame)
    while not game.is_over:
        seat = min(game.actors)
        legal = legal_to_json(game.legal_actions(seat), game.rules.family)
        game.apply(seat, scripted_action(seat, len(game.log), legal))
    with store.engine.begin() as conn:
        old_table(
            conn, "old", "hearts", "over", seed=5, bot_delay=0,
            created=datetime(2026, 11, 1, tzinfo=UTC),
        )  # fmt: skip
        conn.execute(
            sa.text(
                "INSERT INTO records (table_id, record, finished_at, scores) VALUES"
                " ('old', :record, '2026-11-01', :scores)"
            ),
            {"record": json.dumps(game.record()), "scores": json.dumps(list(game.scores))},
        )
        conn.execute(
            sa.text(
                "INSERT INTO results (table_id, seat, name, family, rules, score, won,"
                " contracts_made, contracts_set, finished_at) VALUES ('old', 0, 'Ann', 'hearts',"
                " 'hearts', :score, 0, 0, 0, '2026-11-01')"
            ),
            {"score": game.scores[0]},
        )
    store.close()
    with TestClient(create_app(Settings(database_url=url, bot_delay=0))) as client:
        stats = client.get("/api/unclaimed/Ann/stats").json()
        assert stats["games"] == 1 and stats["average_score"] == game.scores[0]
        games = client.get("/api/unclaimed/Ann/games").json()["games"]
        assert [g["table_id"] for g in games] == ["old"]
        store2: Store = client.app.state.store  # type: ignore[attr-defined]
        with store2.engine.connect() as conn:
            row = conn.execute(results.select()).one()
        assert row.player_id is None and row.public
        assert row.hands == len(game.results)
        assert row.hand_points == sum(r.points[0] for r in game.results)
