"""Who partners whom in the Rook family: the rule itself, in a module of its own so
that it is compiled with the engine (:mod:`crowsnest.native`): every card of every
search rollout asks it, and the rule set's class (:class:`~crowsnest.engine.rules.rook.RookRules`,
whose ``team_of`` this is) is not compiled."""

from __future__ import annotations


def team_of(seat: int) -> int:
    """Partners sit across: seats 0 and 2 are team 0 ("We"), 1 and 3 team 1 ("They")."""
    return seat % 2
