"""One decision judged: the moment of a game a seat took it (:class:`Moment`), the
Hard search's evidence from that seat's view (:func:`scorer_for`), every candidate
and the action taken played out over the same worlds (:func:`judge`,
:func:`sampled`), and the hindsight with every card face up (Hearts card play:
:func:`solved_hindsight`, from a hand's last decision back: :func:`solve_backwards`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from crowsnest.ai import pause
from crowsnest.ai.budget import Scorer
from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.hearts.solver import OutOfNodes, Position, Solver
from crowsnest.ai.outcome import Outcome
from crowsnest.ai.reasons import evidence, reason_of
from crowsnest.ai.rook.common import deck_of
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.ai.verdicts import Band, Decision, Hindsight, Option, band_of
from crowsnest.engine import (
    Action,
    AnyGame,
    Choose,
    HeartsGame,
    LegalAction,
    Play,
    RookGame,
    action_text,
    card_text,
)
from crowsnest.engine.cards import HEARTS
from crowsnest.engine.tricks import led_suit


@dataclass(frozen=True, slots=True)
class Moment:
    """A game just before ``seat`` took ``action`` (the record's ``step``)."""

    step: int
    game: AnyGame
    action: Action
    legal: list[LegalAction]


def legal_count(legal: Sequence[LegalAction]) -> int:
    """How many actions ``legal`` admits (a :class:`Choose` counts as 2 or more)."""
    n = 0
    for a in legal:
        if isinstance(a, Choose):
            free = (a.allowed & ~a.required).bit_count()
            n += math.comb(free, a.count - a.required.bit_count())
        else:
            n += 1
    return n


def scorer_for(game: AnyGame, seat: int, legal: Sequence[LegalAction]) -> Scorer | None:
    """The Hard search's evidence for ``seat``'s decision, from its view only."""
    view = game.view(seat)
    bot = RookHard() if isinstance(game, RookGame) else HeartsHard()
    return bot.scorer(view, legal)


def face_up(game: AnyGame) -> tuple[list[int], int]:
    """The real deal at this moment: the four hands and (Rook) the nest as the
    search's worlds hold it (dealt during the auction, the discards afterwards)."""
    if isinstance(game, RookGame):
        nest = game.nest if game.phase == "auction" else game.discards
        return list(game.hands), nest
    return list(game.hands), 0


def judge(
    moment: Moment,
    seat: int,
    worlds: int,
    thresholds: Sequence[tuple[Band, float]],
    hindsight: bool = True,
    solver: Solver | None = None,
) -> Decision:
    """One decision, searched over ``worlds`` worlds (seeded by the game's seed and
    the step, so a review is reproducible); Hearts card play's hindsight by
    ``solver`` (one for ``seat`` is made when none is given)."""
    game = moment.game
    family = game.rules.family
    view = game.view(seat)
    shown = view.to_json()
    base = Decision(
        step=moment.step,
        hand_number=game.hand_number,
        phase=game.phase,
        hand=tuple(shown["hand"] or ()),
        trick=tuple(card_text(c, family) for c in view.trick),
        taken=action_text(moment.action, family),
        legal=legal_count(moment.legal),
        leader=game.leader if game.phase == "play" else None,
    )
    if base.forced:
        return base
    scorer = scorer_for(game, seat, moment.legal)
    if scorer is None:  # pragma: no cover - forced decisions are caught above
        return base
    actions = candidates_of(scorer, moment.action)
    sign = 1.0 if scorer.higher else -1.0
    rng = random.Random(f"review:{game.seed}:{moment.step}")
    results, facts = played(scorer, actions, worlds, rng)
    means = [sum(r) / worlds for r in results]
    taken = actions.index(moment.action)
    best = max(range(len(actions)), key=lambda i: (round(means[i], 9), i == taken, -i))
    cost, se = _paired(results[best], results[taken])
    hearts = isinstance(game, HeartsGame)
    order = sorted(range(len(actions)), key=lambda i: -means[i])
    found = {
        i: evidence(
            Option(action_text(actions[i], family), sign * means[i], _se(results[i])),
            facts[i],
            hearts=hearts,
        )
        for i in order
    }
    options = tuple(found[i] for i in order)
    other = taken if taken != best else next((i for i in order if i != best), None)
    reason = None
    if other is not None:
        ruff = ruffs(game, actions[best])
        reason = reason_of(found[best], found[other], worlds, hearts=hearts, ruff=ruff)
    seen = None
    if hindsight and isinstance(game, HeartsGame) and isinstance(moment.action, Play):
        seen = solved_hindsight(game, solver or Solver(game.rules, seat), moment.action, actions)
    elif hindsight and scorer.face_up is not None:
        hands, nest = face_up(game)
        real = scorer.face_up(hands, nest)
        values = [sign * scorer.value(real, a) for a in actions]
        top = max(range(len(actions)), key=lambda i: (values[i], i == taken, -i))
        seen = Hindsight(
            best=action_text(actions[top], family),
            best_value=sign * values[top],
            taken_value=sign * values[taken],
            cost=values[top] - values[taken],
        )
    return Decision(
        step=base.step,
        hand_number=base.hand_number,
        phase=base.phase,
        hand=base.hand,
        trick=base.trick,
        taken=base.taken,
        legal=base.legal,
        best=action_text(actions[best], family),
        taken_value=sign * means[taken],
        best_value=sign * means[best],
        cost=cost,
        se=se,
        band=band_of(cost, se, thresholds),
        options=options,
        hindsight=seen,
        leader=base.leader,
        reason=reason,
    )


def sampled(
    scorer: Scorer, actions: Sequence[Action], worlds: int, rng: random.Random
) -> list[list[float]]:
    """Each action's result in each of ``worlds`` worlds drawn with ``rng``, higher
    better (:func:`played`)."""
    return played(scorer, actions, worlds, rng)[0]


def played(
    scorer: Scorer, actions: Sequence[Action], worlds: int, rng: random.Random
) -> tuple[list[list[float]], list[list[Outcome]]]:
    """Each action's result in each of ``worlds`` worlds drawn with ``rng``, higher
    better, and what each of those playouts showed (:attr:`Scorer.outcome`; none where
    the search does not tell). Where the search plays several lines on
    (:attr:`Scorer.lines`) an action counts the line with the best total, as the search
    counts it, not the best line of each world (which would flatter the actions that
    have several); its facts are that line's."""
    sign = 1.0 if scorer.higher else -1.0
    table: list[list[list[float]]] = [[] for _ in actions]
    seen: list[list[list[Outcome]]] = [[] for _ in actions]
    for _ in range(worlds):
        pause.point()  # a review running in the background gives way to the bots here
        world = scorer.draw(rng)
        for i, a in enumerate(actions):
            outcomes: list[Outcome] = []
            if scorer.outcome is not None:
                outcomes = list(scorer.outcome(world, a))
                found = [o.value for o in outcomes]
            elif scorer.lines is None:
                found = [scorer.value(world, a)]
            else:
                found = list(scorer.lines(world, a))
            if not table[i]:
                table[i] = [[] for _ in found]
                seen[i] = [[] for _ in found]
            for k, v in enumerate(found):
                table[i][k].append(sign * v)
                if outcomes:
                    seen[i][k].append(outcomes[k])
    picked = [
        max(range(len(lines)), key=lambda k: sum(lines[k])) if lines else -1 for lines in table
    ]
    return (
        [table[i][k] if k >= 0 else [] for i, k in enumerate(picked)],
        [seen[i][k] if k >= 0 else [] for i, k in enumerate(picked)],
    )


def ruffs(game: AnyGame, action: Action) -> bool:
    """Whether ``action`` is a Rook card of the trump played on another colour's lead."""
    if not isinstance(game, RookGame) or not isinstance(action, Play) or game.trump is None:
        return False
    if not game.trick:
        return False
    deck = deck_of(game.rules)
    trumps = deck.trump_mask(game.trump)
    led = led_suit(game.trick[0], trumps, deck.colours)
    return bool(trumps >> action.card & 1) and led != trumps


def candidates_of(scorer: Scorer, taken: Action) -> list[Action]:
    """The actions a decision is judged between: the search's, and the one taken."""
    actions = list(scorer.candidates)
    if taken not in actions:
        actions.append(taken)
    return actions


def solve_backwards(
    decisions: list[Decision], later: Sequence[tuple[int, Moment]], seat: int, solver: Solver
) -> None:
    """The Hearts hindsight of the card decisions ``later`` (index in ``decisions``,
    moment), set in ``decisions``: each hand's from its last to its first. A position
    holding more cards than one of the same hand whose search ran out of nodes is not
    searched but cut short at once: it would spend its whole budget the same way (most
    of a review's time went there: docs/experiments/review.md), and the later
    positions' transposition entries serve the earlier ones."""
    fewest_cut: dict[int, int] = {}
    """Per hand number: the fewest cards left in a position whose search was cut short."""
    for index, moment in reversed(later):
        game = moment.game
        assert isinstance(game, HeartsGame) and isinstance(moment.action, Play)
        left = sum(h.bit_count() for h in game.hands)
        if left > fewest_cut.get(game.hand_number, 53):
            seen = Hindsight(None, None, None, None, cut_short=True)
        else:
            scorer = scorer_for(game, seat, moment.legal)
            assert scorer is not None  # a decision with a choice
            seen = solved_hindsight(
                game, solver, moment.action, candidates_of(scorer, moment.action)
            )
            if seen.cut_short:
                fewest_cut[game.hand_number] = left
        decisions[index] = replace(decisions[index], hindsight=seen)


def solved_hindsight(
    game: HeartsGame, solver: Solver, taken: Play, actions: Sequence[Action]
) -> Hindsight:
    """Hearts: the card taken and the candidates ``actions`` compared with every
    card face up, exactly (:class:`~crowsnest.ai.hearts.solver.Solver`), or cut
    short by its node budget."""
    cards = [a.card for a in actions if isinstance(a, Play)]
    try:
        found = solver.compare(Position.of(game), taken.card, cards)
    except OutOfNodes:
        return Hindsight(None, None, None, None, cut_short=True)
    return Hindsight(
        best=action_text(Play(found.best), HEARTS),
        best_value=found.best_value,
        taken_value=found.value,
        cost=found.value - found.best_value,
    )


def _se(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mean = sum(xs) / n
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``a - b`` (paired over the same worlds) and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    return sum(diffs) / len(diffs), _se(diffs)
