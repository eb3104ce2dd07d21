"""Scenario positions played out: what each choice at one decision is worth.

A scenario test (``tests/ai/test_rook_bots.py``) asks a bot for one decision in a
fixed position and states the right answer. This module measures that answer. A
:class:`Position` fixes the hands the test fixes (the deciding seat's, sometimes its
partner's), the play up to the decision, and the choices to compare. Deal ``k`` of a
run deals the other cards around as the tests do (:func:`deal_around`, shuffle
``k``), builds the position, and for each choice makes it and plays the hand to its
end with real bots: ``side`` for the deciding seat and its partner, ``others`` for
the opponents, each seat's chances from the arena's seat seed of ``(seed, k, seat)``
(the same for every choice). A choice scores the deciding team's hand score minus
the other team's, and it is compared with the position's reference choice deal by
deal (a paired difference with a Student-t interval).

``crowsnest position NAME`` runs one (docs/arena.md); the positions are
:data:`POSITIONS`. The deals a position does not admit (the Rook in the declarer's
own nest, where the position says it is out) are skipped and counted.

>>> [name for name in POSITIONS]
['top-trump', 'top-trump-rook-takes', 'medium-raise', 'monster-raise']
>>> hands, nest = deal_around("rook/tournament", {0: TOP_TRUMP}, 0)
>>> hands[0] == TOP_TRUMP, len(hands[1].split()), len(nest.split())
(True, 9, 5)
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from crowsnest.arena.players import Seating
from crowsnest.arena.seeding import seat_seed
from crowsnest.arena.stats import Interval, mean_ci
from crowsnest.engine import RULESETS, Action, RookGame, RookRules, new_game
from crowsnest.engine.cards import card_list_text, card_text
from crowsnest.engine.rules.rook import tables
from crowsnest.workers import exit_with_parent

# -- positions as the tests build them ---------------------------------------------------


def deal_around(rules_id: str, fixed: Mapping[int, str], shuffle: int = 0) -> tuple[list[str], str]:
    """Hands for seats 0..3 and the nest: the ``fixed`` hands as given, the other
    cards shuffled (by ``shuffle``) and dealt out to the other seats and the nest."""
    rules = RULESETS[rules_id]
    if not isinstance(rules, RookRules):
        raise ValueError(f"{rules_id} is not a Rook rule set")
    taken = " ".join(fixed.values()).split()
    rest = [c for c in card_list_text(tables(rules).deck, "rook") if c not in taken]
    random.Random(shuffle).shuffle(rest)
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(" ".join(rest[: rules.hand_size]))
            rest = rest[rules.hand_size :]
    return hands, " ".join(rest)


def game_at(
    rules_id: str,
    hands: Sequence[str],
    nest: str,
    *,
    dealer: int,
    declarer: int | None,
    trump: str = "red",
    bid: int | None = None,
    plays: str = "",
    options: dict[str, object] | None = None,
) -> RookGame:
    """The deal ``hands`` (seats 0..3) and ``nest``, with ``dealer`` dealing. Unless
    ``declarer`` is None (the auction is left open), ``declarer`` bids ``bid`` (the
    minimum by default) and the others pass; it lays the nest back as dealt, names
    ``trump``, and then ``plays`` are played in turn."""
    deal: dict[str, object] = {"hands": [h.split() for h in hands]}
    if nest:
        deal["nest"] = nest.split()
    game = new_game(rules_id, options=options, seed=1, deals=[deal], start_hand=(dealer + 1) % 4)
    if not isinstance(game, RookGame) or game.dealer != dealer:
        raise ValueError(f"{rules_id}: no Rook game dealt by seat {dealer}")
    if declarer is None:
        return game
    amount = bid or game.rules.min_bid
    while game.phase == "auction":
        seat = game.turn
        game.apply(seat, f"bid {amount}" if seat == declarer else "bid pass")
    if game.phase == "discard":
        game.apply(declarer, "discard " + " ".join(card_list_text(game.nest, "rook")))
    game.apply(declarer, "trump " + trump)
    for card in plays.split():
        game.apply(game.turn, "play " + card)
    return game


def partner_opened(rules_id: str, mine: str, partner: str, shuffle: int = 0) -> RookGame:
    """Seat 1 passes, seat 2 (seat 0's partner) opens 70, seat 3 passes: seat 0 to
    bid, both opponents out."""
    hands, nest = deal_around(rules_id, {0: mine, 2: partner}, shuffle)
    game = game_at(rules_id, hands, nest, dealer=0, declarer=None)
    for seat, action in ((1, "bid pass"), (2, "bid 70"), (3, "bid pass")):
        game.apply(seat, action)
    return game


TOP_TRUMP = "G5 G8 G11 G13 G14 R14 Y14 B6 B7"
"""A declarer in green (Tournament Rook) from a reported game, where it led the G8 into
the Rook and went set."""
MEDIUM = "G14 G13 G11 G9 G8 R14 Y10 B5 B12"
"""A good hand whose partner opened 70 with both opponents out (Tournament Rook)."""
STRONG_PARTNER = "R11 R12 R13 Y14 Y11 Y9 R5 R9 B14"
MONSTER = "R14 R13 R12 R11 R10 Y14 G14 B14 CROW"
"""Five top red trumps, three side 14s and the Rook, over a weak partner's 70."""
WEAK_PARTNER = "R5 R6 Y13 Y12 G5 G10 B5 B6 B10"

# -- the positions ------------------------------------------------------------------------

Reply = Callable[[RookGame], str | None]
"""A scripted answer after the choice: the action text for the seat to act, or None to
let its bot choose."""


@dataclass(frozen=True, slots=True)
class Choice:
    action: str
    """The action made at the decision, in the engine's notation (``play G8``)."""
    reply: Reply | None = None
    """Scripted answers that follow it (the rest is the bots')."""


@dataclass(frozen=True, slots=True)
class Position:
    name: str
    doc: str
    rules_id: str
    build: Callable[[int], RookGame | None]
    """The position of shuffle ``k``, None when it does not admit that deal."""
    seat: int
    choices: Mapping[str, Choice]
    reference: str
    """The choice the others are compared with."""


def _top_trump(shuffle: int) -> RookGame | None:
    hands, nest = deal_around("rook/tournament", {0: TOP_TRUMP}, shuffle)
    if "CROW" in nest.split():  # the position has the bird card out
        return None
    return game_at("rook/tournament", hands, nest, dealer=3, declarer=0, trump="green")


def _rook_holder(game: RookGame) -> int | None:
    for seat in range(4):
        if "CROW" in card_list_text(game.hands[seat], "rook"):
            return seat
    return None


def _top_trump_rook_with_opponent(shuffle: int) -> RookGame | None:
    game = _top_trump(shuffle)
    if game is None or _rook_holder(game) not in (1, 3):
        return None
    return game


def _rook_takes_the_first_trick(game: RookGame) -> str | None:
    """The defence that punishes a low trump lead: the opponent holding the Rook plays
    it on the first trick."""
    if game.tricks or game.turn != _rook_holder(game):
        return None
    return "play CROW"


def _partner_opened(mine: str, partner: str) -> Callable[[int], RookGame]:
    def build(shuffle: int) -> RookGame:
        return partner_opened("rook/tournament", mine, partner, shuffle)

    return build


_RAISE = {"pass": Choice("bid pass"), "75": Choice("bid 75")}

POSITIONS: dict[str, Position] = {
    p.name: p
    for p in (
        Position(
            "top-trump",
            "Tournament Rook, declarer in green with TOP_TRUMP, the first lead, the Rook"
            " out of the nest: the top trump, a low trump or a side card",
            "rook/tournament",
            _top_trump,
            0,
            {"G14": Choice("play G14"), "G8": Choice("play G8"), "B6": Choice("play B6")},
            "G14",
        ),
        Position(
            "top-trump-rook-takes",
            "top-trump with the Rook at an opponent, who takes a G8 lead with it (the"
            " defence that punishes a low lead); the G14 lead played freely",
            "rook/tournament",
            _top_trump_rook_with_opponent,
            0,
            {
                "G14": Choice("play G14"),
                "G8, Rook takes": Choice("play G8", _rook_takes_the_first_trick),
            },
            "G14",
        ),
        Position(
            "medium-raise",
            "Tournament Rook, MEDIUM over its partner's (STRONG_PARTNER) 70, both opponents"
            " out: pass or raise",
            "rook/tournament",
            _partner_opened(MEDIUM, STRONG_PARTNER),
            0,
            _RAISE,
            "pass",
        ),
        Position(
            "monster-raise",
            "Tournament Rook, MONSTER over its partner's (WEAK_PARTNER) 70, both opponents"
            " out: pass or raise",
            "rook/tournament",
            _partner_opened(MONSTER, WEAK_PARTNER),
            0,
            _RAISE,
            "pass",
        ),
    )
}

# -- playing them out ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One choice played out at one deal: the deciding team's score minus the other
    team's, whether the contract (whoever declared it) was made, and the first trick's
    cards in the order played."""

    margin: int
    made: bool
    first: str


@dataclass(frozen=True, slots=True)
class Deal:
    shuffle: int
    outcomes: Mapping[str, Outcome] | None
    """Per choice; None when the position does not admit the deal."""

    def json(self) -> dict[str, object]:
        return {
            "shuffle": self.shuffle,
            "outcomes": None
            if self.outcomes is None
            else {k: [o.margin, o.made, o.first] for k, o in self.outcomes.items()},
        }


@dataclass(frozen=True, slots=True)
class Job:
    position: str
    side: str
    others: str
    seed: int

    def header(self) -> dict[str, object]:
        return {
            "position": self.position,
            "side": self.side,
            "others": self.others,
            "seed": self.seed,
        }


def play_out(job: Job, shuffle: int, seating: Seating) -> Deal:
    """Every choice of ``job``'s position at deal ``shuffle``, played to the hand's end."""
    position = POSITIONS[job.position]
    outcomes: dict[str, Outcome] = {}
    for label, choice in position.choices.items():
        game = position.build(shuffle)
        if game is None:
            return Deal(shuffle, None)
        team = game.rules.team_of(position.seat)
        bots = [
            seating.bot(job.side if game.rules.team_of(s) == team else job.others) for s in range(4)
        ]
        rngs = [random.Random(seat_seed(job.seed, shuffle, s)) for s in range(4)]
        game.apply(position.seat, choice.action)
        first = ""
        while not game.results:
            seat = min(game.actors)
            scripted = choice.reply(game) if choice.reply is not None else None
            action: Action | str = scripted or bots[seat].choose(
                game.view(seat), game.legal_actions(seat), rngs[seat]
            )
            game.apply(seat, action)
            if not first and game.tricks:
                first = " ".join(card_text(c, "rook") for c in game.tricks[0].cards)
        result = game.results[0]
        margin = result.score[team] - result.score[1 - team]
        outcomes[label] = Outcome(margin, bool(result.made), first)
    return Deal(shuffle, outcomes)


_worker: tuple[Job, Seating] | None = None


def _init(job: Job) -> None:
    global _worker
    exit_with_parent()
    _worker = (job, Seating("rook", untimed=True))


def _work(shuffle: int) -> Deal:
    assert _worker is not None
    return play_out(_worker[0], shuffle, _worker[1])


def _deals(job: Job, todo: Sequence[int], workers: int) -> Iterator[Deal]:
    if workers <= 1 or len(todo) < 2:
        seating = Seating("rook", untimed=True)
        try:
            for shuffle in todo:
                yield play_out(job, shuffle, seating)
        finally:
            seating.close()
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(todo)), initializer=_init, initargs=(job,)) as pool:
        yield from pool.imap(_work, todo)
        pool.close()
        pool.join()


class PositionLogError(ValueError):
    """A ``--out`` file that is not this run's log."""


def _read_log(path: Path, job: Job) -> dict[int, Deal]:
    done: dict[int, Deal] = {}
    if not path.exists() or path.stat().st_size == 0:
        return done
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        header = json.loads(lines[0])
        if header != job.header():
            raise PositionLogError(f"{path} is the log of another run: {header}")
        for line in lines[1:]:
            if not line.strip():
                continue
            row = json.loads(line)
            raw = row["outcomes"]
            outcomes = (
                None
                if raw is None
                else {k: Outcome(int(m), bool(x), str(f)) for k, (m, x, f) in raw.items()}
            )
            done[int(row["shuffle"])] = Deal(int(row["shuffle"]), outcomes)
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        if isinstance(error, PositionLogError):
            raise
        raise PositionLogError(f"{path}: not a position log ({error})") from None
    return done


@dataclass(frozen=True, slots=True)
class Report:
    job: Job
    deals: tuple[Deal, ...]
    skipped: int
    margins: dict[str, Interval] = field(default_factory=dict)
    """Each choice's mean margin."""
    differences: dict[str, Interval] = field(default_factory=dict)
    """Each choice's margin minus the reference choice's, paired by deal."""
    made: dict[str, float] = field(default_factory=dict)
    """Each choice's share of contracts made."""

    def text(self) -> str:
        position = POSITIONS[self.job.position]
        played = len(self.deals) - self.skipped
        lines = [
            f"{position.name}: {position.doc}",
            f"side {self.job.side}, others {self.job.others}, seed {self.job.seed}:"
            f" {played} deals played out ({self.skipped} not admitted)",
        ]
        for label in position.choices:
            if label not in self.margins:
                continue
            line = (
                f"  {label:<16} mean {self.margins[label].mean:+7.2f}  made {self.made[label]:6.1%}"
            )
            if label == position.reference:
                line += "  (reference)"
            else:
                diff = self.differences[label]
                half = "n/a" if diff.half is None else f"{diff.half:.2f}"
                line += f"  - {position.reference}: {diff.mean:+7.2f} +- {half}"
            lines.append(line)
        return "\n".join(lines)

    def json(self) -> dict[str, object]:
        def interval(i: Interval) -> dict[str, object]:
            return {"mean": i.mean, "half": i.half, "n": i.n}

        return {
            **self.job.header(),
            "deals": len(self.deals),
            "skipped": self.skipped,
            "margins": {k: interval(v) for k, v in self.margins.items()},
            "differences": {k: interval(v) for k, v in self.differences.items()},
            "made": self.made,
        }


def report(job: Job, deals: Sequence[Deal]) -> Report:
    position = POSITIONS[job.position]
    played = [d.outcomes for d in deals if d.outcomes is not None]
    result = Report(job, tuple(deals), len(deals) - len(played))
    if not played:
        return result
    for label in position.choices:
        margins = [o[label].margin for o in played]
        result.margins[label] = mean_ci(margins)
        result.made[label] = sum(o[label].made for o in played) / len(played)
        if label != position.reference:
            result.differences[label] = mean_ci(
                [o[label].margin - o[position.reference].margin for o in played]
            )
    return result


def run(
    job: Job,
    deals: int,
    *,
    workers: int | None = None,
    out: Path | None = None,
    on_deal: Callable[[Deal], None] | None = None,
) -> Report:
    """Play ``job``'s position out at shuffles ``0 .. deals-1`` (those in ``out``'s
    log are read, not played; each new one is appended as it ends)."""
    if job.position not in POSITIONS:
        raise ValueError(f"unknown position {job.position!r} (known: {', '.join(POSITIONS)})")
    if deals < 1:
        raise ValueError("play at least one deal")
    seating = Seating("rook", untimed=True)
    for spec in (job.side, job.others):
        seating.bot(spec)  # the registry's error for a bad spec, before any work
    seating.close()
    done = _read_log(out, job) if out is not None else {}
    todo = [k for k in range(deals) if k not in done]
    log = None
    if out is not None:
        log = out.open("a", encoding="utf-8")
        if not done and out.stat().st_size == 0:
            log.write(json.dumps(job.header()) + "\n")
    try:
        for deal in _deals(job, todo, workers or os.cpu_count() or 1):
            done[deal.shuffle] = deal
            if log is not None:
                log.write(json.dumps(deal.json()) + "\n")
                log.flush()
            if on_deal is not None:
                on_deal(deal)
    finally:
        if log is not None:
            log.close()
    return report(job, [done[k] for k in range(deals)])
