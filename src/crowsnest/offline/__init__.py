"""Play with no connection: a solo table (one player, three bots) that speaks the
server's websocket messages, run by the browser's Web Worker under Pyodide.

Like the engine and the bots, this package imports nothing but the standard library
(and the engine, the bots and the bots' seat names of
:mod:`crowsnest.server.people.presets`, standard library too): the worker ships it
as source (``make offline``).
"""
