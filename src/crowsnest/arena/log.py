"""A run's deals as JSON lines, written as each deal finishes: a run cut short keeps
what it played, a run started again on the same file resumes it, and files of the
same match played with other seeds (or on other machines) merge into one result.

The first line names the job; each further line is one deal's outcome::

    {"kind": "crowsnest-arena", "version": 1, "result": "hearts", "job": {...}}
    {"deal": 0, "hands": [...], "times": [[...], ...]}

A deal is a pure function of the job and its index, so a resumed run is the same run
as one played straight through (only the clock differs).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from crowsnest.arena.hand import DealOutcome, HeartsHand, Job, RookHand
from crowsnest.arena.players import canonical

KIND = "crowsnest-arena"
VERSION = 1
RESULTS = ("hearts", "hearts_table", "rook")


class DealLogError(ValueError):
    """A deal log that cannot be read, or that belongs to another run."""


def job_json(job: Job) -> dict[str, Any]:
    return {
        "family": job.family,
        "rules": job.rules,
        "lineup": list(job.lineup),
        "seed": job.seed,
        "options": dict(job.options),
        "budget": job.budget,
        "seatings": [list(s) for s in job.seatings],
        "untimed": job.untimed,
    }


def job_from_json(data: dict[str, Any]) -> Job:
    try:
        return Job(
            family=data["family"],
            rules=data["rules"],
            lineup=tuple(data["lineup"]),
            seed=int(data["seed"]),
            options=tuple(sorted(data["options"].items())),
            budget=data["budget"],
            seatings=tuple(tuple(s) for s in data["seatings"]),
            untimed=bool(data.get("untimed", False)),  # not in the logs before it
        )
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise DealLogError(f"the run's header is not an arena job ({err})") from None


def outcome_json(outcome: DealOutcome) -> dict[str, Any]:
    return {
        "deal": outcome.index,
        "hands": [asdict(h) for h in outcome.hands],
        "times": [[round(t, 6) for t in times] for times in outcome.times],
    }


def outcome_from_json(family: str, data: dict[str, Any]) -> DealOutcome:
    try:
        hands: tuple[HeartsHand, ...] | tuple[RookHand, ...]
        if family == "hearts":
            hands = tuple(
                HeartsHand(points=tuple(h["points"]), moon=h["moon"]) for h in data["hands"]
            )
        else:
            hands = tuple(
                RookHand(
                    score=tuple(h["score"]),
                    counted=tuple(h["counted"]),
                    declarer_side=h["declarer_side"],
                    bid=h["bid"],
                    made=h["made"],
                    redeals=h["redeals"],
                )
                for h in data["hands"]
            )
        times = tuple(tuple(float(t) for t in ts) for ts in data["times"])
        return DealOutcome(int(data["deal"]), hands, times)
    except (KeyError, TypeError, ValueError) as err:
        raise DealLogError(f"a deal line is not an arena outcome ({err})") from None


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                if line.endswith("\n"):
                    raise DealLogError(f"{path}:{number}: not JSON") from None
                return  # the last line of a run killed while writing it
            if not isinstance(value, dict):
                raise DealLogError(f"{path}:{number}: not a JSON object")
            yield number, value


@dataclass(frozen=True, slots=True)
class DealLog:
    """What one file holds: its job and the deals played so far (by deal index)."""

    path: Path
    result: str
    """What the run measures: ``hearts``, ``hearts_table`` or ``rook``."""
    job: Job
    outcomes: dict[int, DealOutcome]


def read_log(path: Path) -> DealLog:
    lines = _lines(path)
    first = next(lines, None)
    if first is None or first[1].get("kind") != KIND:
        raise DealLogError(f"{path}: not an arena deal log (no {KIND!r} header line)")
    header = first[1]
    if header.get("version") != VERSION:
        raise DealLogError(f"{path}: deal log version {header.get('version')!r}, not {VERSION}")
    job = job_from_json(header.get("job", {}))
    result = header.get("result")
    if result not in RESULTS:
        raise DealLogError(f"{path}: the run measures {result!r}, not one of {RESULTS}")
    outcomes: dict[int, DealOutcome] = {}
    for _, data in lines:
        outcome = outcome_from_json(job.family, data)
        outcomes[outcome.index] = outcome
    return DealLog(path, str(result), job, outcomes)


class DealWriter:
    """Appends each finished deal to the log at once (flushed, so a kill loses at most
    the deal being written); opening a log of another job is refused."""

    def __init__(self, path: Path, job: Job, result: str) -> None:
        self.path = path
        self.done: dict[int, DealOutcome] = {}
        if path.exists() and path.stat().st_size > 0:
            log = read_log(path)
            if (log.result, _match(log.job), log.job.seed) != (result, _match(job), job.seed):
                raise DealLogError(
                    f"{path} holds another run ({_describe(log.job)}), not {_describe(job)}: "
                    "name another file"
                )
            self.done = log.outcomes
            _trim_partial_line(path)
            self._handle: IO[str] = path.open("a", encoding="utf-8")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = path.open("w", encoding="utf-8")
            header = {"kind": KIND, "version": VERSION, "result": result, "job": job_json(job)}
            self._write(header)

    def _write(self, value: dict[str, Any]) -> None:
        self._handle.write(json.dumps(value, separators=(",", ":")) + "\n")
        self._handle.flush()

    def add(self, outcome: DealOutcome) -> None:
        self._write(outcome_json(outcome))

    def close(self) -> None:
        self._handle.close()


def _trim_partial_line(path: Path) -> None:
    """Drop an unfinished last line (a run killed while writing it)."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def _describe(job: Job) -> str:
    return f"{job.rules} {','.join(job.lineup)} seed {job.seed}"


def merge_logs(
    paths: Iterable[Path],
) -> tuple[str, Job, tuple[int, ...], tuple[DealOutcome, ...], tuple[tuple[int, int], ...]]:
    """The deals of several logs of one match (same measure, rules, lineup, options,
    budget, seatings and time limit; any seeds): what it measures, its job (with the first seed),
    the seeds, the outcomes ordered by seed then deal, and their (seed, deal) keys in
    that order. A deal found in two files with the same seed counts once and must be
    the same in both."""
    job: Job | None = None
    result = ""
    by_key: dict[tuple[int, int], DealOutcome] = {}
    seeds: list[int] = []
    for path in paths:
        log = read_log(path)
        if job is None:
            job, result = log.job, log.result
        elif (log.result, _match(log.job)) != (result, _match(job)):
            raise DealLogError(
                f"{path} is another match ({_describe(log.job)}) than {_describe(job)}"
            )
        if log.job.seed not in seeds:
            seeds.append(log.job.seed)
        for index, outcome in log.outcomes.items():
            key = (log.job.seed, index)
            known = by_key.get(key)
            if known is not None and known.hands != outcome.hands:
                raise DealLogError(f"{path}: deal {index} of seed {log.job.seed} differs")
            by_key.setdefault(key, outcome)
    if job is None:
        raise DealLogError("name at least one deal log")
    if not by_key:
        raise DealLogError("the deal logs hold no deal")
    keys = tuple(sorted(by_key))
    return result, job, tuple(seeds), tuple(by_key[key] for key in keys), keys


def _match(job: Job) -> tuple[object, ...]:
    """What two runs of one match share: everything but the seed, the bots by their
    one spelling (:func:`~crowsnest.arena.players.canonical`; a log of a bot or option
    this code no more knows keeps its own)."""
    return (job.family, job.rules, _lineup(job), job.options, job.budget, job.seatings, job.untimed)


def _lineup(job: Job) -> tuple[str, ...]:
    try:
        return tuple(canonical(job.family, spec) for spec in job.lineup)
    except ValueError:
        return job.lineup
