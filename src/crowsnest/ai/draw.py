"""Random draws for the searches' sampled worlds, compiled with them
(:mod:`crowsnest.native`).

:func:`shuffle` is ``random.Random.shuffle``, draw for draw: the stdlib's is Python
code, run by the interpreter at every world the searches sample; this one calls only
the generator's ``getrandbits`` (C), so the worlds, and the decisions, stay those of
``rng.shuffle`` (the tests hold them equal).
"""

from __future__ import annotations

import random


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place, exactly as ``rng.shuffle(cards)`` does: from the
    last place down, swap with a place drawn uniformly at or below it (by
    ``getrandbits`` and rejection, as ``Random._randbelow``)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
