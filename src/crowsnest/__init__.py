"""CrowsNest: Rook-family card games and Hearts, with bots and an online table server."""

__version__ = "0.1.0"
