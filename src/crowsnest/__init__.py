"""CrowsNest: Rook-family card games and Hearts, with bots and an online table server."""

from crowsnest import native

__version__ = "0.1.0"

# Before any module of the compiled core is imported: load it compiled, or all from source.
native.install()
