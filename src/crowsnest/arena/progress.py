"""Progress on stderr: deals done, hands per second, time left, and the running
estimate of the run's score (mean ± half-width of its 95% interval so far).

On a terminal one line is redrawn (at most ten times a second); elsewhere (a log, a
pipe under ``make arena``) a plain line is written every tenth of the run, so a long
run shows where it stands even when nobody watches it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from time import monotonic
from typing import TextIO

WIDTH = 24


class Progress:
    """Call :meth:`update` after each deal; :meth:`close` ends the line."""

    def __init__(
        self,
        total: int,
        label: str,
        stream: TextIO | None = None,
        *,
        estimate: Callable[[], str] | None = None,
        live: bool | None = None,
        start: int = 0,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.estimate = estimate
        self.live = self.stream.isatty() if live is None else live
        self.start = monotonic()
        self.first = start
        """Deals already done when the run started (resumed from a deal log)."""
        self._drawn = 0.0
        self._next_line = start + self._step

    @property
    def _step(self) -> int:
        return max(1, self.total // 10)

    def update(self, done: int, hands: int) -> None:
        """``done`` deals of ``total`` so far, ``hands`` of them played in this run."""
        now = monotonic()
        if self.live:
            if done < self.total and now - self._drawn < 0.1:
                return
        elif done < min(self._next_line, self.total):
            return
        self._drawn = now
        self._next_line = done + self._step
        elapsed = max(now - self.start, 1e-9)
        new = done - self.first
        left = elapsed / new * (self.total - done) if new else 0.0
        text = f"{self.label} "
        if self.live:
            filled = WIDTH * done // max(self.total, 1)
            text += "[" + "#" * filled + "-" * (WIDTH - filled) + "] "
        text += f"{done}/{self.total} deals  {hands / elapsed:7.1f} hands/s  {left:5.0f} s left"
        if self.estimate is not None:
            text += f"  {self.estimate()}"
        self.stream.write(("\r" + text + " ") if self.live else text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
