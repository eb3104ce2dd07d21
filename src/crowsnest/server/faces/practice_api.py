"""``POST /api/practice``: a game played offline in the browser, sent to the player's
History as an unrated practice game (``docs/protocol.md``, "Practice games").

The player is the session's (a guest identity is made on a first visit, as for
History); the request passes the CSRF check of every change made for a cookie. The
server deals the game again from its seed and replays every action through the
engine (:func:`~crowsnest.server.store.practice.replay_practice`): ``bad_record``
(400) names the first action that is not legal and why, ``not_finished`` (409) a game
that is not over. A game is stored once (201; the same game again: 200, ``new``
false), never rated, in no statistics. Each client address may send
``practice_rate`` a second (bursts of ``practice_burst``); a body is at most
:data:`~crowsnest.server.models.practice.MAX_PRACTICE_BODY` bytes.
"""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter, Request, Response
from sqlalchemy.exc import IntegrityError

from crowsnest.server.faces.api import ERRORS
from crowsnest.server.faces.identity import ActingPlayer, IdentityDep, client_of
from crowsnest.server.models.practice import PracticeGame, PracticeStored
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.practice import practice_id, replay_practice, store_practice
from crowsnest.server.table.parts import TableError

router = APIRouter()


def _limit(request: Request) -> KeyedLimit:
    state = request.app.state
    if not hasattr(state, "practice_limit"):
        settings: Settings = state.settings
        state.practice_limit = KeyedLimit(settings.practice_rate, settings.practice_burst)
    limit: KeyedLimit = state.practice_limit
    return limit


@router.post(
    "/api/practice", tags=["players"], status_code=201, responses=ERRORS,
    response_model=PracticeStored,
)  # fmt: skip
async def practice(
    body: PracticeGame,
    request: Request,
    response: Response,
    identity: IdentityDep,
    player: ActingPlayer,
) -> PracticeStored:
    """Store a finished offline game in your History as a practice game: replayed
    by the server from its seed (``bad_record``: an action that is not legal, named
    with the reason; ``not_finished``), unrated and in no statistics. 201 when
    stored, 200 when the same game was stored before."""
    client = client_of(request)
    limit, now = _limit(request), time.monotonic()
    if client is not None and not limit.take(client, now):
        wait = limit.retry_after(client, now)
        raise TableError("rate_limited", "too many practice games sent from this address", wait)
    played = await asyncio.to_thread(replay_practice, body)
    table_id = practice_id(player.id, body, played)
    try:
        new = await identity.write(
            lambda conn: store_practice(conn, table_id, player.id, body, played)
        )
    except IntegrityError:  # the same game, stored by another request meanwhile
        new = False
    if not new:
        response.status_code = 200
    st = played.standings()[body.seat]
    return PracticeStored(
        table_id=table_id, new=new, rules=body.rules, seat=body.seat, score=st.score,
        won=st.won, final_scores=list(played.scores),
    )  # fmt: skip
