"""How a view's fields are carried as JSON, declared beside each field.

A view's field is declared once, in its dataclass (:mod:`crowsnest.engine.views`), as
``Annotated[python type, Wire(...)]``: its wire type (a name of
:data:`crowsnest.engine.wire.views.TYPES`), its description, how its value becomes JSON
and back (a :class:`Codec`), and the bot protocol version that made it required (with
what an older view that lacks it is given). Everything else comes from that one line:
``to_json`` and :func:`from_json` here, the JSON format with its validation and schema
(``engine.wire``), the docs' tables, the client's TypeScript types and the bot
protocol's upgrade of older views (``ai.protocol``). Standard library only: the engine
plays without pydantic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from types import UnionType
from typing import Any, Final, Union, get_args, get_origin, get_type_hints

from crowsnest.engine.cards import COLOUR_NAMES, Family, card_list_text, card_text, parse_card
from crowsnest.engine.cards import parse_cards as _parse_cards
from crowsnest.engine.rules import HeartsRules, RookRules
from crowsnest.engine.scoring import HandResult, RookHandResult
from crowsnest.engine.tricks import Trick


class Codec:
    """A value of a view's field as JSON and back; the plain codec: numbers, strings,
    booleans and ``None`` as they are, tuples as lists (and back)."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        """``value``, a field of the view ``owner``, as JSON."""
        return _lists(value)

    def decode(self, data: Any, family: Family) -> Any:
        """The field's value of its JSON ``data`` (already validated)."""
        return _tuples(data)


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _tuples(data: Any) -> Any:
    return tuple(_tuples(v) for v in data) if isinstance(data, list) else data


class _Seats(Codec):
    """A set of seats (``frozenset``): a list in ascending order."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return sorted(value)

    def decode(self, data: Any, family: Family) -> Any:
        return frozenset(data)


class _Cards(Codec):
    """A set of cards (a mask), or ``None``: the cards' names in set order."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return None if value is None else card_list_text(value, family)

    def decode(self, data: Any, family: Family) -> Any:
        return None if data is None else _parse_cards(data, family)


class _Hand(_Cards):
    """The seat's own hand (a mask), or ``None``: in the order it is shown."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        order = owner.hand_order()
        return None if order is None else [card_text(c, family) for c in order]


class _CardSequence(Codec):
    """Cards in an order (a tuple of cards): their names in that order."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return [card_text(c, family) for c in value]

    def decode(self, data: Any, family: Family) -> Any:
        return tuple(parse_card(c, family) for c in data)


class _Colour(Codec):
    """A colour (its index), or ``None``: its name."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return None if value is None else COLOUR_NAMES[value]

    def decode(self, data: Any, family: Family) -> Any:
        return None if data is None else COLOUR_NAMES.index(data)


class _Tricks(Codec):
    """Completed tricks: a list of their JSON objects."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return [t.to_json(family) for t in value]

    def decode(self, data: Any, family: Family) -> Any:
        return tuple(
            Trick(
                t["leader"],
                tuple(parse_card(c, family) for c in t["cards"]),
                t["winner"],
                t["points"],
            )
            for t in data
        )


class _HeartsResults(Codec):
    """Hearts' scored rounds: a list of their JSON objects."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return [r.to_json() for r in value]

    def decode(self, data: Any, family: Family) -> Any:
        return tuple(HandResult(_four(r["points"]), r["moon"], _four(r["totals"])) for r in data)


class _RookResults(Codec):
    """Rook's scored hands: a list of their JSON objects."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return [r.to_json() for r in value]

    def decode(self, data: Any, family: Family) -> Any:
        return tuple(
            RookHandResult(
                declarer=r["declarer"],
                bid=r["bid"],
                trump=COLOUR_NAMES.index(r["trump"]),
                counted=_pair(r["counted"]),
                nest_points=r["nest_points"],
                last_trick_team=r["last_trick_team"],
                tricks_won=_pair(r["tricks_won"]),
                made=r["made"],
                score=_pair(r["score"]),
                totals=_pair(r["totals"]),
            )
            for r in data
        )


def _pair(values: list[int]) -> tuple[int, int]:
    return values[0], values[1]


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return values[0], values[1], values[2], values[3]


class _Auction(Codec):
    """Rook's auction: ``[seat, bid or null]`` entries."""

    def encode(self, value: Any, owner: Any, family: Family) -> Any:
        return [[s, b] for s, b in value]

    def decode(self, data: Any, family: Family) -> Any:
        return tuple((entry[0], entry[1]) for entry in data)


PLAIN: Final = Codec()
SEATS: Final = _Seats()
CARDS: Final = _Cards()
HAND: Final = _Hand()
CARD_SEQUENCE: Final = _CardSequence()
COLOUR: Final = _Colour()
TRICKS: Final = _Tricks()
HEARTS_RESULTS: Final = _HeartsResults()
ROOK_RESULTS: Final = _RookResults()
AUCTION: Final = _Auction()


Fill = Callable[[HeartsRules | RookRules, int | None], Any]
"""What a view of an older protocol version that lacks a field is given, from its rule
set and seat."""


@dataclass(frozen=True, slots=True)
class Wire:
    """A view field's JSON: its wire type (a name of ``engine.wire.views.TYPES``), what
    the docs say of it, its :class:`Codec`, and ``since``: the bot protocol version
    that made it required (a later one comes with ``fill``, what an older view lacking
    it is given)."""

    type: str
    doc: str
    codec: Codec = PLAIN
    since: int = 1
    fill: Fill | None = None


@dataclass(frozen=True, slots=True)
class JsonField:
    """One key of a view's JSON: its name, its declaration, and whether it is a field
    of the dataclass (read back by :func:`from_json`) or a property it derives."""

    name: str
    wire: Wire
    stored: bool
    attribute: str
    """The view's attribute that holds it (``game``: the view's ``family``)."""


@cache
def json_fields(cls: type) -> tuple[JsonField, ...]:
    """The keys of the JSON of the view class ``cls``, in order: ``game``, the
    dataclass's fields, then the properties it derives (``cls.DERIVED``)."""
    hints = get_type_hints(cls, include_extras=True)
    derived: dict[str, Wire] = dict(cls.DERIVED)  # type: ignore[attr-defined]
    out = [JsonField("game", derived.pop("game"), stored=False, attribute="family")]
    for f in fields(cls):
        wire = _wire_of(cls, f.name, hints[f.name])
        out.append(JsonField(f.name, wire, stored=True, attribute=f.name))
    out.extend(JsonField(n, wire, stored=False, attribute=n) for n, wire in derived.items())
    return tuple(out)


def _wire_of(cls: type, name: str, hint: Any) -> Wire:
    wires = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Wire)]
    if len(wires) != 1:
        raise TypeError(f"{cls.__name__}.{name}: declare its JSON as Annotated[..., Wire(...)]")
    return wires[0]


_SCALARS: Final = frozenset({int, str, bool, type(None)})

Encoder = Callable[[Any, Any, Family], Any]


def _flat(value: Any, owner: Any, family: Family) -> Any:
    """A tuple of plain values as a list (the plain codec's case of no nesting)."""
    return list(value)


def _returns(prop: property) -> Any:
    return get_type_hints(prop.fget)["return"]


def _union(args: tuple[Any, ...]) -> Any:
    return Union[tuple(a for a in args if a is not Ellipsis)]  # noqa: UP007


def _scalar(hint: Any) -> bool:
    """Whether values of type ``hint`` are their own JSON (``int``, ``str | None``)."""
    kinds = get_args(hint) if isinstance(hint, UnionType) or get_origin(hint) is Union else (hint,)
    return all(kind in _SCALARS for kind in kinds)


@cache
def _encoders(cls: type) -> tuple[tuple[str, str, Encoder | None], ...]:
    """Each key's name, attribute and encoder; ``None`` where the value is its own
    JSON (a plain number, string, boolean or ``None``: no call on the hot path)."""
    hints = get_type_hints(cls)
    out: list[tuple[str, str, Encoder | None]] = []
    for f in json_fields(cls):
        encode: Encoder | None = f.wire.codec.encode
        if f.wire.codec is PLAIN:
            hint = hints[f.name] if f.stored else _returns(getattr(cls, f.attribute))
            if _scalar(hint):
                encode = None
            elif get_origin(hint) is tuple and _scalar(_union(get_args(hint))):
                encode = _flat
        out.append((f.name, f.attribute, encode))
    return tuple(out)


def to_json(view: Any) -> dict[str, Any]:
    """The view as JSON, key by key as its class declares it."""
    family: Family = view.family
    cls: type = type(view)
    out: dict[str, Any] = {}
    for name, attr, encode in _encoders(cls):
        value = getattr(view, attr)
        out[name] = value if encode is None else encode(value, view, family)
    return out


def from_json(cls: type, data: dict[str, Any]) -> Any:
    """The view of class ``cls`` that ``data`` (validated view JSON) describes: the
    inverse of :func:`to_json`."""
    family: Family = data["game"]
    return cls(
        **{f.name: f.wire.codec.decode(data[f.name], family) for f in json_fields(cls) if f.stored}
    )
