"""Pickling the frozen dataclasses of the compiled core.

A frozen dataclass compiled by mypyc is rebuilt by pickle through ``setattr``, which a
frozen class refuses (``FrozenInstanceError``): a view holding one (a hand's result, a
deal) could not reach a bot's worker process. Each frozen dataclass of a compiled
module (:data:`crowsnest.native.MODULES`) therefore says how it is rebuilt, by its
constructor::

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

``tests/test_native.py`` holds every such class to it, and round-trips the views of
whole games through pickle under the compiled build.

>>> from crowsnest.engine.deals import Deal
>>> import pickle
>>> pickle.loads(pickle.dumps(Deal((1, 2, 4, 8), 16)))
Deal(hands=(1, 2, 4, 8), nest=16)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

Reduced = tuple[type[Any], tuple[Any, ...]]
"""What ``__reduce__`` returns: the class, and the arguments of its constructor."""


def reduce_frozen(obj: Any) -> Reduced:
    """The class of the dataclass instance ``obj`` and its fields in order, which its
    constructor takes back (no field of these classes is ``init=False``)."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))
