"""``crowsnest arena`` and ``crowsnest bot`` on the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from crowsnest.cli import main


def test_arena_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "hearts", "--candidate", "ducker", "--field", "random", "--deals", "2"]
    assert main([*argv, "--workers", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "hearts duplicate: candidate ducker against 3 x random" in out
    assert "2 deals x 4 seatings = 8 hands, seed 4" in out


def test_arena_json_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "arena",
        "rook/crowsnest",
        "--candidate",
        "random",
        "--field",
        "random",
        "--deals",
        "2",
        "--workers",
        "1",
    ]
    assert main([*argv, "--json", "--progress", "--option", "target=500"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["kind"] == "rook" and data["score"]["mean"] == 0.0
    assert data["field"] == "random" and data["run"]["options"] == {"target": 500}
    assert "2/2 deals" in captured.err


def test_arena_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "hearts", "--table", "ducker,random,ducker,random", "--deals", "2"]
    assert main([*argv, "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "head to head: ducker, random, ducker, random" in out
    assert "2 deals x 6 seatings = 12 hands" in out
    assert "ducker - random" in out


def test_arena_writes_a_deal_log_and_merges_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "rook/dixie", "--candidate", "random", "--field", "random"]
    for seed in (1, 2):
        out = str(tmp_path / f"{seed}.jsonl")
        assert (
            main([*argv, "--deals", "2", "--workers", "1", "--seed", str(seed), "--out", out]) == 0
        )
    capsys.readouterr()
    assert main(["arena", "--merge", str(tmp_path / "1.jsonl"), str(tmp_path / "2.jsonl")]) == 0
    assert "4 deals x 2 plays = 8 hands, seeds 1, 2" in capsys.readouterr().out
    one, two = str(tmp_path / "1.jsonl"), str(tmp_path / "2.jsonl")
    assert main(["arena", "--merge", one, two, "--against", one]) == 0
    out = capsys.readouterr().out
    assert "paired     against " + one in out
    assert "+0.00 ± 0.00" in out and "2 deals in common, 2 alike" in out
    assert "2 deals held by only one of them left out" in out  # seed 2's
    assert main(["arena", "--merge", two, "--against", one]) == 2  # other seeds: no deal
    assert "no deal in common" in capsys.readouterr().err
    assert main(["arena", "--merge", one, "--against", one, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["paired"]["alike"] == 2
    assert main(["arena", "rook/dixie", "--against", one]) == 2
    assert main(["arena", "hearts", "--merge", str(tmp_path / "1.jsonl")]) == 2
    assert main(["arena", "--merge", str(tmp_path / "none.jsonl")]) == 1
    assert "crowsnest arena: " in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "hearts"],
        ["arena", "hearts", "--candidate", "nobody"],
        ["arena", "hearts", "--candidate", "ducker", "--option", "target=50"],
        ["arena", "rook/crowsnest", "--table", "a,b,c,d"],
        ["arena", "hearts", "--table", "ducker,ducker"],
        ["arena", "rook/crowsnest", "--candidate", "random", "--option", "bird=maybe"],
        ["arena", "chess", "--candidate", "random"],
        ["arena", "--candidate", "random"],
    ],
)
def test_arena_refuses_bad_requests(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--deals", "1", "--workers", "1"]) == 2
    assert capsys.readouterr().err.startswith("crowsnest arena: ")


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--workers", "x"], ["--budget", "-1"]])
def test_arena_argument_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["arena", "hearts", "--candidate", "ducker", *argv])
    assert exc.value.code == 2


def test_arena_reports_a_failing_external_bot(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"cmd:{sys.executable} -c pass"
    assert main(["arena", "hearts", "--candidate", bot, "--deals", "1", "--workers", "1"]) == 1
    assert "exited" in capsys.readouterr().err


def test_bot_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--game", "hearts", "--level", "nobody"]) == 2
    assert "unknown hearts bot" in capsys.readouterr().err
    assert main(["bot", "--game", "hearts", "--level", "ducker", "--budget", "1"]) == 2
    assert "no time budget" in capsys.readouterr().err


def test_bot_process_speaks_json_lines() -> None:
    lines = ['{"type": "hello", "protocol": 1, "game": "rook"}', "oops", '{"type": "bye"}']
    done = subprocess.run(
        [sys.executable, "-m", "crowsnest.cli", "bot", "--game", "rook", "--level", "random"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies[0] == {"type": "hello", "protocol": 1, "game": "rook", "name": "random"}
    assert replies[1]["type"] == "error" and replies[1]["code"] == "bad_json"
    assert len(replies) == 2
