"""Hearts bots: Ducker (the measured baseline), Easy, Normal and Hard."""

from crowsnest.ai.hearts.ducker import Ducker

__all__ = ["Ducker"]
