"""Bot specs: a registry name with constructor options (``hard:playouts=500``), each
checked against its declared type, every mistake refused with an error naming it."""

from __future__ import annotations

import inspect
import json

import pytest

from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.registry import BOTS, make_bot
from crowsnest.ai.rook.common import deck_of
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.ai.rook.normal import Normal as RookNormal
from crowsnest.ai.rook.odds import STYLES
from crowsnest.ai.rook.settings import RULE_BID_STYLES, RULE_STYLES
from crowsnest.ai.specs import OPTIONS, canonical_spec
from crowsnest.engine.rules.rook import CROWSNEST, RED_ONE_RULES, ROOK_PRESETS, TOURNAMENT


def test_options_set_the_constructors_parameters() -> None:
    rook = make_bot("rook", "hard:playouts=500,shades=[0,0.5],time_limit=2,confidence=0.5")
    assert isinstance(rook, RookHard)
    assert (rook.playouts, rook.shades, rook.time_limit) == (500, (0.0, 0.5), 2.0)
    assert rook.confidence == 0.5
    hearts = make_bot("hearts", "hard:worlds=12,moon_high=4")
    assert isinstance(hearts, HeartsHard) and (hearts.worlds, hearts.moon_high) == (12, 4)
    plain = make_bot("rook", "hard")
    assert isinstance(plain, RookHard) and plain.shades is None and plain.playouts > 12
    normal, bold = make_bot("rook", "normal"), make_bot("rook", 'normal:style="hard"')
    assert isinstance(normal, RookNormal) and normal.style is STYLES["normal"]
    assert isinstance(bold, RookNormal) and bold.style is STYLES["hard"]
    careful = make_bot("rook", 'hard:style="normal"')
    assert isinstance(careful, RookHard)
    for rules in ROOK_PRESETS:
        deck = deck_of(rules)
        assert careful.style_for(deck) is STYLES["normal"]
        assert plain.style_for(deck) is STYLES[RULE_STYLES.get(rules.id, "normal")]
    assert plain.style_for(deck_of(CROWSNEST)) is STYLES["hard"]
    assert plain.style_for(deck_of(TOURNAMENT)) is STYLES["tournament"]
    assert plain.style_for(deck_of(RED_ONE_RULES)) is STYLES["tournament"]
    tuned = make_bot("rook", 'hard:style="tournament"')
    assert isinstance(tuned, RookHard) and tuned.style is STYLES["tournament"]
    assert tuned.style_for(deck_of(CROWSNEST)) is STYLES["tournament"]
    assert tuned.bid_style_for(deck_of(CROWSNEST)) is STYLES["tournament"]
    split = make_bot("rook", 'hard:bid_style="normal",style="tournament"')
    assert isinstance(split, RookHard)
    assert split.style_for(deck_of(TOURNAMENT)) is STYLES["tournament"]
    assert split.bid_style_for(deck_of(TOURNAMENT)) is STYLES["normal"]
    for rules in ROOK_PRESETS:
        own = STYLES[RULE_BID_STYLES[rules.id]] if rules.id in RULE_BID_STYLES else None
        assert plain.bid_style_for(deck_of(rules)) is (own or plain.style_for(deck_of(rules)))
    assert plain.bid_style_for(deck_of(TOURNAMENT)) is STYLES["normal"]
    assert plain.bid_style_for(deck_of(RED_ONE_RULES)) is STYLES["normal"]
    assert plain.bid_style_for(deck_of(CROWSNEST)) is STYLES["hard"]
    assert tuned.bid_style_for(deck_of(TOURNAMENT)) is STYLES["tournament"]
    assert careful.bid_style_for(deck_of(CROWSNEST)) is STYLES["normal"]


def test_the_declared_options_are_the_constructors_parameters() -> None:
    """Names and order agree, and every default but None is a valid value."""
    for family, bots in OPTIONS.items():
        for name, types in bots.items():
            parameters = inspect.signature(BOTS[family][name]).parameters
            assert list(types) == list(parameters), (family, name)
            for key, parameter in parameters.items():
                if parameter.default is not None:
                    make_bot(family, f"{name}:{key}={json.dumps(parameter.default)}")


@pytest.mark.parametrize(
    ("spec", "spelled"),
    [
        ("normal", "normal"),
        ("hard:confidence=0", "hard:confidence=0.0"),
        ("hard:shades=[0,1],playouts=500", "hard:playouts=500,shades=[0.0,1.0]"),
        ("hard:confidence=1,time_limit=2", "hard:time_limit=2.0,confidence=1.0"),
        ('normal:style="hard"', 'normal:style="hard"'),
        ('hard:bid_style="normal",style="hard"', 'hard:style="hard",bid_style="normal"'),
    ],
)
def test_a_spec_is_spelled_one_way(spec: str, spelled: str) -> None:
    assert canonical_spec("rook", spec) == spelled
    assert canonical_spec("rook", spelled) == spelled
    one, other = make_bot("rook", spec), make_bot("rook", spelled)
    for key in OPTIONS["rook"].get(spec.partition(":")[0], {}):
        assert getattr(one, key) == getattr(other, key)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard:", "expected key=value at ''"),
        ("hard:playouts", "expected key=value at 'playouts'"),
        ("hard:=3", "expected key=value at '=3'"),
        ("hard:playouts=5,", "expected key=value at ''"),
        ("hard:depth=3", "rook bot 'hard' has no option 'depth'; it takes playouts, time_limit"),
        ("normal:playouts=3", "rook bot 'normal' has no option 'playouts'; it takes style"),
        ("easy:playouts=3", "rook bot 'easy' has no option 'playouts'; it takes none"),
        (
            'normal:style="bold"',
            "style=\"bold\": Value error, unknown style 'bold'; choose normal, hard or tournament",
        ),
        ("hard:style=1", "style=1: Input should be a valid string"),
        ("hard:playouts=5,playouts=6", "option 'playouts' given twice"),
        ("hard:playouts=5;shades=[0,0]", "expected ',' after playouts=5"),
        ("hard:playouts=many", "option 'playouts' needs a JSON value"),
        ("hard:playouts=true", "option playouts=true: Input should be a valid integer"),
        ("hard:playouts=2.5", "option playouts=2.5: Input should be a valid integer"),
        ("hard:playouts=0", "playouts=0: Input should be greater than or equal to 1"),
        ("hard:time_limit=-1", "time_limit=-1: Input should be greater than or equal to 0"),
        ("hard:shades=[1]", r"shades=\[1\] \(at \[1\]\): Field required"),
        ("hard:shades=[0,-1]", r"\(at \[1\]\): Input should be greater than or equal to 0"),
        ("hard:shades=null", "shades=null: Input should be a valid array"),
        ("hard:confidence=-1", "confidence=-1: Input should be greater than or equal to 0"),
        ("nobody:playouts=3", "unknown rook bot 'nobody'"),
    ],
)
def test_bad_specs_are_refused_naming_the_mistake(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot("rook", spec)
    with pytest.raises(ValueError, match=message):
        canonical_spec("rook", spec)
