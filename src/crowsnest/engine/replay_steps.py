"""A finished game as steps for a replay viewer: every moment, every hand face up.

:func:`replay_steps` replays a record action by action and describes each moment from
the engine's own views of the four seats and the events (the game is over, so every
hand may be shown). The moment a hand is scored, before the next deal, comes from the
game's ``on_hand_over`` hook: nothing here restates a rule.

>>> from crowsnest.engine import new_game
>>> game = new_game("hearts", seed=3)
>>> out = replay_steps(game.record())
>>> out["family"], len(out["steps"]), out["steps"][0]["phase"]
('hearts', 1, 'pass')
"""

from __future__ import annotations

from typing import Any

from crowsnest.engine import AnyGame, new_game
from crowsnest.engine.cards import card_list_text


def replay_steps(record: dict[str, Any]) -> dict[str, Any]:
    """Replay ``record`` action by action: the rules, family, options, final scores,
    winner and one step per moment.

    A step is the state *after* its action. Where an action ends a hand, that step
    shows the hand's end (the last trick, the hand's result) and the next step, with
    no action, the new deal (``"dealt": true``).
    """
    game = new_game(
        record["rules"],
        options=record.get("options", {}),
        seed=record["seed"],
        deals=record.get("deals", []),
        start_hand=record.get("start_hand", 0),
    )
    hand_over: list[dict[str, Any]] = []
    game.on_hand_over = lambda: hand_over.append(_state(game))
    steps = [_state(game)]
    for seat, text in record["actions"]:
        hand_over.clear()
        events = game.apply(seat, text)
        kinds = {e.type: e.data for e in events}
        action = {"seat": seat, "text": text}
        if "hand_end" in kinds and game.phase != "over":
            steps.append(_hand_over(game, hand_over[-1], action, kinds))
            steps.append(_state(game) | {"dealt": True})
            continue
        step = _state(game) | {"action": action}
        if "trick" in kinds:
            step["trick_done"] = kinds["trick"]
        if "hand_end" in kinds:
            step["hand_end"] = kinds["hand_end"]
        steps.append(step)
    game.on_hand_over = None
    return {
        "rules": record["rules"],
        "family": game.rules.family,
        "teams": [list(team) for team in game.rules.teams],
        "bird": game.rules.bird_key,
        "options": record.get("options", {}),
        "final_scores": list(game.scores),
        "winner": game.winner,
        "steps": steps,
    }


def _state(game: AnyGame) -> dict[str, Any]:
    """One moment: the public view (whole, as ``view``: a viewer draws the table
    from it as a live table draws a spectator's), every seat's hand (in set order),
    the nest and discards from the declarer's view, the passes from each seat's."""
    views = [game.view(s) for s in range(4)]
    seen = [v.to_json() for v in views]
    data = game.view(None).to_json()
    step: dict[str, Any] = {
        "action": None,
        "phase": data["phase"],
        "hand_number": data["hand_number"],
        "actors": data["actors"],
        "hands": [card_list_text(v.hand or 0, game.rules.family) for v in views],
        "trick": data["trick"],
        "leader": data["leader"],
        "tricks_played": len(data["tricks"]),
        "trick_done": None,
        "hand_end": None,
        "totals": data["totals"],
        "winner": data["winner"],
        "view": data,
    }
    if game.rules.family == "rook":
        declarer = data["declarer"]
        mine = None if declarer is None else seen[declarer]
        step |= {
            "dealer": data["dealer"],
            "auction": data["auction"],
            "high_bid": data["high_bid"],
            "declarer": declarer,
            "bid": data["bid"],
            "trump": data["trump"],
            "nest": None if mine is None else mine["nest"],
            "discards": None if mine is None else mine["discards"],
            "captured": data["captured"],
            "tricks_won": data["tricks_won"],
        }
    else:
        step |= {
            "pass_direction": data["pass_direction"],
            "passed": [v["passed"] for v in seen],
            "received": [v["received"] for v in seen],
            "hearts_broken": data["hearts_broken"],
            "points_taken": data["points_taken"],
        }
    return step


def _hand_over(
    game: AnyGame, state: dict[str, Any], action: dict[str, Any], kinds: dict[str, Any]
) -> dict[str, Any]:
    """The moment a hand is scored (``state``, from the game's ``on_hand_over``), with
    the action that ended it, its last trick and result; a Rook hand shows what each
    team counted (the nest and the trick bonus included)."""
    step = state | {"action": action, "trick_done": kinds["trick"], "hand_end": kinds["hand_end"]}
    if game.rules.family == "rook":
        step["captured"] = kinds["hand_end"]["counted"]
    return step
