"""The bodies of the tables' HTTP routes (create, join, move, watch, hint), the rule
sets and options offered, the client's configuration, a deal's check, the health
report and the error body."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from crowsnest.engine import DEFAULT_RULES
from crowsnest.server.models.client_messages import QuickMessage, Reaction
from crowsnest.server.models.common import (
    MAX_SEED,
    TOKEN_MAX,
    Level,
    SeatKind,
    Status,
    Strict,
    View,
)
from crowsnest.server.models.server_messages import TableInfo
from crowsnest.server.people.names import PlayerName
from crowsnest.server.people.presets import Timer

# -- HTTP ------------------------------------------------------------------------------


def _default_seats() -> list[SeatKind]:
    return ["human", "bot", "bot", "bot"]


class CreateTable(Strict):
    rules: str = Field(default=DEFAULT_RULES, max_length=64, description="a rule set id")
    options: dict[Annotated[str, Field(max_length=40)], StrictBool | StrictInt | StrictStr] = Field(
        default_factory=dict, max_length=16, description="rule options (see /api/rules)"
    )
    level: Level = "normal"
    seats: list[SeatKind] = Field(default_factory=_default_seats, min_length=4, max_length=4)
    public: bool = True
    grace: float | None = Field(
        default=None, ge=0, le=3600, description="seconds before a bot plays for a gone player"
    )
    bot_delay: float | None = Field(default=None, ge=0, le=10, description="seconds a bot waits")
    timer: Timer | None = Field(
        default=None,
        description="turn timer: `off`, `relaxed`, `normal` or `fast` (the server's "
        "`turn_timers` seconds); default off at a table of one human seat, else normal",
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        le=MAX_SEED,
        description="deal seed (replays, practice): only at a table with at most one human "
        "seat (else `seed_not_allowed`); the table then shows `seed_chosen`",
    )


class TableCreated(BaseModel):
    table: TableInfo
    invite: str | None
    """Private tables: the code every player and spectator must present."""
    invite_url: str | None


class JoinRequest(Strict):
    name: Annotated[
        PlayerName,
        Field(
            description="the player's name: normalised (NFKC, spaces folded, trimmed), "
            "at most 40 characters, no control, invisible or look-alike letters "
            "(refused with `bad_name`)",
        ),
    ]
    seat: int | None = Field(default=None, ge=0, le=3, description="default: a free seat")
    invite: str | None = Field(default=None, max_length=TOKEN_MAX)


class MoveRequest(Strict):
    seat: int = Field(ge=0, le=3, description="a free human seat to move to")


class Joined(BaseModel):
    table_id: str
    seat: int
    token: str
    """The seat's secret: present it in the websocket ``hello`` (and for hints)."""
    ws_url: str
    player: str | None = None
    """The public id of the player who holds the seat now (the session cookie's)."""


class Watch(BaseModel):
    table_id: str
    ws_url: str
    seq: int
    status: Status
    view: View


class Hint(BaseModel):
    seq: int
    action: str
    bot: str


class DealCheck(BaseModel):
    """A finished game's fair-deal check (``crowsnest verify``, as the server runs it;
    anyone can run it on the record instead)."""

    table_id: str
    verified: bool
    """The secret matches the commitment, the seed follows from it, and the engine
    deals exactly the recorded deals from that seed."""
    problems: list[str]
    """What does not match, for people (empty when verified)."""
    scheme: str | None
    commitment: str | None
    secret: str | None
    seed_chosen: bool
    deals: int
    """How many deals were checked."""


class GameStats(BaseModel):
    games: int
    wins: int
    average_score: float | None
    contracts_made: int
    contracts_set: int


class PlayerStats(GameStats):
    name: str
    by_game: dict[str, GameStats]


class OptionInfo(BaseModel):
    name: str
    kind: str
    default: Any
    choices: list[str]
    minimum: int
    maximum: int
    step: int


class RuleSetInfo(BaseModel):
    id: str
    name: str
    family: str
    key: str
    bird: str | None = Field(
        description="the bird card's name key (`crow` in CrowsNest), `null` in Hearts"
    )
    options: list[OptionInfo]
    bots: dict[str, str]
    """Level -> the bot that plays it for this family."""


class ClientConfig(BaseModel):
    """What the browser client offers, as the server declares it (`GET /api/client`)."""

    levels: list[Level]
    """The bots' levels, weakest first."""
    level_default: Level
    """A new table's level when none is asked for."""
    timers: list[Timer]
    """The turn timer's presets, `off` first."""
    timer_default: Timer
    """The timer of a table of four human seats when none is asked for."""
    quick_messages: list[QuickMessage]
    """The quick chat's messages (`chat.<key>` in the catalogs)."""
    reactions: list[Reaction]
    """The quick chat's emoji reactions."""


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class Health(BaseModel):
    status: Literal["ok", "degraded"] = "ok"
    """`degraded` once a bot decision has failed since the server started
    (`bot_failures`): the server plays on, with a lesser bot in that bot's place."""
    tables: int
    connections: int
    engine: str
    """The engine and bots this process runs: `compiled (...)` or `pure Python (why)`
    (`crowsnest native status`)."""
    bot_decisions: dict[str, int]
    """Decisions made in the bots' worker processes since start, by bot."""
    bot_failures: int
    """Decisions a pooled bot could not make since start (each logged `bot_failed`);
    the Normal bot made them instead."""
    pools_replaced: dict[str, int]
    """Worker pools (`bots`, `hints`, `reviews`) replaced since start after one of
    their processes died (each logged `pool_replaced`)."""
