"""The engine's wire formats, declared once: views, legal actions, events, deals, records.

Each format is a ``TypedDict`` that pydantic reads. The engine's ``to_json()``
methods build exactly these dicts (the declared keys, in the declared order, with the
declared types) and validate nothing: the engine and the bots import no third-party
package when they play (in a browser's Pyodide too), and this package is imported
only where JSON crosses a boundary. The server and the bot protocol validate with
these adapters (:func:`checked` for what they send, the adapters for what they
read); ``tests/engine/test_wire.py`` holds every view, event, deal and record of
random games to them; the JSON Schemas (``crowsnest schema``) and the field tables of
the docs are generated from them.

Why ``TypedDict`` and not ``BaseModel``: the JSON stays a plain ``dict`` (every caller,
the golden games and the server's transcripts keep comparing dicts), and validating a
dict in pydantic-core costs about as much again as building it, where constructing
and dumping a model costs three to four times as much (``docs/benchmarks.md``).

The formats are in :mod:`~crowsnest.engine.wire.parts` (what they are built of:
seats, cards, tricks, hand results), :mod:`~crowsnest.engine.wire.views`,
:mod:`~crowsnest.engine.wire.legal`, :mod:`~crowsnest.engine.wire.events`,
:mod:`~crowsnest.engine.wire.records` and :mod:`~crowsnest.engine.wire.replay`, each with
its adapters; this package names
them all (``wire.VIEW``, ``wire.RecordJSON``).

Unknown keys are ignored when reading (a later version may add some), but
:func:`checked` refuses a dict with a key its format does not declare: a new key
needs its field here first, or the wire tests fail.

>>> from crowsnest.engine import new_game
>>> view = new_game("hearts", seed=1).view(2).to_json()
>>> HEARTS_VIEW.validate_python(view) == view
True
"""

from crowsnest.engine.wire.events import (
    EVENT,
    HEARTS_EVENT,
    HEARTS_EVENTS,
    ROOK_EVENT,
    ROOK_EVENTS,
    EventJSON,
    HeartsEventJSON,
    RookEventJSON,
)
from crowsnest.engine.wire.legal import (
    ACTION_TEXT,
    LEGAL,
    ActionText,
    Choose,
    ChooseJSON,
    LegalJSON,
)
from crowsnest.engine.wire.parts import (
    HEARTS_CARD,
    READ,
    ROOK_CARD,
    AnyCard,
    AnyCards,
    ChooseKind,
    Colour,
    Count,
    Four,
    HeartsCard,
    HeartsCards,
    HeartsPhase,
    HeartsResultJSON,
    HeartsRulesKey,
    HeartsTrickJSON,
    PassDirection,
    RookCard,
    RookCards,
    RookPhase,
    RookResultJSON,
    RookRulesKey,
    RookTrickJSON,
    RulesId,
    Seat,
    Team,
    Two,
    checked,
)
from crowsnest.engine.wire.records import (
    DEAL,
    LEFT,
    RECORD,
    ActionEntry,
    DealJSON,
    LeftJSON,
    RecordJSON,
)
from crowsnest.engine.wire.replay import (
    REPLAY,
    HeartsReplayJSON,
    HeartsReplayStep,
    ReplayAction,
    ReplayJSON,
    RookReplayJSON,
    RookReplayStep,
)
from crowsnest.engine.wire.views import (
    HEARTS_VIEW,
    ROOK_VIEW,
    VIEW,
    AuctionEntry,
    HeartsViewJSON,
    RookViewJSON,
    ViewJSON,
)

__all__ = [
    "ACTION_TEXT",
    "DEAL",
    "EVENT",
    "HEARTS_CARD",
    "HEARTS_EVENT",
    "HEARTS_EVENTS",
    "HEARTS_VIEW",
    "LEFT",
    "LEGAL",
    "READ",
    "RECORD",
    "REPLAY",
    "ROOK_CARD",
    "ROOK_EVENT",
    "ROOK_EVENTS",
    "ROOK_VIEW",
    "VIEW",
    "ActionEntry",
    "ActionText",
    "AnyCard",
    "AnyCards",
    "AuctionEntry",
    "Choose",
    "ChooseJSON",
    "ChooseKind",
    "Colour",
    "Count",
    "DealJSON",
    "EventJSON",
    "Four",
    "HeartsCard",
    "HeartsCards",
    "HeartsEventJSON",
    "HeartsPhase",
    "HeartsReplayJSON",
    "HeartsReplayStep",
    "HeartsResultJSON",
    "HeartsRulesKey",
    "HeartsTrickJSON",
    "HeartsViewJSON",
    "LeftJSON",
    "LegalJSON",
    "PassDirection",
    "RecordJSON",
    "ReplayAction",
    "ReplayJSON",
    "RookCard",
    "RookCards",
    "RookEventJSON",
    "RookPhase",
    "RookReplayJSON",
    "RookReplayStep",
    "RookResultJSON",
    "RookRulesKey",
    "RookTrickJSON",
    "RookViewJSON",
    "RulesId",
    "Seat",
    "Team",
    "Two",
    "ViewJSON",
    "checked",
]
