"""`crowsnest serve`: flags, environment variables, the URL it prints, its JSON logs."""

from __future__ import annotations

import asyncio

import pytest

from crowsnest.cli import build_parser, main
from crowsnest.server.settings import Settings

from .helpers import Player, ServerProcess, create_table, join, ws_url


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
