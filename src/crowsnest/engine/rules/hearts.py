"""Hearts as data: ``../shared/rules/hearts.md`` (version 1).

The jack-of-diamonds variant, the subtractive moon and the queen of spades breaking
hearts are excluded by the rules, so they are not fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from crowsnest.engine.errors import OptionError

PassDirection = Literal["left", "right", "across", "none"]
PASS_OFFSET: Final[dict[str, int]] = {"left": 1, "right": 3, "across": 2, "none": 0}


@dataclass(frozen=True, slots=True)
class HeartsRules:
    id: str = "hearts"
    version: int = 1
    name: str = "Hearts"
    players: int = 4
    hand_size: int = 13
    pass_count: int = 3
    pass_cycle: tuple[PassDirection, ...] = ("left", "right", "across", "none")
    heart_points: int = 1
    queen_points: int = 13
    target: int = 100
    """The game ends after a round in which any total reaches this; low wins."""

    def __post_init__(self) -> None:
        if not self.pass_cycle or any(d not in PASS_OFFSET for d in self.pass_cycle):
            raise OptionError("bad_rules", f"pass cycle {self.pass_cycle!r}")
        if self.hand_size * self.players != 52:
            raise OptionError("bad_rules", "hands must use the 52 cards")

    @property
    def family(self) -> Literal["hearts"]:
        return "hearts"

    @staticmethod
    def team_of(seat: int) -> int:
        """Every player for themselves: each seat is a team of its own."""
        return seat

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team: ``((0,), (1,), (2,), (3,))``."""
        return tuple((s,) for s in range(self.players))

    @property
    def bird_key(self) -> None:
        """Hearts has no bird card."""
        return None

    @property
    def key(self) -> str:
        return f"{self.id}@{self.version}"

    @property
    def points_per_hand(self) -> int:
        return 13 * self.heart_points + self.queen_points

    def options(self) -> dict[str, object]:
        """The options of this rule set and their values: Hearts has none."""
        return {}


HEARTS: Final = HeartsRules()
