"""Normal: dangerous cards passed, low following, the queen shed at the right
moment, hearts-broken and moon awareness (see :mod:`crowsnest.ai.hearts.policy`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.base import concrete
from crowsnest.ai.hearts.common import pass_choice, playable
from crowsnest.ai.hearts.policy import normal_pass, normal_play
from crowsnest.ai.hearts.situation import from_view
from crowsnest.engine import Action, HeartsView, LegalAction, Play, PlayerView


class Normal:
    name = "normal"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, HeartsView)
        choice = pass_choice(legal)
        if choice is not None:
            return concrete(choice, normal_pass(choice.allowed, choice.count))
        mask = sum(1 << c for c in playable(legal))
        return Play(normal_play(from_view(view, mask)))
