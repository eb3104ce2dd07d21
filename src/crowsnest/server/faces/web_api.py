"""HTTP endpoints that serve the browser client: what it offers, its Info and History
tabs.

- ``GET /api/client``: the bot levels, turn timers and quick-chat keys it offers.
- ``GET /api/rules/{rules_id}/info``: the complete rules of a rule set, options
  applied, as translation keys and arguments (:mod:`crowsnest.rules_info`).
- ``GET /api/tables/{id}/replay``: a finished game replayed through the engine, one
  step per action, with every hand face up (the game is over).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Annotated, Any, get_args

from fastapi import APIRouter, Query, Request, Response

from crowsnest.engine import OptionError, option_specs
from crowsnest.engine.replay_steps import replay_steps
from crowsnest.rules_info import Section, rules_info
from crowsnest.server.faces.access import Bearer, Invite, ReadableTable, StoreDep
from crowsnest.server.faces.identity import client_of
from crowsnest.server.live.finished import json_bytes
from crowsnest.server.live.review import read_reviews
from crowsnest.server.models.client_messages import QuickMessage, Reaction
from crowsnest.server.models.common import Level
from crowsnest.server.models.http import ClientConfig, CreateTable, ReplayAnswer
from crowsnest.server.models.review import ReviewChoice, ReviewChoiceSet, Reviews
from crowsnest.server.people.presets import TIMERS, default_timer
from crowsnest.server.table.parts import TableError

router = APIRouter()

MAX_PAGE = 100


# -- What the client offers -----------------------------------------------------------


@router.get("/api/client", tags=["client"])
async def client_config() -> ClientConfig:
    """The choices the browser client offers, from the declarations the server checks
    them against: the bot levels, the turn timers and the quick-chat keys."""
    return ClientConfig(
        levels=list(get_args(Level)),
        level_default=CreateTable.model_fields["level"].default,
        timers=list(TIMERS),
        timer_default=default_timer(4),
        quick_messages=list(get_args(QuickMessage)),
        reactions=list(get_args(Reaction)),
    )


# -- Info -------------------------------------------------------------------------------


def parse_options(rules_id: str, query: Mapping[str, str]) -> dict[str, object]:
    """Options given as query text (``?target=500&bird=false``), typed by the rule
    set's option specs; an unknown rule set or option raises :class:`TableError`."""
    try:
        specs = {s.name: s for s in option_specs(rules_id)}
    except OptionError as err:
        raise TableError(err.code, err.message) from err
    options: dict[str, object] = {}
    for name, text in query.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise TableError(
                "unknown_option", f"{rules_id} has no option {name[:40]!r}; its options: {known}"
            )
        value: object = text
        if spec.kind == "bool" and text in ("true", "false"):
            value = text == "true"
        elif spec.kind == "int" and text.isdigit() and len(text) <= 6:
            value = int(text)
        options[name] = value
    return options


@router.get("/api/rules/{rules_id:path}/info", tags=["client"])
async def rules_info_endpoint(rules_id: str, request: Request) -> list[Section]:
    """The complete rules of a rule set for the Info tab, options (as query
    parameters, ``?target=500&bird=false``) applied: sections of translation keys
    with their arguments, every number taken from the rule set's data."""
    options = parse_options(rules_id, request.query_params)
    try:
        sections = rules_info(rules_id, options)
    except OptionError as err:
        raise TableError(err.code, err.message) from err
    return sections


# -- History ----------------------------------------------------------------------------


@router.get(
    "/api/tables/{table_id}/replay",
    tags=["games"],
    response_model=ReplayAnswer,
)
async def table_replay(table_id: ReadableTable, request: Request, store: StoreDep) -> Response:
    """A finished game replayed through the engine: the seats (each with its one
    name and ``left``, the seq at which its player left the game, else ``null``), the
    final scores and one step per action (and one per new deal) with every hand face up, the trick,
    the scores, the phase, the hand number and each hand's result. Private tables
    need the invite code or a seat token, as for ``/record``. Computed once (limited
    per client address: ``rate_limited``)."""

    def load() -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        record = store.record(table_id)
        if record is None:
            return None
        facts = store.seat_facts(table_id)
        seats = [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "left": facts[s.seat].left_seq}
            for s in store.seat_rows(table_id)
        ]
        return record, seats

    def compute(found: tuple[dict[str, Any], list[dict[str, Any]]]) -> bytes:
        record, seats = found
        return json_bytes({"table_id": table_id, "seats": seats, **replay_steps(record)})

    finished = request.app.state.hub.finished
    data = await finished.answer(("replay", table_id), client_of(request), load, compute)
    return Response(data, media_type="application/json")


@router.get("/api/tables/{table_id}/review", tags=["games"])
async def table_review(
    table_id: str,
    request: Request,
    store: StoreDep,
    auth: Bearer,
    invite: Invite = None,
    hand: Annotated[int | None, Query(ge=0, le=10_000)] = None,
    seat: Annotated[int | None, Query(ge=0, le=3)] = None,
) -> Reviews:
    """Hand reviews (what the Hard search thinks of each decision of a human seat),
    of hand ``hand`` and seat ``seat`` when given. While the game runs: your own
    seat's only, with ``Authorization: Bearer <seat token>`` (another seat's is
    ``not_your_review``), without hindsight; once it is over: every human seat's,
    with hindsight, to whoever may read the record. A hand not reviewed (yet) is
    simply absent."""
    token = None if auth is None else auth.credentials
    on = request.app.state.settings.review_worlds > 0
    pending = request.app.state.hub.reviewer.pending_of(table_id)  # before the stored ones
    return await asyncio.to_thread(
        read_reviews, store, table_id, hand, seat, token, invite, on, pending
    )


@router.put("/api/tables/{table_id}/review", tags=["play"])
async def table_review_choice(
    table_id: str, body: ReviewChoice, request: Request, auth: Bearer
) -> ReviewChoiceSet:
    """Whether the hands of your seat are reviewed (`{"on": false}`: none is computed
    for you from the next hand's end on), with ``Authorization: Bearer <seat token>``;
    limited per seat (429 ``rate_limited``)."""
    token = None if auth is None else auth.credentials
    reviewer = request.app.state.hub.reviewer
    choice: ReviewChoiceSet = await reviewer.choose(table_id, token, body.on)
    return choice
