"""Text for people: the table before a decision, and one line per event.

Everything shown comes from seat 0's view, the legal actions and the events the
engine reports; nothing here decides what is legal. Cards are shown in the engine's
notation (``QS``, ``R14``, ``CROW``), the same text the player types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.engine import (
    Choose,
    Event,
    HeartsRules,
    HeartsView,
    LegalAction,
    PlayerView,
    RookRules,
    Rules,
    action_text,
    card_text,
    cards_text,
)
from crowsnest.engine.cards import (
    COLOUR_NAMES,
    HEARTS,
    HEARTS_SUITS,
    ROOK,
    ROOK_COLOURS,
    SUIT_NAMES,
    Family,
    bits,
)
from crowsnest.engine.rules import tables
from crowsnest.engine.tricks import trick_tables

NAMES = ("You", "West", "North", "East")
"""Seat 0 is the player; play goes clockwise, so seat 1 sits to the left."""
TEAMS = ("We", "They")
SUITS = dict(zip(HEARTS_SUITS, SUIT_NAMES, strict=True))
COLOURS = dict(zip(ROOK_COLOURS, COLOUR_NAMES, strict=True))
WIDTH = 76


def does(seat: int, verb: str) -> str:
    """``You play`` / ``West plays``."""
    if seat == 0:
        return f"You {verb}"
    ending = "es" if verb.endswith(("s", "sh", "ch")) else "s"
    return f"{NAMES[seat]} {verb}{ending}"


def seq(values: Sequence[int], names: Sequence[str] = NAMES) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=False))


# -- the hand ----------------------------------------------------------------------------


def _group(card: int, rules: Rules, trump: str | None) -> str:
    """The group a card is shown in: its suit; every trump (the special trumps, which
    are trump whatever colour is named, among them) once trump is named, the special
    trumps on their own before."""
    text = card_text(card, rules.family)
    if not isinstance(rules, RookRules):
        return text[-1]
    if trump is not None and trick_tables(rules, COLOUR_NAMES.index(trump)).trump >> card & 1:
        return "T"
    return "*" if tables(rules).specials >> card & 1 else text[0]


def hand_groups(hand: int, rules: Rules, trump: str | None) -> list[tuple[str, str]]:
    """(label, cards) per suit, low to high; trump first once named.

    The special trumps (``CROW``, the red 1) are the lowest card ints, so they lead
    the trump group."""
    order = ["T", "*", *COLOURS] if isinstance(rules, RookRules) else list(SUITS)
    groups: dict[str, list[str]] = {key: [] for key in order}
    for card in bits(hand):
        groups[_group(card, rules, trump)].append(card_text(card, rules.family))
    labels = {"T": f"{trump} (trump)", "*": "always trump", **COLOURS, **SUITS}
    return [(labels[key], " ".join(cards)) for key, cards in groups.items() if cards]


def hand_lines(view: PlayerView, rules: Rules) -> list[str]:
    if view.hand is None:
        return []
    trump = None if isinstance(view, HeartsView) or view.trump is None else _colour(view.trump)
    count = view.hand.bit_count()
    lines = [f"Your hand ({count} card{'' if count == 1 else 's'}):"]
    lines += [f"  {label:<16}{cards}" for label, cards in hand_groups(view.hand, rules, trump)]
    return lines


def _colour(index: int) -> str:
    return COLOUR_NAMES[index]


# -- the table ---------------------------------------------------------------------------


def trick_line(view: PlayerView) -> str:
    """The trick in progress: who played what, or who leads."""
    number = len(view.tricks) + 1
    leader = view.leader or 0
    if not view.trick:
        return f"Trick {number}: {does(leader, 'lead')}."
    family = view.family
    plays = ", ".join(
        f"{NAMES[(leader + i) % 4]} {card_text(c, family)}" for i, c in enumerate(view.trick)
    )
    return f"Trick {number}: {plays}"


def status_lines(view: PlayerView, rules: Rules) -> list[str]:
    """Everything public about the hand in progress, and the scores."""
    if isinstance(view, HeartsView):
        passing = "no passing" if view.pass_direction == "none" else f"pass {view.pass_direction}"
        lines = [
            f"== {rules.name} - hand {view.hand_number + 1} ({passing}) - "
            f"game ends at {rules.target}, lowest total wins ==",
            f"Totals:    {seq(view.totals)}",
            f"This hand: {seq(view.points_taken)}"
            + ("   (hearts broken)" if view.hearts_broken else ""),
        ]
        if view.received:
            lines.append(f"You received: {cards_text(view.received, HEARTS)}")
    else:
        lines = [
            f"== {rules.name} - hand {view.hand_number + 1} - dealer {NAMES[view.dealer]} - "
            f"We {view.totals[0]}, They {view.totals[1]} (game to {rules.target}) ==",
        ]
        if view.auction:
            bids = ", ".join(f"{NAMES[s]} {'pass' if b is None else b}" for s, b in view.auction)
            lines.append(f"Auction: {bids}")
        if view.declarer is not None:
            trump = "not named yet" if view.trump is None else _colour(view.trump)
            lines.append(
                f"Contract: {NAMES[view.declarer]} ({TEAMS[rules.team_of(view.declarer)]}) bid "
                f"{view.bid}, trump {trump}"
            )
        if view.phase == "play":
            lines.append(
                f"This hand: counted We {view.captured[0]}, They {view.captured[1]}; "
                f"tricks We {view.tricks_won[0]}, They {view.tricks_won[1]}"
            )
        if view.discards is not None:
            lines.append(f"Your discards (in the nest): {cards_text(view.discards, ROOK)}")
    if view.phase == "play":
        lines.append(trick_line(view))
    return lines


def legal_lines(legal: Sequence[LegalAction], family: Family) -> list[str]:
    """The numbered legal actions of a game of ``family``, in columns."""
    items = [f"{i:>2}) {action_text(action, family)}" for i, action in enumerate(legal, start=1)]
    width = max(len(item) for item in items) + 3
    per_row = max(1, WIDTH // width)
    return [
        "".join(item.ljust(width) for item in items[i : i + per_row]).rstrip()
        for i in range(0, len(items), per_row)
    ]


def choose_lines(choice: Choose, view: PlayerView) -> list[str]:
    if choice.kind == "pass" and isinstance(view, HeartsView) and view.pass_to is not None:
        to = NAMES[view.pass_to]
        head = f"Choose {choice.count} cards to pass {view.pass_direction} (to {to})."
    else:
        head = f"Choose {choice.count} cards to lay back in the nest."
    lines = [head]
    family = view.family
    if choice.allowed != view.hand:
        lines.append(f"  You may choose among: {cards_text(choice.allowed, family)}")
    if choice.required:
        lines.append(f"  You must include: {cards_text(choice.required, family)}")
    lines.append(f"  Type the cards, e.g. {example(choice)}")
    return lines


def example(choice: Choose) -> str:
    """Cards the template admits: the required ones, then the lowest allowed ones."""
    extra = sorted(bits(choice.allowed & ~choice.required))
    need = choice.count - choice.required.bit_count()
    mask = choice.required
    for card in extra[:need]:
        mask |= 1 << card
    return cards_text(mask, HEARTS if choice.kind == "pass" else ROOK)


# -- events ------------------------------------------------------------------------------


def event_lines(event: Event, view: PlayerView, rules: Rules) -> list[str]:
    """What one event means to seat 0, as lines (none for bookkeeping events)."""
    if not event.visible_to(0):
        return []
    data = event.data
    kind = event.type
    seat: int = data.get("seat", 0)
    if kind == "play":
        return [f"  {does(seat, 'play')} {data['card']}"]
    if kind == "trick":
        points = data["points"]
        cards = " ".join(data["cards"])
        plural = "" if points == 1 else "s"
        return [f"  -> {does(data['winner'], 'take')} the trick ({cards}): {points} point{plural}"]
    if kind == "deal":
        return _deal_lines(data, view)
    if kind in ("hand_end", "game_end"):
        return _end_lines(kind, data, rules)
    return _other_lines(kind, data, seat, view, rules)


def _deal_lines(data: Mapping[str, Any], view: PlayerView) -> list[str]:
    title = f"---- Hand {data['hand_number'] + 1} "
    if isinstance(view, HeartsView):
        direction = data["pass_direction"]
        what = "no passing" if direction == "none" else f"pass {direction}"
        return ["", f"{title}({what}) ".ljust(WIDTH, "-")]
    return ["", f"{title}({NAMES[data['dealer']]} deals) ".ljust(WIDTH, "-")]


def _other_lines(
    kind: str, data: Mapping[str, Any], seat: int, view: PlayerView, rules: Rules
) -> list[str]:
    text: str | None = None
    if kind == "bid":
        bid = data["bid"]
        text = does(seat, "pass") if bid is None else f"{does(seat, 'bid')} {bid}"
    elif kind == "redeal":
        text = "Everybody passed: the cards are dealt again."
    elif kind == "contract":
        who = data["declarer"]
        text = f"{does(who, 'win')} the auction at {data['bid']} ({TEAMS[rules.team_of(who)]})."
    elif kind == "nest":
        text = f"You take the nest: {' '.join(data['cards'])}"
    elif kind == "discarded" and seat != 0:
        count = rules.nest_size if isinstance(rules, RookRules) else 0
        text = f"{does(seat, 'lay')} {count} cards back in the nest."
    elif kind == "discards":
        text = f"You lay back in the nest: {' '.join(data['cards'])}"
    elif kind == "trump":
        text = f"{does(seat, 'name')} trump: {data['colour']}"
    elif kind == "passed":
        if seat == 0 and isinstance(view, HeartsView) and view.passed is not None:
            text = f"You pass {cards_text(view.passed, HEARTS)}."
        else:
            count = rules.pass_count if isinstance(rules, HeartsRules) else 0
            text = f"{does(seat, 'pass')} {count} cards."
    elif kind == "received":
        text = f"You receive {' '.join(data['cards'])} from {NAMES[data['from']]}."
    elif kind == "hearts_broken":
        text = "Hearts are broken."
    return [] if text is None else [f"  {text}"]


def _end_lines(kind: str, data: Mapping[str, Any], rules: Rules) -> list[str]:
    hearts = not isinstance(rules, RookRules)
    names = NAMES if hearts else TEAMS
    if kind == "game_end":
        winner = data["winner"]
        if hearts:
            won = "You win" if winner == 0 else f"{NAMES[winner]} wins"
        else:
            won = "We win" if winner == 0 else "They win"
        return [
            "",
            "=" * WIDTH,
            f"GAME OVER: {won}!  Final totals: {seq(data['totals'], names)}",
            "=" * WIDTH,
        ]
    head = f"\nHand {data['hand_number'] + 1} is over."
    if hearts:
        lines = [head, f"  Points this hand: {seq(data['points'])}"]
        if data["moon"] is not None:
            lines.append(f"  {does(data['moon'], 'shoot')} the moon!")
    else:
        declarer = data["declarer"]
        result = "made" if data["made"] else "set"
        lines = [
            head,
            f"  Contract {result}: {NAMES[declarer]} ({TEAMS[rules.team_of(declarer)]}) bid "
            f"{data['bid']} in {data['trump']}.",
            f"  Counted: {seq(data['counted'], TEAMS)} (nest {data['nest_points']} to "
            f"{TEAMS[data['last_trick_team']]}; tricks {seq(data['tricks_won'], TEAMS)})",
            f"  Scored:  {seq(data['score'], TEAMS)}",
        ]
    lines.append(f"  Totals:  {seq(data['totals'], names)}")
    return lines
