"""Shooter: the Normal bot that goes for the moon whenever it can (see
:func:`crowsnest.ai.hearts.policy.shooter_play`): while nobody else has a point and
its hand is strong enough, or once it has taken every point so far (at least
:data:`~crowsnest.ai.hearts.policy.MOON_ALERT`). It passes the Normal way.

A field of shooters is the kind of opponent that beat Hard: the arena names it
``shooter``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.base import concrete
from crowsnest.ai.hearts.common import pass_choice, playable
from crowsnest.ai.hearts.policy import normal_pass, shooter_play
from crowsnest.ai.hearts.situation import from_view
from crowsnest.engine import Action, HeartsView, LegalAction, Play, PlayerView


class Shooter:
    name = "shooter"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, HeartsView)
        choice = pass_choice(legal)
        if choice is not None:
            return concrete(choice, normal_pass(choice.allowed, choice.count))
        mask = sum(1 << c for c in playable(legal))
        return Play(shooter_play(from_view(view, mask)))
