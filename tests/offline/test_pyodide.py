"""The offline build agrees with CPython: under Pyodide in node, on exactly what the
browser gets (``make offline``: the pinned runtime and the zipped source), started
as the page's worker starts it from its second start on (from the memory snapshot of
a first start), the random-playout invariant test of every rule set, the bots' fixed-seed decisions
(``tests/native_probe.py``) and a solo table's hand give the digests CPython gives
here (``tests/offline/pyodide_probe.py``)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from crowsnest.engine import RULESETS
from offline import pyodide_probe

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_pyodide_plays_as_cpython(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "node is needed (make lint-js installs the JavaScript tooling)"
    check = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "offline_bundle.py"), "--check"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert check.returncode == 0, f"{check.stdout.strip()}: run `make offline`"
    # Pyodide's run takes a minute of one core: CPython's probe runs meanwhile.
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        run = subprocess.Popen(
            [node, str(ROOT / "tests" / "offline" / "pyodide_run.mjs")],
            stdout=stdout, stderr=stderr, text=True,
        )  # fmt: skip
        try:
            ours = pyodide_probe.probe()
            returncode = run.wait(timeout=900)
        finally:
            run.kill()
            run.wait()
    assert returncode == 0, err.read_text()[-3000:]
    theirs = json.loads(out.read_text().strip().splitlines()[-1])
    assert theirs["platform"] == "emscripten"
    assert theirs["snapshot_bytes"] > 1_000_000  # the probe ran in a runtime loaded from it
    assert sorted(ours["invariants"]) == sorted(RULESETS)
    for key in ("invariants", "decisions", "others", "solo"):
        assert theirs[key] == ours[key], key
