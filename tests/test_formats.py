"""The published JSON Schemas and the docs' field tables are what the declarations give."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from crowsnest import formats
from crowsnest.ai import RandomBot
from crowsnest.ai.protocol import act_message
from crowsnest.engine import new_game
from crowsnest.server.models.server_messages import server_message_adapter

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

TABLES_IN = {
    "formats.md": ["deal", "record", "hearts-events", "rook-events", "hearts-view", "rook-view"],
    "bot-protocol.md": ["bot-messages", "choose"],
    "protocol.md": ["client-messages", "server-messages"],
}


def test_the_committed_schemas_are_current() -> None:
    committed = {p.stem: p.read_text(encoding="utf-8") for p in (DOCS / "schemas").glob("*.json")}
    assert sorted(committed) == sorted(formats.FORMATS)
    for name, text in committed.items():
        assert text == formats.schema_text(name), "run: crowsnest schema --out docs/schemas"


@pytest.mark.parametrize("page", list(TABLES_IN))
def test_the_docs_hold_the_generated_tables(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    assert formats.marked_tables(text) == TABLES_IN[page]
    assert formats.update_docs(text) == text, "run: crowsnest schema --docs docs"


def test_every_table_is_in_the_docs() -> None:
    assert sorted(n for names in TABLES_IN.values() for n in names) == sorted(formats.TABLES)


def test_a_stale_table_is_rewritten() -> None:
    stale = "intro\n<!-- schema: deal -->\n| old |\n<!-- /schema -->\nafter\n"
    fresh = formats.update_docs(stale)
    table = formats.markdown("deal")
    assert fresh == f"intro\n<!-- schema: deal -->\n{table}\n<!-- /schema -->\nafter\n"
    assert "`hands`" in fresh and "| old |" not in fresh


def test_every_schema_is_draft_2020_12_with_a_title() -> None:
    for name in formats.FORMATS:
        data = formats.schema(name)
        assert (
            data["$schema"] == formats.DIALECT and data["title"] and data["$id"] == f"{name}.json"
        )
        json.dumps(data)  # plain JSON


def test_what_the_code_writes_validates_against_the_schemas_it_publishes() -> None:
    """The published files describe the JSON the code writes: each kind, validated by the
    adapter the schema came from, of a few random positions."""
    rng = random.Random(2)
    for rules_id in ("hearts", "rook/crowsnest"):
        game = new_game(rules_id, seed=2)
        for _ in range(40):
            seat = min(game.actors)
            legal = game.legal_actions(seat)
            message = json.loads(json.dumps(act_message(1, game.view(seat), legal)))
            assert adapter("host-message").validate_python(message) == message
            game.apply(seat, RandomBot().choose(game.view(seat), legal, rng))
        assert adapter("record").validate_python(game.record()) == game.record()


def test_a_state_message_fits_the_server_message_schema() -> None:
    game = new_game("hearts", seed=3)
    message = {
        "type": "state",
        "seq": 0,
        "status": "playing",
        "view": game.view(1).to_json(),
        "legal": [{"choose": "pass", "count": 3, "from": game.view(1).to_json()["hand"]}],
        "events": [],
        "time_left": [None, 12.5, None, None],
    }
    parsed = server_message_adapter.validate_python(message)
    assert json.loads(parsed.model_dump_json()) == message


def adapter(name: str) -> TypeAdapter[object]:
    return TypeAdapter(formats.FORMATS[name][0])


@pytest.mark.parametrize(
    "change",
    [
        {"view": {"game": "hearts"}},
        {"legal": ["fly"]},
        {"events": [{"type": "play", "seat": 9, "card": "QS"}]},
    ],
)
def test_reading_a_state_message_validates_the_engines_formats(change: dict[str, object]) -> None:
    game = new_game("hearts", seed=3)
    message = {"type": "state", "seq": 0, "status": "playing", "view": game.view(1).to_json()}
    with pytest.raises(ValueError):
        server_message_adapter.validate_python({**message, "legal": [], "events": [], **change})
