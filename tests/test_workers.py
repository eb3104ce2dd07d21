"""Worker processes end with the process that started them (crowsnest.workers)."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (state, parent,
    ...), or None for a process that is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text.rpartition(")")[2].split()


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie that nobody reaps has ended)."""
    fields = stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def ended_within(pids: list[int], seconds: float) -> list[int]:
    """The processes of ``pids`` still running after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while any(running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if running(p)]


SERVER_POOL = """
import os, time
from crowsnest.server.table.bots import _lower_priority, _pool
pool = _pool(1, _lower_priority)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


def test_the_servers_pool_workers_end_when_the_server_is_killed() -> None:
    """A server killed with ``kill -9`` left its pool's workers waiting for ever (a
    review worker paused behind a bot decision polled for ever): they now end with it."""
    with subprocess.Popen(
        [sys.executable, "-c", SERVER_POOL],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as server:
        try:
            assert server.stdout is not None
            workers = [int(server.stdout.readline())]
            assert workers[0] in children(server.pid)
            time.sleep(0.5)
            assert all(running(p) for p in workers)  # alive while the server is
        finally:
            server.kill()
            server.wait()
    assert ended_within(workers, 20.0) == []


def test_the_arenas_workers_end_when_the_arena_is_killed(tmp_path: Path) -> None:
    arena = subprocess.Popen(
        [
            sys.executable, "-m", "crowsnest.cli", "arena", "rook/tournament",
            "--candidate", "hard", "--field", "normal", "--deals", "2000",
            "--workers", "2", "--out", str(tmp_path / "deals.jsonl"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while (
            not (tmp_path / "deals.jsonl").exists() or not (tmp_path / "deals.jsonl").stat().st_size
        ):
            assert time.monotonic() < deadline and arena.poll() is None
            time.sleep(0.1)
        workers = children(arena.pid)
        assert len(workers) >= 2
    finally:
        arena.kill()
        arena.wait()
    assert ended_within(workers, 20.0) == []
    assert os.path.getsize(tmp_path / "deals.jsonl") > 0
