"""The rating rules (crowsnest.server.people.ratings.rate_game) as properties: no sequence
of resigns or leaves between two identities raises either one's rating; a quitter
always loses; a game not played as a game moves nobody but its quitters; new
identities and pairs that keep meeting move each other little or not at all."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from crowsnest.server.people.ratings import (
    MIN_HANDS,
    MIN_OWN_DECISIONS,
    SETTLED,
    UNRATED,
    Entrant,
    Rating,
    Seated,
    bot_rating,
    pair_weight,
    rate,
    rate_game,
)

TEAMS = {"rook": (0, 1, 0, 1), "hearts": (0, 1, 2, 3)}
"""The identities sit at seats 0 and 1, on different sides; bots hold seats 2 and 3."""


@dataclass
class Identity:
    name: str
    rating: Rating = UNRATED
    evidence: float = 0.0


@dataclass
class Ledger:
    """What the store keeps between games: ratings, evidence, games together."""

    people: list[Identity] = field(default_factory=lambda: [Identity("a"), Identity("b")])
    together: int = 0

    def play(self, game: Game) -> None:
        seats = game.seats(self)
        changes = rate_game(game.family, seats, game.hands, {frozenset("ab"): self.together})
        for seat, change in changes.items():
            person = self.people[seat]
            person.rating = change.rating
            person.evidence += 0.0 if change.quit else change.weight
        self.together += 1


@dataclass(frozen=True)
class Game:
    family: str
    places: tuple[int, ...]
    """By side: Rook's two teams, Hearts' four seats."""
    hands: int
    own: tuple[int, int]
    quit: tuple[bool, bool]
    level: str = "normal"

    def seats(self, ledger: Ledger) -> list[Seated]:
        teams = TEAMS[self.family]
        bot = bot_rating(self.family, self.level)
        people = [
            Seated(teams[i], self.places[teams[i]], p.rating, p.name, self.own[i], self.quit[i],
                   p.evidence)
            for i, p in enumerate(ledger.people)
        ]  # fmt: skip
        bots = [Seated(teams[i], self.places[teams[i]], bot) for i in (2, 3)]
        return people + bots


@st.composite
def games(draw: st.DrawFn, quits: bool = True) -> Game:
    """A game between the two identities, ending in whatever way; one of them (or
    both) resigned or left when ``quits``."""
    family = draw(st.sampled_from(sorted(TEAMS)))
    places: tuple[int, ...]
    if family == "rook":
        first = draw(st.integers(0, 1))
        places = (1, 2, 1, 2) if first == 0 else (2, 1, 2, 1)
    else:
        places = tuple(draw(st.lists(st.integers(1, 4), min_size=4, max_size=4)))
    quit = draw(
        st.sampled_from([(True, False), (False, True), (True, True)])
        if quits
        else st.just((False, False))
    )
    return Game(
        family,
        places,
        hands=draw(st.integers(0, 6)),
        own=(draw(st.integers(0, 60)), draw(st.integers(0, 60))),
        quit=quit,
        level=draw(st.sampled_from(["easy", "normal", "hard"])),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(games(), min_size=1, max_size=12))
def test_no_resigns_or_leaves_between_two_identities_raise_either(plays: list[Game]) -> None:
    ledger = Ledger()
    for game in plays:
        ledger.play(game)
        for person in ledger.people:
            assert person.rating.mu <= UNRATED.mu, (person, game)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(games(quits=False), min_size=1, max_size=12),
    st.lists(games(), min_size=1, max_size=4),
)
def test_new_identities_never_move_each_other(played: list[Game], quits: list[Game]) -> None:
    """Even games played in full between two new identities, as many as they like,
    raise neither: each has no evidence but from the other."""
    ledger = Ledger()
    for game in played + quits:
        ledger.play(game)
    for person in ledger.people:
        assert person.rating.mu <= UNRATED.mu and person.evidence == 0.0


@settings(max_examples=200, deadline=None)
@given(games(), st.floats(0, 50), st.floats(0, 50), st.floats(10, 40), st.floats(10, 40))
def test_a_quitter_always_loses_and_an_unplayed_game_moves_no_one_else(
    game: Game, evidence_a: float, evidence_b: float, mu_a: float, mu_b: float
) -> None:
    """Whatever their histories."""
    ledger = Ledger([Identity("a", Rating(mu_a, 5.0), evidence_a),
                     Identity("b", Rating(mu_b, 3.0), evidence_b)])  # fmt: skip
    unplayed = replace(game, hands=0)
    changes = rate_game(game.family, unplayed.seats(ledger), unplayed.hands, {})
    for seat, person in enumerate(ledger.people):
        if game.quit[seat]:
            assert changes[seat].quit and changes[seat].rating.mu < person.rating.mu
        else:
            assert seat not in changes


def test_a_game_is_played_with_one_hand_and_everyones_own_decisions() -> None:
    ledger = Ledger([Identity("a", evidence=SETTLED), Identity("b", evidence=SETTLED)])
    full = Game("rook", (1, 2, 1, 2), MIN_HANDS, (MIN_OWN_DECISIONS,) * 2, (False, False))
    assert set(rate_game("rook", full.seats(ledger), full.hands, {})) == {0, 1}
    for short in (replace(full, hands=MIN_HANDS - 1), replace(full, own=(50, 3))):
        assert rate_game("rook", short.seats(ledger), short.hands, {}) == {}


def test_a_leaver_loses_though_the_bots_win_the_game_for_the_seat() -> None:
    ledger = Ledger([Identity("a", evidence=SETTLED), Identity("b", evidence=SETTLED)])
    left = Game("rook", (1, 2, 1, 2), 3, (40, 40), (True, False))  # a's side won
    changes = rate_game("rook", left.seats(ledger), left.hands, {})
    assert changes[0].quit and changes[0].rating.mu < UNRATED.mu
    assert changes[1].rating.mu < UNRATED.mu  # b lost the game: a loss for b too


def test_evidence_and_meetings_scale_what_a_game_moves() -> None:
    """Against a settled opponent met for the first time a played game counts in
    full; half as much with half the evidence; each earlier meeting halves it."""

    def weight(evidence: float, meetings: int) -> float:
        ledger = Ledger([Identity("a", evidence=SETTLED), Identity("b", evidence=evidence)])
        game = Game("hearts", (1, 2, 3, 4), 2, (30, 30), (False, False))
        changes = rate_game("hearts", game.seats(ledger), 2, {frozenset("ab"): meetings})
        return changes[0].weight if 0 in changes else 0.0  # not rated: it moved nothing

    assert weight(SETTLED, 0) == 1.0 and weight(SETTLED / 2, 0) == 0.5
    assert [weight(SETTLED, n) for n in range(3)] == [pair_weight(n) for n in range(3)]
    assert weight(0.0, 0) == 0.0


def test_against_bots_alone_a_game_counts_in_full() -> None:
    bot = bot_rating("hearts", "hard")
    seats = [Seated(0, 1, UNRATED, "a", own=40)] + [Seated(s, s + 1, bot) for s in (1, 2, 3)]
    [change] = rate_game("hearts", seats, 3, {}).values()
    plain = rate("hearts", [Entrant(s.team, s.place, s.rating) for s in seats])[0]
    assert change.weight == 1.0 and change.rating == plain


def test_a_player_holding_two_seats_is_not_rated() -> None:
    bot = bot_rating("rook", "normal")
    seats = [Seated(0, 1, UNRATED, "a", own=40), Seated(1, 2, UNRATED, "a", own=40),
             Seated(0, 1, bot), Seated(1, 2, bot)]  # fmt: skip
    assert rate_game("rook", seats, 3, {}) == {}
