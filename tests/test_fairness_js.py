"""The browser's check of a fair deal (web/static/fairness.js, run here in node) gives
the Python's results for fixed secrets: the commitment, the seed, CPython's shuffle
from that seed, and every deal of a played game; an altered deal is found."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from crowsnest.ai.protocol import legal_to_json
from crowsnest.engine import new_game
from crowsnest.fairness import SCHEME, commitment, seed_of
from server.helpers import scripted_action

FAIRNESS_JS = Path(__file__).resolve().parents[1] / "src/crowsnest/web/static/fairness.js"
SECRETS = ["00" * 32, "ab" * 32, "0f1e2d3c4b5a69788796a5b4c3d2e1f00123456789abcdef0123456789abcdef"]


def node(script: str) -> Any:
    """Run an ES module in node with fairness.js imported as ``f``; its printed JSON."""
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is missing (make test-js needs it too)")
    code = f"import * as f from {json.dumps(FAIRNESS_JS.as_uri())};\n{script}"
    done = subprocess.run(
        [exe, "--input-type=module", "-e", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def played(rules: str, secret: str, hands: int) -> dict[str, Any]:
    """The record of a game dealt from ``secret``, played (random legal moves) for
    ``hands`` hands or to its end, with its fairness block."""
    game = new_game(rules, seed=seed_of(secret))
    while not game.is_over and len(game.deals) <= hands:
        seat = min(game.actors)
        legal = legal_to_json(game.legal_actions(seat), game.rules.family)
        game.apply(seat, scripted_action(seat, len(game.log), legal))
    record = game.record()
    record["fairness"] = {
        "scheme": SCHEME, "commitment": commitment(secret), "secret": secret, "seed_chosen": False,
    }  # fmt: skip
    return record


def test_the_commitment_and_the_seed_are_the_pythons() -> None:
    got = node(
        f"const out = []; for (const s of {json.dumps(SECRETS)}) "
        "out.push([await f.commitmentOf(s), String(await f.seedOf(s))]);"
        "console.log(JSON.stringify(out));"
    )
    assert got == [[commitment(s), str(seed_of(s))] for s in SECRETS]


def test_the_shuffle_is_cpythons_for_every_seed() -> None:
    seeds = [0, 1, 5, 2**32 + 7, *(seed_of(s) for s in SECRETS)]
    got = node(
        f"const out = []; for (const s of {json.dumps([str(s) for s in seeds])}) {{"
        " const r = new f.PythonRandom(BigInt(s)); const a = [];"
        " for (let n = 0; n < 3; n++) a.push(r.shuffle([...Array(57).keys()]));"
        " out.push(a); } console.log(JSON.stringify(out));"
    )
    expected = []
    for seed in seeds:
        rng = random.Random(seed)
        shuffles = []
        for _ in range(3):
            cards = list(range(57))
            rng.shuffle(cards)
            shuffles.append(cards)
        expected.append(shuffles)
    assert got == expected


@pytest.mark.parametrize("rules", ["rook/crowsnest", "hearts"])
def test_every_deal_of_a_game_checks_and_an_altered_one_does_not(rules: str) -> None:
    record = played(rules, SECRETS[2], hands=2)
    assert len(record["deals"]) >= 2
    check = f"console.log(JSON.stringify(await f.checkDeals({json.dumps(record)})));"
    found = node(check)
    assert found["ok"] and found["problems"] == [] and found["deals"] == len(record["deals"])
    altered = json.loads(json.dumps(record))
    hands = altered["deals"][1]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # two cards swapped between hands
    found = node(f"console.log(JSON.stringify(await f.checkDeals({json.dumps(altered)})));")
    assert found["problems"] == ["deal_mismatch:2"]
    wrong = {**record, "fairness": {**record["fairness"], "commitment": "0" * 64}}
    found = node(f"console.log(JSON.stringify(await f.checkDeals({json.dumps(wrong)})));")
    assert found["problems"] == ["commitment_mismatch"]
