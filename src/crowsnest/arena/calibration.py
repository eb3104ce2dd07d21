"""The Rook auction's calibration: what Hard's playouts expect of its contracts
against what then happens at the table.

Deal ``k`` is played twice, as an arena match plays it (:mod:`crowsnest.arena.rook`):
the bot's team in seats 0 and 2, then 1 and 3, against the field, the cards from
the game seed of ``(seed, k)`` and each seat's chances from the seat seed of
``(seed, k, seat)``, the search bots untimed. Every contract the bot's team declares
is then forecast from the view of the declarer's last bid: ``worlds`` worlds drawn
as that decision drew them, the contract played out at the final bid the way the
auction's playouts play it (:meth:`crowsnest.ai.rook.hard.Hard.forecast`). A
calibrated auction makes as many contracts as it forecasts, band by band.

``crowsnest calibrate RULES_ID`` runs it (docs/arena.md); docs/ai.md, "The auction's
calibration", has the figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from crowsnest.ai.base import Bot
from crowsnest.ai.registry import make_bot
from crowsnest.ai.rook.hard import Hard
from crowsnest.ai.specs import canonical_spec
from crowsnest.arena.hand import Job, play_hand
from crowsnest.arena.players import Seating
from crowsnest.arena.rook import play_of
from crowsnest.arena.seeding import seat_seed
from crowsnest.engine import (
    RULESETS,
    Action,
    Bid,
    LegalAction,
    PlayerView,
    RookRules,
    RookView,
)

BANDS: tuple[float, ...] = (0.7, 0.8, 0.9)
"""The forecast chances at which the report's bands divide."""


@dataclass(frozen=True, slots=True)
class Contract:
    """One contract the bot's team declared, forecast and played."""

    deal: int
    play: int
    """0: the bot's team in seats 0 and 2; 1: in seats 1 and 3."""
    bid: int
    forecast: float
    """The share of the worlds in which the playouts make it."""
    forecast_counted: float
    made: bool
    counted: int


@dataclass(frozen=True, slots=True)
class Band:
    """The contracts whose forecast falls in ``[low, high)``."""

    low: float
    high: float
    contracts: int
    forecast: float
    made: float
    forecast_counted: float
    counted: float


@dataclass(frozen=True, slots=True)
class Calibration:
    rules: str
    bot: str
    field: str
    deals: int
    worlds: int
    seed: int
    contracts: tuple[Contract, ...]

    def band(self, low: float, high: float) -> Band | None:
        """The contracts forecast in ``[low, high)``; None if there are none."""
        inside = [c for c in self.contracts if low <= c.forecast < high]
        if not inside:
            return None
        n = len(inside)
        return Band(
            low,
            high,
            n,
            sum(c.forecast for c in inside) / n,
            sum(c.made for c in inside) / n,
            sum(c.forecast_counted for c in inside) / n,
            sum(c.counted for c in inside) / n,
        )

    def bands(self) -> list[Band]:
        """All the contracts first (``[0, 2)``), then each band of :data:`BANDS`."""
        edges = (0.0, *BANDS, 2.0)
        found = [self.band(0.0, 2.0), *(self.band(a, b) for a, b in pairwise(edges))]
        return [b for b in found if b is not None]

    def json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "bot": self.bot,
            "field": self.field,
            "deals": self.deals,
            "worlds": self.worlds,
            "seed": self.seed,
            "bands": [
                {
                    "low": b.low,
                    "high": min(b.high, 1.0),
                    "contracts": b.contracts,
                    "forecast": b.forecast,
                    "made": b.made,
                    "forecast_counted": b.forecast_counted,
                    "counted": b.counted,
                }
                for b in self.bands()
            ],
        }

    def text(self) -> str:
        lines = [
            f"{self.rules} auction calibration: {self.bot} against {self.field}",
            f"  {self.deals} deals x 2 plays, seed {self.seed}, {self.worlds} worlds a contract",
            "  forecast     contracts  made: forecast  in play   counted: forecast  in play",
        ]
        for b in self.bands():
            name = "all" if b.high > 1.0 and b.low == 0.0 else f"{b.low:.1f}-{min(b.high, 1.0):.1f}"
            lines.append(
                f"  {name:<12} {b.contracts:>9}  {b.forecast:>14.1%} {b.made:>8.1%}"
                f"   {b.forecast_counted:>17.1f} {b.counted:>8.1f}"
            )
        if not self.contracts:
            lines.append("  no contract declared by the bot's team")
        return "\n".join(lines)


def checked(rules_id: str, bot: str, field: str, deals: int, worlds: int) -> tuple[str, str]:
    """The bot and field specs spelled one way; ``ValueError`` naming what is wrong: a
    rule set that is not Rook, a bot that is not Hard (only its auction forecasts),
    an unknown field, or a count below 1."""
    rules = RULESETS.get(rules_id)
    if not isinstance(rules, RookRules):
        rook = ", ".join(r.id for r in RULESETS.values() if r.family == "rook")
        raise ValueError(f"{rules_id!r} is not a Rook rule set; choose {rook}")
    if not isinstance(make_bot("rook", bot), Hard):
        raise ValueError(f"{bot!r} is not Rook Hard: only Hard's auction forecasts its contracts")
    make_bot("rook", field)
    if deals < 1 or worlds < 1:
        raise ValueError("--deals and --worlds must be at least 1")
    return canonical_spec("rook", bot), canonical_spec("rook", field)


def contracts(
    rules_id: str, bot: str, field: str, deals: int, worlds: int, seed: int
) -> Iterator[Contract]:
    """Each contract of the bot's team as it is played and forecast, deal by deal."""
    for deal in range(deals):
        for play in range(2):
            found = _play(rules_id, bot, field, seed, deal, play, worlds)
            if found is not None:
                yield found


def _play(
    rules_id: str, bot: str, field: str, seed: int, deal: int, play: int, worlds: int
) -> Contract | None:
    job = Job("rook", rules_id, (bot, field), seed, untimed=True)
    game, side, rngs = play_of(job, deal, play)
    seating = Seating("rook", untimed=True)
    bots = [seating.bot(job.lineup[s]) for s in side]
    last: dict[int, RookView] = {}
    seats: list[Bot] = [
        _Remembering(bots[s], s, last) if side[s] == 0 else bots[s] for s in range(4)
    ]
    play_hand(game, seats, rngs, [[] for _ in range(4)], [job.lineup[s] for s in side])
    result = game.results[0]
    if side[result.declarer] != 0:
        return None
    hard = bots[result.declarer]
    assert isinstance(hard, Hard)
    chance, counted = hard.forecast(
        last[result.declarer], result.bid, worlds, random.Random(seat_seed(seed, deal, 4 + play))
    )
    team = game.rules.team_of(result.declarer)
    return Contract(deal, play, result.bid, chance, counted, result.made, result.counted[team])


class _Remembering:
    """``bot`` in ``seat``, noting in ``last`` the view of each bid it makes."""

    def __init__(self, bot: Bot, seat: int, last: dict[int, RookView]) -> None:
        self.bot = bot
        self.seat = seat
        self.last = last

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if isinstance(action, Bid) and action.amount is not None:
            assert isinstance(view, RookView)
            self.last[self.seat] = view
        return action


def calibrate(
    rules_id: str,
    bot: str = "hard",
    field: str = "normal",
    deals: int = 200,
    worlds: int = 300,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Calibration:
    """Play ``deals`` deals twice and forecast the bot's team's contracts (see the
    module); ``progress`` is called with the number of contracts after each."""
    bot, field = checked(rules_id, bot, field, deals, worlds)
    found: list[Contract] = []
    for contract in contracts(rules_id, bot, field, deals, worlds, seed):
        found.append(contract)
        if progress is not None:
            progress(len(found))
    return Calibration(rules_id, bot, field, deals, worlds, seed, tuple(found))
