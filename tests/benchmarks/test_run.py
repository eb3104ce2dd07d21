import random
import time

import pytest
from bench.__main__ import parse_args
from bench.run import (
    OPENSPIEL_HEARTS_PARAMS,
    SpielGame,
    SpielState,
    hands_per_second,
    openspiel_hearts_hand,
    sample_chance,
)


class CountingHand:
    """A trivial 'hand': records each call and the first number it draws."""

    def __init__(self) -> None:
        self.draws: list[float] = []

    def __call__(self, rng: random.Random) -> None:
        self.draws.append(rng.random())


def test_hands_per_second_counts_every_hand() -> None:
    play = CountingHand()
    start = time.perf_counter()
    hands, rate = hands_per_second(play, seconds=0.05, seed=7)
    elapsed = time.perf_counter() - start
    assert hands == len(play.draws)
    assert hands > 1
    assert elapsed >= 0.05
    # rate is hands over the measured time, which is within the outer measurement.
    assert hands / elapsed <= rate <= hands / 0.05


def test_hands_per_second_uses_one_rng_seeded_with_seed() -> None:
    play = CountingHand()
    hands, _ = hands_per_second(play, seconds=0.01, seed=7)
    expected = random.Random(7)
    assert play.draws == [expected.random() for _ in range(hands)]


def test_hands_per_second_plays_at_least_one_slow_hand() -> None:
    def slow(rng: random.Random) -> None:
        time.sleep(0.02)

    hands, rate = hands_per_second(slow, seconds=0.001, seed=0)
    assert hands == 1
    assert 0 < rate <= 1 / 0.02


@pytest.mark.parametrize("seconds", [0.0, -1.0])
def test_hands_per_second_rejects_non_positive_budget(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds"):
        hands_per_second(CountingHand(), seconds=seconds, seed=0)


def test_sample_chance_follows_probabilities() -> None:
    outcomes = [(10, 0.25), (11, 0.75)]
    rng = random.Random(3)
    draws = [sample_chance(outcomes, rng) for _ in range(4000)]
    assert set(draws) == {10, 11}
    assert 0.7 < draws.count(11) / len(draws) < 0.8


class RecordingGame:
    """Wraps a game and keeps every state it hands out."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game
        self.states: list[SpielState] = []

    def new_initial_state(self) -> SpielState:
        state = self.game.new_initial_state()
        self.states.append(state)
        return state


def test_openspiel_hearts_hand_plays_one_deal_to_the_end() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from bench.run import load_openspiel_hearts

    game = load_openspiel_hearts()
    assert game is not None
    params = pyspiel.load_game("hearts", dict(OPENSPIEL_HEARTS_PARAMS)).get_parameters()
    assert {key: params[key] for key in OPENSPIEL_HEARTS_PARAMS} == OPENSPIEL_HEARTS_PARAMS

    recording = RecordingGame(game)
    openspiel_hearts_hand(recording, random.Random(1))
    (state,) = recording.states
    assert state.is_terminal()
    # pass direction + 52 dealt + (12 passed unless "no pass") + 52 played
    assert len(state.history()) in {1 + 52 + 52, 1 + 52 + 12 + 52}
    # Returns are 26 minus points: 26 points in all, or 78 when someone shot the moon.
    assert sum(26 - r for r in state.returns()) in {26, 78}


def test_hands_per_second_counts_hands_a_batched_workload_reports() -> None:
    calls: list[int] = []

    def batch(rng: random.Random) -> int:
        calls.append(1)
        return 100

    hands, _ = hands_per_second(batch, seconds=0.01, seed=0)
    assert hands == 100 * len(calls)


def test_every_rule_set_has_an_engine_workload_that_plays_hands() -> None:
    from bench.workloads import OURS

    from crowsnest.engine import RULESETS

    for rules_id in RULESETS:
        play = OURS[f"{rules_id} (engine)"]
        rng = random.Random(1)
        assert sum(play(rng) for _ in range(20)) == 20


@pytest.mark.parametrize("seconds", ["0", "-1", "abc"])
def test_bench_rejects_bad_seconds(seconds: str) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(["--seconds", seconds])
    assert exc.value.code == 2


def test_bench_takes_seconds() -> None:
    assert parse_args(["--seconds", "0.5"]).seconds == 0.5
    assert parse_args([]).seconds == 5.0
