"""The bot contract: a bot sees one seat's view and its legal actions, nothing else.

A bot cannot cheat by construction: :meth:`Bot.choose` gets a
:data:`~crowsnest.engine.PlayerView` (built by the engine from an allow-list) and the
legal actions, and all its chance comes from the ``rng`` it is handed, so the same
seed gives the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from crowsnest.engine import Action, Choose, Discard, LegalAction, PassCards, PlayerView
from crowsnest.engine.cards import bits


class Bot(Protocol):
    """Anything that can take a seat's decisions."""

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        """One of ``legal``, made concrete: a :class:`Choose` template becomes the
        :class:`PassCards` or :class:`Discard` of cards the template admits."""
        ...


def concrete(choice: Choose, cards: int) -> Action:
    """The action that chooses ``cards`` (a mask) for the template ``choice``.

    Nothing is checked here: ``choice.admits(cards)`` tells whether the template
    allows them, and the engine's ``check`` says why not.
    """
    return PassCards(cards) if choice.kind == "pass" else Discard(cards)


def random_cards(choice: Choose, rng: random.Random) -> int:
    """A uniformly random set of cards that ``choice`` admits: every ``required``
    card, and the rest drawn from the other allowed cards."""
    free = sorted(bits(choice.allowed & ~choice.required))
    need = choice.count - choice.required.bit_count()
    mask = choice.required
    for card in rng.sample(free, need):
        mask |= 1 << card
    return mask
