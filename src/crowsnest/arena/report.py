"""Arena results as text for people and as JSON for tools."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from crowsnest.arena.hand import RunInfo
from crowsnest.arena.hearts import HeartsResult, HeartsTableResult
from crowsnest.arena.rook import Contracts, RookResult
from crowsnest.arena.stats import Interval, Paired, Timing


def _ci(interval: Interval) -> str:
    if interval.half is None:
        return f"{interval.mean:+.2f} (one deal: no confidence interval)"
    pct = round(interval.confidence * 100)
    return (
        f"{interval.mean:+.2f} ± {interval.half:.2f}"
        f"  ({pct}% CI {interval.low:+.2f} to {interval.high:+.2f}, {interval.n} deals)"
    )


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.3f} ms" if ms < 1 else f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"


def _timing(t: Timing | None) -> str:
    if t is None:
        return "no decisions"
    return f"median {_ms(t.median)}, p95 {_ms(t.p95)}, max {_ms(t.max)} ({t.count} decisions)"


def _header(title: str, run: RunInfo, what: str) -> list[str]:
    per_deal = run.hands // max(run.deals, 1)
    seeds = ", ".join(map(str, run.seeds)) if len(run.seeds) > 1 else None
    line = f"  {run.deals} deals x {per_deal} {what} = {run.hands} hands, "
    line += f"seeds {seeds}" if seeds else f"seed {run.seed}"
    if run.options:
        line += ", options " + ", ".join(f"{k}={json.dumps(v)}" for k, v in run.options)
    if run.budget is not None:
        line += f", budget {run.budget:g} s"
    if run.untimed:
        line += ", untimed"
    return [title, line]


def _speed(run: RunInfo) -> str:
    workers = "1 worker" if run.workers == 1 else f"{run.workers} workers"
    hands = run.hands if run.played_hands is None else run.played_hands
    if hands == 0:  # merged, or resumed with every deal in the log already
        return "  speed      not measured: every deal was read from a deal log"
    return (
        f"  speed      {hands} hands in {run.seconds:.1f} s: "
        f"{run.hands_per_second:.1f} hands/s on {workers}"
    )


def _hearts(r: HeartsResult) -> list[str]:
    field_points = r.points.mean - r.score.mean
    return [
        *_header(
            f"hearts duplicate: candidate {r.candidate} against 3 x {r.field}", r.run, "seatings"
        ),
        f"  score      {_ci(r.score)}",
        "             (candidate's points minus the other three's mean, per hand; lower is better)",
        f"  points     candidate {r.points.mean:.2f} per hand, "
        f"each field player {field_points:.2f}",
        f"  moons      shot {r.moons_shot}, suffered {r.moons_suffered}",
        _speed(r.run),
        f"  decisions  {r.candidate}: {_timing(r.timing)}",
    ]


def _table(r: HeartsTableResult) -> list[str]:
    width = max(len(b.name) for b in r.bots) + 2
    lines = [
        *_header("hearts head to head: " + ", ".join(r.run.lineup), r.run, "seatings"),
        "  points per hand (lower is better), 95% CI over deals",
    ]
    for b in r.bots:
        half = "n/a" if b.points.half is None else f"{b.points.half:.2f}"
        lines.append(f"    {b.name:<{width}}{b.points.mean:6.2f} ± {half:<6} moons {b.moons}")
    lines.append("  differences (first minus second; * = outside the 95% CI)")
    for p in r.pairs:
        first, second = r.bots[p.a].name, r.bots[p.b].name
        mark = " *" if p.diff.excludes_zero else ""
        lines.append(f"    {first} - {second}: {_ci(p.diff)}{mark}")
    lines.append(_speed(r.run))
    for b in r.bots:
        lines.append(f"  decisions  {b.name}: {_timing(b.timing)}")
    return lines


def _contracts(who: str, c: Contracts) -> str:
    text = f"{who}: {c.declared} declared, {c.made} made, {c.went_set} set"
    if c.mean_bid is not None and c.mean_counted is not None:
        text += f"; mean bid {c.mean_bid:.1f}, mean counted {c.mean_counted:.1f}"
    return text


def _rook(r: RookResult) -> list[str]:
    return [
        *_header(
            f"{r.run.rules} duplicate: team {r.candidate} against team {r.field}",
            r.run,
            "plays",
        ),
        f"  score      {_ci(r.score)}",
        "             (candidate team's hand score minus the field team's; higher is better)",
        f"  contracts  {_contracts('candidate', r.candidate_contracts)}",
        f"             {_contracts('field', r.field_contracts)}",
        f"  redeals    {r.redeals}",
        _speed(r.run),
        f"  decisions  {r.candidate}: {_timing(r.timing)}",
    ]


def format_result(result: HeartsResult | HeartsTableResult | RookResult) -> str:
    """The result as the lines ``crowsnest arena`` prints."""
    if isinstance(result, HeartsResult):
        lines = _hearts(result)
    elif isinstance(result, HeartsTableResult):
        lines = _table(result)
    else:
        lines = _rook(result)
    return "\n".join(lines)


def format_paired(pair: Paired, against: str) -> str:
    """The lines ``crowsnest arena --merge ... --against ...`` adds: the paired
    difference of the candidate's score per deal."""
    d = pair.difference
    lines = [f"  paired     against {against}: this run's score minus that one's, deal by deal"]
    if d.half is None:
        lines.append(f"             {d.mean:+.2f} (one deal in common: no confidence interval)")
    else:
        pct = round(d.confidence * 100)
        lines.append(
            f"             {d.mean:+.2f} ± {d.half:.2f}  ({pct}% CI {d.low:+.2f} to {d.high:+.2f},"
            f" {d.n} deals in common, {pair.alike} alike)"
        )
    if pair.only:
        lines.append(f"             {pair.only} deals held by only one of them left out")
    return "\n".join(lines)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Interval):
        return {
            **dataclasses.asdict(value),
            "low": value.low,
            "high": value.high,
            "excludes_zero": value.excludes_zero,
        }
    if isinstance(value, RunInfo):
        return {
            **{f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)},
            "options": dict(value.options),
            "hands_per_second": value.hands_per_second,
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def result_json(
    result: HeartsResult | HeartsTableResult | RookResult, pair: Paired | None = None
) -> dict[str, Any]:
    """The result as a JSON-ready object (intervals with their bounds), and the
    paired difference under ``paired`` when there is one."""
    kind = {HeartsResult: "hearts", HeartsTableResult: "hearts_table", RookResult: "rook"}
    out: dict[str, Any] = {"kind": kind[type(result)]}
    out.update(_jsonable(result))
    if pair is not None:
        out["paired"] = _jsonable(pair)
    return out
