"""Setting a bot's thinking time, for bots that have one.

Convention: a bot with a time budget has an attribute ``budget`` (seconds per
decision). A frozen dataclass gets a copy with the new value; any other bot has the
attribute set.
"""

from __future__ import annotations

import dataclasses

from crowsnest.ai.base import Bot


def has_budget(bot: Bot) -> bool:
    return hasattr(bot, "budget")


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
