"""Every random number of an arena run comes from its seed, by name.

A deal's cards (and any Rook redeal) come from the game seed of ``(seed, deal)``;
the chance a bot uses comes from the seat seed of ``(seed, deal, seat)``. A seat's
seed does not depend on which bot sits there, so when the same bots meet in every
rotation every rotation is the same game, and a bot against itself scores exactly 0.
Seeds are hashes, so deal 7 is the same deal whatever the number of deals or workers.
"""

from __future__ import annotations

import hashlib


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed named by ``seed`` and ``parts``."""
    text = ":".join(str(p) for p in ("crowsnest-arena", seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal``'s game: its cards and any redeal."""
    return derive(seed, "deal", deal)


def seat_seed(seed: int, deal: int, seat: int) -> int:
    """The seed of the ``random.Random`` handed to the bot in ``seat`` at ``deal``."""
    return derive(seed, "seat", deal, seat)
