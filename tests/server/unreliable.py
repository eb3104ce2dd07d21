"""Bot decisions that fail as a worker process can: its process dies (killed, out of
memory, a crash in compiled code) or the bot raises. A :class:`BotRunner` of a test
runs one of these in its worker processes in place of
:func:`~crowsnest.server.table.bots.choose_text` (same arguments); they are module-level,
so a spawned worker imports them by name."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from crowsnest.engine import LegalAction, PlayerView
from crowsnest.engine.cards import Family
from crowsnest.server.table.bots import choose_text

MARKER = "CROWSNEST_TEST_DIED"
"""A file whose path the test sets in the environment before the pool starts: the
first worker to decide creates it and dies; later decisions are made as usual."""


def dies_once(
    family: Family, bot: str, view: PlayerView, legal: Sequence[LegalAction], seed: int, seq: int
) -> str:
    marker = Path(os.environ[MARKER])
    if not marker.exists():
        marker.touch()
        os._exit(1)
    return choose_text(family, bot, view, legal, seed, seq)


def always_dies(
    family: Family, bot: str, view: PlayerView, legal: Sequence[LegalAction], seed: int, seq: int
) -> str:
    os._exit(1)


def raises(
    family: Family, bot: str, view: PlayerView, legal: Sequence[LegalAction], seed: int, seq: int
) -> str:
    raise RuntimeError("the search ran out of worlds")
