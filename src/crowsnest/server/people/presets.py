"""Playing with people: the names bots sit under, the turn timer's
presets and the quick-chat keys' limit.

Every seat has one name that every screen shows: a player's, or a bot's taken from
:data:`BOT_NAMES`, the same for a table whatever happens (a function of the table's
seed and the seat), so that "Ada took the trick" means one player on every screen.

>>> bot_name(7, 0) == bot_name(7, 0), len({bot_name(7, s) for s in range(4)})
(True, 4)
>>> turn_seconds("normal", (60.0, 30.0, 15.0)), turn_seconds("off", (60.0, 30.0, 15.0))
(30.0, None)
"""

from __future__ import annotations

import random
from typing import Final, Literal

BOT_NAMES: Final = (
    "Ada", "Bruno", "Clara", "Dario", "Elif", "Felix",
    "Greta", "Hugo", "Ines", "Jonas", "Kira", "Leon",
)  # fmt: skip
"""Names bots sit under: short, in Latin letters, readable in every language."""

Timer = Literal["off", "relaxed", "normal", "fast"]
TIMERS: Final[tuple[Timer, ...]] = ("off", "relaxed", "normal", "fast")

CHAT_RATE: Final = 0.5
"""Quick messages a second one seat may send, on average (more: ``chat_too_fast``)."""
CHAT_BURST: Final = 4
"""Quick messages a seat may send at once."""

AWAY_TIMEOUTS: Final = 2
"""Time-outs in a row after which a seat is away: its bot keeps it, with no timer,
until its player says ``back`` or plays."""
BENCH_TIMEOUTS: Final = 3
"""Time-outs in a row after which the seat's bot keeps it for the rest of the hand:
``back`` (and the player's actions) are refused with ``benched`` until the next
hand. ``back`` does not reset the count, only the player's own action does, so one
time-out after ``back`` reaches it: a player who never plays holds the table one
turn timer a hand, not one a turn."""

RESIGN_SECONDS: Final = 30.0
"""Seconds a partner has to answer a resign proposal before it lapses."""
RESIGN_RATE: Final = 1 / 30
"""Resign proposals a second one seat may make, on average (more: ``resign_too_fast``)."""
RESIGN_BURST: Final = 2
"""Resign proposals a seat may make at once."""


def bot_name(seed: int, seat: int) -> str:
    """The name of the bot at ``seat`` of the table dealt from ``seed``: four
    different names per table."""
    return random.Random(seed).sample(BOT_NAMES, 4)[seat]


def turn_seconds(timer: Timer, presets: tuple[float, float, float]) -> float | None:
    """Seconds per decision of a timer setting (``presets``: relaxed, normal, fast);
    ``None`` for ``off``."""
    if timer == "off":
        return None
    return presets[TIMERS.index(timer) - 1]


def default_timer(humans: int) -> Timer:
    """Off at a table of one human (nobody to wait for but the bots), normal else."""
    return "off" if humans <= 1 else "normal"
