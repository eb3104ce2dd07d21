"""A position's choices played out (``crowsnest position NAME``): each choice made
at deals ``0 .. n-1`` and the hand played to its end by real bots (:func:`play_out`),
on one process or a spawn pool, each deal appended to a log a run cut short resumes
from, and the report of each choice's margin against the reference choice.
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
from crowsnest.arena.positions import POSITIONS
from crowsnest.arena.seeding import seat_seed
from crowsnest.arena.stats import Interval, mean_ci
from crowsnest.engine import Action
from crowsnest.engine.cards import card_text
from crowsnest.workers import exit_with_parent


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
