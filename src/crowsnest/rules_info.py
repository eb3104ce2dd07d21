"""The Info tab: the complete rules of a rule set, as translation keys and arguments.

Every number, card and choice in the text comes from the rule set's own data
(:class:`~crowsnest.engine.rules.RookRules`, :class:`~crowsnest.engine.rules.HeartsRules`
and the tables derived from them), with the chosen options applied, so the text and the
engine cannot disagree. The wording lives in the client's catalogs,
``crowsnest/web/i18n/<lang>/rules.json``.

A section is ``{"title": key, "paragraphs": [{"key": key, "args": {...}}, ...]}``.
Argument values are numbers, card codes as ``{"card": "R1"}``, other catalog keys as
``{"key": "rules.bird.crow"}`` (translated first by the client), or lists of numbers.
A message that varies with a number takes it as ``count`` (plural forms).

>>> sections = rules_info("rook/crowsnest", {"target": 500})
>>> [p["args"] for s in sections for p in s["paragraphs"] if p["key"] == "rules.rook.target"]
[{'count': 500}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from typing_extensions import TypedDict

from crowsnest.engine.cards import HEARTS, ROOK, Family, card_text, parse_card, rook_card
from crowsnest.engine.hearts import QUEEN_SPADES, TWO_CLUBS
from crowsnest.engine.rules import HeartsRules, RookRules, get_rules, tables
from crowsnest.engine.rules.rook import RED_ONE


class Paragraph(TypedDict):
    """A paragraph of the rules: a translation key and its arguments."""

    key: str
    args: dict[str, Any]
    house: bool
    """A choice of this project where no published rule settles the point."""


class Section(TypedDict):
    """A section of the rules: its title's translation key and its paragraphs (the
    answer of ``GET /api/rules/{rules_id}/info`` is a list of them)."""

    title: str
    paragraphs: list[Paragraph]


def rules_info(rules_id: str, options: Mapping[str, object] | None = None) -> list[Section]:
    """The rules of ``rules_id`` with ``options`` applied (raises ``OptionError`` like
    :func:`~crowsnest.engine.rules.get_rules`)."""
    rules = get_rules(rules_id, options)
    if isinstance(rules, HeartsRules):
        return _hearts(rules)
    return _rook(rules)


def _p(key: str, **args: Any) -> Paragraph:
    return {"key": key, "args": args, "house": False}


def _mark_house(r: RookRules, sections: list[Section]) -> list[Section]:
    """Mark the paragraphs that state a house choice of the rule set (``r.house``): a
    choice this project made where no published rule settles the point."""
    house = {f"rules.rook.{name}" for name in r.house}
    for section in sections:
        for p in section["paragraphs"]:
            p["house"] = p["key"] in house
    return sections


def _card(card: int, family: Family) -> dict[str, str]:
    return {"card": card_text(card, family)}


# -- Rook -------------------------------------------------------------------------------


def _rook(r: RookRules) -> list[Section]:
    bird = {"key": f"rules.bird.{r.bird_name.lower()}"}
    name = {"key": f"rules.name.{r.id}"}
    intro = [_p("rules.rook.intro", name=name), _p("rules.rook.partners")]
    intro += [_p(f"rules.rook.{note}", bird=bird) for note in r.notes]
    return _mark_house(
        r,
        [
            {"title": "rules.title.players", "paragraphs": intro},
            {"title": "rules.title.cards", "paragraphs": _rook_cards(r, bird)},
            {"title": "rules.title.counters", "paragraphs": _rook_counters(r, bird)},
            {"title": "rules.title.deal", "paragraphs": _rook_deal(r)},
            {"title": "rules.title.auction", "paragraphs": _rook_auction(r)},
            {"title": "rules.title.nest", "paragraphs": _rook_nest(r, bird)},
            {"title": "rules.title.play", "paragraphs": _rook_play(r, bird)},
            {"title": "rules.title.scoring", "paragraphs": _rook_scoring(r)},
            {"title": "rules.title.end", "paragraphs": _rook_end(r)},
        ],
    )


def _runs(numbers: tuple[int, ...]) -> list[tuple[int, int]]:
    """Contiguous runs of the sorted numbers: (1, 5, 6, 7) -> [(1, 1), (5, 7)]."""
    out: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if out and out[-1][1] == n - 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def _rook_cards(r: RookRules, bird: dict[str, str]) -> list[Paragraph]:
    t = tables(r)
    out = [_p("rules.rook.deck", count=r.deck_size)]
    runs = _runs(r.numbers)
    if len(runs) == 1:
        out.append(_p("rules.rook.numbers", low=runs[0][0], high=runs[0][1]))
    elif len(runs) == 2 and runs[0] == (1, 1):
        out.append(_p("rules.rook.numbers_and_ones", low=runs[1][0], high=runs[1][1]))
    else:  # pragma: no cover - no rule set has such a deck (the tests go through all)
        raise ValueError(f"{r.id}: numbers {r.numbers!r} have no wording")
    if r.red_one:
        out.append(_p("rules.rook.red_one_card", card=_card(RED_ONE, ROOK)))
    if r.bird:
        out.append(_p("rules.rook.bird_card", bird=bird))
    else:
        out.append(_p("rules.rook.no_bird"))
    order = sorted(r.numbers, key=lambda n: -t.rank[rook_card(1, n)])
    out.append(_p("rules.rook.rank_order", order=order))
    if r.one_high:
        out.append(_p("rules.rook.one_high"))
    out.append(_p("rules.rook.trump_colour"))
    if r.red_one:
        out.append(_p("rules.rook.red_one_trump", card=_card(RED_ONE, ROOK)))
    if r.bird:
        if r.bird_place == "lowest":
            lowest = min(r.numbers, key=lambda n: t.rank[rook_card(1, n)])
            out.append(_p("rules.rook.bird_lowest", bird=bird, low=lowest))
        elif r.bird_place == "highest":
            out.append(_p("rules.rook.bird_highest", bird=bird))
        else:
            out.append(_p("rules.rook.bird_below_red_one", bird=bird, card=_card(RED_ONE, ROOK)))
    return out


def _rook_counters(r: RookRules, bird: dict[str, str]) -> list[Paragraph]:
    out = [_p("rules.rook.counter", number=n, count=pts) for n, pts in r.counters]
    if r.bird and r.bird_points:
        out.append(_p("rules.rook.counter_bird", bird=bird, count=r.bird_points))
    if r.red_one and r.red_one_points:
        out.append(
            _p("rules.rook.counter_red_one", card=_card(RED_ONE, ROOK), count=r.red_one_points)
        )
    out.append(_p("rules.rook.other_cards"))
    if r.trick_bonus:
        out.append(_p("rules.rook.trick_bonus", count=r.trick_bonus))
        if r.tricks_per_hand % 2 == 0:
            out.append(_p("rules.rook.trick_bonus_tie", count=r.tricks_per_hand // 2))
        else:
            out.append(_p("rules.rook.trick_bonus_odd", count=r.tricks_per_hand))
    out.append(_p("rules.rook.points_per_hand", count=r.points_per_hand))
    return out


def _rook_deal(r: RookRules) -> list[Paragraph]:
    out = [_p("rules.rook.hand_size", count=r.hand_size)]
    if r.nest_size:
        out.append(_p("rules.rook.nest_size", count=r.nest_size))
    else:
        out.append(_p("rules.rook.no_nest"))
    out.append(_p(f"rules.rook.first_dealer_{r.first_dealer}"))
    out.append(_p("rules.rook.next_dealer"))
    return out


def _rook_auction(r: RookRules) -> list[Paragraph]:
    out = [
        _p("rules.rook.auction_order"),
        _p("rules.rook.bid_step", count=r.bid_step),
        _p("rules.rook.min_bid", count=r.min_bid),
        _p("rules.rook.max_bid", count=r.max_bid),
        _p("rules.rook.pass_final"),
        _p("rules.rook.auction_end"),
        _p("rules.rook.all_pass_redeal")
        if r.all_pass == "redeal"
        else _p("rules.rook.all_pass_dealer_forced", count=r.min_bid),
        _p("rules.rook.declarer"),
    ]
    return out


def _rook_nest(r: RookRules, bird: dict[str, str]) -> list[Paragraph]:
    if not r.nest_size:
        return [_p("rules.rook.trump_after_auction")]
    out = [_p("rules.rook.take_nest", count=r.nest_size)]
    allowed = "any" if r.discard_counters else "no_counters"
    if r.bird:
        out.append(_p(f"rules.rook.discard_{allowed}_bird", bird=bird, count=r.nest_size))
    else:
        out.append(_p(f"rules.rook.discard_{allowed}", count=r.nest_size))
    out.append(_p("rules.rook.name_trump"))
    return out


def _rook_play(r: RookRules, bird: dict[str, str]) -> list[Paragraph]:
    out = [_p("rules.rook.first_lead"), _p("rules.rook.follow")]
    if r.bird or r.red_one:
        out.append(_p("rules.rook.specials_follow_trump"))
    if r.bird:
        out.append(_p("rules.rook.bird_any_time", bird=bird))
        out.append(_p("rules.rook.bird_only_trump", bird=bird))
    if r.red_one:
        out.append(_p("rules.rook.red_one_not_any_time", card=_card(RED_ONE, ROOK)))
    out.append(_p("rules.rook.trick_winner"))
    return out


def _rook_scoring(r: RookRules) -> list[Paragraph]:
    out = []
    if r.nest_size:
        out.append(_p("rules.rook.nest_to_last_trick"))
        if r.trick_bonus:
            out.append(_p("rules.rook.nest_not_a_trick"))
    out.append(_p("rules.rook.defenders_score"))
    out.append(_p(f"rules.rook.made_scores_{r.made_scores}"))
    out.append(_p("rules.rook.set"))
    out.append(_p("rules.rook.negative"))
    return out


def _rook_end(r: RookRules) -> list[Paragraph]:
    return [
        _p("rules.rook.target", count=r.target),
        _p("rules.rook.target_both"),
        _p("rules.rook.resign"),
    ]


# -- Hearts -----------------------------------------------------------------------------

JACK_DIAMONDS: Final = parse_card("JD", HEARTS)
"""The card of a variant the rules exclude (the jack of diamonds worth -10)."""


def _hearts(r: HeartsRules) -> list[Section]:
    passing = [_p("rules.hearts.pass_count", count=r.pass_count)]
    passing += [_p(f"rules.hearts.pass_{d}", round=i + 1) for i, d in enumerate(r.pass_cycle)]
    passing.append(_p("rules.hearts.pass_repeat", count=len(r.pass_cycle)))
    passing.append(_p("rules.hearts.pass_simultaneous"))
    qs = _card(QUEEN_SPADES, HEARTS)
    return [
        {
            "title": "rules.title.players",
            "paragraphs": [_p("rules.hearts.intro", count=r.players)],
        },
        {
            "title": "rules.title.cards",
            "paragraphs": [
                _p("rules.hearts.deck", count=r.hand_size * r.players),
                _p("rules.hearts.ranks"),
                _p("rules.hearts.hand_size", count=r.hand_size),
            ],
        },
        {"title": "rules.title.passing", "paragraphs": passing},
        {
            "title": "rules.title.play",
            "paragraphs": [
                _p("rules.hearts.first_lead", card=_card(TWO_CLUBS, HEARTS)),
                _p("rules.hearts.follow"),
                _p("rules.hearts.first_trick", card=qs),
                _p("rules.hearts.trick_winner"),
                _p("rules.hearts.broken", card=qs),
                _p("rules.hearts.lead_hearts"),
            ],
        },
        {
            "title": "rules.title.scoring",
            "paragraphs": [
                _p("rules.hearts.heart_points", count=r.heart_points),
                _p("rules.hearts.queen_points", card=qs, count=r.queen_points),
                _p("rules.hearts.points_per_hand", count=r.points_per_hand),
                _p("rules.hearts.moon", count=r.points_per_hand),
                _p("rules.hearts.not_played", card=_card(JACK_DIAMONDS, HEARTS)),
            ],
        },
        {
            "title": "rules.title.end",
            "paragraphs": [
                _p("rules.hearts.target", count=r.target),
                _p("rules.hearts.tie"),
            ],
        },
    ]
