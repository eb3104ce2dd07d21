"""Practice games in the store: a game played offline in the browser and sent
afterwards (``POST /api/practice``), replayed by the server, kept as a finished
private table with its seats, its action log (the player's actions by ``human``, the
others by ``bot``: the table is rebuilt from it as any finished table is), its record
and the player's result marked ``practice`` (in the player's games; in no statistics
and no rating).

The table's id is a digest of the player and the game as the engine records it (its
rule set, options, seed and actions in their normal text) with the player's seat and
the bots' level, so the same game sent twice is one table, however its actions were
written: :func:`store_practice` writes nothing the second time.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from crowsnest.engine import AnyGame, RulesError, new_game
from crowsnest.fairness import end_of
from crowsnest.server.models.practice import PracticeGame
from crowsnest.server.people.presets import bot_name
from crowsnest.server.store.rows import utcnow
from crowsnest.server.store.schema import actions, records, results, seats, tables
from crowsnest.server.table.parts import TableError

PREFIX: Final = "practice-"


def practice_id(player_id: str, game: PracticeGame, played: AnyGame) -> str:
    """The table id of ``game`` (replayed: ``played``) sent by ``player_id`` (40
    characters at most)."""
    record = played.record()
    same = [player_id, game.seat, game.level] + [
        record[k] for k in ("rules", "rules_version", "options", "seed", "actions")
    ]
    body = json.dumps(same, sort_keys=True)
    return PREFIX + hashlib.sha256(body.encode()).hexdigest()[:31]


def replay_practice(game: PracticeGame) -> AnyGame:
    """Deal the game again from its seed and apply every action, each checked by
    the engine (the bots' too: they must be legal, whatever they chose). Refused
    with ``bad_record`` naming the action and the engine's reason (which quotes the
    action, never another card), or ``not_finished`` when the game is not over."""
    try:
        played = new_game(game.rules, options=game.options, seed=game.seed)
    except RulesError as err:
        raise TableError("bad_record", f"the game cannot be dealt: {err.message}") from err
    for step, item in enumerate(game.actions):
        seat, text = item
        if not isinstance(seat, int) or not isinstance(text, str):
            raise TableError("bad_record", f"action {step}: not [seat, action text]")
        try:
            played.apply(seat, text)
        except RulesError as err:
            raise TableError(
                "bad_record", f"action {step} (seat {seat}, {text[:40]!r}): {err.message}"
            ) from err
    if not played.is_over:
        raise TableError(
            "not_finished", f"the game is not over after its {len(game.actions)} actions"
        )
    return played


def store_practice(
    conn: Connection, table_id: str, player_id: str, game: PracticeGame, played: AnyGame
) -> bool:
    """Store the replayed practice game ``played``; False (nothing written) when a
    table of this id is already there."""
    if conn.execute(sa.select(tables.c.id).where(tables.c.id == table_id)).first() is not None:
        return False
    now = utcnow()
    record: dict[str, Any] = {**played.record(), "end": end_of(played)}
    conn.execute(
        tables.insert().values(
            id=table_id, rules=game.rules, options=dict(game.options), seed=game.seed,
            level=game.level, public=False, invite_hash=None, grace=0.0, bot_delay=0.0,
            status="over", created_at=now, finished_at=now, secret=None, seed_chosen=True,
            timer="off", turn_seconds=None,
        )
    )  # fmt: skip
    conn.execute(
        seats.insert(),
        [
            {
                "table_id": table_id,
                "seat": i,
                "kind": "human" if i == game.seat else "bot",
                "name": game.name if i == game.seat else bot_name(game.seed, i),
                "player_id": player_id if i == game.seat else None,
            }
            for i in range(4)
        ],
    )
    conn.execute(
        actions.insert(),
        [
            {
                "table_id": table_id, "seq": seq, "seat": seat, "action": text,
                "by": "human" if seat == game.seat else "bot", "at": now,
            }
            for seq, (seat, text) in enumerate(played.log, start=1)
        ],
    )  # fmt: skip
    conn.execute(
        records.insert().values(
            table_id=table_id, record=record, finished_at=now, scores=list(played.scores)
        )
    )
    st = played.standings()[game.seat]
    conn.execute(
        results.insert().values(
            table_id=table_id, seat=game.seat, name=game.name, family=played.rules.family,
            rules=game.rules, score=st.score, won=st.won, contracts_made=st.made,
            contracts_set=st.went_set, finished_at=now, player_id=player_id, public=False,
            left=False, hands=st.hands, hand_points=st.hand_points, moons_shot=st.moons_shot,
            moons_suffered=st.moons_suffered, practice=True,
        )
    )  # fmt: skip
    return True
