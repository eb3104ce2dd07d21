"""The arena: duplicate deals that measure a bot's strength with a confidence interval.

>>> result = hearts_arena("ducker", "ducker", deals=2, workers=1)
>>> result.score.mean
0.0
"""

from crowsnest.arena.api import hearts_arena, hearts_table, rook_arena
from crowsnest.arena.hand import ArenaError, RunInfo
from crowsnest.arena.hearts import HeartsResult, HeartsTableResult, TableBot, TablePair
from crowsnest.arena.report import format_result, result_json
from crowsnest.arena.rook import Contracts, RookResult
from crowsnest.arena.stats import Interval, Timing

ArenaResult = HeartsResult | HeartsTableResult | RookResult

__all__ = [
    "ArenaError",
    "ArenaResult",
    "Contracts",
    "HeartsResult",
    "HeartsTableResult",
    "Interval",
    "RookResult",
    "RunInfo",
    "TableBot",
    "TablePair",
    "Timing",
    "format_result",
    "hearts_arena",
    "hearts_table",
    "result_json",
    "rook_arena",
]
