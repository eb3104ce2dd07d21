"""Random-playout throughput: complete hands per second on one core.

Each row plays complete hands from a fresh deal with uniformly random legal actions
(chance resolved by sampling) until the time is up, and reports hands per second.
Our rule sets come from the registry ``OURS`` in :mod:`bench.workloads`;
the reference row is OpenSpiel's Hearts (C++ engine, driven from Python the same way),
with parameters set to match our Hearts rules as closely as that game allows.
"""

from __future__ import annotations

import datetime
import functools
import importlib.metadata
import platform
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

PlayOne = Callable[[random.Random], int | None]
"""Plays complete hands from fresh deals, drawing all randomness from the rng, and
returns how many (None: one). A batched workload plays many hands per call."""

DEFAULT_SEED = 20240601

OPENSPIEL_HEARTS_PARAMS: Mapping[str, bool] = {
    # Pass 3 cards. OpenSpiel plays one deal per game, so the pass direction is the first
    # chance outcome, uniform over none/left/across/right (our cycle: left, right, across,
    # none -- the same mix over four hands).
    "pass_cards": True,
    # The two of clubs leads the first trick.
    "can_lead_any_club": False,
    # No hearts or queen of spades on the first trick unless the hand holds nothing else.
    "no_pts_on_first_trick": True,
    # Hearts may not be led before they are broken, unless the hand holds only hearts.
    "must_break_hearts": True,
    # The queen of spades does not break hearts.
    "qs_breaks_hearts": False,
    # Holding only hearts and the queen of spades, the queen must be led (hearts unbroken).
    "can_lead_hearts_instead_of_qs": False,
    # No jack of diamonds bonus, no bonus for taking no tricks. Moon: the shooter scores 0,
    # the others 26 each (classic; OpenSpiel's only moon rule).
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
}


class SpielState(Protocol):
    """The part of ``pyspiel.State`` used here (and in the tests)."""

    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def history(self) -> list[int]: ...
    def returns(self) -> list[float]: ...


class SpielGame(Protocol):
    """The part of ``pyspiel.Game`` used here."""

    def new_initial_state(self) -> SpielState: ...


def load_openspiel_hearts() -> SpielGame | None:
    """OpenSpiel's Hearts with our parameters, or None when open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game: SpielGame = pyspiel.load_game("hearts", dict(OPENSPIEL_HEARTS_PARAMS))
    return game


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Draw an action from ``(action, probability)`` pairs."""
    r = rng.random()
    for action, probability in outcomes:
        r -= probability
        if r < 0.0:
            return action
    return outcomes[-1][0]  # rounding: the probabilities summed to slightly under 1


def openspiel_hearts_hand(game: SpielGame, rng: random.Random) -> None:
    """Play one complete hand (one OpenSpiel game = one deal) with random actions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def hands_per_second(play_one: PlayOne, seconds: float, seed: int) -> tuple[int, float]:
    """Play hands with one ``random.Random(seed)`` until ``seconds`` have passed.

    Always plays at least one hand. Returns (hands played, hands per second).
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be > 0, got {seconds!r}")
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        played = play_one(rng)
        hands += 1 if played is None else played
        now = time.perf_counter()
        if now >= deadline:
            break
    return hands, hands / (now - start)


def load_ours() -> dict[str, PlayOne]:
    """Our rule sets' playout functions (:data:`bench.workloads.OURS`)."""
    from bench.workloads import OURS

    ours: dict[str, PlayOne] = dict(OURS)
    return ours


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in {"model name", "Model", "cpu model", "Hardware"}:
            return value.strip()
    return platform.processor() or "unknown"


def machine_info() -> dict[str, str]:
    """Where and when the numbers were measured."""
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _openspiel_version() -> str:
    try:
        return importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        return "?"


def main(seconds: float = 5.0) -> int:
    """Print machine info and a hands/s table: our rule sets, then OpenSpiel Hearts."""
    for key, value in machine_info().items():
        print(f"{key + ':':10}{value}")
    print(f"{'budget:':10}{seconds:g} s per row, one core, seed {DEFAULT_SEED}")
    print()

    rows: list[tuple[str, int, float]] = []
    ours = load_ours()
    for name, play_one in ours.items():
        hands, rate = hands_per_second(play_one, seconds, DEFAULT_SEED)
        rows.append((f"crowsnest {name}", hands, rate))

    reference: float | None = None
    game = load_openspiel_hearts()
    if game is None:
        print("note: open_spiel is not installed (pip install -e '.[bench]'); row skipped")
    else:
        play_openspiel = functools.partial(openspiel_hearts_hand, game)
        hands, reference = hands_per_second(play_openspiel, seconds, DEFAULT_SEED)
        rows.append((f"openspiel {_openspiel_version()} hearts", hands, reference))

    if rows:
        width = max(len("engine / rules"), *(len(label) for label, _, _ in rows))
        print(f"{'engine / rules':<{width}}  {'hands':>9}  {'hands/s':>10}")
        for label, hands, rate in rows:
            print(f"{label:<{width}}  {hands:>9}  {rate:>10.1f}")

    if reference is not None:
        print()
        for label, _, rate in rows:
            if label.startswith("crowsnest hearts"):
                print(f"ratio {label} / openspiel hearts: {rate / reference:.2f}")
    return 0
