"""Each Hearts bot behaviour, pinned by a fixed position."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.base import Bot
from crowsnest.ai.hearts.ducker import Ducker
from crowsnest.ai.hearts.easy import Easy
from crowsnest.ai.hearts.hard import Hard
from crowsnest.ai.hearts.normal import Normal
from crowsnest.ai.hearts.search import moon_pass, survivors
from crowsnest.ai.hearts.shooter import Shooter
from crowsnest.ai.hearts.worlds import sample_world
from crowsnest.ai.registry import make_bot
from crowsnest.engine import Action, HeartsGame, HeartsView, PassCards, Play, new_game
from crowsnest.engine.cards import bits, card_text, cards_text, parse_card, parse_cards, suit_mask
from crowsnest.engine.rules.hearts import HEARTS
from crowsnest.engine.scoring import HandResult
from crowsnest.engine.tricks import HEARTS_POWER, Trick, winning_index

POINT_FIRST = sorted(range(52), key=lambda c: (c // 13 != 2 and c != parse_card("QS"), c))


def _trick(lead: int, cards: list[int]) -> Trick:
    led = cards[0] // 13
    best = max(range(len(cards)), key=lambda i: cards[i] if cards[i] // 13 == led else -1)
    return Trick(lead, tuple(cards), (lead + best) % 4, 0)


def position(
    hands: list[str],
    *,
    trick: str = "",
    leader: int = 1,
    tricks: list[tuple[int, str]] | None = None,
    broken: bool = False,
    taken: tuple[int, int, int, int] = (0, 0, 0, 0),
    totals: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> HeartsGame:
    """A consistent play-phase position with seat ``(leader + len(trick)) % 4`` to
    play. ``hands`` fixes the named cards; the other hands are filled (point cards
    first, so they stay live), and the remaining cards become earlier tricks, so
    every hand has the size the trick count implies."""
    trick_cards = [parse_card(c) for c in trick.split()]
    turn = (leader + len(trick_cards)) % 4
    done = [_trick(lead, [parse_card(c) for c in cs.split()]) for lead, cs in tricks or []]
    masks = [parse_cards(h) for h in hands]
    size = masks[turn].bit_count()
    played_now = {(leader + i) % 4 for i in range(len(trick_cards))}
    used = masks[0] | masks[1] | masks[2] | masks[3] | sum(1 << c for c in trick_cards)
    for t in done:
        used |= sum(1 << c for c in t.cards)
    rest = [c for c in POINT_FIRST if not used >> c & 1]
    for s in range(4):
        want = size - (s in played_now)
        while masks[s].bit_count() < want:
            masks[s] |= 1 << rest.pop(0)
    rest.sort()
    while rest:
        done.insert(0, _trick(0, rest[:4]))
        rest = rest[4:]
    assert len(done) + size == 13
    return HeartsGame.from_position(
        HEARTS,
        masks,
        trick=trick_cards,
        leader=leader,
        tricks=done,
        broken=broken,
        taken=taken,
        totals=totals,
    )


UNTIMED = 60.0
"""A time limit for Hard that a busy machine does not reach: its decisions in these
tests then depend on the seed alone, not on how much CPU it got."""


def decide(bot: Bot, game: HeartsGame, seed: int = 1) -> Action:
    seat = game.turn
    return bot.choose(game.view(seat), game.legal_actions(seat), random.Random(seed))


def played(action: Action) -> str:
    assert isinstance(action, Play)
    return card_text(action.card, "hearts")


def passing(bot: Bot, hand: str) -> str:
    other = [c for c in range(52) if not parse_cards(hand) >> c & 1]
    deals = [hand.split()] + [
        [card_text(c, "hearts") for c in other[13 * i : 13 * i + 13]] for i in range(3)
    ]
    game = new_game("hearts", seed=1, deals=[{"hands": deals}])
    action = bot.choose(game.view(0), game.legal_actions(0), random.Random(1))
    assert isinstance(action, PassCards)
    return cards_text(action.cards, "hearts")


# -- Ducker ------------------------------------------------------------------------


def test_ducker_passes_its_three_highest_cards() -> None:
    assert passing(Ducker(), "2C 3C 4C 5C 6C 7C 2D 3D 4D KD AH 9S QS") == "KD AH QS"


def test_ducker_follows_with_the_highest_card_that_still_loses() -> None:
    game = position(["3C JC AC 2H", "", "", ""], trick="9C KC 5C", leader=1)
    assert played(decide(Ducker(), game)) == "JC"


def test_ducker_follows_with_its_lowest_when_every_card_wins() -> None:
    game = position(["QC AC 2H 3D", "", "", ""], trick="9C TC 5C", leader=1, broken=True)
    assert played(decide(Ducker(), game)) == "QC"


def test_ducker_leads_its_lowest_card() -> None:
    game = position(["9C 5D 7S AH", "", "", ""], leader=0, tricks=[(0, "2C 3C 4C 6C")])
    assert played(decide(Ducker(), game)) == "5D"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [("QS 2H KH AD", "QS"), ("2H KH AD 3S", "KH"), ("5D AD 3S 9S", "AD")],
)
def test_ducker_void_discards_queen_then_highest_heart_then_highest(
    hand: str, expected: str
) -> None:
    game = position([hand, "", "", ""], trick="9C KC 5C", leader=1, tricks=[(0, "2C 3C 4C 6C")])
    assert played(decide(Ducker(), game)) == expected


# -- Easy -------------------------------------------------------------------------


def test_easy_avoids_taking_points_in_the_current_trick() -> None:
    game = position(["3H 9H AH 2D", "", "", ""], trick="8H KH 5H", leader=1, broken=True, tricks=[])
    assert played(decide(Easy(), game)) == "9H"


def test_easy_takes_a_clean_trick_it_cannot_avoid_with_its_highest_card() -> None:
    game = position(["QC AC 2H 3D", "", "", ""], trick="9C TC 5C", leader=1)
    assert played(decide(Easy(), game)) == "AC"


def test_easy_sheds_its_top_club_on_the_first_trick() -> None:
    game = position(["3C 9C KC 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "", "", ""], trick="2C 5C", leader=2)
    assert not game.tricks
    assert played(decide(Easy(), game)) == "KC"
    assert played(decide(Ducker(), game)) == "3C"


def test_easy_drops_the_ace_of_spades_while_the_queen_is_out() -> None:
    game = position(
        ["AS 2H 5D 9D", "QS", "", ""], trick="9C KC 5C", leader=1, tricks=[(0, "2C 3C 4C 6C")]
    )
    assert played(decide(Easy(), game)) == "AS"
    assert played(decide(Ducker(), game)) == "2H"


# -- Normal -----------------------------------------------------------------------


def test_normal_passes_the_queen_without_enough_spades_to_hide_it() -> None:
    assert "QS" in passing(Normal(), "2C 5C 8C TC 3D 6D 9D JD 4H 7H 2S 4S QS").split()


def test_normal_keeps_the_queen_with_many_low_spades() -> None:
    assert "QS" not in passing(Normal(), "2C 5C 8C 3D 6D 9D 4H 2S 3S 4S 5S 6S QS").split()


def test_normal_passes_high_spades_without_the_queen_and_high_hearts() -> None:
    passed = passing(Normal(), "2C 5C 8C TC 3D 6D 9D JD 4H AH 2S KS AS").split()
    assert {"KS", "AS"} <= set(passed)


def test_normal_voids_a_short_side_suit() -> None:
    passed = passing(Normal(), "2C 5C 8C TC 3C 6C 9C JC 4H 7H 2S KD 9D").split()
    assert {"KD", "9D"} <= set(passed)


def test_normal_sheds_the_queen_on_a_trick_it_cannot_win() -> None:
    game = position(
        ["QS 2H 5D 9D", "", "", ""],
        trick="9C KC 5C",
        leader=1,
        tricks=[(0, "2C 3C 4C 6C")],
        totals=(40, 10, 60, 70),
    )
    assert played(decide(Normal(), game)) == "QS"


def test_normal_follows_low() -> None:
    game = position(
        ["3D 8D QD AS", "", "", ""], trick="TD JD 2D", leader=1, tricks=[(0, "2C 3C 4C 6C")]
    )
    assert played(decide(Normal(), game)) == "8D"


def test_normal_does_not_lead_a_suit_it_would_surely_win() -> None:
    game = position(
        ["AD 5C 4S 8H", "", "", ""], leader=0, tricks=[(0, "2C 3C 4C 6C")], broken=False
    )
    assert played(decide(Normal(), game)) != "AD"


def test_normal_leads_no_heart_before_hearts_are_broken() -> None:
    game = position(["2H 3H AD KS", "", "", ""], leader=0, tricks=[(0, "2C 3C 4C 6C")])
    assert played(decide(Normal(), game)) in {"AD", "KS"}


def test_normal_takes_a_point_to_stop_a_lone_player_collecting_every_point() -> None:
    game = position(
        ["3H AH 2D 9S", "", "", ""],
        trick="8H KH 5H",
        leader=1,
        broken=True,
        taken=(0, 14, 0, 0),
        tricks=[(1, "2C 3C 4C 6C")],
    )
    assert played(decide(Normal(), game)) == "AH"


# -- Hard -------------------------------------------------------------------------


def test_hard_takes_a_point_trick_to_stop_the_moon() -> None:
    """Seat 1 has taken all 18 points so far; three tricks are left. It led the king
    of hearts; seat 0 plays last and stops the moon with the ace (the Ducker would
    duck with the two)."""
    tricks = [
        (0, "2C 3C 4C 5C"),
        (3, "6C 7C 8C 9C"),
        (2, "TC JC QC KC"),
        (1, "AC 2D 3D 4D"),
        (1, "5D 6D 7D 8D"),
        (0, "9D TD JD QD"),
        (3, "KD AD 2S 3S"),
        (1, "4S 5S 6S QS"),
        (3, "7S 8S AS 4H"),
        (1, "5H 6H 7H 8H"),
    ]
    hands = [parse_cards(h) for h in ("AH 2H TS", "QH JH", "TH 3H", "JS KS")]
    trick = [parse_card(c) for c in ("KH", "9H", "9S")]
    done = [Trick(lead, tuple(parse_card(c) for c in cs.split()), 1, 0) for lead, cs in tricks]
    cards = [c for t in done for c in t.cards] + trick + [c for h in hands for c in bits(h)]
    assert sorted(cards) == list(range(52))
    game = HeartsGame.from_position(
        HEARTS,
        hands,
        trick=trick,
        leader=1,
        tricks=done,
        broken=True,
        taken=(0, 18, 0, 0),
        totals=(0, 0, 0, 0),
    )
    assert played(decide(Hard(worlds=30, time_limit=UNTIMED), game)) == "AH"
    assert played(decide(Ducker(), game)) == "2H"


RUNNING = [  # (leader, cards): seat 1 wins every trick, 19 points (the queen, 2H-7H)
    (0, "2C AC 3C 4C"),
    (1, "KC 5C 6C 7C"),
    (1, "QC 8C TC JC"),
    (1, "AD 2D 3D 4D"),
    (1, "KD 5D 6D 7D"),
    (1, "QD 8D 9D TD"),
    (1, "AS 6S 7S QS"),
    (1, "KS 8S 9S TS"),
    (1, "JD JS 2H 3H"),
    (1, "7H 4H 5H 6H"),
]


def running_position() -> HeartsGame:
    """Three tricks left; seat 1 has taken all 19 points so far and leads the 9C, the
    last club (nobody can beat it). Seat 2 holds AH 2S 3S; seat 1 holds KH QH."""
    done = [
        Trick(lead, cs, (lead + winning_index(cs, suit_mask(cs[0] // 13), 0, HEARTS_POWER)) % 4, 0)
        for lead, cs in ((lead, tuple(parse_card(c) for c in s.split())) for lead, s in RUNNING)
    ]
    assert {t.winner for t in done} == {1}
    hands = [parse_cards(h) for h in ("9H 8H 5S", "KH QH", "AH 2S 3S", "JH TH 4S")]
    trick = [parse_card("9C")]
    cards = [c for t in done for c in t.cards] + trick + [c for h in hands for c in bits(h)]
    assert sorted(cards) == list(range(52))
    return HeartsGame.from_position(
        HEARTS,
        hands,
        trick=trick,
        leader=1,
        tricks=done,
        broken=True,
        taken=(0, 19, 0, 0),
        totals=(0, 0, 0, 0),
    )


@pytest.mark.parametrize("seed", range(4))
def test_hard_keeps_the_ace_of_hearts_against_a_player_running_the_table(seed: int) -> None:
    """A reported moon position: the AH thrown on seat 1's sure 9C hands it the moon
    (it cashes KH and QH; Hard scores 26); kept, the AH takes seat 1's heart lead and
    stops the moon. Hard plays the 3S at every seed, as Normal does; it needs both
    its rollouts' opponents who shoot once they run the table and worlds that give
    the runner the cards it is running on."""
    game = running_position()
    assert game.turn == 2
    assert played(decide(Hard(time_limit=UNTIMED), game, seed=seed)) == "3S"
    assert played(decide(Normal(), game)) == "3S"


def play_out(game: HeartsGame, bots: list[Bot]) -> HandResult:
    rng = random.Random(0)
    while game.phase == "play":
        s = game.turn
        game.apply(s, bots[s].choose(game.view(s), game.legal_actions(s), rng))
    result = game.results[-1]
    assert isinstance(result, HandResult)
    return result


def test_the_ace_thrown_on_the_runners_trick_gives_it_the_moon() -> None:
    """The position's answer, played out: after the AH the shooter takes all 26."""
    game = running_position()
    bots: list[Bot] = [Normal(), Shooter(), Normal(), Normal()]
    game.apply(2, Play(parse_card("AH")))
    assert play_out(game, bots).moon == 1
    kept = running_position()
    kept.apply(2, Play(parse_card("3S")))
    result = play_out(kept, bots)
    assert result.moon is None and result.points[2] > 0


OWN_RUN = [  # (leader, cards) from a dealt hand: seat 0 wins every trick, 20 points
    (3, "2C AC KC TC"),
    (0, "AD KD QD 4D"),
    (0, "AS 8S 2S TS"),
    (0, "KS 4S 9S 3S"),
    (0, "QC 7C 8C 9C"),
    (0, "QS 7S 5H 5S"),
    (0, "QH 3H 7H 8H"),
    (0, "JC 6H 6C 6S"),
    (0, "JS 3D 4H 2D"),
]
OWN_RUN_HANDS = ("AH KH JH 3C", "2H 5D 6D 7D", "4C 5C 8D 9D", "9H TH TD JD")


def own_run_position() -> HeartsGame:
    """Four tricks left; seat 0 has taken all 20 points so far and leads, holding AH KH
    JH 3C. The three hearts left (2H with seat 1, 9H TH with seat 3) fall to two heart
    leads; the 3C loses to seat 2's clubs, and seats 1 and 3, void in clubs, throw
    their hearts on it. The hand is dealt and every card played through the engine."""
    hands = [[card_text(c, "hearts") for c in bits(parse_cards(h))] for h in OWN_RUN_HANDS]
    for lead, cards in OWN_RUN:
        for i, c in enumerate(cards.split()):
            hands[(lead + i) % 4].append(c)
    game = new_game("hearts", seed=0, deals=[{"hands": hands}], start_hand=3)  # no pass
    assert isinstance(game, HeartsGame)
    for lead, cards in OWN_RUN:
        for i, c in enumerate(cards.split()):
            game.apply((lead + i) % 4, Play(parse_card(c)))
    assert game.turn == 0 and game.taken == [20, 0, 0, 0]
    return game


@pytest.mark.parametrize("seed", range(4))
def test_hard_runs_on_with_every_point_it_has_taken(seed: int) -> None:
    """Having taken every point so far with a hand no longer strong by count (three
    high cards), Hard still plays the hand out shooting the moon in its search, and
    leads a heart: it takes all 26. Before, only a hand with five high cards and three
    top hearts searched the moon line, and Hard led the 3C at every seed (as Normal
    does), giving the last hearts away."""
    game = own_run_position()
    card = played(decide(Hard(time_limit=UNTIMED), game, seed=seed))
    assert card in ("AH", "KH", "JH")
    assert played(decide(Normal(), game)) == "3C"


def test_the_heart_lead_shoots_the_moon_and_the_club_gives_it_up() -> None:
    """The position's answer, played out against three Duckers, seat 0 going on for
    the moon (the Shooter)."""
    bots: list[Bot] = [Shooter(), Ducker(), Ducker(), Ducker()]
    for lead, moon in (("JH", 0), ("3C", None)):
        game = own_run_position()
        game.apply(0, Play(parse_card(lead)))
        assert play_out(game, bots).moon == moon


def test_hard_sheds_the_queen_on_a_trick_it_cannot_win() -> None:
    game = position(
        ["QS 2H 5D 9D", "", "", ""], trick="9C KC 5C", leader=1, tricks=[(0, "2C 3C 4C 6C")]
    )
    assert played(decide(Hard(worlds=30, time_limit=UNTIMED), game)) == "QS"


def test_hard_samples_worlds_that_respect_voids_and_passes() -> None:
    game = new_game("hearts", seed=5)
    assert isinstance(game, HeartsGame)
    for s in range(4):
        action = Ducker().choose(game.view(s), game.legal_actions(s), random.Random(0))
        game.apply(s, action)
    rng = random.Random(2)
    while len(game.tricks) < 5:
        s = game.turn
        game.apply(s, Ducker().choose(game.view(s), game.legal_actions(s), rng))
    view = game.view(0)
    assert isinstance(view, HeartsView) and view.passed is not None
    receiver = 1  # hand 0 passes left
    still_held = view.passed & game.hands[receiver]
    for _ in range(50):
        world = sample_world(view, rng)
        assert world[0] == game.hands[0]
        assert [w.bit_count() for w in world] == [h.bit_count() for h in game.hands]
        assert world[receiver] & still_held == still_held
        for t in game.tricks:
            led = t.cards[0] // 13
            for i, c in enumerate(t.cards):
                seat = (t.leader + i) % 4
                if c // 13 != led and seat != 0:
                    assert not world[seat] & (0x1FFF << 13 * led)


def test_hard_chooses_its_pass_by_search_among_dangerous_cards() -> None:
    passed = passing(
        Hard(worlds=20, time_limit=UNTIMED), "2C 5C 8C TC 3D 6D 9D JD 4H 7H 2S KS AS"
    ).split()
    assert len(passed) == 3 and {"KS", "AS"} & set(passed)


def test_a_candidate_stays_in_the_search_while_one_of_its_lines_is_in_the_race() -> None:
    """Searched in two lines (lower is better), a candidate is dropped only once it is
    clearly behind in both: card 1 trails the Normal line but leads the moon line."""
    rng = random.Random(0)
    worlds = 16

    def noisy(mean: float) -> list[float]:
        return [mean + rng.uniform(-1, 1) for _ in range(worlds)]

    normal = [noisy(0.0), noisy(5.0), noisy(5.0)]
    moon = [noisy(3.0), noisy(-4.0), noisy(6.0)]
    assert survivors([normal], [0, 1, 2]) == [0]
    assert survivors([moon], [0, 1, 2]) == [1]
    assert survivors([normal, moon], [0, 1, 2]) == [0, 1]
    assert survivors([normal, moon], [0, 2]) == [0]


@pytest.mark.parametrize("seed", range(3))
def test_hard_keeps_a_moon_hand_at_the_pass(seed: int) -> None:
    """Three aces, three kings and two queens: the Normal pass gives away the top
    hearts and the ace of spades a moon needs; Hard passes its lowest cards and keeps
    the moon (a search of the dangerous cards only would not)."""
    hand = "2C 3C AC KC QC AD KD QD 7H KH AH 9S AS"
    assert set(passing(Normal(), hand).split()) == {"KH", "AH", "AS"}
    other = [c for c in range(52) if not parse_cards(hand) >> c & 1]
    random.Random(seed).shuffle(other)
    deals = [hand.split()] + [
        [card_text(c, "hearts") for c in sorted(other[13 * i : 13 * i + 13])] for i in range(3)
    ]
    game = new_game("hearts", seed=1, deals=[{"hands": deals}])
    action = Hard(worlds=20, time_limit=UNTIMED).choose(
        game.view(0), game.legal_actions(0), random.Random(seed)
    )
    assert isinstance(action, PassCards)
    assert cards_text(action.cards, "hearts") == "2C 3C 7H"
    # A review weighs the pass as the search does: the better of its two lines.
    scorer = Hard().scorer(game.view(0), game.legal_actions(0))
    assert scorer is not None and scorer.lines is not None
    world = scorer.draw(random.Random(seed))
    assert scorer.value(world, action) == min(scorer.lines(world, action))


def test_the_moon_pass_keeps_the_high_cards_and_the_queen() -> None:
    assert moon_pass(parse_cards("2C 3C AC KC QC AD KD QD 7H KH AH 9S AS"), 3) == parse_cards(
        "2C 3C 7H"
    )
    # Low hearts go first; the queen of spades stays whatever its rank.
    assert moon_pass(parse_cards("QS 4S 5S 6S AC KC QC AD KD AH 2H 3H 9D"), 3) == parse_cards(
        "2H 3H 4S"
    )
    assert moon_pass(parse_cards("2C 5C 8C TC 3D 6D 9D JD 4H 7H 2S KS AS"), 3) is None
    # Nine queens, kings and aces: a bot asking for ten tries no moon pass.
    assert moon_pass(parse_cards("2C 3C AC KC QC AD KD QD 7H KH AH 9S AS"), 3, high=10) is None


@pytest.mark.parametrize("name", ["ducker", "easy", "normal", "shooter", "hard"])
def test_same_seed_same_decision(name: str) -> None:
    game = position(
        ["3D 8D QD AS 2H 5H", "", "", ""], trick="TD", leader=3, tricks=[(0, "2C 3C 4C 6C")]
    )
    bot = make_bot("hearts", name)
    if isinstance(bot, Hard):
        bot.worlds, bot.time_limit = 10, UNTIMED
    decisions = {repr(decide(bot, game, seed=9)) for _ in range(3)}
    assert len(decisions) == 1


@pytest.mark.parametrize("name", ["ducker", "easy", "normal", "shooter", "hard"])
def test_bots_play_only_legal_actions_through_whole_hands(name: str) -> None:
    bot = make_bot("hearts", name)
    if isinstance(bot, Hard):
        bot.worlds, bot.time_limit = 4, UNTIMED
    for seed in range(3):
        game = new_game("hearts", seed=seed, start_hand=seed)
        rng = random.Random(seed)
        while not game.results:
            seat = min(game.actors)
            game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        result = game.results[0]
        assert isinstance(result, HandResult)
        assert sum(result.points) in (26, 78)


def test_hard_shoots_the_moon_when_its_hand_allows() -> None:
    """Six top hearts, the top three spades, AD KD AC and the 2D: cashing the winners
    before giving up the diamond takes all 26 points. Hard finds the line, and the
    Shooter goes for it; the Normal policy, leading its safe low diamond early, lets
    a heart go elsewhere."""
    mine = ["AH", "KH", "QH", "JH", "TH", "9H", "AS", "KS", "QS", "AD", "KD", "AC", "2D"]
    rest = [card_text(c, "hearts") for c in range(52) if card_text(c, "hearts") not in mine]
    deal = {"hands": [mine, rest[0:13], rest[13:26], rest[26:39]]}
    moons = {}
    for name, bot in (
        ("hard", Hard(worlds=24, time_limit=UNTIMED)),
        ("normal", Normal()),
        ("shooter", Shooter()),
    ):
        game = new_game("hearts", seed=1, deals=[deal], start_hand=3)  # no pass
        bots: list[Bot] = [bot, Ducker(), Ducker(), Ducker()]
        rng = random.Random(4)
        while not game.results:
            s = min(game.actors)
            game.apply(s, bots[s].choose(game.view(s), game.legal_actions(s), rng))
        result = game.results[0]
        assert isinstance(result, HandResult)
        moons[name] = result.moon
    assert moons == {"hard": 0, "normal": None, "shooter": 0}
