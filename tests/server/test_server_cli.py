"""`crowsnest serve`: flags, environment variables, the URL it prints, its JSON logs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from crowsnest.cli import build_parser, main
from crowsnest.server.ops.settings import Settings
from crowsnest.server.ops.single import AlreadyServing, DatabaseLock

from .helpers import Player, ServerProcess, create_table, http, join, ws_url


def test_serve_flags_parse() -> None:
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--database-url", "sqlite://"]
    )
    assert (args.host, args.port, args.database_url, args.data_dir) == (
        "0.0.0.0",
        9000,
        "sqlite://",
        None,
    )


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROWSNEST_PORT", "9100")
    monkeypatch.setenv("CROWSNEST_DATABASE_URL", "postgresql+psycopg://u@h/db")
    monkeypatch.setenv("CROWSNEST_ALLOWED_ORIGINS", "https://a.example/, https://b.example")
    settings = Settings()
    assert settings.port == 9100 and settings.resolved_database_url().startswith("postgresql")
    assert settings.origins() == {"https://a.example", "https://b.example"}
    assert Settings(port=9200).port == 9200  # a flag wins


def test_bad_settings_exit_with_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert "bot_delay" in capsys.readouterr().err


def test_serve_prints_the_url_and_logs_json_lines(server: ServerProcess) -> None:
    table_id = create_table(server.base, rules="hearts")["table"]["id"]
    token = join(server.base, table_id)["token"]
    player = Player(ws_url(server.base, table_id), token, stop_after=3)
    asyncio.run(player.run())
    server.stop()
    text = server.log.read_text()
    assert f"open {server.base}/ " in text
    events = [line for line in server.log_lines() if line["logger"] == "crowsnest.table"]
    kinds = {line["event"] for line in events}
    assert {"table_created", "seat_joined", "connected", "action", "disconnected"} <= kinds
    assert all(line["table"] == table_id for line in events)
    actions = [line for line in events if line["event"] == "action"]
    assert [line["seq"] for line in actions] == list(range(1, len(actions) + 1))


def test_a_second_server_on_the_same_database_refuses_to_start(
    server_factory: Callable[..., ServerProcess],
) -> None:
    """Two processes on one SQLite database would each play their own copy of every
    table: the second one refuses, naming the database, and the first goes on."""
    first = server_factory()
    with pytest.raises(RuntimeError, match=r"crowsnest\.db is already served by process \d+"):
        server_factory(first.data_dir)
    assert http(first.base, "GET", "/healthz")[0] == 200
    first.kill9()  # the kernel drops the lock with the process: no stale lock
    second = server_factory(first.data_dir)
    assert http(second.base, "GET", "/healthz")[0] == 200


def test_the_database_lock_is_for_sqlite_files_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with DatabaseLock(url) as held:
        assert held.path == tmp_path / "x.db.lock"
        with pytest.raises(AlreadyServing, match=r"x\.db is already served"):
            DatabaseLock(url).acquire()
    DatabaseLock(url).acquire().release()  # free again once released
    assert DatabaseLock("postgresql+psycopg://db/cn").path is None  # its own lock: tests/cluster
    assert DatabaseLock("sqlite://").acquire().path is None
