"""The test tiers (a pytest plugin, ``-p tiers`` in ``pyproject.toml``): every test
is marked by what it needs, judged from the fixtures it uses.

=============  ===============================================================
``browser``    drives Chromium through Playwright (fixtures ``page``, ``browser``)
``postgres``   needs a PostgreSQL cluster (``pg_cluster``, ``pg_url``, or the
               ``"postgresql"`` case of a test parametrized over databases)
``slow``       takes seconds: a real ``crowsnest serve`` process (``server_factory``,
               ``server_url``, ``as_run``), a test named in :data:`SLOW` or :data:`SLOW_MODULES`,
               or one marked ``@pytest.mark.slow`` itself
=============  ===============================================================

``make test-fast`` runs ``-m "not browser and not postgres and not slow"``: the inner
loop, without Chromium or PostgreSQL. ``make test`` runs every test, and skips none
for a missing Chromium (the browser tests fail then) or, on CI, a missing PostgreSQL.

This is a plugin rather than ``tests/conftest.py``: the engine tests import helpers
with ``from conftest import ...`` from ``tests/engine/conftest.py``, and mypy cannot
check two modules named ``conftest``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Final

import pytest

BROWSER_FIXTURES: Final = frozenset({"page", "browser"})
POSTGRES_FIXTURES: Final = frozenset({"pg_cluster", "pg_url"})
SERVER_FIXTURES: Final = frozenset({"server_factory", "server_url", "as_run"})

SLOW: Final = frozenset(
    {
        # Random and whole games by the dozen, each checked at every step.
        "test_whole_games_end",
        "test_hearts_random_games",
        "test_rook_random_games",
        # Arena runs on a spawn pool (new worker processes) as well as in process.
        "test_one_worker_and_two_give_the_same_results",
        "test_rook_same_against_same_scores_exactly_zero",
    }
)
"""Tests (function names) that take seconds without starting a server."""

SLOW_MODULES: Final = frozenset({"test_strength_smoke"})
"""Modules whose every test is slow: the bots' strength checks play many deals."""


def tiers(fixtures: Collection[str], params: Iterable[object], name: str, module: str) -> set[str]:
    """The markers of a test that uses ``fixtures`` (all of them, those the fixtures
    use included) with parameter values ``params``, called ``name`` in ``module``."""
    marks: set[str] = set()
    if BROWSER_FIXTURES.intersection(fixtures):
        marks.add("browser")
    if POSTGRES_FIXTURES.intersection(fixtures) or any(
        isinstance(p, str) and p == "postgresql" for p in params
    ):
        marks.add("postgres")
    if SERVER_FIXTURES.intersection(fixtures) or name in SLOW or module in SLOW_MODULES:
        marks.add("slow")
    return marks


def item_tiers(item: pytest.Item) -> set[str]:
    if not isinstance(item, pytest.Function):  # doctests need nothing
        return set()
    callspec = getattr(item, "callspec", None)
    params = list(callspec.params.values()) if callspec is not None else []
    module = item.module.__name__.rpartition(".")[2] if item.module is not None else ""
    return tiers(item.fixturenames, params, item.originalname, module)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in sorted(item_tiers(item)):
            item.add_marker(mark)
