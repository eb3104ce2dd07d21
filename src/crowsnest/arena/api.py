"""Arena runs by name: validate, play on the workers, summarise."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crowsnest.arena import hearts, rook
from crowsnest.arena.hand import Job, RunInfo
from crowsnest.arena.players import check_spec, takes_budget
from crowsnest.arena.runner import Played, run_with_progress
from crowsnest.engine import RULESETS, get_rules

DEFAULT_DEALS = 200
DEFAULT_SEED = 0


def _job(
    rules_id: str,
    lineup: Sequence[str],
    seed: int,
    options: Mapping[str, object] | None,
    budget: float | None,
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
    return Job(
        family=rules.family,
        rules=rules_id,
        lineup=tuple(lineup),
        seed=seed,
        options=tuple(sorted((options or {}).items())),
        budget=budget,
    )


def _info(job: Job, deals: int, played: Played) -> RunInfo:
    return RunInfo(
        rules=job.rules,
        lineup=job.lineup,
        deals=deals,
        hands=played.hands,
        seed=job.seed,
        workers=played.workers,
        seconds=played.seconds,
        budget=job.budget,
        options=job.options,
    )


def hearts_arena(
    candidate: str,
    field: str = "ducker",
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    budget: float | None = None,
    progress: bool = False,
) -> hearts.HeartsResult:
    """``candidate`` against three ``field`` bots, every deal with the candidate in
    each of the four seats (``workers`` defaults to every core)."""
    job = _job("hearts", (candidate, field, field, field), seed, None, budget)
    played = run_with_progress(job, deals, workers, progress, f"hearts {candidate} vs {field}")
    return hearts.summarise(_info(job, deals, played), played.outcomes)


def hearts_table(
    bots: Sequence[str],
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    workers: int | None = None,
    budget: float | None = None,
    progress: bool = False,
) -> hearts.HeartsTableResult:
    """Four bots head to head, every deal played in the four cyclic seatings."""
    if len(bots) != 4:
        raise ValueError(f"a Hearts table seats 4 bots, not {len(bots)}")
    job = _job("hearts", tuple(bots), seed, None, budget)
    played = run_with_progress(job, deals, workers, progress, "hearts " + ",".join(bots))
    return hearts.summarise_table(_info(job, deals, played), played.outcomes)


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
    progress: bool = False,
) -> rook.RookResult:
    """A ``candidate`` team against a ``field`` team, every deal played twice with
    the teams swapping seats."""
    if not rules_id.startswith("rook/"):
        raise ValueError(f"{rules_id!r} is not a Rook rule set")
    job = _job(rules_id, (candidate, field), seed, options, budget)
    played = run_with_progress(job, deals, workers, progress, f"{rules_id} {candidate} vs {field}")
    return rook.summarise(_info(job, deals, played), played.outcomes)
