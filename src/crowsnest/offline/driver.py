"""What the browser's worker calls (``web/static/offline/worker.js``): one
:class:`~crowsnest.offline.solo.SoloTable`, with JSON text in and out, so that
nothing but strings crosses between JavaScript and Python.

>>> import json
>>> out = json.loads(start(json.dumps({"rules": "hearts", "level": "easy", "seed": 2,
...     "name": "Ann", "table_id": "offline-x", "bot_delay": 0.5})))
>>> [m["type"] for m in out["messages"]], out["due"]
(['welcome', 'state'], 1)
>>> [m["type"] for m in json.loads(bot())["messages"]]
['state']
"""

from __future__ import annotations

import json
from typing import Any

from crowsnest.offline.solo import SoloTable

_table: SoloTable | None = None


def _current() -> SoloTable:
    if _table is None:
        raise RuntimeError("no game: start() first")
    return _table


def _answer(table: SoloTable, messages: list[dict[str, Any]], **more: Any) -> str:
    """The messages, the bot seat due next (``null``: none), and how many actions."""
    return json.dumps({"messages": messages, "due": table.bot_due(), "seq": table.seq, **more})


def start(config_text: str) -> str:
    """A new table from its config (``rules``, ``options``, ``level``, ``seed``,
    ``name``, ``table_id``, ``bot_delay``, and ``actions`` to rebuild a game started
    earlier); the messages a ``hello`` gets."""
    global _table
    config = json.loads(config_text)
    _table = SoloTable(
        config["rules"],
        config.get("options") or {},
        config["level"],
        seed=int(config["seed"]),
        name=str(config["name"]),
        table_id=str(config.get("table_id", "offline")),
        bot_delay=float(config.get("bot_delay", 0.8)),
        actions=config.get("actions") or (),
    )
    return _answer(_table, _table.hello())


def send(message_text: str) -> str:
    """One client message (JSON text); the answer."""
    table = _current()
    try:
        message = json.loads(message_text)
    except ValueError:
        return _answer(table, [table.error("bad_json", "the message is not valid JSON")])
    return _answer(table, table.handle(message))


def bot() -> str:
    """The due bot's decision: the new state, and the seconds it took to decide."""
    table = _current()
    before = len(table.timings)
    messages = table.bot_act()
    seconds = table.timings[-1] if len(table.timings) > before else None
    return _answer(table, messages, seconds=seconds)


def hint() -> str:
    """The bot's advice for the player (``{"seq", "action", "bot"}``) or an error."""
    return json.dumps(_current().hint())


def record() -> str:
    """The game's record, its actions (``[seat, text]``: what rebuilds it) and, once
    it is over, the player's result (``score``: the seat's, Rook: the team's; ``won``;
    every seat's final ``scores``), which the browser's own statistics count."""
    table = _current()
    result = None
    if table.game.is_over:
        st = table.game.standings()[table.seat]
        result = {"score": st.score, "won": st.won, "scores": list(table.game.scores)}
    return json.dumps({"record": table.record(), "actions": table.actions(), "result": result})
