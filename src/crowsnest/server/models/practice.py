"""The body and the answer of ``POST /api/practice``: a game played offline in the
browser (one player, three bots, under Pyodide) sent to the player's History. The
server deals it again from its seed and replays every action through the engine;
it is stored as an unrated practice game."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from crowsnest.engine.wire.records import ActionEntry
from crowsnest.server.models.common import MAX_SEED, Level, Strict
from crowsnest.server.people.names import PlayerName

MAX_PRACTICE_ACTIONS: Final = 5000
"""Most actions a practice game may hold (a long Rook game to 2000 holds about 2000)."""
MAX_PRACTICE_BODY: Final = 256 * 1024
"""Largest body of ``POST /api/practice``, in bytes (``too_large``, 413)."""


class PracticeGame(Strict):
    """A finished offline game as the browser kept it: what deals it (rule set,
    options, seed), who played (the player's seat and name, the bots' level) and
    every action applied, the bots' too. Nothing else is believed: the deals, the
    scores and the winner come from the server's own replay."""

    rules: str = Field(max_length=64, description="a rule set id (see /api/rules)")
    options: dict[Annotated[str, Field(max_length=40)], StrictBool | StrictInt | StrictStr] = Field(
        default_factory=dict, max_length=16, description="the rule options the game was played with"
    )
    seed: int = Field(ge=0, le=MAX_SEED, description="the deal seed the game was dealt from")
    level: Level
    """The bots' level."""
    seat: int = Field(default=0, ge=0, le=3, description="the player's seat (the others are bots)")
    name: PlayerName = Field(description="the name the player played under")
    actions: list[ActionEntry] = Field(
        max_length=MAX_PRACTICE_ACTIONS,
        description="every action applied, in order, as `[seat, action text]` (the record's)",
    )


class PracticeStored(BaseModel):
    """A practice game in the player's History (201: stored now; 200: it was
    already, from an earlier send of the same game)."""

    table_id: str
    """Its id in the History (and for ``/api/tables/{id}/replay``)."""
    new: bool
    """False: the same game was sent before, and is stored once."""
    rules: str
    seat: int
    score: int
    """The player's final score (Rook: the team's), from the server's replay."""
    won: bool
    final_scores: list[int]
