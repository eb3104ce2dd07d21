"""The CrowsNest rules engine: pure rules, no I/O, no clock, no global randomness.

>>> game = new_game("hearts", seed=7)
>>> game.phase, sorted(game.actors)
('pass', [0, 1, 2, 3])
>>> game = replay(game.record())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.engine.actions import (
    Action,
    Bid,
    Choose,
    Discard,
    LegalAction,
    NameTrump,
    PassCards,
    Play,
    Resign,
    action_text,
    parse_action,
)
from crowsnest.engine.base import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Game,
    replay_actions,
)
from crowsnest.engine.cards import (
    CardSet,
    Family,
    card_list_text,
    card_text,
    cards_text,
    parse_card,
    parse_cards,
)
from crowsnest.engine.deals import Deal
from crowsnest.engine.errors import (
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionError,
    RecordError,
    RulesError,
)
from crowsnest.engine.events import Event
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rook import RookGame
from crowsnest.engine.rules import (
    DEFAULT_RULES,
    RULESETS,
    HeartsRules,
    OptionSpec,
    RookRules,
    Rules,
    get_rules,
    option_specs,
)
from crowsnest.engine.scoring import Standing
from crowsnest.engine.views import HeartsView, RookView

AnyGame = HeartsGame | RookGame
PlayerView = HeartsView | RookView

__all__ = [
    "DEFAULT_RULES",
    "RULESETS",
    "Action",
    "AnyGame",
    "Bid",
    "CardSet",
    "Choose",
    "Deal",
    "Discard",
    "Event",
    "Family",
    "Game",
    "HeartsGame",
    "HeartsRules",
    "HeartsView",
    "IllegalAction",
    "InvalidAction",
    "LegalAction",
    "NameTrump",
    "NotYourTurn",
    "OptionError",
    "OptionSpec",
    "PassCards",
    "Play",
    "PlayerView",
    "RecordError",
    "Resign",
    "RookGame",
    "RookRules",
    "RookView",
    "Rules",
    "RulesError",
    "Standing",
    "action_text",
    "card_list_text",
    "card_text",
    "cards_text",
    "get_rules",
    "new_game",
    "option_specs",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
]


def new_game(
    rules_id: str = DEFAULT_RULES,
    *,
    options: Mapping[str, object] | None = None,
    seed: int | None = None,
    deals: Sequence[object] | None = None,
    start_hand: int = 0,
) -> AnyGame:
    """Start a game of ``rules_id`` (see ``RULESETS``) with validated ``options``.

    ``seed`` seeds the game's own ``random.Random`` (a fresh one is drawn when None,
    and kept in the record); ``deals`` fixes the first deals, one per deal (a Rook
    redeal takes the next one): ``{"hands": [[card, ...] x4], "nest": [card, ...]}``.
    ``start_hand`` numbers the first hand as if that many had been played before it
    (the Hearts pass direction, the Rook dealer): arenas deal single hands with it.
    """
    rules = get_rules(rules_id, options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError("bad_seed", f"{seed!r} is not a seed (an integer >= 0)")
    if deals is not None and (isinstance(deals, str | bytes) or not isinstance(deals, Sequence)):
        raise InvalidAction("bad_deal", "'deals' must be a list of deals")
    if isinstance(rules, HeartsRules):
        return HeartsGame(rules, seed, deals or (), start_hand)
    return RookGame(rules, seed, deals or (), start_hand)


def replay(record: Mapping[str, Any]) -> AnyGame:
    """Rebuild a game from its record; raise :class:`RecordError` with the failing step."""
    if not isinstance(record, Mapping):
        raise RecordError(None, "a record is a JSON object")
    if record.get("format") != RECORD_FORMAT or record.get("version") != RECORD_VERSION:
        raise RecordError(None, f"not a {RECORD_FORMAT} version {RECORD_VERSION} record")
    rules_id = record.get("rules")
    if not isinstance(rules_id, str) or rules_id not in RULESETS:
        raise RecordError(None, f"unknown rules {rules_id!r}")
    if record.get("rules_version") != RULESETS[rules_id].version:
        raise RecordError(None, f"rules version {record.get('rules_version')!r} is not known")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError(None, "'options' must be an object")
    seed = record.get("seed")
    if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(None, "'seed' must be an integer")
    deals = record.get("deals", [])
    start_hand = record.get("start_hand", 0)
    try:
        game = new_game(rules_id, options=options, seed=seed, deals=deals, start_hand=start_hand)
    except RulesError as err:
        raise RecordError(None, str(err), err.code) from err
    replay_actions(game, record.get("actions"))
    return game
