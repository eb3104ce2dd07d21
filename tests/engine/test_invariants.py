"""Random-playout invariants over every rule set and option (OpenSpiel-style harness).

Each example plays seeded random games and checks, after every action:
each card exactly once; someone can act until the game is over; every legal action
applies and illegal ones raise (leaving the game unchanged); hand points add up;
replay and a JSON round-trip give the same game; no view changes when the hidden
cards are shuffled among the other hands.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crowsnest.ai.base import concrete as choose_cards
from crowsnest.ai.base import random_cards
from crowsnest.engine import (
    RULESETS,
    AnyGame,
    Bid,
    Choose,
    Discard,
    HeartsGame,
    LegalAction,
    PassCards,
    Play,
    RookGame,
    RulesError,
    new_game,
    option_specs,
    replay,
)
from crowsnest.engine.actions import action_text
from crowsnest.engine.base import state_names
from crowsnest.engine.cards import bits, card_list_text
from crowsnest.engine.rules import get_rules, tables

ROOK_IDS = [r for r in RULESETS if r.startswith("rook/")]


def concrete(action: LegalAction, rng: random.Random) -> Any:
    """A concrete action for a legal action (a random choice for a Choose template)."""
    if not isinstance(action, Choose):
        return action
    return choose_cards(action, random_cards(action, rng))


def random_action(game: AnyGame, seat: int, rng: random.Random) -> Any:
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} is an actor without a legal action"
    if isinstance(game, RookGame) and game.phase == "auction":
        # Bid rarely and low, so random games reach their target.
        if Bid(None) in legal and rng.random() < 0.75:
            return Bid(None)
        bids = [a for a in legal if isinstance(a, Bid) and a.amount is not None]
        return bids[min(len(bids) - 1, int(rng.random() * 3))]
    return concrete(rng.choice(legal), rng)


def deck_of(game: AnyGame) -> int:
    if isinstance(game, HeartsGame):
        return (1 << 52) - 1
    return tables(game.rules).deck


def check_cards_once(game: AnyGame) -> None:
    places = list(game.hands)
    places.append(sum(1 << c for c in game.trick))
    places.append(sum(1 << c for t in game.tricks for c in t.cards))
    if isinstance(game, RookGame):
        if game.phase == "auction":
            places.append(game.nest)
        else:
            places.append(game.discards)
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    if game.phase != "over":
        assert seen == deck_of(game), "a card is missing"


def check_illegal_raise(game: AnyGame, seat: int, rng: random.Random) -> None:
    """A few actions that are not legal must raise and change nothing."""
    before = json.dumps(game.record()), game.view(seat)
    not_actor = next((s for s in range(4) if s not in game.actors), None)
    attempts: list[tuple[int, Any]] = []
    if game.phase == "play":
        legal = sum(1 << a.card for a in game.legal_actions(seat) if isinstance(a, Play))
        illegal = list(bits(deck_of(game) & ~legal))
        attempts += [(seat, Play(c)) for c in rng.sample(illegal, min(3, len(illegal)))]
    if not_actor is not None and game.legal_actions(seat):
        attempts.append((not_actor, concrete(game.legal_actions(seat)[0], rng)))
    attempts.append((seat, "bid 3"))
    attempts.append((seat, "trump purple"))
    for who, action in attempts:
        with pytest.raises(RulesError) as caught:
            game.apply(who, action)
        shown = action if isinstance(action, str) else action_text(action, game.rules.family)
        named = set(shown.upper().split())
        hidden = set(card_list_text(hidden_from(game, who), game.rules.family)) - named
        assert not hidden & set(caught.value.message.upper().replace("'", " ").split())
    assert (json.dumps(game.record()), game.view(seat)) == before


def hidden_from(game: AnyGame, seat: int) -> int:
    """Cards ``seat`` may not see: other hands, and the nest or discards it did not
    handle."""
    hidden = sum(game.hands[s] for s in range(4) if s != seat)
    if isinstance(game, RookGame):
        if game.phase == "auction":
            hidden |= game.nest
        elif game.declarer != seat:
            hidden |= game.discards
    return hidden


def shuffled_hidden(game: AnyGame, seat: int, rng: random.Random) -> AnyGame:
    """A copy of ``game`` with every card ``seat`` cannot see dealt anew among the
    other hands (and the nest or discards where hidden), sizes kept."""
    other = game.clone()
    pools: list[tuple[str, int]] = [(f"h{s}", other.hands[s]) for s in range(4) if s != seat]
    if isinstance(other, RookGame):
        if other.phase == "auction":
            pools.append(("nest", other.nest))
        elif other.declarer != seat:
            pools.append(("discards", other.discards))
    cards = [c for _, mask in pools for c in bits(mask)]
    rng.shuffle(cards)
    i = 0
    for name, mask in pools:
        n = mask.bit_count()
        new = sum(1 << c for c in cards[i : i + n])
        i += n
        if name == "nest":
            assert isinstance(other, RookGame)
            other.nest = new
        elif name == "discards":
            assert isinstance(other, RookGame)
            other.discards = new
        else:
            other.hands[int(name[1])] = new
    if isinstance(other, RookGame) and other.phase != "auction" and other.declarer != seat:
        other.nest = rng.getrandbits(128)  # whatever the nest was, it must not show
    if isinstance(other, HeartsGame) and other.phase == "pass":
        for s in range(4):
            if s != seat and other.passes[s] is not None:
                other.passes[s] = rng.getrandbits(52)
    return other


def check_hand_points(game: AnyGame, hands_before: int) -> None:
    if isinstance(game, HeartsGame):
        for hearts in game.results[hands_before:]:
            if hearts.moon is None:
                assert sum(hearts.points) == 26
            else:
                assert sorted(hearts.points) == [0, 26, 26, 26]
        return
    rules = game.rules
    for rook in game.results[hands_before:]:
        expected = rules.points_per_hand
        if rook.tricks_won[0] == rook.tricks_won[1]:
            expected -= rules.trick_bonus
        assert sum(rook.counted) == expected
        assert sum(rook.tricks_won) == rules.tricks_per_hand


def play_and_check(game: AnyGame, rng: random.Random, max_actions: int) -> int:
    steps = 0
    while not game.is_over and steps < max_actions:
        actors = sorted(game.actors)
        assert actors, "nobody can act but the game is not over"
        seat = rng.choice(actors)
        check_cards_once(game)
        if steps % 7 == 0:
            check_illegal_raise(game, seat, rng)
            watcher = rng.choice([*range(4), None])
            if watcher is not None:
                assert game.view(watcher) == shuffled_hidden(game, watcher, rng).view(watcher)
            else:
                assert game.view(None).hand is None
        hands_before = len(game.results)
        game.apply(seat, random_action(game, seat, rng))
        check_hand_points(game, hands_before)
        steps += 1
    if game.is_over:
        assert not game.actors
        assert game.winner is not None
    return steps


def check_replay(game: AnyGame) -> None:
    record = json.loads(json.dumps(game.record()))
    again = replay(record)
    assert again.record() == game.record()
    for seat in [*range(4), None]:
        assert again.view(seat) == game.view(seat)
    assert again.scores == game.scores


def rook_options() -> st.SearchStrategy[tuple[str, dict[str, object]]]:
    @st.composite
    def build(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
        rules_id = draw(st.sampled_from(ROOK_IDS))
        options: dict[str, object] = {"target": draw(st.sampled_from([50, 100, 300]))}
        names = {s.name for s in option_specs(rules_id)}
        if "bird" in names:
            options["bird"] = draw(st.booleans())
        options["all_pass"] = draw(st.sampled_from(["redeal", "dealer_forced"]))
        options["discard_counters"] = draw(st.booleans())
        spec = {s.name: s for s in option_specs(rules_id, options)}["min_bid"]
        options["min_bid"] = draw(st.sampled_from([spec.default, spec.minimum]))
        get_rules(rules_id, options)
        return rules_id, options

    return build()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_hearts_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game("hearts", seed=seed)
    play_and_check(game, rng, max_actions=400)
    check_replay(game)


@settings(max_examples=60, deadline=None)
@given(choice=rook_options(), seed=st.integers(0, 2**32))
def test_rook_random_games(choice: tuple[str, dict[str, object]], seed: int) -> None:
    rules_id, options = choice
    rng = random.Random(seed)
    game = new_game(rules_id, options=options, seed=seed)
    play_and_check(game, rng, max_actions=300)
    check_replay(game)


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_whole_games_end(rules_id: str) -> None:
    """Seeded random games of every rule set run to the end with a winner."""
    for seed in range(3):
        rng = random.Random(seed)
        game = new_game(rules_id, seed=seed)
        play_and_check(game, rng, max_actions=20_000)
        assert game.is_over
        check_replay(game)


def test_start_hand_sets_pass_direction_and_dealer_and_replays() -> None:
    for k, direction in enumerate(["left", "right", "across", "none", "left"]):
        hearts = new_game("hearts", seed=k, start_hand=k)
        assert isinstance(hearts, HeartsGame)
        assert hearts.direction == direction
        assert replay(json.loads(json.dumps(hearts.record()))).record() == hearts.record()
    rook = new_game("rook/crowsnest", seed=1, start_hand=2)
    assert isinstance(rook, RookGame)
    assert rook.dealer == 1
    assert rook.actors == {2}
    again = replay(rook.record())
    assert isinstance(again, RookGame)
    assert again.dealer == 1


@pytest.mark.parametrize("bad", [-1, "2", True, 1.5])
def test_start_hand_must_be_a_hand_number(bad: object) -> None:
    with pytest.raises(RulesError) as caught:
        new_game("hearts", seed=1, start_hand=bad)  # type: ignore[arg-type]
    assert caught.value.code == "bad_start_hand"


@pytest.mark.parametrize(
    "action", [Play(-1), Play(52 + 5), PassCards(0), PassCards(-8), Discard(1 << 200)]
)
def test_action_objects_built_in_code_are_checked(action: Any) -> None:
    game = new_game("hearts", seed=3)
    before = game.record()
    with pytest.raises(RulesError) as caught:
        game.apply(0, action)
    assert caught.value.code == "malformed_action"
    assert game.record() == before


@pytest.mark.parametrize("seat", [-1, 4, True, "0"])
def test_a_view_of_no_seat_is_refused(seat: Any) -> None:
    game = new_game("rook/crowsnest", seed=1)
    with pytest.raises(RulesError) as caught:
        game.view(seat)
    assert caught.value.code == "bad_seat"


def test_negative_seeds_are_refused() -> None:
    with pytest.raises(RulesError) as caught:
        new_game("hearts", seed=-5)
    assert caught.value.code == "bad_seed"


def test_a_search_position_can_be_cloned_and_is_over_after_its_hand() -> None:
    game = new_game("hearts", seed=4, start_hand=3)
    assert isinstance(game, HeartsGame)
    position = HeartsGame.from_position(
        game.rules,
        game.hands,
        trick=(),
        leader=game.turn,
        tricks=(),
        broken=False,
        taken=(0, 0, 0, 0),
        totals=(0, 0, 0, 0),
    )
    copy = position.clone()
    while not copy.is_over:
        copy.play_fast(random_card_of(copy.legal_mask()))
    assert copy.phase == "hand_over" and not copy.actors
    assert position.phase == "play" and len(position.tricks) == 0
    with pytest.raises(RulesError) as caught:
        copy.apply(0, "play 2C")
    assert caught.value.code == "game_over"


def random_card_of(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest"])
@pytest.mark.parametrize("seat", [None, "0", 1.5, -1, 4])
def test_no_seat_has_no_legal_actions(rules_id: str, seat: Any) -> None:
    """``legal_actions`` of anything but a seat is empty, in the pass (every seat
    acts) as in the auction; it raises nothing."""
    game = new_game(rules_id, seed=2)
    assert game.legal_actions(seat) == []


def test_the_state_of_a_compiled_class_is_what_it_lists() -> None:
    """``clone`` copies the attributes ``state_names`` finds: an instance's
    ``__dict__``, and where mypyc compiled the class (crowsnest.native) the slots it
    lists in ``__mypyc_attrs__`` that are set."""

    class Compiled:
        __mypyc_attrs__ = ("hands", "trick", "__dict__", "never_set")

        def __init__(self) -> None:
            self.hands = [1, 2]
            self.trick = [3]
            self.extra = 4

    assert state_names(Compiled()) == ["hands", "trick", "extra"]
    game = new_game("hearts", seed=2)
    assert {"hands", "trick", "taken", "log", "_rng", "deals"} <= set(state_names(game))
