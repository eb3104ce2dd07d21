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

A decision is *flagged* in a band (:data:`BANDS`) only when its cost reaches the
band's threshold **and** exceeds :data:`Z` standard errors of the difference; a
decision with one legal action is never searched nor flagged. The per-game
**accuracy** is ``100 * exp(-mean cost / scale)`` over the decisions that had a
choice, counting only costs outside the noise (:func:`accuracy`).

*Hindsight*: once the hand is over every card is known: what was best with the
cards face up, kept apart and labelled as hindsight. Hearts card play: the rest of
the hand searched exactly (:mod:`crowsnest.ai.hearts.solver`, paranoid double dummy)
after the card taken and after each candidate, within a node budget per decision;
a decision whose search the budget cut short gets no figure, only that it was cut
short (:attr:`Hindsight.cut_short`). A hand's card decisions are searched from the
last back to the first, and once one is cut short the earlier ones (more cards
left) are cut short without a search (:func:`solve_backwards`). Rook: each
candidate played out in the real deal by the search's own players (exactly, double
dummy, over the last three tricks). The Hearts pass has none.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from crowsnest.ai import pause
from crowsnest.ai.budget import Scorer
from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.hearts.solver import DEFAULT_NODES, OutOfNodes, Position, Solver
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.engine import (
    Action,
    AnyGame,
    Choose,
    HeartsGame,
    LegalAction,
    Play,
    RookGame,
    RookRules,
    action_text,
    card_text,
    get_rules,
    new_game,
    parse_action,
    replay,
)
from crowsnest.engine.cards import HEARTS

Band = Literal["inaccuracy", "mistake", "blunder"]

DEFAULT_WORLDS: Final = 128
"""Sampled worlds per decision (every candidate is played out in each)."""
Z: Final = 2.0
"""Standard errors of the difference a cost must exceed to be flagged at all."""
HEARTS_BANDS: Final[tuple[tuple[Band, float], ...]] = (
    ("blunder", 8.0),
    ("mistake", 3.0),
    ("inaccuracy", 1.0),
)
"""Hearts thresholds, in relative points (a heart taken costs 4/3, the queen 52/3)."""
ROOK_BANDS: Final[tuple[tuple[Band, float], ...]] = (
    ("blunder", 30.0),
    ("mistake", 15.0),
    ("inaccuracy", 5.0),
)
"""Rook thresholds for a 120-point deck, scaled to the rule set's points per hand
(a 10-point counter given to the other team costs 20 in the team difference)."""
MAX_WORLDS: Final = 1000
"""The most worlds a review may ask for per decision."""


@dataclass(frozen=True, slots=True)
class Option:
    """One action searched: its text (``play QS``) and mean result (search units)."""

    action: str
    mean: float
    se: float


@dataclass(frozen=True, slots=True)
class Hindsight:
    """The decision with every card face up (the real deal played out). When the
    perfect-information search ran out of its node budget, ``cut_short`` and no
    figure (none is guessed)."""

    best: str | None
    best_value: float | None
    taken_value: float | None
    cost: float | None
    cut_short: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat."""

    step: int
    """Index of the action in the record's action list."""
    hand_number: int
    phase: str
    hand: tuple[str, ...]
    """The seat's hand at the moment, in the view's display order."""
    trick: tuple[str, ...]
    """The trick so far (cards in play order)."""
    taken: str
    legal: int
    """Legal actions (a card choice counts each card; a pass or discard counts 2+)."""
    best: str | None = None
    taken_value: float | None = None
    best_value: float | None = None
    cost: float = 0.0
    se: float = 0.0
    """Standard error of the cost (of the paired difference best - taken)."""
    band: Band | None = None
    options: tuple[Option, ...] = ()
    hindsight: Hindsight | None = None

    @property
    def forced(self) -> bool:
        return self.legal < 2

    @property
    def significant(self) -> bool:
        """The cost is outside :data:`Z` standard errors of the search's noise."""
        return self.cost > 0 and self.cost > Z * self.se


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions in a game (or some of its hands), judged."""

    family: str
    rules: str
    seat: int
    worlds: int
    decisions: tuple[Decision, ...] = field(default=())

    @property
    def flagged(self) -> list[Decision]:
        return [d for d in self.decisions if d.band is not None]

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.family, self.rules, self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "rules": self.rules,
            "seat": self.seat,
            "worlds": self.worlds,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "decisions": [_decision_json(d) for d in self.decisions],
        }


def _decision_json(d: Decision) -> dict[str, Any]:
    out: dict[str, Any] = {
        "step": d.step,
        "hand_number": d.hand_number,
        "phase": d.phase,
        "hand": list(d.hand),
        "trick": list(d.trick),
        "taken": d.taken,
        "legal": d.legal,
        "best": d.best,
        "taken_value": _round(d.taken_value),
        "best_value": _round(d.best_value),
        "cost": round(d.cost, 2),
        "se": round(d.se, 2),
        "band": d.band,
        "hindsight": None,
    }
    if d.hindsight is not None:
        h = d.hindsight
        out["hindsight"] = {
            "best": h.best,
            "best_value": _round(h.best_value),
            "taken_value": _round(h.taken_value),
            "cost": _round(h.cost),
            "cut_short": h.cut_short,
        }
    return out


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def bands(family: str, rules_id: str) -> tuple[tuple[Band, float], ...]:
    """The band thresholds (highest first) for a rule set, in search units."""
    rules = get_rules(rules_id)
    if not isinstance(rules, RookRules):
        return HEARTS_BANDS
    scale = rules.points_per_hand / 120
    return tuple((name, t * scale) for name, t in ROOK_BANDS)


def band_of(cost: float, se: float, thresholds: Sequence[tuple[Band, float]]) -> Band | None:
    """The band of a cost: the highest threshold it reaches, if it is outside
    :data:`Z` standard errors; else none."""
    if cost <= Z * se:
        return None
    for name, threshold in thresholds:
        if cost >= threshold:
            return name
    return None


def accuracy(family: str, rules_id: str, decisions: Sequence[Decision]) -> float | None:
    """``100 * exp(-c / s)``: ``c`` the mean cost over the decisions with a choice
    (a cost within the noise counts 0), ``s`` the rule set's *mistake* threshold.
    None when no decision had a choice."""
    chosen = [d for d in decisions if not d.forced]
    if not chosen:
        return None
    mistake = dict(bands(family, rules_id))["mistake"]
    mean = sum(d.cost for d in chosen if d.significant) / len(chosen)
    return 100.0 * math.exp(-mean / mistake)


# -- replaying a record to a seat's decisions ------------------------------------------


@dataclass(frozen=True, slots=True)
class Moment:
    """A game just before ``seat`` took ``action`` (the record's ``step``)."""

    step: int
    game: AnyGame
    action: Action
    legal: list[LegalAction]


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
    )
    if base.forced:
        return base
    scorer = scorer_for(game, seat, moment.legal)
    if scorer is None:  # pragma: no cover - forced decisions are caught above
        return base
    actions = candidates_of(scorer, moment.action)
    sign = 1.0 if scorer.higher else -1.0
    rng = random.Random(f"review:{game.seed}:{moment.step}")
    results = sampled(scorer, actions, worlds, rng)
    means = [sum(r) / worlds for r in results]
    taken = actions.index(moment.action)
    best = max(range(len(actions)), key=lambda i: (round(means[i], 9), i == taken, -i))
    cost, se = _paired(results[best], results[taken])
    options = tuple(
        Option(action_text(a, family), sign * means[i], _se(results[i]))
        for i, a in sorted(enumerate(actions), key=lambda p: -means[p[0]])
    )
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
    )


def sampled(
    scorer: Scorer, actions: Sequence[Action], worlds: int, rng: random.Random
) -> list[list[float]]:
    """Each action's result in each of ``worlds`` worlds drawn with ``rng``, higher
    better. Where the search plays several lines on (:attr:`Scorer.lines`) an action
    counts the line with the best total, as the search counts it, not the best line
    of each world (which would flatter the actions that have several)."""
    sign = 1.0 if scorer.higher else -1.0
    table: list[list[list[float]]] = [[] for _ in actions]
    for _ in range(worlds):
        pause.point()  # a review running in the background gives way to the bots here
        world = scorer.draw(rng)
        for i, a in enumerate(actions):
            found = [scorer.value(world, a)] if scorer.lines is None else scorer.lines(world, a)
            if not table[i]:
                table[i] = [[] for _ in found]
            for line, v in zip(table[i], found, strict=True):
                line.append(sign * v)
    return [max(lines, key=sum) if lines else [] for lines in table]


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
