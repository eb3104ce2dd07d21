"""The ``state`` message, written once: the server's table
(:class:`crowsnest.server.table.Table`) and the solo table of the browser's worker
(:mod:`crowsnest.offline.solo`) both build it here, from the standard library alone.
The server's pydantic model (``StateMessage``) declares the shape; the tests hold
what this builds to it.

>>> from crowsnest.engine import new_game
>>> game = new_game("hearts", seed=1)
>>> message = state_message(game, 0, game.legal_actions(0), (), seq=0, status="playing")
>>> message["type"], message["seq"], message["legal"][0]["choose"]
('state', 0, 'pass')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from crowsnest.engine import AnyGame, Choose, Event, LegalAction, action_text
from crowsnest.engine.cards import Family, card_list_text

Status = Literal["waiting", "playing", "over"]


def legal_json(legal: Sequence[LegalAction], family: Family) -> list[str | dict[str, Any]]:
    """The legal actions of a game of ``family``: concrete actions as their text; a
    :class:`Choose` template as
    ``{"choose": kind, "count": n, "from": [cards], "required": [cards]}``."""
    out: list[str | dict[str, Any]] = []
    for action in legal:
        if isinstance(action, Choose):
            out.append(
                {
                    "choose": action.kind,
                    "count": action.count,
                    "from": card_list_text(action.allowed, family),
                    "required": card_list_text(action.required, family),
                }
            )
        else:
            out.append(action_text(action, family))
    return out


def state_message(
    game: AnyGame,
    seat: int | None,
    legal: Sequence[LegalAction],
    events: Sequence[Event],
    *,
    seq: int,
    status: Status,
    time_left: Sequence[float | None] = (None, None, None, None),
) -> dict[str, Any]:
    """``seat``'s ``state`` (``None``: a spectator's, with no legal actions): its
    view, its ``legal`` actions, the ``events`` it may see, and each seat's turn
    timer's seconds left."""
    return {
        "type": "state",
        "seq": seq,
        "status": status,
        "view": game.view(seat).to_json(),
        "legal": legal_json(legal, game.rules.family) if seat is not None else [],
        "events": [e.to_json() for e in events if e.visible_to(seat)],
        "time_left": list(time_left),
    }
