"""Bots: they see a :data:`~crowsnest.engine.PlayerView` and the legal actions only."""

from crowsnest.ai.base import Bot, concrete, random_cards
from crowsnest.ai.simple import RandomBot

__all__ = ["Bot", "RandomBot", "concrete", "random_cards"]
