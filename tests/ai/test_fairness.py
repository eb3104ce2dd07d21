"""Bots cannot cheat: what they are handed reaches no game object and no hidden card."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from crowsnest.ai.registry import make_bot
from crowsnest.engine import RULESETS, AnyGame, Game, HeartsGame, RookGame, new_game
from crowsnest.engine.cards import card_list_text


def reachable(*roots: object) -> list[Any]:
    """Every object reachable from ``roots`` through references."""
    seen: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def hidden_from(game: AnyGame, seat: int) -> set[str]:
    hidden = sum(game.hands[s] for s in range(4) if s != seat)
    if isinstance(game, HeartsGame):
        hidden &= ~(game.passes[seat] or 0)  # it knows where the cards it passed went
    if isinstance(game, RookGame):
        if game.phase == "auction":
            hidden |= game.nest
        elif game.declarer != seat:
            hidden |= game.discards
    return set(card_list_text(hidden, game.rules.family))


def strings_in(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_a_bot_is_handed_nothing_that_reaches_the_game_or_a_hidden_card(rules_id: str) -> None:
    game = new_game(rules_id, seed=17)
    bot = make_bot(game.rules.family, "random")
    rng = random.Random(3)
    for step in range(80):
        if game.is_over:
            break
        seat = min(game.actors)
        view, legal = game.view(seat), game.legal_actions(seat)
        if step % 5 == 0:
            objects = reachable(view, legal)
            assert not any(isinstance(o, Game) for o in objects)
            assert not any(isinstance(o, random.Random) for o in objects)
            assert not hidden_from(game, seat) & strings_in(view.to_json())
        game.apply(seat, bot.choose(view, legal, rng))
