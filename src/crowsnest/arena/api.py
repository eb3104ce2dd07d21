"""Arena runs by name: validate, play on the workers, summarise."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from crowsnest.arena import hearts, rook
from crowsnest.arena.hand import DealOutcome, Job, RunInfo
from crowsnest.arena.log import DealLogError, DealWriter, merge_logs
from crowsnest.arena.players import canonical, check_spec, has_limit, takes_budget
from crowsnest.arena.progress import Progress
from crowsnest.arena.runner import Played, run_deals
from crowsnest.arena.stats import Paired, mean_ci
from crowsnest.engine import RULESETS, get_rules

ArenaResult = hearts.HeartsResult | hearts.HeartsTableResult | rook.RookResult

DEFAULT_DEALS = 200
DEFAULT_SEED = 0


def _job(
    rules_id: str,
    lineup: Sequence[str],
    seed: int,
    options: Mapping[str, object] | None,
    budget: float | None,
    seatings: tuple[tuple[int, ...], ...] = (),
    untimed: bool = False,
) -> Job:
    if rules_id not in RULESETS:
        raise ValueError(f"unknown rule set {rules_id!r}; choose one of {', '.join(RULESETS)}")
    rules = get_rules(rules_id, options)  # validates the options
    for spec in set(lineup):
        check_spec(rules.family, spec)
    if budget is not None:
        if not budget > 0:
            raise ValueError("the budget must be a positive number of seconds")
        if not any(takes_budget(rules.family, spec) for spec in set(lineup)):
            raise ValueError(f"no bot among {', '.join(dict.fromkeys(lineup))} takes a budget")
    if untimed:
        if budget is not None:
            raise ValueError("--untimed keeps each decision's fixed work; --budget sets its time")
        if not any(has_limit(rules.family, spec) for spec in set(lineup)):
            raise ValueError(f"no bot among {', '.join(dict.fromkeys(lineup))} has a time limit")
    return Job(
        family=rules.family,
        rules=rules_id,
        lineup=tuple(canonical(rules.family, spec) for spec in lineup),
        seed=seed,
        options=tuple(sorted((options or {}).items())),
        budget=budget,
        seatings=seatings,
        untimed=untimed,
    )


def _info(job: Job, deals: int, played: Played) -> RunInfo:
    return RunInfo(
        rules=job.rules,
        lineup=job.lineup,
        deals=deals,
        hands=sum(len(o.hands) for o in played.outcomes),
        seed=job.seed,
        workers=played.workers,
        seconds=played.seconds,
        budget=job.budget,
        options=job.options,
        played_hands=_played(played),
        untimed=job.untimed,
    )


def _played(played: Played) -> int | None:
    total = sum(len(o.hands) for o in played.outcomes)
    return None if played.played_hands == total else played.played_hands


Result = TypeVar("Result", hearts.HeartsResult, hearts.HeartsTableResult, rook.RookResult)


_KINDS: dict[object, str] = {
    hearts.summarise: "hearts",
    hearts.summarise_table: "hearts_table",
    rook.summarise: "rook",
}
"""What a deal log's header says the run measures (as ``result_json``'s ``kind``)."""


def _estimate(result: ArenaResult) -> str:
    """The running estimate a progress line shows."""
    if isinstance(result, hearts.HeartsTableResult):
        return "  ".join(f"{b.name} {b.points.mean:.2f}" for b in result.bots)
    half = "" if result.score.half is None else f" ± {result.score.half:.2f}"
    return f"score {result.score.mean:+.2f}{half}"


def _play(
    job: Job,
    deals: int,
    workers: int | None,
    progress: bool,
    label: str,
    out: Path | None,
    summarise: Callable[[RunInfo, tuple[DealOutcome, ...]], Result],
) -> Result:
    """Play the run (resuming it from ``out`` where that file holds some of its deals,
    and writing each new deal there as it finishes) and summarise it."""
    if deals < 1:
        raise ValueError("play at least one deal")
    writer = DealWriter(out, job, _KINDS[summarise]) if out is not None else None
    done = {i: o for i, o in (writer.done if writer else {}).items() if i < deals}
    outcomes = sorted(done.values(), key=lambda o: o.index)
    bar: Progress | None = None
    if progress:

        def estimate() -> str:
            run = RunInfo(job.rules, job.lineup, len(outcomes), 0, job.seed, 1, 0.0)
            return _estimate(summarise(run, tuple(outcomes)))

        bar = Progress(deals, label, estimate=estimate, start=len(done))
    hands = 0

    def on_outcome(outcome: DealOutcome) -> None:
        nonlocal hands
        outcomes.append(outcome)
        hands += len(outcome.hands)
        if writer is not None:
            writer.add(outcome)
        if bar is not None:
            bar.update(len(outcomes), hands)

    try:
        played = run_deals(job, deals, workers, on_outcome, done)
    finally:
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.close()
    return summarise(_info(job, deals, played), played.outcomes)


def merged(paths: Sequence[Path]) -> ArenaResult:
    """The result of the deal logs of one match (``crowsnest arena --merge``)."""
    return _merged(paths)[0]


def _merged(paths: Sequence[Path]) -> tuple[ArenaResult, tuple[tuple[int, int], ...]]:
    """:func:`merged`, and the (seed, deal) of each of its deals, in its order."""
    kind, job, seeds, outcomes, keys = merge_logs(paths)
    run = RunInfo(
        rules=job.rules,
        lineup=job.lineup,
        deals=len(outcomes),
        hands=sum(len(o.hands) for o in outcomes),
        seed=job.seed,
        workers=0,
        seconds=0.0,
        budget=job.budget,
        options=job.options,
        seeds=seeds,
        played_hands=0,
        untimed=job.untimed,
    )
    if kind == "rook":
        return rook.summarise(run, outcomes), keys
    if kind == "hearts":
        return hearts.summarise(run, outcomes), keys
    return hearts.summarise_table(run, outcomes), keys


def paired(paths: Sequence[Path], against: Sequence[Path]) -> tuple[ArenaResult, Paired]:
    """The result of the deal logs ``paths`` (as :func:`merged`), and its score per
    deal paired with that of ``against``: the same measure of the same rule set with
    the same options, a change to a bot measured on the same deals. Sampling noise
    that both share (the deal) cancels, so the difference is much tighter than the
    two intervals."""
    (mine, mine_keys), (theirs, their_keys) = _merged(paths), _merged(against)
    if isinstance(mine, hearts.HeartsTableResult) or isinstance(theirs, hearts.HeartsTableResult):
        raise DealLogError("--against compares a candidate's runs, not --table runs")
    if type(mine) is not type(theirs) or mine.run.rules != theirs.run.rules:
        raise DealLogError(
            f"--against: {theirs.run.rules} is another measure than {mine.run.rules}"
        )
    if mine.run.options != theirs.run.options:  # other deals' meaning: another game
        raise DealLogError(
            f"--against: the runs have other options ({dict(theirs.run.options)} and "
            f"{dict(mine.run.options)})"
        )
    a = dict(zip(their_keys, theirs.per_deal, strict=True))
    b = dict(zip(mine_keys, mine.per_deal, strict=True))
    common = sorted(a.keys() & b.keys())
    if not common:
        raise DealLogError("--against: the two runs have no deal in common (seed and deal)")
    diffs = [b[k] - a[k] for k in common]
    only = len(a.keys() ^ b.keys())
    return mine, Paired(mean_ci(diffs), sum(1 for d in diffs if d == 0), only)


def hearts_arena(
    candidate: str,
    field: str = "ducker",
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    budget: float | None = None,
    untimed: bool = False,
    progress: bool = False,
    out: Path | None = None,
) -> hearts.HeartsResult:
    """``candidate`` against three ``field`` bots, every deal with the candidate in
    each of the four seats (``workers`` defaults to every core). With ``out``, each
    deal is written to that deal log as it finishes, and deals it holds are not
    played again."""
    lineup = (candidate, field, field, field)
    # The candidate's place is not the field's, even when the two are the same bot.
    job = _job("hearts", lineup, seed, None, budget, hearts.seatings(lineup, "cyclic"), untimed)
    label = f"hearts {candidate} vs {field}"
    return _play(job, deals, workers, progress, label, out, hearts.summarise)


def hearts_table(
    bots: Sequence[str],
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    budget: float | None = None,
    untimed: bool = False,
    progress: bool = False,
    out: Path | None = None,
    seatings: hearts.SeatingMode = "distinct",
) -> hearts.HeartsTableResult:
    """Four bots head to head, every deal played in each distinct seating of them
    (``seatings="cyclic"``: the four rotations only)."""
    if len(bots) != 4:
        raise ValueError(f"a Hearts table seats 4 bots, not {len(bots)}")
    lineup = tuple(bots)
    job = _job("hearts", lineup, seed, None, budget, hearts.seatings(lineup, seatings), untimed)
    label = "hearts " + ",".join(bots)
    return _play(job, deals, workers, progress, label, out, hearts.summarise_table)


def rook_arena(
    rules_id: str,
    candidate: str,
    field: str,
    *,
    options: Mapping[str, object] | None = None,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    budget: float | None = None,
    untimed: bool = False,
    progress: bool = False,
    out: Path | None = None,
) -> rook.RookResult:
    """A ``candidate`` team against a ``field`` team, every deal played twice with
    the teams swapping seats."""
    if rules_id in RULESETS and RULESETS[rules_id].family != "rook":
        raise ValueError(f"{rules_id!r} is not a Rook rule set")
    job = _job(rules_id, (candidate, field), seed, options, budget, untimed=untimed)
    label = f"{rules_id} {candidate} vs {field}"
    return _play(job, deals, workers, progress, label, out, rook.summarise)
