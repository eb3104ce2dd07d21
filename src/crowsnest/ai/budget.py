"""Setting a bot's thinking time, for bots that have one.

Convention: a bot with a time budget has an attribute ``budget`` (seconds per
decision). A frozen dataclass gets a copy with the new value; any other bot has the
attribute set.

:class:`TimedSearch` is the budget the search bots (Hearts and Rook Hard) share: a
fixed amount of work per decision, so that the same seed gives the same decision,
cut short only by a time limit; candidates clearly worse than the leader are
dropped as it goes, and it stops once one is left (:func:`race`). Setting
``budget`` makes the search time-bounded instead.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, TypeGuard

from crowsnest.ai.base import Bot
from crowsnest.engine import Action
from crowsnest.engine.frozen import Reduced, reduce_frozen


class Tally:
    """What the searches of this process have done: ``playouts`` counts the hands
    they played out (a rollout, a contract played out, an exact endgame). Kept by
    the searches themselves, so that it counts compiled code too (``python -m
    bench.search`` reads it)."""

    def __init__(self) -> None:
        self.playouts = 0


TALLY: Final = Tally()

UNBOUNDED: Final = 10**9
"""Work per decision that no time limit lets a search reach."""
EARLY_Z: Final = 3.0
"""Standard errors by which the leading candidate must beat another (paired over the
same worlds) for a search to stop playing that one out: it is clearly worse."""
EARLY_MIN: Final = 16
"""Worlds a search samples at least before it may stop early."""
EARLY_EVERY: Final = 8
"""A search looks whether it may stop early every this many worlds."""


def race(results: Sequence[Sequence[float]], alive: Sequence[int], higher: bool) -> list[int]:
    """The candidates (indices into ``results``) still worth searching: of ``alive``,
    those that the leader does not beat by more than :data:`EARLY_Z` standard errors
    of the paired difference. ``results[i]`` holds candidate ``i``'s result in each
    world so far, the same worlds for every candidate alive (``higher``: higher is
    better). It looks only every :data:`EARLY_EVERY` worlds from :data:`EARLY_MIN`
    on, and decides from the results alone, so a search that drops candidates (and
    stops once one is left) stays reproducible from its seed."""
    out = list(alive)
    n = len(results[out[0]]) if out else 0
    if len(out) < 2 or n < EARLY_MIN or n % EARLY_EVERY:
        return out
    sign = 1.0 if higher else -1.0
    best = max(out, key=lambda i: sign * sum(results[i]))
    lead = results[best]
    kept = []
    for i in out:
        if i != best:
            diffs = [sign * (a - b) for a, b in zip(lead, results[i], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > EARLY_Z * math.sqrt(var / n):
                continue
        kept.append(i)
    return kept


@dataclasses.dataclass(frozen=True, slots=True)
class Scorer:
    """How a search bot values the actions of one decision, for a review
    (:mod:`crowsnest.ai.review`): the very worlds and playouts its search uses.

    ``draw(rng)`` samples a world consistent with the deciding seat's view (the
    same world then serves every action: common random numbers); ``value(world,
    action)`` is the action's result in that world, in the search's own units;
    ``higher`` says whether higher results are better. ``candidates`` are the
    actions the search itself compares. ``face_up(hands, nest)`` makes a world of
    the real deal (the hands as they are at the decision, and the nest), for the
    hindsight of a finished hand; None where the search has no such world.
    ``lines(world, action)``, where the search plays each candidate on in several
    lines and counts the line with the best total over its worlds (Hearts Hard's
    moon line), is the action's result in each line, in the same order every time;
    ``value`` is then the best of them in that one world (a world seen face up).
    ``outcome(world, action)``, where given, is what each of those lines (or the one
    playout) showed beyond its value (:class:`~crowsnest.ai.outcome.Outcome`: the trick
    the card went to, points, a moon, the contract): the value and the facts a review
    words its reasons from, from the very same playouts."""

    candidates: Sequence[Action]
    draw: Callable[[random.Random], Any]
    value: Callable[[Any, Action], float]
    higher: bool
    face_up: Callable[[Sequence[int], int], Any] | None = None
    lines: Callable[[Any, Action], Sequence[float]] | None = None
    outcome: Callable[[Any, Action], Sequence[Any]] | None = None

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


class TimedSearch:
    """A search bot's budget: ``time_limit`` seconds per decision, and the work per
    decision in the attribute named by ``work`` (worlds, playouts: whatever the bot
    counts). :meth:`search_on` says whether to go on."""

    work: ClassVar[str]
    time_limit: float

    @property
    def budget(self) -> float:
        """Seconds per decision. Setting it makes the search time-bounded: as much
        work as fits in the budget (no longer reproducible from the seed alone)."""
        return self.time_limit

    @budget.setter
    def budget(self, seconds: float) -> None:
        self.time_limit = seconds
        setattr(self, self.work, UNBOUNDED)

    def deadline(self) -> float:
        """When a decision that starts now must stop searching (``perf_counter``)."""
        return time.perf_counter() + self.time_limit

    def search_on(self, done: int, deadline: float) -> bool:
        """Search on: until ``done`` reaches the work per decision, unless the
        ``deadline`` comes first; nothing done yet always goes on."""
        limit: int = getattr(self, self.work)
        return done == 0 or (done < limit and time.perf_counter() < deadline)


def has_budget(bot: Bot) -> bool:
    return hasattr(bot, "budget")


def untimed(bot: Bot) -> Bot:
    """``bot`` with its time limit off (a :class:`TimedSearch`): each decision does
    its fixed work whatever the time it takes, so that a run depends on the code and
    the seed alone, not on the machine's load (the arena's ``--untimed``). Other
    bots are returned as they are."""
    if has_time_limit(bot):
        bot.time_limit = math.inf
    return bot


def has_time_limit(bot: Bot) -> TypeGuard[TimedSearch]:
    """Whether ``bot`` searches within a time limit (a :class:`TimedSearch`)."""
    return isinstance(bot, TimedSearch)


def with_budget(bot: Bot, seconds: float) -> Bot:
    """``bot`` thinking ``seconds`` per decision; ``ValueError`` if it has no budget."""
    if not has_budget(bot):
        raise ValueError(f"{type(bot).__name__} takes no time budget")
    if dataclasses.is_dataclass(bot) and not isinstance(bot, type):
        names = {f.name for f in dataclasses.fields(bot)}
        if "budget" in names:
            changed: Bot = dataclasses.replace(bot, budget=seconds)
            return changed
    bot.budget = seconds  # type: ignore[attr-defined]
    return bot
