"""Cooperative pauses for background searches (hand reviews).

A long background search calls :func:`point` now and then (the review between two
sampled worlds, the Hearts solver every few thousand positions). In a process that
installed a wait (:func:`install`: the server's review worker, which waits while a
table's bot is deciding), the search stops there until the wait returns; anywhere else
:func:`point` does nothing. The state is per process: a worker installs it once.
"""

from __future__ import annotations

from collections.abc import Callable

_wait: Callable[[], None] | None = None


def install(wait: Callable[[], None] | None) -> None:
    """Make :func:`point` call ``wait`` in this process (``None``: no pauses)."""
    global _wait
    _wait = wait


def point() -> None:
    """A place where a background search may pause."""
    if _wait is not None:
        _wait()
