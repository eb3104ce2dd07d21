"""What the compiled core must agree on with its source: the decisions of every bot
that runs compiled code, from fixed seeds (``tests/test_native.py``).

``python tests/native_probe.py`` prints, as JSON, whether this process runs the
compiled modules (and which it loaded) and :func:`decisions`: every action of a few
whole hands of Hearts and of each Rook rule set, Hard in two seats or all four with a
small fixed budget (untimed, so the seed alone decides) and the events of every
action, the engine's errors for actions a client may get wrong, the Hearts solver's
values at a few positions, and the playouts the searches counted; and
:func:`pickled_views`: every seat's view and legal actions at every step of those hands
and after them, sent through pickle as they are sent to a bot's worker process.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
import sys
from typing import Any

from crowsnest import native
from crowsnest.ai.base import Bot
from crowsnest.ai.budget import TALLY
from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.hearts.normal import Normal as HeartsNormal
from crowsnest.ai.hearts.shooter import Shooter
from crowsnest.ai.hearts.solver import OutOfNodes, Position, Solver
from crowsnest.ai.rook.easy import Easy as RookEasy
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.ai.rook.normal import Normal as RookNormal
from crowsnest.engine import HeartsGame, RulesError, action_text, new_game
from crowsnest.engine.rules.rook import ROOK_PRESETS

HEARTS_HANDS = ((0, 0), (1, 1), (2, 3))
"""(seed, hand number): a pass to the left, to the right, and none."""
ROOK_SEEDS = (0, 1)


def play_hand(rules_id: str, seed: int, start_hand: int, bots: list[Bot]) -> list[str]:
    """Every action of one hand, ``bots[seat]`` deciding for each seat, with the
    events each caused, then the hand's result."""
    game = new_game(rules_id, seed=seed, start_hand=start_hand)
    rng = random.Random(seed)
    actions: list[str] = []
    while not game.results:
        seat = min(game.actors)
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
        events = game.apply(seat, action)
        text = action_text(action, game.rules.family)
        actions.append(f"{seat}:{text} " + json.dumps([e.to_json() for e in events]))
    actions.append(json.dumps(game.results[-1].to_json()))
    return actions


BAD = (
    (0, "play 2C"),
    (1, "pass 2C 3C 4C"),
    (True, "bid 70"),
    ("0", "bid pass"),
    (7, "play QS"),
    (0, "fly"),
    (0, "bid 300"),
    (0, "trump green"),
)
"""Actions a client may get wrong, each tried on a new game of every rule set."""
NO_SEATS: tuple[object, ...] = (None, 4, "1", 1.0)
"""Who may ask for a view: a spectator, two things that are no seat, a seat as a float."""


def errors() -> list[str]:
    """The error (code and message) or the events of each of :data:`BAD`, and the
    views asked of no seat."""
    out: list[str] = []
    for rules_id in ("hearts", *(r.id for r in ROOK_PRESETS)):
        for seat, action in BAD:
            game = new_game(rules_id, seed=5)
            try:
                out.append(json.dumps([e.to_json() for e in game.apply(seat, action)]))
            except RulesError as err:
                out.append(f"{err.code}: {err.message}")
        for looker in NO_SEATS:
            try:
                out.append(json.dumps(new_game(rules_id, seed=5).view(looker).to_json()))
            except RulesError as err:
                out.append(f"{err.code}: {err.message}")
    return out


def solver_values() -> list[float | str]:
    """The solver's value of the position after the seventh trick of a few hands
    (played by Normal bots), for the seat on turn."""
    out: list[float | str] = []
    normal = HeartsNormal()
    for seed in range(3):
        game = new_game("hearts", seed=seed, start_hand=3)
        assert isinstance(game, HeartsGame)
        rng = random.Random(seed)
        while len(game.tricks) < 7 or game.trick:
            seat = min(game.actors)
            game.apply(seat, normal.choose(game.view(seat), game.legal_actions(seat), rng))
        try:
            out.append(Solver(game.rules, game.turn, nodes=200_000).value(Position.of(game)))
        except OutOfNodes:
            out.append("out of nodes")
    return out


def pickled_views() -> dict[str, int | list[str]]:
    """Each seat's view and legal actions after every action of one hand of every
    rule set (Normal bots), and after the hand (the view then holds the hand's result),
    round-tripped through pickle: how many came back equal, and what did not."""
    count, wrong = 0, []
    for rules_id in ("hearts", *(r.id for r in ROOK_PRESETS)):
        game = new_game(rules_id, seed=3)
        bot = HeartsNormal() if rules_id == "hearts" else RookNormal()
        rng = random.Random(3)
        step = 0
        while True:
            for seat in range(4):
                sent = (game.view(seat), game.legal_actions(seat))
                try:
                    back = pickle.loads(pickle.dumps(sent))
                except Exception as err:  # the test names what failed
                    wrong.append(f"{rules_id} {step}: {type(err).__name__}: {err}")
                    continue
                if back != sent or back[0].to_json() != sent[0].to_json():
                    wrong.append(f"{rules_id} {step}: seat {seat} came back changed")
                count += 1
            if game.results:
                break
            seat = min(game.actors)
            game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
            step += 1
    return {"views": count, "wrong": wrong[:10]}


def decisions() -> dict[str, Any]:
    before = TALLY.playouts
    out: dict[str, Any] = {}
    for seed, hand in HEARTS_HANDS:
        searcher = HeartsHard(worlds=24, time_limit=float("inf"))
        line: list[Bot] = [searcher, Shooter(), searcher, HeartsNormal()]
        out[f"hearts {seed} {hand}"] = play_hand("hearts", seed, hand, line)
    out["hearts solver"] = solver_values()
    out["errors"] = errors()
    for rules in ROOK_PRESETS:
        rules_id = rules.id
        for seed in ROOK_SEEDS:
            hard = RookHard(playouts=40, time_limit=float("inf"))
            bots: list[Bot] = [hard, RookNormal(), hard, RookEasy()]
            out[f"{rules_id} {seed}"] = play_hand(rules_id, seed, seed, bots)
    out["playouts"] = TALLY.playouts - before
    return out


@functools.cache
def decisions_json() -> str:
    """:func:`decisions` as JSON text, computed once a process: the compiled core
    (``tests/test_native.py``) and Pyodide (``tests/offline/test_pyodide.py``) are both
    held to the source's, which take minutes from source under coverage."""
    return json.dumps(decisions())


def main() -> None:
    status = native.status()
    report = {
        "compiled": status.compiled,
        "reason": status.reason,
        "decisions": decisions(),
        "pickled": pickled_views(),
        "loaded": native.loaded_compiled(),
    }
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
