"""The test tiers of ``tests/tiers.py``: which tests ``make test-fast`` leaves out."""

from __future__ import annotations

import pytest

from tiers import item_tiers, tiers

PLAYWRIGHT = {"page", "context", "browser", "browser_type", "base_url", "server_url"}


@pytest.mark.parametrize(
    ("fixtures", "params", "name", "module", "expected"),
    [
        (PLAYWRIGHT, [], "test_reload", "test_play", {"browser", "slow"}),
        ({"browser", "browser_type"}, [], "test_invite", "test_play", {"browser"}),
        ({"server_url"}, [], "test_rule_sets", "test_play", {"slow"}),
        ({"pg_cluster", "pg_url"}, [], "test_store", "test_server_store", {"postgres"}),
        ({"store", "request"}, ["postgresql"], "test_log", "test_server_store", {"postgres"}),
        ({"store", "request"}, ["sqlite"], "test_log", "test_server_store", set()),
        (
            {"server_factory", "request"},
            ["postgresql"],
            "test_kill_9",
            "test_server_recovery",
            {"postgres", "slow"},
        ),
        ({"client", "settings", "tmp_path"}, [], "test_join", "test_server_http", set()),
        (set(), [1, None, ("postgresql",)], "test_whole_games_end", "test_invariants", {"slow"}),
        (set(), [], "test_hard_beats_duckers", "test_strength_smoke", {"slow"}),
        (set(), [], "test_golden_hearts", "test_golden", set()),
    ],
)
def test_tiers_follow_the_fixtures_and_names(
    fixtures: set[str], params: list[object], name: str, module: str, expected: set[str]
) -> None:
    assert tiers(fixtures, params, name, module) == expected


def test_the_plugin_marks_the_collected_tests(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.has_plugin("tiers")
    registered = {line.partition(":")[0] for line in request.config.getini("markers")}
    assert {"browser", "postgres", "slow"} <= registered
    assert item_tiers(request.node) == set()
    assert request.node.get_closest_marker("slow") is None
