"""Rook Hard's settings: every option a bot spec may set (``'hard:playouts=500'``),
with its measured default, and the weights its side plays and bids by in each rule
set (:data:`RULE_STYLES`, :data:`RULE_BID_STYLES`). :class:`HardSettings` holds them
for the search (:class:`~crowsnest.ai.rook.hard.Hard`) and for a review's evidence
(:mod:`~crowsnest.ai.rook.scorer`).
"""

from __future__ import annotations

from typing import Final

from crowsnest.ai.budget import TimedSearch
from crowsnest.ai.rook.common import Deck
from crowsnest.ai.rook.exact import EXACT_CARDS
from crowsnest.ai.rook.margins import CONFIDENCE, Shades
from crowsnest.ai.rook.odds import STYLES, Style
from crowsnest.engine import RookRules
from crowsnest.engine.rules.rook import CROWSNEST, RED_ONE_RULES, TOURNAMENT

DEFAULT_PLAYOUTS: Final = 250
"""Hands played out per decision: compiled, a decision of about 10 ms of CPU at the
median (docs/ai.md has the measured figures). 500 measured no better: +0.4 +- 4.7 a
hand over 400 paired CrowsNest deals (``'hard:playouts=500'``, ``--untimed``)."""
DEFAULT_TIME_LIMIT: Final = 0.85
"""Seconds after which a decision stops searching whatever its playouts."""
PARTNER_SHADE: Final = 0.0
"""Points (of a 120-point deck) by which the partner, bidding the Normal way in the
auction's playouts of a pass, is taken to make less than the Normal estimate."""


RULE_STYLES: Final[dict[str, str]] = {
    CROWSNEST.id: "hard",
    TOURNAMENT.id: "tournament",
    RED_ONE_RULES.id: "tournament",
}
"""The card-play style of Hard's side by rule set id, where measured to pay (else
"normal"; docs/ai.md). The Hard weights
were tuned by duplicate self-play of Normal in Tournament Rook and CrowsNest; in
Hard's own playouts and auction they gained +4.5 +- 3.4 points a hand over 1,200
paired CrowsNest deals and nothing that shows in Tournament Rook (-0.2 +- 2.7). The
``"tournament"`` weights, tuned in that rule set alone, gain there +3.8 +- 2.1 in
card play alone (2,000 paired deals), and +3.0 +- 1.9 in The Red 1 (2,000), their
auction, nest and trump searched by the Normal weights (:data:`RULE_BID_STYLES`)."""

RULE_BID_STYLES: Final[dict[str, str]] = {TOURNAMENT.id: "normal", RED_ONE_RULES.id: "normal"}
"""The style of Hard's side in the playouts that choose a bid, the discards and trump,
where it is not the card-play style's (:data:`RULE_STYLES`). In Tournament Rook the
tuned weights bid worse than the Normal ones: played out, they raise a partner's 70
with a medium hand (-16 a hand) and pass with a monster (-18; ``crowsnest position
medium-raise``, ``monster-raise``). The Red 1 was measured with the Normal weights'
auction only."""


class HardSettings(TimedSearch):
    """Rook Hard's options (the keyword parameters a bot spec may set) and the
    weights they choose in a rule set."""

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float = DEFAULT_TIME_LIMIT,
        shades: Shades | None = None,
        confidence: float = CONFIDENCE,
        partner_shade: float = PARTNER_SHADE,
        slack: tuple[float, float] | None = None,
        exact_cards: int = EXACT_CARDS,
        style: str | None = None,
        bid_style: str | None = None,
        bid_defence: str | None = None,
        bid_bonus: float = 0.0,
        pass_bonus: float = 0.0,
    ) -> None:
        self.playouts = playouts
        self.style = None if style is None else STYLES[style]
        """The weights its side's cards are played by, in its own policy choice and in
        the rollouts (named in :data:`~crowsnest.ai.rook.odds.STYLES`); None: the rule
        set's (:data:`RULE_STYLES`)."""
        self.bid_style = None if bid_style is None else STYLES[bid_style]
        """The same for the playouts that choose a bid, the discards and trump; None:
        :attr:`style`'s if that is set, else the rule set's (:data:`RULE_BID_STYLES`)."""
        self.bid_bonus = bid_bonus
        """Points (of a 120-point deck) moved from the other side to its own in the
        auction's playouts of its own contract
        (:func:`~crowsnest.ai.rook.candidates.bid_value`): what its searched play
        counts above the Normal-way playouts (docs/ai.md, "The auction's
        calibration").
        0 by default: measured not to pay."""
        self.pass_bonus = pass_bonus
        """The same in the auction's playouts of a pass, whoever then declares: its
        side's searched play, in defence above all, counts more than the Normal-way
        playouts do (:func:`~crowsnest.ai.rook.candidates.bid_world`). 0 by default:
        it raises the make-rate only by giving up contracts that pay."""
        self.bid_defence = STYLES["normal" if bid_defence is None else bid_defence]
        """The weights the other side defends by in the auction's playouts of its own
        contract (:func:`~crowsnest.ai.rook.candidates.bid_world`): by default
        Normal's, as the rollouts model them."""
        self.exact_cards = exact_cards
        """Cards left (all hands) at or below which card play is searched exactly."""
        self.slack = slack
        """The worlds' slack for a bid and a pass
        (:attr:`~crowsnest.ai.rook.worlds.Known.slack`); None: the default."""
        self.partner_shade = partner_shade
        """Points (of a 120-point deck) the partner's hand is taken to make less, in
        the auction's playouts of a pass
        (:func:`~crowsnest.ai.rook.candidates.bid_world`)."""
        self.confidence = confidence
        """Standard errors by which a searched card must beat the Normal choice against
        one rival (:func:`~crowsnest.ai.rook.margins.threshold`)."""
        self.time_limit = time_limit
        self.shades = shades
        """The auction's margin factors (:func:`~crowsnest.ai.rook.margins.bid_shade`);
        None: the rule set's."""

    def style_for(self, deck: Deck) -> Style:
        """The card-play weights of its side in ``deck``'s rule set."""
        return self.style or STYLES[RULE_STYLES.get(deck.rules.id, "normal")]

    def bid_style_for(self, deck: Deck) -> Style:
        """Its side's weights in the playouts of the auction, the nest and trump: its
        ``bid_style``, else its ``style``, else the rule set's (:data:`RULE_BID_STYLES`,
        else the card-play style's)."""
        if self.bid_style is not None:
            return self.bid_style
        if self.style is None and deck.rules.id in RULE_BID_STYLES:
            return STYLES[RULE_BID_STYLES[deck.rules.id]]
        return self.style_for(deck)

    def bonuses(self, rules: RookRules) -> tuple[int, int]:
        """:attr:`bid_bonus` and :attr:`pass_bonus` in ``rules``' points."""
        scale = rules.points_per_hand / 120
        return round(self.bid_bonus * scale), round(self.pass_bonus * scale)
