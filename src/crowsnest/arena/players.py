"""Who sits at the arena's table: bots by registry name, or external programs.

A bot is named by its registry name (``ducker``), with options of its constructor if
it takes some (``hard:playouts=500``, :func:`crowsnest.ai.registry.make_bot`), or by
``cmd:`` and a command line (``cmd:python mybot.py``) for a program speaking the bot
protocol. Built-in bots are
made fresh for every hand, so no state carries between hands and results do not
depend on how deals are shared among workers; an external program is started once
per worker process and kept (the protocol gives it the whole view at every act).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from crowsnest.ai.base import Bot
from crowsnest.ai.budget import has_budget, has_time_limit, untimed, with_budget
from crowsnest.ai.external import ExternalBot
from crowsnest.ai.registry import make_bot
from crowsnest.ai.specs import canonical_spec

COMMAND_PREFIX = "cmd:"
ANSWER_TIMEOUT = 60.0
"""How long the arena waits for an external program's answer, in seconds."""
UNTIMED_ANSWER_TIMEOUT = 1800.0
"""The same under ``--untimed``: a run that depends on the seed alone is not ended by a
loaded machine slowing a program that searches by a count of simulations (a hung
program still ends it, later)."""


def is_external(spec: str) -> bool:
    return spec.startswith(COMMAND_PREFIX)


def command_of(spec: str) -> list[str]:
    """The argv of a ``cmd:...`` spec."""
    return shlex.split(spec[len(COMMAND_PREFIX) :])


def check_spec(family: str, spec: str) -> None:
    """Raise ``ValueError`` for an unknown bot name or an empty command."""
    if is_external(spec):
        if not command_of(spec):
            raise ValueError(f"{spec!r}: no command after {COMMAND_PREFIX!r}")
        return
    make_bot(family, spec)


def canonical(family: str, spec: str) -> str:
    """``spec`` spelled one way (:func:`crowsnest.ai.specs.canonical_spec`); a
    command line as it is."""
    return spec if is_external(spec) else canonical_spec(family, spec)


def takes_budget(family: str, spec: str) -> bool:
    return not is_external(spec) and has_budget(make_bot(family, spec))


def has_limit(family: str, spec: str) -> bool:
    """Whether the bot ``spec`` names stops its decisions at a time limit."""
    return not is_external(spec) and has_time_limit(make_bot(family, spec))


@dataclass
class Seating:
    """Makes the bots of one process; :meth:`close` stops the external programs."""

    family: str
    budget: float | None = None
    untimed: bool = False
    _external: dict[str, ExternalBot] = field(default_factory=dict)

    def bot(self, spec: str) -> Bot:
        if is_external(spec):
            if spec not in self._external:
                timeout = UNTIMED_ANSWER_TIMEOUT if self.untimed else ANSWER_TIMEOUT
                external = ExternalBot(command_of(spec), timeout=timeout)
                external.start(self.family)  # outside the timed decisions
                self._external[spec] = external
            return self._external[spec]
        bot = make_bot(self.family, spec)
        if self.budget is not None and has_budget(bot):
            bot = with_budget(bot, self.budget)
        if self.untimed:
            bot = untimed(bot)
        return bot

    def close(self) -> None:
        for bot in self._external.values():
            bot.close()
        self._external.clear()
