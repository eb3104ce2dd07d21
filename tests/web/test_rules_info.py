"""The Info tab's rules: every number comes from the rule set's data, options applied,
and every key it uses is in all four catalogs with the same placeholders."""

from __future__ import annotations

import re
from typing import Any

import pytest

from crowsnest.engine import RULESETS, HeartsRules, RookRules, get_rules, option_specs
from crowsnest.engine.cards import rook_card
from crowsnest.engine.rules import tables
from crowsnest.rules_info import rules_info
from crowsnest.web import LANGUAGES, catalog

ROOK = [r for r in RULESETS if r != "hearts"]


def _paragraphs(rules_id: str, options: dict[str, object] | None = None) -> list[dict[str, Any]]:
    return [dict(p) for s in rules_info(rules_id, options) for p in s["paragraphs"]]


def _args(rules_id: str, key: str, options: dict[str, object] | None = None) -> list[Any]:
    return [p["args"] for p in _paragraphs(rules_id, options) if p["key"] == key]


def _one(rules_id: str, key: str, options: dict[str, object] | None = None) -> dict[str, Any]:
    found = _args(rules_id, key, options)
    assert len(found) == 1, (rules_id, key, found)
    result: dict[str, Any] = found[0]
    return result


def _option_sets(rules_id: str) -> list[dict[str, object]]:
    """The defaults, and each option changed on its own to a value it allows."""
    out: list[dict[str, object]] = [{}]
    for spec in option_specs(rules_id):
        if spec.kind == "bool":
            out.append({spec.name: not spec.default})
        elif spec.kind == "choice":
            out += [{spec.name: c} for c in spec.choices if c != spec.default]
        else:
            default = spec.default
            assert isinstance(default, int)
            out.append({spec.name: default + spec.step if default < spec.maximum else spec.minimum})
    return out


CASES = [(r, o) for r in RULESETS for o in _option_sets(r)]
ROOK_CASES = [(r, o) for r, o in CASES if r != "hearts"]


@pytest.mark.parametrize(
    ("rules_id", "options"), ROOK_CASES, ids=[f"{r}-{o}" for r, o in ROOK_CASES]
)
def test_rook_numbers_are_the_engines(rules_id: str, options: dict[str, object]) -> None:
    rules = get_rules(rules_id, options)
    assert isinstance(rules, RookRules)
    t = tables(rules)
    assert _one(rules_id, "rules.rook.deck", options) == {"count": t.deck.bit_count()}
    assert rules.deck_size == t.deck.bit_count()
    numbers = _args(rules_id, "rules.rook.numbers", options) + _args(
        rules_id, "rules.rook.numbers_and_ones", options
    )
    assert len(numbers) == 1
    low, high = numbers[0]["low"], numbers[0]["high"]
    stated = set(range(low, high + 1)) | (
        {1} if "rules.rook.numbers_and_ones" in _keys(rules_id, options) else set()
    )
    assert stated == set(rules.numbers)
    # Rank order is the engine's rank table, high to low.
    order = _one(rules_id, "rules.rook.rank_order", options)["order"]
    ranks = [t.rank[rook_card(1, n)] for n in order]
    assert ranks == sorted(ranks, reverse=True) and sorted(order) == sorted(rules.numbers)
    counters = [(a["number"], a["count"]) for a in _args(rules_id, "rules.rook.counter", options)]
    assert tuple(counters) == rules.counters
    bird = _args(rules_id, "rules.rook.counter_bird", options)
    assert [a["count"] for a in bird] == ([rules.bird_points] if rules.bird else [])
    red = _args(rules_id, "rules.rook.counter_red_one", options)
    assert [a["count"] for a in red] == ([rules.red_one_points] if rules.red_one else [])
    stated_points = 4 * sum(p for _, p in counters) + sum(a["count"] for a in bird + red)
    assert stated_points == rules.counter_points == sum(t.points)
    bonus = _args(rules_id, "rules.rook.trick_bonus", options)
    assert [a["count"] for a in bonus] == ([rules.trick_bonus] if rules.trick_bonus else [])
    assert _one(rules_id, "rules.rook.points_per_hand", options) == {"count": rules.points_per_hand}
    assert _one(rules_id, "rules.rook.hand_size", options) == {"count": rules.hand_size}
    nest = _args(rules_id, "rules.rook.nest_size", options)
    assert [a["count"] for a in nest] == ([rules.nest_size] if rules.nest_size else [])
    assert _one(rules_id, "rules.rook.min_bid", options) == {"count": rules.min_bid}
    assert _one(rules_id, "rules.rook.max_bid", options) == {"count": rules.max_bid}
    assert _one(rules_id, "rules.rook.bid_step", options) == {"count": rules.bid_step}
    assert _one(rules_id, "rules.rook.target", options) == {"count": rules.target}
    keys = _keys(rules_id, options)
    assert f"rules.rook.all_pass_{rules.all_pass}" in keys
    assert f"rules.rook.made_scores_{rules.made_scores}" in keys
    assert ("rules.rook.bird_card" in keys) == rules.bird
    assert (f"rules.rook.bird_{rules.bird_place}" in keys) == rules.bird
    discard = {k for k in keys if k.startswith("rules.rook.discard_")}
    if rules.nest_size:
        allowed = "any" if rules.discard_counters else "no_counters"
        assert discard == {f"rules.rook.discard_{allowed}{'_bird' if rules.bird else ''}"}
    else:
        assert discard == set()


def _keys(rules_id: str, options: dict[str, object] | None = None) -> set[str]:
    return {p["key"] for p in _paragraphs(rules_id, options)}


@pytest.mark.parametrize("rules_id", ROOK)
def test_changing_an_option_changes_the_text(rules_id: str) -> None:
    base = get_rules(rules_id)
    assert isinstance(base, RookRules)
    assert _one(rules_id, "rules.rook.target", {"target": 750}) == {"count": 750}
    assert _one(rules_id, "rules.rook.min_bid", {"min_bid": 85}) == {"count": 85}
    forced = _keys(rules_id, {"all_pass": "dealer_forced"})
    assert "rules.rook.all_pass_dealer_forced" in forced
    assert "rules.rook.all_pass_redeal" not in forced
    if base.nest_size:
        assert any("no_counters" in k for k in _keys(rules_id, {"discard_counters": False}))
    if base.bird_optional:
        without = get_rules(rules_id, {"bird": False})
        assert isinstance(without, RookRules)
        assert _one(rules_id, "rules.rook.deck", {"bird": False}) == {"count": base.deck_size - 1}
        assert _one(rules_id, "rules.rook.points_per_hand", {"bird": False}) == {
            "count": without.points_per_hand
        }
        assert _one(rules_id, "rules.rook.nest_size", {"bird": False}) == {
            "count": without.nest_size
        }
        assert "rules.rook.no_bird" in _keys(rules_id, {"bird": False})


def test_crowsnest_states_its_two_changes() -> None:
    keys = _keys("rook/crowsnest")
    assert {"rules.rook.crowsnest_changes", "rules.rook.bird_lowest"} <= keys
    assert "rules.rook.made_scores_bid" in keys
    assert _one("rook/crowsnest", "rules.rook.bird_lowest")["low"] == 5
    assert "rules.rook.crowsnest_changes" not in _keys("rook/tournament")


def test_every_rook_rule_set_states_how_a_resigned_game_ends() -> None:
    for rules_id in ("rook/crowsnest", "rook/tournament", "rook/dixie"):
        assert "rules.rook.resign" in _keys(rules_id)
    assert "rules.rook.resign" not in _keys("hearts")


def test_house_choices_are_marked() -> None:
    def house(rules_id: str, options: dict[str, object] | None = None) -> set[str]:
        return {p["key"] for p in _paragraphs(rules_id, options) if p["house"]}

    assert house("rook/crowsnest") == set()
    assert house("rook/tournament") == set()
    assert house("rook/tournament", {"bird": False}) == {"rules.rook.min_bid"}
    assert "rules.rook.trick_bonus_tie" in house("rook/partnership")
    assert "rules.rook.red_one_not_any_time" in house("rook/red-one")
    assert house("rook/dixie") == {"rules.rook.first_lead", "rules.rook.nest_to_last_trick"}
    assert _one("rook/dixie", "rules.rook.trick_bonus_odd") == {"count": 13}


@pytest.mark.parametrize(("rules_id", "options"), ROOK_CASES)
def test_every_house_choice_of_the_rules_is_a_paragraph(
    rules_id: str, options: dict[str, object]
) -> None:
    """The rule data names its house choices; each names a paragraph of the tab (the
    minimum bid without the bird card is the minimum bid once it is removed)."""
    rules = get_rules(rules_id, options)
    assert isinstance(rules, RookRules)
    house = {p["key"] for p in _paragraphs(rules_id, options) if p["house"]}
    named = {f"rules.rook.{name}" for name in rules.house if name != "min_bid_without_bird"}
    assert house == named
    assert ("min_bid_without_bird" in rules.house) <= rules.bird_optional


def test_hearts_numbers_are_the_engines() -> None:
    rules = RULESETS["hearts"]
    assert isinstance(rules, HeartsRules)
    assert _one("hearts", "rules.hearts.deck") == {"count": 52}
    assert _one("hearts", "rules.hearts.hand_size") == {"count": rules.hand_size}
    assert _one("hearts", "rules.hearts.pass_count") == {"count": 3}
    cycle = [
        p for p in _paragraphs("hearts") if re.fullmatch(r"rules\.hearts\.pass_[a-z]+", p["key"])
    ]
    directions = [
        p["key"].rsplit("_", 1)[1] for p in cycle if p["key"] != "rules.hearts.pass_count"
    ]
    directions = [d for d in directions if d not in ("repeat", "simultaneous")]
    assert tuple(directions) == rules.pass_cycle
    assert _one("hearts", "rules.hearts.queen_points") == {"card": {"card": "QS"}, "count": 13}
    assert _one("hearts", "rules.hearts.moon")["count"] == rules.points_per_hand == 26
    assert _one("hearts", "rules.hearts.target") == {"count": rules.target}
    assert _one("hearts", "rules.hearts.first_lead") == {"card": {"card": "2C"}}


PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


def _placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in PLACEHOLDER.findall(str(text))}


def _used() -> dict[str, set[str]]:
    """Every key the rules info uses (titles, paragraphs, nested keys) and its args."""
    used: dict[str, set[str]] = {}
    for rules_id, options in CASES:
        for section in rules_info(rules_id, options):
            used.setdefault(section["title"], set())
            for p in section["paragraphs"]:
                used.setdefault(p["key"], set()).update(p["args"])
                for value in p["args"].values():
                    if isinstance(value, dict) and "key" in value:
                        used.setdefault(value["key"], set())
    return used


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_used_is_translated_with_its_placeholders(lang: str) -> None:
    english, entries = catalog("en"), catalog(lang)
    for key, args in _used().items():
        assert key in entries, f"{lang}: {key} missing"
        # The English text uses exactly the arguments sent, every language the same.
        assert _placeholders(english[key]) == args, (key, args)
        assert _placeholders(entries[key]) == args, (lang, key)
        # A number that varies picks a plural form in every language.
        assert isinstance(entries[key], dict) == ("count" in args), (lang, key)


def test_arguments_are_json_numbers_cards_keys_or_lists() -> None:
    for rules_id, options in CASES:
        for p in _paragraphs(rules_id, options):
            for value in p["args"].values():
                if isinstance(value, dict):
                    assert set(value) in ({"card"}, {"key"}), value
                elif isinstance(value, list):
                    assert all(isinstance(v, int) for v in value)
                else:
                    assert isinstance(value, int) and not isinstance(value, bool), value
