"""``python -m tools.bot_digest``: a digest of every bot's decisions on fixed deals, to
show that a change meant to keep the bots' play (a refactor, the compiled core, a move
of code) keeps it decision for decision.

For each rule set and each bot of its family (:data:`crowsnest.ai.registry.BOTS`),
four copies of the bot play the first ``--hands`` hands of a game dealt from
``--seed``, each decision seeded as the server seeds it
(:func:`~crowsnest.ai.registry.bot_rng`: the game's seed, the seq, the seat), and a
search's time limit lifted (the server's stops a search early on a slow machine, so
its choice would depend on the machine's speed, not only on the code). The
output is one line per (rule set, bot): its SHA-256 over the action texts in order,
the number of decisions, and the seconds taken. Run it on two trees and compare the
digests (``diff``); the seconds are for the reader only::

    python -m tools.bot_digest > after.txt
    PYTHONPATH=/tmp/before/src python -m tools.bot_digest > before.txt
    diff <(cut -f1-3 before.txt) <(cut -f1-3 after.txt)

``--rules`` and ``--bots`` narrow it (comma-separated), ``--hands`` (default 1) and
``--seed`` (default 1) choose the deals.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import sys
import time
from collections.abc import Sequence

from crowsnest.ai.registry import BOTS, make_bot
from crowsnest.engine import RULESETS, action_text, new_game

try:
    from crowsnest.ai.registry import bot_rng
except ImportError:  # a tree from before the server was laid out by job
    from crowsnest.server.bots import bot_rng  # type: ignore[import-not-found,no-redef]


def digest(rules: str, bot: str, hands: int, seed: int) -> tuple[str, int]:
    """(SHA-256 of the actions, how many) of ``bot`` playing all four seats of the
    first ``hands`` hands of the game of ``rules`` dealt from ``seed``."""
    game = new_game(rules, seed=seed)
    family = game.rules.family
    bots = [make_bot(family, bot) for _ in range(4)]
    for b in bots:
        if hasattr(b, "time_limit"):  # a search: its full work each decision, at any speed
            b.time_limit = math.inf
    sha = hashlib.sha256()
    seq = 0
    while not game.is_over and game.hand_number < hands:
        seat = min(game.actors)
        action = bots[seat].choose(
            game.view(seat), game.legal_actions(seat), bot_rng(seed, seq, seat)
        )
        text = action_text(action, family)
        game.apply(seat, text)
        sha.update(f"{seat} {text}\n".encode())
        seq += 1
    return sha.hexdigest(), seq


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bot_digest", description=__doc__)
    parser.add_argument("--rules", default=",".join(RULESETS), help="rule sets (default: all)")
    parser.add_argument("--bots", default="", help="bots (default: every bot of the family)")
    parser.add_argument("--hands", type=int, default=1, help="hands per game (default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default: 1)")
    args = parser.parse_args(argv)
    only = [b for b in args.bots.split(",") if b]
    for rules in args.rules.split(","):
        if rules not in RULESETS:
            parser.error(f"unknown rule set {rules!r}; known: {', '.join(RULESETS)}")
        for bot in BOTS[RULESETS[rules].family]:
            if only and bot not in only:
                continue
            start = time.perf_counter()
            sha, count = digest(rules, bot, args.hands, args.seed)
            took = time.perf_counter() - start
            print(f"{rules}\t{bot}\t{sha}\t{count} decisions\t{took:.1f} s", flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover - `python -m tools.bot_digest`
    sys.exit(main())
