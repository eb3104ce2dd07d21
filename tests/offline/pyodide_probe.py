"""What the offline build must agree on with CPython, computed in either
(``tests/offline/test_pyodide.py`` runs it in CPython and under Pyodide in node):

- the random-playout invariant test of every rule set (``tests/engine/
  test_invariants.py``'s ``play_and_check`` and ``check_replay``: every card once,
  views that hide what they must, illegal actions refused, points per hand, the
  record replayed) over a whole seeded game each, summed up as the steps and a digest
  of the record;
- ``tests/native_probe.py``'s :func:`decisions`: the bots' decisions from fixed seeds,
  Hard in several seats, the engine's errors, the solver's values;
- the bots ``decisions`` leaves out (Hearts' Easy and Ducker, Rook's Greedy), a
  seeded hand each;
- a solo table's whole hand (:mod:`crowsnest.offline.solo`) at Normal.

It imports only the standard library and CrowsNest: where pytest and Hypothesis are
missing (under Pyodide), stand-ins that only let the test module load take their
place (the functions used here call neither).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import types
from pathlib import Path
from typing import Any


class _Anything:
    """Whatever attribute or call a test module's decorators ask for at import."""

    def __getattr__(self, name: str) -> _Anything:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return _Anything()


class _Raises:
    """``pytest.raises`` as the invariant checks use it: the exception is required."""

    def __init__(self, kind: type[BaseException]) -> None:
        self.kind = kind
        self.value: BaseException | None = None

    def __enter__(self) -> _Raises:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: object
    ) -> bool:
        if kind is None or not issubclass(kind, self.kind):
            raise AssertionError(f"{self.kind.__name__} was not raised")
        self.value = value
        return True


def _stand_ins() -> None:
    for name in ("pytest", "hypothesis", "hypothesis.strategies"):
        try:
            __import__(name)
        except ImportError:
            module = types.ModuleType(name)
            module.__getattr__ = _Anything().__getattr__  # type: ignore[method-assign]
            sys.modules[name] = module
    pytest = sys.modules["pytest"]
    if not hasattr(pytest, "__file__"):
        pytest.raises = _Raises  # type: ignore[attr-defined]
    hypothesis = sys.modules["hypothesis"]
    if not hasattr(hypothesis, "__file__"):
        hypothesis.strategies = sys.modules["hypothesis.strategies"]  # type: ignore[attr-defined]


def digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def invariants() -> dict[str, list[object]]:
    """Each rule set: one whole seeded random game checked at every step."""
    _stand_ins()
    engine_tests = str(Path(__file__).resolve().parents[1] / "engine")
    if engine_tests not in sys.path:
        sys.path.append(engine_tests)
    from test_invariants import check_replay, play_and_check

    from crowsnest.engine import RULESETS, new_game

    out: dict[str, list[object]] = {}
    for rules_id in RULESETS:
        game = new_game(rules_id, seed=1)
        steps = play_and_check(game, random.Random(1), max_actions=20_000)
        assert game.is_over, rules_id
        check_replay(game)
        out[rules_id] = [steps, digest(game.record())]
    return out


def solo_hand() -> str:
    """A solo table's first hand of Hearts at Normal, every message, as a digest."""
    from crowsnest.offline.solo import SoloTable

    table = SoloTable("hearts", {}, "normal", seed=21, name="Ann")
    messages = table.hello()
    rng = random.Random(21)
    seen: list[object] = list(messages)
    while not table.game.results:
        if table.bot_due() is not None:
            messages = table.bot_act()
        else:
            legal = messages[-1]["legal"]
            option = legal[rng.randrange(len(legal))]
            text = option if isinstance(option, str) else "pass " + " ".join(option["from"][:3])
            messages = table.handle({"type": "action", "seq": table.seq, "action": text})
        seen.extend(messages)
    return digest(seen)


def other_bots() -> dict[str, list[str]]:
    """A seeded hand of Hearts by Easy and the Ducker, and of CrowsNest with Greedy."""
    from crowsnest.ai.base import Bot
    from crowsnest.ai.hearts.ducker import Ducker
    from crowsnest.ai.hearts.easy import Easy
    from crowsnest.ai.rook.greedy import Greedy
    from crowsnest.ai.rook.normal import Normal
    from native_probe import play_hand

    rook: list[Bot] = [Greedy(), Normal(), Greedy(), Normal()]
    return {
        "hearts": play_hand("hearts", 3, 1, [Easy(), Ducker(), Easy(), Ducker()]),
        "rook/crowsnest": play_hand("rook/crowsnest", 3, 1, rook),
    }


def probe() -> dict[str, Any]:
    import native_probe

    return {
        "invariants": invariants(),
        "decisions": digest(json.loads(native_probe.decisions_json())),
        "others": digest(other_bots()),
        "solo": solo_hand(),
    }


if __name__ == "__main__":
    print(json.dumps(probe()))
