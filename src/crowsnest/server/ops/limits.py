"""Rate limits: token buckets, one per connection or per key (a seat, a client
address), with a bounded number of keys so that a flood of new keys cannot grow
memory without end.

>>> bucket = TokenBucket(rate=1, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
>>> limits = KeyedLimit(rate=1, burst=1, max_keys=2)
>>> limits.take("a", 0.0), limits.take("a", 0.0), limits.retry_after("a", 0.0)
(True, False, 1.0)
>>> limits.untouched("b", 0.0), limits.take("b", 0.0), limits.untouched("b", 0.0)
(True, True, False)
>>> limits.give_back("b", 0.0); limits.untouched("b", 0.0)
True
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable


def retry_seconds(delay: float) -> int:
    """A wait as the clients are told it (``Retry-After``, ``args.retry_after``):
    whole seconds, rounded up, at least one.

    >>> retry_seconds(0.2), retry_seconds(1.0), retry_seconds(2.5)
    (1, 1, 3)
    """
    return max(1, math.ceil(delay))


class TokenBucket:
    """``rate`` takes a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), now

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now

    def take(self, now: float) -> bool:
        self._refill(now)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def retry_after(self, now: float) -> float:
        """Seconds until the next take succeeds."""
        self._refill(now)
        return max(0.0, (1 - self.tokens) / self.rate)

    def give_back(self, now: float) -> None:
        """Return a token taken for something that, in the end, does not count."""
        self._refill(now)
        self.tokens = min(float(self.burst), self.tokens + 1)

    def left(self, now: float) -> float:
        """Tokens in the bucket now (``burst``: untouched, or refilled since)."""
        self._refill(now)
        return self.tokens


class KeyedLimit:
    """A token bucket per key; the least recently used keys are forgotten past
    ``max_keys`` (a forgotten key starts again with a full bucket)."""

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self._buckets: OrderedDict[Hashable, TokenBucket] = OrderedDict()

    def _bucket(self, key: Hashable, now: float) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def take(self, key: Hashable, now: float) -> bool:
        return self._bucket(key, now).take(now)

    def retry_after(self, key: Hashable, now: float) -> float:
        return self._bucket(key, now).retry_after(now)

    def give_back(self, key: Hashable, now: float) -> None:
        """Return a token taken for ``key`` (see :meth:`TokenBucket.give_back`)."""
        self._bucket(key, now).give_back(now)

    def has(self, key: Hashable, now: float) -> bool:
        """Whether a take for ``key`` would succeed now (nothing is taken)."""
        return self._bucket(key, now).left(now) >= 1

    def untouched(self, key: Hashable, now: float) -> bool:
        """Whether ``key``'s bucket is full: nothing taken, or all of it refilled."""
        return self._bucket(key, now).left(now) >= self.burst
