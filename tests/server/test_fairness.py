"""Fair deals: the seed comes from a server secret nobody chooses, its commitment is
published before the first card, the record reveals the secret once the game is over,
and ``crowsnest verify`` checks a record; a chosen seed only without other humans."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from crowsnest.cli import main
from crowsnest.fairness import SCHEME, commitment, seed_of, verify

HEX = set("0123456789abcdef")


def finished_record(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Create an all-bot table, wait for its end: (table info at creation, record)."""
    created = client.post("/api/tables", json={"seats": ["bot"] * 4, **body})
    assert created.status_code == 201, created.json()
    info = created.json()["table"]
    path = f"/api/tables/{info['id']}/record"
    deadline = time.monotonic() + 60
    while (response := client.get(path)).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return info, response.json()


def test_derivation_is_sha256_of_the_secret() -> None:
    secret = "ab" * 32
    raw = bytes.fromhex(secret)
    assert commitment(secret) == hashlib.sha256(raw).hexdigest()
    digest = hashlib.sha256(raw + b"deal").digest()
    assert seed_of(secret) == int.from_bytes(digest[:8], "big") >> 1
    with pytest.raises(ValueError, match="64 lowercase hex"):
        seed_of("AB" * 32)


def test_a_table_publishes_a_commitment_and_the_record_reveals_its_secret(
    client: TestClient,
) -> None:
    info, record = finished_record(client, rules="rook/dixie")
    assert info["seed_chosen"] is False
    assert len(info["commitment"]) == 64 and set(info["commitment"]) <= HEX
    fair = record["fairness"]
    assert fair["scheme"] == SCHEME and fair["commitment"] == info["commitment"]
    assert commitment(fair["secret"]) == info["commitment"]
    assert record["seed"] == seed_of(fair["secret"])
    result = verify(record)
    assert result.ok, result.problems
    assert result.deals == record["deals"]


def test_two_tables_get_different_secrets(client: TestClient) -> None:
    infos = [client.post("/api/tables", json={}).json()["table"] for _ in range(2)]
    assert infos[0]["commitment"] != infos[1]["commitment"]


def test_verify_finds_a_tampered_record(client: TestClient) -> None:
    _, record = finished_record(client, rules="hearts")
    other = dict(record, fairness={**record["fairness"], "secret": "00" * 32})
    assert "the secret does not match the commitment" in verify(other).problems
    swapped = [
        dict(d, hands=[d["hands"][1], d["hands"][0], *d["hands"][2:]]) for d in record["deals"]
    ]
    result = verify(dict(record, deals=swapped))
    assert not result.ok
    assert verify({k: v for k, v in record.items() if k != "fairness"}).problems == [
        "the record has no 'fairness' block"
    ]


@pytest.mark.parametrize(
    "seats",
    [["human", "human", "bot", "bot"], ["human"] * 4],
)
def test_a_chosen_seed_is_refused_with_other_humans(client: TestClient, seats: list[str]) -> None:
    answer = client.post("/api/tables", json={"seats": seats, "seed": 5})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "seed_not_allowed"


def test_a_chosen_seed_is_shown(client: TestClient) -> None:
    created = client.post("/api/tables", json={"seed": 5, "public": False})
    assert created.status_code == 201
    info = created.json()["table"]
    assert info["seed_chosen"] is True and info["commitment"] is None
    _, record = finished_record(client, rules="rook/dixie", seed=2)
    assert record["seed"] == 2 and record["fairness"]["seed_chosen"] is True
    assert record["fairness"]["secret"] is None
    assert not verify(record).ok


def test_verify_command_prints_every_deal(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, record = finished_record(client, rules="rook/dixie")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:-1]] == [
        f"deal {n}" for n in range(1, len(record["deals"]) + 1)
    ]
    first = record["deals"][0]
    assert " ".join(first["hands"][0]) in out[0] and " ".join(first["nest"]) in out[0]
    assert out[-1].startswith(f"verified: commitment {record['fairness']['commitment']}")
    record["fairness"]["secret"] = "11" * 32
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    assert "NOT VERIFIED: the secret does not match" in capsys.readouterr().out
    path.write_text("[1, 2]")
    assert main(["verify", str(path)]) == 2


def test_the_verify_endpoint(client: TestClient) -> None:
    info, record = finished_record(client, rules="rook/dixie")
    check = client.get(f"/api/tables/{info['id']}/verify").json()
    assert check["verified"] is True and check["problems"] == []
    assert check["commitment"] == info["commitment"] == commitment(check["secret"])
    assert check["deals"] == len(record["deals"]) and check["seed_chosen"] is False
    chosen, _ = finished_record(client, rules="rook/dixie", seed=3)
    refused = client.get(f"/api/tables/{chosen['id']}/verify").json()
    assert refused["verified"] is False and refused["seed_chosen"] is True
    created = client.post("/api/tables", json={"seats": ["human", "bot", "bot", "bot"]})
    waiting = client.get(f"/api/tables/{created.json()['table']['id']}/verify")
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "not_finished"
