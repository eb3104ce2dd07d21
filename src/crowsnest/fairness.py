"""Provably fair deals: a server secret, its commitment, the seed derived from it, and
the check that a finished game's record was dealt from that seed and played, legally,
to the end it states.

The scheme (``docs/formats.md``, "Fair deals"), ``crowsnest-deal/1``:

- the server draws a 32-byte ``secret`` that nobody chooses;
- before the first card it publishes ``commitment = SHA-256(secret)`` (hex);
- the game's seed is ``int(SHA-256(secret || b"deal")[:8]) >> 1`` (63 bits), so the
  engine's own seeded dealing is unchanged;
- once the game is over the record carries the secret, and anyone can check that
  the commitment matches, that the seed follows from it and that the engine deals
  exactly the recorded hands from that seed.

Pure functions, no I/O: the server draws the secret (``secrets.token_hex(32)``).

>>> secret = "00" * 32
>>> commitment(secret)[:16], seed_of(secret) < 2**63
('66687aadf862bd77', True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from crowsnest.engine import AnyGame, RecordError, new_game, replay
from crowsnest.engine.base import replay_actions

SCHEME: Final = "crowsnest-deal/1"
SECRET_BYTES: Final = 32
DEAL_LABEL: Final = b"deal"


def _secret_bytes(secret: str) -> bytes:
    """The secret's bytes; ``ValueError`` unless it is 64 lowercase hex digits."""
    if len(secret) != 2 * SECRET_BYTES or secret != secret.lower():
        raise ValueError("a deal secret is 64 lowercase hex digits")
    return bytes.fromhex(secret)


def commitment(secret: str) -> str:
    """SHA-256 of the secret's bytes, hex: published before the first card."""
    return hashlib.sha256(_secret_bytes(secret)).hexdigest()


def seed_of(secret: str) -> int:
    """The game's seed: the first 8 bytes of SHA-256(secret || "deal"), big-endian,
    shifted right by one (a seed the engine takes, below 2**63)."""
    digest = hashlib.sha256(_secret_bytes(secret) + DEAL_LABEL).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def end_of(game: AnyGame) -> dict[str, Any]:
    """The end a finished game's record states (its ``end`` block): how many actions
    it took, the final scores (per seat, or per team) and the winner (a seat, or a
    team)."""
    return {"actions": len(game.log), "scores": list(game.scores), "winner": game.winner}


def _end_problems(record: Mapping[str, Any], game: AnyGame) -> list[str]:
    """What is wrong with the end of ``record``, replayed into ``game``: the game
    must be over, and the record's ``end`` must state the end it reached (a record
    the server wrote before ``end`` existed states its scores only)."""
    if not game.is_over:
        return [
            f"the game is not over after the record's {len(game.log)} actions (phase "
            f"{game.phase!r}, hand {game.hand_number}): its last actions are missing"
        ]
    stated = record.get("end")
    if not isinstance(stated, Mapping) or "scores" not in stated:
        return ["the record states no end (its final scores) to check the game against"]
    problems = []
    for key, found in end_of(game).items():
        if key in stated and stated[key] != found:
            problems.append(f"the record states {key} {stated[key]!r}, the replay gives {found!r}")
    return problems


@dataclass(frozen=True, slots=True)
class Verification:
    """What :func:`verify` found: ``problems`` is empty when the record is fair."""

    problems: list[str] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    """Every deal the engine dealt from the seed, in the deal format."""
    seed_chosen: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(record: Mapping[str, Any]) -> Verification:
    """Check a finished game's whole record and its ``fairness`` block: the
    commitment is SHA-256 of the secret, the seed follows from the secret, the engine
    deals, from that seed alone (the recorded deals ignored), exactly the recorded
    deals while the recorded actions are replayed, every action is legal in turn,
    the game is over after the last one, and it ends as the record's ``end`` says
    (actions, final scores, winner). A record cut short or altered is refused, with
    the reason."""
    problems: list[str] = []
    fair = record.get("fairness")
    if not isinstance(fair, Mapping):
        return Verification(["the record has no 'fairness' block"])
    if fair.get("scheme") != SCHEME:
        return Verification([f"unknown fairness scheme {fair.get('scheme')!r}"])
    chosen = fair.get("seed_chosen") is True
    seed = record.get("seed")
    if chosen:
        problems.append("the seed was chosen by the table's creator: the deal is not random")
    else:
        secret = fair.get("secret")
        if not isinstance(secret, str):
            return Verification(["the record reveals no secret"])
        try:
            if commitment(secret) != fair.get("commitment"):
                problems.append("the secret does not match the commitment")
            if seed_of(secret) != seed:
                problems.append("the record's seed is not the one derived from the secret")
        except ValueError as err:
            return Verification([str(err)])
    try:
        replay(record)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(None, "'seed' must be an integer")
        options = record.get("options", {})
        start_hand = record.get("start_hand", 0)
        game = new_game(str(record.get("rules")), options=options, seed=seed, start_hand=start_hand)
        replay_actions(game, record.get("actions"))
    except (RecordError, ValueError) as err:
        return Verification([*problems, f"the record does not replay: {err}"], seed_chosen=chosen)
    dealt = [d.to_json(game.rules.family) for d in game.deals]
    if dealt != list(record.get("deals", [])):
        problems.append("the recorded deals are not the ones the seed deals")
    problems.extend(_end_problems(record, game))
    return Verification(problems, dealt, chosen)
