"""The playout benchmark (``make bench``, ``python -m bench``): not part of the package.

The batched numpy playouts (:mod:`bench.batch`, :mod:`bench.batch_rook`) are a second
statement of the rules, written over arrays; they live here, outside ``crowsnest``,
until the faster search core is chosen by measurement (a compiled or batched core),
so that the package holds each rule once. They call the engine where the rules allow
it (Rook hand scoring, ``crowsnest.engine.scoring.score_hand``) and their tests replay
every batched hand through the engine.
"""
