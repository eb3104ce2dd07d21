"""Hand review: what the Hard search thinks of each decision a seat took.

For a game record and a seat, every decision of that seat is replayed to the moment
it was taken and judged from that seat's view then (the engine's ``view(seat)``:
never the hidden cards). The Hard bot's own search (:class:`~crowsnest.ai.budget.
Scorer`) samples worlds consistent with the view and plays every candidate action
out in each, the action taken included, the same worlds for all (common random
numbers). Per action: the mean result and its standard error; the best action is
the one with the best mean, and the decision's **cost** is the mean of the paired
difference best - taken, with the standard error of that difference.

Units (``docs/ai.md``, "Hand review"): Hearts, the hand's points of the seat minus
the mean of the other three (moon included; lower is better, a cost is in these
points); Rook, the hand score of the seat's team minus the other team's, bids
included (higher is better).

A decision is *flagged* in a band (:func:`~crowsnest.ai.verdicts.bands`) only when its
cost reaches the band's threshold **and** exceeds :data:`~crowsnest.ai.verdicts.Z`
standard errors of the difference; a decision with one legal action is never
searched nor flagged. The per-game **accuracy** is ``100 * exp(-mean cost / scale)``
over the decisions that had a choice, counting only costs outside the noise
(:func:`~crowsnest.ai.verdicts.accuracy`).

*Hindsight*: once the hand is over every card is known: what was best with the
cards face up, kept apart and labelled as hindsight. Hearts card play: the rest of
the hand searched exactly (:mod:`crowsnest.ai.hearts.solver`, paranoid double dummy)
after the card taken and after each candidate, within a node budget per decision;
a decision whose search the budget cut short gets no figure, only that it was cut
short (:attr:`~crowsnest.ai.verdicts.Hindsight.cut_short`). A hand's card decisions
are searched from the last back to the first, and once one is cut short the earlier
ones (more cards left) are cut short without a search
(:func:`~crowsnest.ai.judge.solve_backwards`). Rook: each candidate played out in the
real deal by the search's own players (exactly, double dummy, over the last three
tricks). The Hearts pass has none.

This module replays a record to each decision of a seat (:func:`review`) or judges
one position (:func:`judge_position`); one decision is judged in
:mod:`crowsnest.ai.judge`, and what a review says is in :mod:`crowsnest.ai.verdicts`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, Final

from crowsnest.ai.hearts.solver import DEFAULT_NODES, Solver
from crowsnest.ai.judge import Moment, judge, solve_backwards
from crowsnest.ai.verdicts import Decision, Review, bands
from crowsnest.engine import Action, AnyGame, HeartsGame, Play, new_game, parse_action, replay

DEFAULT_WORLDS: Final = 128
"""Sampled worlds per decision (every candidate is played out in each)."""
MAX_WORLDS: Final = 1000
"""The most worlds a review may ask for per decision."""


def moments(record: Mapping[str, Any], seat: int) -> Iterator[Moment]:
    """Each decision of ``seat`` in ``record``: the game before it (a copy). The
    record is checked first (:func:`~crowsnest.engine.replay` raises a
    ``RecordError`` naming the failing step)."""
    replay(record)
    game = new_game(
        record["rules"],
        options=record.get("options", {}),
        seed=record["seed"],
        deals=record.get("deals", []),
        start_hand=record.get("start_hand", 0),
    )
    for step, (who, text) in enumerate(record["actions"]):
        if who == seat:
            legal = game.legal_actions(seat)
            yield Moment(step, game.clone(), parse_action(text, game.rules.family), legal)
        game.apply(who, text)


def judge_position(
    game: AnyGame,
    seat: int,
    action: Action | str,
    *,
    worlds: int = DEFAULT_WORLDS,
    hindsight: bool = True,
    nodes: int = DEFAULT_NODES,
) -> Decision:
    """``seat`` taking ``action`` in ``game`` now, judged (the engine's ``check``
    raises a ``RulesError`` for an action it may not take)."""
    legal = game.legal_actions(seat)
    parsed = game.check(seat, action)
    moment = Moment(len(game.log), game.clone(), parsed, legal)
    thresholds = bands(game.rules.family, game.rules.id)
    solver = Solver(game.rules, seat, nodes) if isinstance(game, HeartsGame) else None
    return judge(moment, seat, worlds, thresholds, hindsight, solver)


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    worlds: int = DEFAULT_WORLDS,
    hands: Sequence[int] | None = None,
    hindsight: bool = True,
    nodes: int = DEFAULT_NODES,
    steps: Collection[int] | None = None,
) -> Review:
    """Judge every decision ``seat`` took in ``record`` (only in the hands numbered
    ``hands`` and the actions numbered ``steps``, when given; Hearts hindsight within
    ``nodes`` positions a decision).
    ``ValueError`` for a seat or a number of worlds out of range; the engine's
    ``RecordError`` for a record that does not replay."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"{seat!r} is not a seat (0..3)")
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not 2 <= worlds <= MAX_WORLDS:
        raise ValueError(f"{worlds!r} worlds: a review samples 2 to {MAX_WORLDS} per decision")
    decisions: list[Decision] = []
    family = rules_id = ""
    solver: Solver | None = None
    later: list[tuple[int, Moment]] = []  # Hearts card play: hindsight once all are judged
    for moment in moments(record, seat):
        game = moment.game
        family, rules_id = game.rules.family, game.rules.id
        if hands is not None and game.hand_number not in hands:
            continue
        if steps is not None and moment.step not in steps:
            continue
        if isinstance(game, HeartsGame) and solver is None:
            solver = Solver(game.rules, seat, nodes)
        thresholds = bands(family, rules_id)
        solved = hindsight and isinstance(game, HeartsGame) and isinstance(moment.action, Play)
        decision = judge(moment, seat, worlds, thresholds, hindsight and not solved, solver)
        if solved and not decision.forced:
            later.append((len(decisions), moment))
        decisions.append(decision)
    if solver is not None:
        solve_backwards(decisions, later, seat, solver)
    if not family:
        game = replay(record)
        family, rules_id = game.rules.family, game.rules.id
    return Review(family, rules_id, seat, worlds, tuple(decisions))
