"""A progress line on stderr: deals done, hands per second, time left."""

from __future__ import annotations

import sys
from time import monotonic
from typing import TextIO

WIDTH = 24


class Progress:
    """Redraws one line (at most ten times a second); :meth:`close` ends it."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.start = monotonic()
        self._drawn = 0.0

    def update(self, done: int, hands: int) -> None:
        now = monotonic()
        if done < self.total and now - self._drawn < 0.1:
            return
        self._drawn = now
        elapsed = max(now - self.start, 1e-9)
        filled = WIDTH * done // max(self.total, 1)
        bar = "#" * filled + "-" * (WIDTH - filled)
        left = elapsed / done * (self.total - done) if done else 0.0
        self.stream.write(
            f"\r{self.label} [{bar}] {done}/{self.total} deals"
            f"  {hands / elapsed:7.1f} hands/s  {left:5.0f} s left "
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
