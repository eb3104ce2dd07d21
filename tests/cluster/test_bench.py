"""The cluster benchmark's path, small: ``python -m bench.server --cluster`` starts a
local cluster behind HAProxy, loads it and stops it; the load client tries again
(and counts it) while a table's lease moves between nodes, over HTTP and over its
websocket. The benchmark itself is ``make bench-server-cluster`` (docs/benchmarks.md)."""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from pathlib import Path

import pytest
from bench.server import main
from bench.server_load import Refused, StepResult, Tally, format_results, new_seat, play_game, post
from tools.cluster import BENCH_CAPS, Layout, Missing, bench_cluster, proxy_config

from server.helpers import ServerProcess, create_table

from .conftest import NodeFactory, need


@pytest.fixture(scope="module")
def two(nodes: NodeFactory) -> tuple[ServerProcess, ServerProcess]:
    return nodes(), nodes()


def test_bench_server_loads_a_cluster_of_its_own_through_haproxy(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    need("redis-server")
    need("haproxy")
    folder = tmp_path / "bench"
    argv = ["--cluster", "2", "--cluster-dir", str(folder)]
    argv += ["--database-url", pg_url, "--clients", "4", "--seconds", "2", "--ramp", "1"]
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    [step] = json.loads(out)
    assert step["clients"] == 4 and step["failed_clients"] == 0, step
    assert step["actions"] > 0 and step["p50_ms"] is not None and step["setup_s"] >= 1
    assert step["retries"] == sum(step["retried"].values())
    table = format_results([StepResult(**step)]).splitlines()
    assert "setup s" in table[0] and table[1].split()[0] == "4"
    assert "CrowsNest cluster (2 nodes, PostgreSQL, Redis, HAProxy)" in err
    layout = Layout.load(folder)
    assert layout.bench and len(layout.ports) == 2 and layout.caps == BENCH_CAPS
    config = (folder / "haproxy.cfg").read_text()
    assert f"sc0_conn_cur gt {BENCH_CAPS[0]}" in config
    assert not list(folder.glob("*.pid")) and not (folder / "pids").exists()  # all stopped


def test_a_folder_that_is_not_a_benchmarks_is_refused(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("someone's data")
    refused = pytest.raises(Missing, match="not a benchmark's cluster folder")
    with refused, bench_cluster(1, tmp_path):
        pass
    assert (tmp_path / "keep.txt").exists()


def test_the_shipped_haproxy_limits_stay_unless_a_benchmark_raises_them() -> None:
    shipped = proxy_config(9000, (9001,))
    assert "sc0_conn_cur gt 100" in shipped and "sc0_conn_rate gt 50" in shipped
    assert "server n1 127.0.0.1:9001 check" in shipped and "n2" not in shipped
    raised = proxy_config(9000, (9001, 9002), (5000, 600))
    assert "sc0_conn_cur gt 5000" in raised and "sc0_conn_rate gt 600" in raised
    assert raised.count("server n2 127.0.0.1:9002 check") == 2  # both backends


def test_the_load_client_tries_again_while_a_table_moves(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    owner, other = two
    rng = random.Random(0)
    tally = Tally(until=math.inf)
    body = {"rules": "hearts", "seats": ["human", "bot", "bot", "bot"], "level": "easy"}
    table_id = create_table(owner.base, **body, bot_delay=0)["table"]["id"]

    async def scenario() -> bool:
        joined = await post(tally, rng, f"{other.base}/api/tables/{table_id}/join", {"name": "Al"})
        assert tally.retries.get("http table_unavailable", 0) >= 1  # it moved to `other`
        ws_url = str(joined["ws_url"])
        # Now `other` holds it: a websocket on `owner` is told to try again, and does.
        on_owner = ws_url.replace(f":{other.port}/", f":{owner.port}/")
        tally.until = time.monotonic() + 8
        return await play_game(on_owner, joined["token"], tally, rng)

    asyncio.run(scenario())
    assert tally.retries.get("ws table_unavailable", 0) >= 1, tally.retries
    assert tally.actions > 0 and tally.failed_clients == 0


def test_a_refusal_that_is_not_retryable_is_raised_at_once(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    node, _ = two
    tally = Tally()
    with pytest.raises(Refused) as refused:
        asyncio.run(new_seat(node.base, "no-such-rules", 1, tally, random.Random(0)))
    assert refused.value.code != "table_unavailable" and tally.retries == {}
    body = {"rules": "hearts", "seats": ["human", "bot", "bot", "bot"], "level": "easy"}
    table_id = create_table(node.base, **body)["table"]["id"]
    url = node.base.replace("http", "ws", 1) + f"/ws/{table_id}"
    tally.until = time.monotonic() + 30
    with pytest.raises(Refused) as hello:  # a hello refused ends the client
        asyncio.run(play_game(url, "not-a-token", tally, random.Random(0)))
    assert hello.value.code != "table_unavailable" and tally.errors == {}
