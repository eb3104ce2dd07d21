"""The arena: duplicate deals that measure a bot's strength with a confidence interval.

>>> result = hearts_arena("ducker", "ducker", deals=2, workers=1)
>>> result.score.mean
0.0
"""

from crowsnest.arena.api import ArenaResult, hearts_arena, hearts_table, merged, paired, rook_arena
from crowsnest.arena.hand import ArenaError, RunInfo
from crowsnest.arena.hearts import HeartsResult, HeartsTableResult, TableBot, TablePair
from crowsnest.arena.log import DealLogError
from crowsnest.arena.report import format_paired, format_result, result_json
from crowsnest.arena.rook import Contracts, RookResult
from crowsnest.arena.stats import Interval, Paired, Timing

__all__ = [
    "ArenaError",
    "ArenaResult",
    "Contracts",
    "DealLogError",
    "HeartsResult",
    "HeartsTableResult",
    "Interval",
    "Paired",
    "RookResult",
    "RunInfo",
    "TableBot",
    "TablePair",
    "Timing",
    "format_paired",
    "format_result",
    "hearts_arena",
    "hearts_table",
    "merged",
    "paired",
    "result_json",
    "rook_arena",
]
