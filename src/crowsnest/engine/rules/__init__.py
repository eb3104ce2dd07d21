"""Rule sets by id, and their options.

>>> get_rules("rook/crowsnest", {"bird": False}).points_per_hand
100
>>> try:
...     get_rules("rook/partnership", {"bird": False})
... except OptionError as err:
...     print(err.code)
unknown_option
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Final, Literal

from crowsnest.engine.errors import OptionError
from crowsnest.engine.rules.hearts import HEARTS, HeartsRules
from crowsnest.engine.rules.rook import ROOK_PRESETS, RookRules, tables

Rules = HeartsRules | RookRules

RULESETS: Final[dict[str, Rules]] = {HEARTS.id: HEARTS, **{r.id: r for r in ROOK_PRESETS}}
DEFAULT_RULES: Final = "rook/crowsnest"

__all__ = [
    "DEFAULT_RULES",
    "RULESETS",
    "HeartsRules",
    "OptionSpec",
    "RookRules",
    "Rules",
    "get_rules",
    "option_specs",
    "rules_of_view",
    "tables",
]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a rule set: its name, default and the values it allows."""

    name: str
    kind: Literal["bool", "int", "choice"]
    default: object
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    step: int = 1

    def allowed_text(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return " or ".join(repr(c) for c in self.choices)
        return f"a multiple of {self.step} from {self.minimum} to {self.maximum}"

    def validate(self, rules_id: str, value: object) -> None:
        ok: bool
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "choice":
            ok = isinstance(value, str) and value in self.choices
        else:
            ok = (
                isinstance(value, int)
                and not isinstance(value, bool)
                and self.minimum <= value <= self.maximum
                and value % self.step == 0
            )
        if not ok:
            raise OptionError(
                "bad_option_value",
                f"{rules_id} option {self.name!r}: {value!r} is not allowed; "
                f"allowed: {self.allowed_text()}",
            )


def option_specs(rules_id: str, chosen: Mapping[str, object] | None = None) -> list[OptionSpec]:
    """The options of a rule set. ``chosen`` matters where one option bounds another
    (removing the bird card lowers the points, so the minimum bid's range)."""
    base = _preset(rules_id)
    if isinstance(base, HeartsRules):
        return []
    bird = base.bird
    if chosen and isinstance(chosen.get("bird"), bool) and base.bird_optional:
        bird = bool(chosen["bird"])
    sized = _without_bird(base) if base.bird and not bird else base
    specs = [
        OptionSpec("target", "int", base.target, minimum=50, maximum=2000, step=50),
        OptionSpec(
            "min_bid", "int", sized.min_bid, minimum=25, maximum=sized.max_bid, step=base.bid_step
        ),
        OptionSpec("all_pass", "choice", base.all_pass, choices=("redeal", "dealer_forced")),
        OptionSpec("discard_counters", "bool", base.discard_counters),
    ]
    if base.bird_optional:
        specs.append(OptionSpec("bird", "bool", base.bird))
    return specs


def _preset(rules_id: object) -> Rules:
    if not isinstance(rules_id, str) or rules_id not in RULESETS:
        raise OptionError(
            "unknown_rules",
            f"{rules_id!r} is not a rule set; choose one of {', '.join(RULESETS)}",
        )
    return RULESETS[rules_id]


@cache
def rules_of_view(key: str, nest_size: int = 0) -> Rules:
    """The rule set a view is played under, from its ``rules`` key (``rook/crowsnest@1``)
    and, for a Rook view, its nest size: the only option that changes the cards is the
    removed bird card, and it leaves a nest one card smaller. (Options that only bound
    the bids or end the game do not change what a view shows.)"""
    rules_id = key.partition("@")[0]
    base = _preset(rules_id)
    bird_removed = nest_size == base.nest_size - 1 if isinstance(base, RookRules) else False
    if isinstance(base, RookRules) and base.bird_optional and base.bird and bird_removed:
        return _without_bird(base)
    return base


def _without_bird(rules: RookRules) -> RookRules:
    house = rules.house
    if "min_bid_without_bird" in house:
        house = (*house, "min_bid")  # the minimum bid is now the one without the bird
    return replace(
        rules,
        bird=False,
        nest_size=rules.nest_size - 1,
        min_bid=rules.min_bid_without_bird,
        house=house,
    )


def get_rules(rules_id: str, options: Mapping[str, object] | None = None) -> Rules:
    """The rule set ``rules_id`` with ``options`` applied, validated.

    Raises :class:`OptionError` naming an unknown rule set, an unknown option, or a
    value the option does not allow (with the values it allows).
    """
    base = _preset(rules_id)
    options = dict(options or {})
    if not isinstance(base, RookRules):
        if options:
            raise OptionError(
                "unknown_option",
                f"{rules_id} has no options; got {', '.join(repr(k) for k in options)}",
            )
        return base
    specs = {s.name: s for s in option_specs(rules_id, options)}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise OptionError(
                "unknown_option",
                f"{rules_id} has no option {name!r}; its options are {', '.join(specs)}",
            )
        spec.validate(rules_id, value)
    rules = base
    if options.get("bird") is False:
        rules = _without_bird(rules)
    changes = {k: v for k, v in options.items() if k != "bird"}
    return replace(rules, **changes) if changes else rules  # type: ignore[arg-type]
