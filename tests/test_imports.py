"""The import graph: the engine, the bots, the arena and the command's bot, terminal
and arena entry points work with the core dependency alone (``pip install
crowsnest``: pydantic), without the ``[server]`` extra; an arena match needs the
``[arena]`` extra (numpy and SciPy) and nothing more.

A fresh virtualenv per test would be too slow, so each check runs in a child Python
whose meta-path finder refuses every module that is neither the standard library,
CrowsNest, nor an allowed distribution: an import of FastAPI, SQLAlchemy (or numpy
and SciPy, where they are not allowed) fails there as it would where it is not
installed.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

CORE = (
    "crowsnest",
    "pydantic",
    # what pydantic needs in turn
    "pydantic_core",
    "typing_extensions",
    "annotated_types",
    "typing_inspection",
)
"""Top-level modules of the core dependencies."""

GUARD = """
import importlib.abc
import sys

ALLOWED = set(sys.argv[1].split(","))


class OnlyAllowed(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top in ALLOWED or top.startswith("_"):
            return None
        raise ModuleNotFoundError(f"No module named {name!r} (not installed here)", name=name)


sys.meta_path.insert(0, OnlyAllowed())
"""


def run(code: str, allowed: tuple[str, ...], *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a child Python that can import only ``allowed`` packages;
    ``args`` are its ``sys.argv[2:]``."""
    program = GUARD + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", program, ",".join(allowed), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_guard_refuses_what_is_not_allowed() -> None:
    done = run("import fastapi", CORE)
    assert done.returncode == 1 and "No module named 'fastapi'" in done.stderr
    done = run("import scipy.stats", CORE)
    assert done.returncode == 1 and "No module named 'scipy" in done.stderr
    done = run("import numpy", CORE)
    assert done.returncode == 1 and "No module named 'numpy'" in done.stderr


def test_engine_bots_arena_and_terminal_import_without_the_server_extra() -> None:
    code = """
    import crowsnest.ai.external
    import crowsnest.ai.registry
    import crowsnest.ai.serve
    import crowsnest.arena
    import crowsnest.cli
    import crowsnest.engine
    import crowsnest.terminal

    crowsnest.cli.main(["--version"])  # prints the version, exits 0
    """
    done = run(code, CORE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("crowsnest ")


STDLIB_ONLY = ("crowsnest",)
"""What the engine and the bots import when they play: nothing but the standard
library (they run wherever Python runs, a browser's Pyodide too)."""


@pytest.mark.parametrize("rules_id", ["hearts", "rook/crowsnest", "rook/red-one"])
def test_the_engine_and_the_bots_play_on_the_standard_library_alone(rules_id: str) -> None:
    """A whole hand at every level, every view and event turned to JSON, the record
    replayed: no third-party package is imported (pydantic validates at the wire:
    the server, the bot protocol)."""
    code = """
    import random
    import sys

    from crowsnest.ai.registry import make_bot
    from crowsnest.engine import new_game, replay

    rules_id = sys.argv[2]
    game = new_game(rules_id, seed=5)
    family = game.rules.family
    bots = [make_bot(family, level) for level in ("easy", "normal", "hard", "hard")]
    rng = random.Random(5)
    while not game.results:
        seat = min(game.actors)
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
        for event in game.apply(seat, action):
            event.to_json()
        for looker in (0, 1, 2, 3, None):
            game.view(looker).to_json()
    assert replay(game.record()).record() == game.record()
    third_party = sorted(
        name for name in sys.modules
        if name.partition(".")[0] not in sys.stdlib_module_names
        and not name.startswith(("crowsnest", "_"))
    )
    assert third_party == [], third_party
    """
    done = run(code, STDLIB_ONLY, rules_id)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("game", "rules_id"), [("hearts", "hearts"), ("rook", "rook/crowsnest")])
def test_crowsnest_bot_plays_without_the_server_extra(game: str, rules_id: str) -> None:
    code = """
    import io
    import json
    import sys

    import crowsnest.cli
    from crowsnest.ai.protocol import legal_to_json
    from crowsnest.engine import new_game

    family, rules_id = sys.argv[2:]
    play = new_game(rules_id, seed=3)
    seat = min(play.actors)
    view = play.view(seat).to_json()
    legal = legal_to_json(play.legal_actions(seat), play.rules.family)
    messages = [
        {"type": "hello", "protocol": 1, "game": family},
        {"type": "act", "seq": 0, "view": view, "legal": legal, "seed": 7},
        {"type": "bye"},
    ]
    sys.stdin = io.StringIO("".join(json.dumps(m) + "\\n" for m in messages))
    sys.exit(crowsnest.cli.main(["bot", "--game", family, "--level", "normal"]))
    """
    done = run(code, CORE, game, rules_id)
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "action"]
    assert replies[1]["seq"] == 0 and replies[1]["action"].split()[0] in ("pass", "bid")


def test_an_arena_match_needs_only_the_arena_extra() -> None:
    code = """
    import sys

    import crowsnest.cli

    argv = ["arena", "hearts", "--candidate", "normal", "--field", "ducker", "--deals", "2"]
    status = crowsnest.cli.main([*argv, "--workers", "1"])
    assert "scipy" in sys.modules, "two deals have a confidence interval"
    assert "numpy" in sys.modules, "and decision-time percentiles"
    sys.exit(status)
    """
    done = run(code, (*CORE, "numpy", "scipy"))
    assert done.returncode == 0, done.stderr
    assert "normal" in done.stdout


SRC = Path(__file__).parents[1] / "src" / "crowsnest"
BELOW_THE_SERVER = ("engine", "ai", "arena", "terminal", "skill.py", "rules_info.py", "fairness.py")
"""What the server builds on: none of it imports the server."""


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (``from a import b``: ``a`` and ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


@pytest.mark.parametrize("part", BELOW_THE_SERVER)
def test_the_layers_below_the_server_do_not_import_it(part: str) -> None:
    paths = sorted((SRC / part).rglob("*.py")) if (SRC / part).is_dir() else [SRC / part]
    assert paths
    found = [
        f"{path.relative_to(SRC)}: {name}"
        for path in paths
        for name in sorted(_imports(path))
        if name == "crowsnest.server" or name.startswith("crowsnest.server.")
    ]
    assert found == []
