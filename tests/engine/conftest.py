"""Helpers shared by the rules tests and the golden games.

Deals are written as card texts, one string per hand (``"R14 R13 CROW"``). A hand
given as ``None`` (or with fewer cards than a hand holds) is filled from the cards
nobody was given, lowest card number first, seats 0..3 in turn, the nest last.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from crowsnest.engine import (
    Choose,
    Event,
    HeartsGame,
    RookGame,
    RulesError,
    action_text,
    get_rules,
    new_game,
    parse_cards,
)
from crowsnest.engine.cards import CROW, Family, bits, card_list_text, colour_mask
from crowsnest.engine.rules import RookRules, tables

HEARTS_DECK = (1 << 52) - 1

DealJson = dict[str, Any]


def _fill(
    family: Family,
    deck: int,
    hand_size: int,
    nest_size: int,
    hands: Sequence[str | None],
    nest: str | None,
) -> DealJson:
    assert len(hands) == 4, "a deal has four hands"
    masks = [parse_cards(h or "", family) for h in hands]
    nest_mask = parse_cards(nest or "", family)
    given = nest_mask
    for m in masks:
        assert not given & m, "a card is given twice"
        given |= m
    assert not given & ~deck, "a card is not in this deck"
    free = list(bits(deck & ~given))
    for s in range(4):
        while masks[s].bit_count() < hand_size:
            masks[s] |= 1 << free.pop(0)
    while nest_mask.bit_count() < nest_size:
        nest_mask |= 1 << free.pop(0)
    assert not free, "cards left over: a hand was given too many cards"
    deal: DealJson = {"hands": [card_list_text(m, family) for m in masks]}
    if nest_size:
        deal["nest"] = card_list_text(nest_mask, family)
    return deal


def rook_rules(rules_id: str, options: Mapping[str, object] | None = None) -> RookRules:
    rules = get_rules(rules_id, options)
    assert isinstance(rules, RookRules)
    return rules


Layout = tuple[list[str], str]
"""Four hands and a nest, as card texts."""


def colour_layout(
    rules_id: str, options: Mapping[str, object] | None = None, first: int = 0
) -> Layout:
    """Seat ``first + c`` holds the lowest numbers of colour ``c`` (red, yellow,
    green, black), as many as a hand holds; the rest (the high cards, the bird
    card) is the nest. The Red 1's red 1 is the lowest red."""
    rules = rook_rules(rules_id, options)
    deck = tables(rules).deck
    hands = ["", "", "", ""]
    nest: list[str] = []
    for colour in range(4):
        cards = card_list_text(deck & colour_mask(colour), "rook")
        hands[(first + colour) % 4] = " ".join(cards[: rules.hand_size])
        nest += cards[rules.hand_size :]
    if deck & 1 << CROW:
        nest.append("CROW")
    return hands, " ".join(nest)


def swap(layout: Layout, *pairs: tuple[str, str]) -> Layout:
    """Exchange the places of two cards (in hands or the nest), pair by pair."""
    hands, nest = layout
    places = [h.split() for h in hands] + [nest.split()]
    for a, b in pairs:
        ia = next(i for i, p in enumerate(places) if a in p)
        ib = next(i for i, p in enumerate(places) if b in p)
        places[ia][places[ia].index(a)] = b
        places[ib][places[ib].index(b)] = a
    return [" ".join(p) for p in places[:4]], " ".join(places[4])


def rook_deal(
    rules_id: str,
    hands: Sequence[str | None],
    nest: str | None = None,
    options: Mapping[str, object] | None = None,
) -> DealJson:
    """A full Rook deal in ``new_game``'s ``deals`` format."""
    rules = rook_rules(rules_id, options)
    return _fill("rook", tables(rules).deck, rules.hand_size, rules.nest_size, hands, nest)


def hearts_deal(hands: Sequence[str | None]) -> DealJson:
    return _fill("hearts", HEARTS_DECK, 13, 0, hands, None)


def new_rook(
    rules_id: str,
    hands: Sequence[str | None] = (None, None, None, None),
    nest: str | None = None,
    *,
    options: Mapping[str, object] | None = None,
    more: Sequence[DealJson] = (),
) -> RookGame:
    """A Rook game whose first deal is fixed (``more``: the deals after it)."""
    deals = [rook_deal(rules_id, hands, nest, options), *more]
    game = new_game(rules_id, options=options, seed=1, deals=deals)
    assert isinstance(game, RookGame)
    return game


def new_hearts(hands: Sequence[str | None], *, more: Sequence[DealJson] = ()) -> HeartsGame:
    game = new_game("hearts", seed=1, deals=[hearts_deal(hands), *more])
    assert isinstance(game, HeartsGame)
    return game


def hearts_in_play(hands: Sequence[str]) -> HeartsGame:
    """A Hearts game in the first trick of round 1 with exactly ``hands`` held.

    Round 1 passes left: each seat is dealt its hand with its first three cards
    (lowest first) swapped for the first three of the next seat's hand, and passes
    those back, so after the exchange every seat holds ``hands``.
    """
    masks = [parse_cards(h) for h in hands]
    firsts = [sum(1 << c for c in list(bits(m))[:3]) for m in masks]
    dealt = [
        " ".join(card_list_text(masks[s] & ~firsts[s] | firsts[(s + 1) % 4], "hearts"))
        for s in range(4)
    ]
    game = new_hearts(dealt)
    for s in range(4):
        game.apply(s, "pass " + " ".join(card_list_text(firsts[(s + 1) % 4], "hearts")))
    assert game.phase == "play"
    assert [set(card_list_text(h, "hearts")) for h in game.hands] == [set(h.split()) for h in hands]
    return game


def act(game: HeartsGame | RookGame, *actions: str) -> list[Event]:
    """Apply ``actions`` in turn, each by the one seat that may act."""
    events: list[Event] = []
    for action in actions:
        assert len(game.actors) == 1, f"{action!r}: several seats may act"
        (seat,) = game.actors
        events += game.apply(seat, action)
    return events


def rook_in_play(
    rules_id: str,
    hands: Sequence[str | None],
    nest: str | None = None,
    trump: str = "red",
    *,
    options: Mapping[str, object] | None = None,
) -> RookGame:
    """A Rook game at the first lead: seat 0 bids the minimum, the others pass,
    seat 0 lays the nest back as dealt and names ``trump``; seat 0 leads."""
    game = new_rook(rules_id, hands, nest, options=options)
    act(game, f"bid {game.rules.min_bid}", "bid pass", "bid pass", "bid pass")
    if game.rules.nest_size:
        act(game, "discard " + " ".join(card_list_text(game.nest, "rook")))
    act(game, f"trump {trump}")
    assert game.phase == "play" and game.actors == {0}
    return game


def autoplay(game: HeartsGame | RookGame, hands: int = 1) -> None:
    """Play on with the first legal action (the lowest cards) until ``hands`` more
    hands are over, or the game is."""
    target = len(game.results) + hands
    while not game.is_over and len(game.results) < target:
        seat = min(game.actors)
        if isinstance(game, RookGame) and game.phase == "auction":
            game.apply(
                seat, "bid pass" if game.high_bidder is not None else f"bid {game.rules.min_bid}"
            )
            continue
        action = game.legal_actions(seat)[0]
        if isinstance(action, Choose):
            cards = list(bits(action.required)) + list(bits(action.allowed & ~action.required))
            chosen = card_list_text(sum(1 << c for c in cards[: action.count]), game.rules.family)
            game.apply(seat, f"{action.kind} {' '.join(chosen)}")
        else:
            game.apply(seat, action)


def legal_texts(game: HeartsGame | RookGame, seat: int) -> list[str]:
    return [action_text(a, game.rules.family) for a in game.legal_actions(seat)]


def snapshot(game: HeartsGame | RookGame) -> str:
    """Everything observable: the record and every seat's (and a spectator's) view."""
    views = [game.view(s).to_json() for s in (0, 1, 2, 3, None)]
    return json.dumps([game.record(), views, legal_texts(game, 0), sorted(game.actors)])


def refused(
    game: HeartsGame | RookGame, seat: int, action: str, code: str, quote: str | None = None
) -> RulesError:
    """Assert that ``action`` by ``seat`` raises ``code``, that the message quotes the
    action as typed (or ``quote``), and that the game is unchanged afterwards (record,
    every view, legal actions)."""
    before = snapshot(game)
    with pytest.raises(RulesError) as info:
        game.check(seat, action)
    assert info.value.code == code, info.value
    with pytest.raises(RulesError) as info:
        game.apply(seat, action)
    assert info.value.code == code, info.value
    expected = quote if quote is not None else repr(action.strip())
    assert expected in info.value.message, info.value.message
    assert snapshot(game) == before
    return info.value
