"""The HTTP API of tables (``/api/tables...``), rule sets, player statistics and the
health check: each route validates, asks the :class:`~crowsnest.server.live.hub.Hub` or
the store, and answers with a model of :mod:`crowsnest.server.models`."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response

from crowsnest import native
from crowsnest.engine import RULESETS, option_specs
from crowsnest.fairness import verify
from crowsnest.server.faces.access import Invite, ReadableTable, SeatToken, StoreDep
from crowsnest.server.faces.identity import ActingPlayer
from crowsnest.server.live.hub import Hub
from crowsnest.server.models.http import (
    CreateTable,
    DealCheck,
    ErrorBody,
    Health,
    Hint,
    Joined,
    JoinRequest,
    MoveRequest,
    OptionInfo,
    RuleSetInfo,
    TableCreated,
    Watch,
)
from crowsnest.server.models.server_messages import TableInfo
from crowsnest.server.table.bots import bot_for
from crowsnest.server.table.parts import TableError

router = APIRouter()

DEFAULT_LOBBY_PAGE = 50
MAX_LOBBY_PAGE = 200

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "bad request (code names the problem)"},
    403: {"model": ErrorBody, "description": "bad_invite or bad_token"},
    404: {"model": ErrorBody, "description": "table_not_found"},
    409: {"model": ErrorBody, "description": "the table's state does not allow it"},
    429: {"model": ErrorBody, "description": "rate_limited (see Retry-After)"},
    503: {"model": ErrorBody, "description": "retryable: see the code and Retry-After"},
}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


def _client(request: Request) -> str | None:
    """The client's address, which the rate limits are per."""
    return request.client.host if request.client is not None else None


def _ws_url(request: Request, table_id: str) -> str:
    base = str(request.base_url).replace("http", "ws", 1)
    return f"{base}ws/{table_id}"


@router.get("/healthz", tags=["server"])
async def health(hub: HubDep) -> Health:
    """Whether this node does its job: `degraded` once a bot could not decide. The
    check answers 200 either way: a degraded node still serves its tables."""
    bots = hub.bots.health
    return Health(
        status="degraded" if bots.failures else "ok",
        tables=len(hub.registry.tables),
        connections=hub.registry.connection_count(),
        engine=str(native.status()),
        bot_decisions=dict(bots.decisions),
        bot_failures=bots.failures,
        pools_replaced=dict(bots.replaced),
    )


@router.get("/api/rules", tags=["tables"])
async def rules() -> list[RuleSetInfo]:
    """Every rule set, its options and the bot that plays each level."""
    return [
        RuleSetInfo(
            id=rules_id,
            name=r.name,
            family=r.family,
            key=r.key,
            bird=r.bird_key,
            options=[
                OptionInfo(
                    name=o.name,
                    kind=o.kind,
                    default=o.default,
                    choices=list(o.choices),
                    minimum=o.minimum,
                    maximum=o.maximum,
                    step=o.step,
                )
                for o in option_specs(rules_id)
            ],
            bots={level: bot_for(r.family, level) for level in ("easy", "normal", "hard")},
        )
        for rules_id, r in RULESETS.items()
    ]


@router.post("/api/tables", status_code=201, tags=["tables"], responses=ERRORS)
async def create_table(body: CreateTable, request: Request, hub: HubDep) -> TableCreated:
    """Create a table: rule set and options, bot level, which seats are humans and
    which bots, public or private (a private table answers only to its invite).
    Rate limited per client address (429 ``rate_limited``, with ``Retry-After``)."""
    return await hub.create(body, _client(request))


@router.get("/api/tables", tags=["tables"])
async def list_tables(
    hub: HubDep,
    response: Response,
    limit: Annotated[int, Query(ge=1, le=MAX_LOBBY_PAGE)] = DEFAULT_LOBBY_PAGE,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> list[TableInfo]:
    """Public tables that wait for players (``status`` waiting: seats to take) or
    that anyone may watch (playing, with a player still at it), newest first,
    ``limit`` from ``offset``; the header ``X-Total-Count`` says how many there are
    in all."""
    total, page = hub.public_tables(limit, offset)
    response.headers["X-Total-Count"] = str(total)
    return page


@router.get("/api/tables/{table_id}", tags=["tables"], responses=ERRORS)
async def table_info(table_id: str, hub: HubDep, invite: Invite = None) -> TableInfo:
    return await hub.info(table_id, invite)


@router.post("/api/tables/{table_id}/join", tags=["tables"], responses=ERRORS)
async def join(
    table_id: str, body: JoinRequest, request: Request, hub: HubDep, player: ActingPlayer
) -> Joined:
    """Claim a human seat; the token it returns is the seat's key on the websocket.
    The seat belongs to the session's player (a new one, with its cookie, on a first
    visit), whose display name becomes ``name``; CSRF-checked (``csrf_refused``)."""
    seat, token = await hub.join(table_id, body, player.id)
    return Joined(
        table_id=table_id,
        seat=seat,
        token=token,
        ws_url=_ws_url(request, table_id),
        player=player.id,
    )


@router.get("/api/tables/{table_id}/watch", tags=["tables"], responses=ERRORS)
async def watch(table_id: str, request: Request, hub: HubDep, invite: Invite = None) -> Watch:
    """A spectator's view now, and where to follow the game live (no hand is shown)."""
    return await hub.watch(table_id, invite, _ws_url(request, table_id), _client(request))


@router.get("/api/tables/{table_id}/hint", tags=["play"], responses=ERRORS)
async def hint(table_id: str, request: Request, hub: HubDep, token: SeatToken) -> Hint:
    """The normal bot's choice for your seat (the hard bot's at a hard table),
    computed from your view only. Authorization: ``Bearer <seat token>``. Rate
    limited per seat and per client address (429 ``rate_limited``); 503
    ``hints_busy`` when it cannot be served soon (both with ``Retry-After``)."""
    return await hub.hint(table_id, token, _client(request))


@router.post("/api/tables/{table_id}/fill", tags=["tables"], responses=ERRORS)
async def fill(table_id: str, hub: HubDep, token: SeatToken) -> TableInfo:
    """Hand the table's unclaimed human seats to bots so the game starts (a player
    of the table asks, with ``Authorization: Bearer <seat token>``)."""
    return await hub.fill(table_id, token)


@router.post("/api/tables/{table_id}/move", tags=["tables"], responses=ERRORS)
async def move(table_id: str, body: MoveRequest, hub: HubDep, token: SeatToken) -> TableInfo:
    """Move to another free human seat while the table waits for its players (in
    Rook the seat decides your partner), with ``Authorization: Bearer <seat token>``:
    409 ``seat_taken``, ``not_waiting`` once the game has started."""
    return await hub.move(table_id, token, body.seat)


@router.get("/api/tables/{table_id}/record", tags=["games"], responses=ERRORS)
async def record(table_id: ReadableTable, store: StoreDep) -> dict[str, Any]:
    """A finished game's record (``docs/formats.md``): it replays the whole game.
    Private tables need the invite code or a seat token of the table."""
    data = await asyncio.to_thread(store.record, table_id)
    if data is None:
        raise TableError("not_finished", "the game is not over yet")
    return data


@router.get(
    "/api/tables/{table_id}/verify", tags=["games"], responses=ERRORS, response_model=DealCheck
)
async def verify_deal(
    table_id: ReadableTable, request: Request, store: StoreDep, hub: HubDep
) -> Response:
    """A finished game's check (``docs/formats.md``, "Fair deals"): the revealed
    secret against the commitment published before the first card, the recorded
    deals against those the engine deals from it, every action, and the end the
    record states. Access as ``/record``; computed once (limited per client address,
    ``rate_limited``). The record itself lets anyone check the same without
    trusting this answer."""
    data = await hub.finished.answer(
        ("verify", table_id), _client(request), lambda: store.record(table_id),
        lambda record: deal_check(table_id, record),
    )  # fmt: skip
    return Response(data, media_type="application/json")


def deal_check(table_id: str, record: dict[str, Any]) -> bytes:
    """The answer of ``/verify``: :func:`crowsnest.fairness.verify` of the record."""
    result = verify(record)
    fair = record.get("fairness") or {}
    check = DealCheck(
        table_id=table_id,
        verified=result.ok,
        problems=result.problems,
        scheme=fair.get("scheme"),
        commitment=fair.get("commitment"),
        secret=fair.get("secret"),
        seed_chosen=bool(fair.get("seed_chosen")),
        deals=len(result.deals),
    )
    return check.model_dump_json().encode()
