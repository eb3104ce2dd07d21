"""A view's field is declared once, beside it in the view's dataclass, and reaches the
JSON, its validation and schema, the docs' tables and the bot protocol from there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest
from pydantic import TypeAdapter, ValidationError

from crowsnest.ai.protocol import upgrade_view
from crowsnest.ai.view_json import view_of
from crowsnest.engine import HeartsView, RookView, new_game
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules import RULESETS
from crowsnest.engine.view_fields import CARDS, Wire, from_json, json_fields
from crowsnest.engine.wire.views import TYPES, view_format
from crowsnest.formats import object_table


def _later(rules: object, seat: int | None) -> int:
    return 7


@dataclass(frozen=True, slots=True)
class Extended(HeartsView):
    """A Hearts view with two fields more, declared as a new field would be."""

    lucky: Annotated[int, Wire("count", "a number the tests added", since=3, fill=_later)]
    kept: Annotated[int | None, Wire("cards?", "cards the tests kept aside", CARDS)]


def _extended(seed: int = 5) -> Extended:
    view = new_game("hearts", seed=seed).view(2)
    assert isinstance(view, HeartsView) and view.hand is not None
    fields = {f.name: getattr(view, f.name) for f in json_fields(HeartsView) if f.stored}
    return Extended(**fields, lucky=4, kept=view.hand & 0xF)


def test_a_field_declared_once_reaches_the_json_and_back() -> None:
    view = _extended()
    data = view.to_json()
    assert view.kept is not None
    assert data["lucky"] == 4 and data["kept"] == card_list_text(view.kept, "hearts")
    assert list(data)[-5:] == ["lucky", "kept", "teams", "team", "bird"]
    assert from_json(Extended, data) == view


def test_a_field_declared_once_reaches_the_validation_and_the_schema() -> None:
    shape = TypeAdapter(view_format(Extended, "hearts", "ExtendedJSON"))
    data = _extended().to_json()
    assert shape.validate_python(data) == data
    with pytest.raises(ValidationError, match="lucky"):
        shape.validate_python({**data, "lucky": -1})
    schema = shape.json_schema()
    assert schema["properties"]["kept"]["anyOf"][0]["uniqueItems"] is True
    assert schema["properties"]["lucky"]["description"] == "a number the tests added"
    assert "lucky" in schema["required"]


def test_a_field_declared_once_reaches_the_docs_table() -> None:
    table = object_table(view_format(Extended, "hearts", "ExtendedJSON"))
    assert "| `lucky` |" in table and "a number the tests added" in table


def test_a_field_declared_once_is_given_to_an_older_view() -> None:
    """A view of an older protocol version lacks the fields declared ``since`` a later
    one; their ``fill`` gives them (the bot protocol does this for version 1 views)."""
    data = new_game("rook/crowsnest", seed=2).view(1).to_json()
    old = {k: v for k, v in data.items() if k not in ("target", "teams", "team", "resigned")}
    assert upgrade_view(old, 1) == data


@pytest.mark.parametrize("rules_id", sorted(RULESETS))
def test_every_field_of_every_view_names_a_wire_type_of_its_family(rules_id: str) -> None:
    game = new_game(rules_id, seed=1)
    view = game.view(0)
    family = game.rules.family
    cls: type = type(view)
    for f in json_fields(cls):
        assert f.wire.type in TYPES[family], f.name
        assert f.wire.doc, f.name
    assert view_of(view.to_json()) == view


def test_a_field_without_its_declaration_is_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Careless(RookView):
        extra: int

    with pytest.raises(TypeError, match=r"Careless.extra: declare its JSON"):
        json_fields(Careless)
