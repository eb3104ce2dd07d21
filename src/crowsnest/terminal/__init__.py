"""The terminal game: the player in seat 0 against three bots.

``crowsnest play [RULES_ID]`` runs :func:`run`. Seat 0 is "You"; play goes clockwise
to West (seat 1), North (seat 2) and East (seat 3). In the Rook family North is your
partner ("We") and West and East are "They".
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from crowsnest.ai import Bot, RandomBot
from crowsnest.engine import DEFAULT_RULES, AnyGame, Choose, Event, HeartsView, RulesError, new_game
from crowsnest.terminal.ask import Reader, Writer, read_action
from crowsnest.terminal.render import (
    NAMES,
    TEAMS,
    choose_lines,
    event_lines,
    hand_lines,
    legal_lines,
    seq,
    status_lines,
)

__all__ = ["run"]


def run(
    rules_id: str | None = None,
    *,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    input_fn: Reader | None = None,
    output: TextIO | None = None,
    save: str | Path | None = None,
) -> int:
    """Play one game of ``rules_id`` (default CrowsNest) in the terminal.

    Returns the exit status: 0 when the game ends or the player quits, 2 when the
    rule set or an option is refused. ``save`` names a file for the game record.
    """
    out = sys.stdout if output is None else output
    read: Reader = input if input_fn is None else input_fn

    def write(line: str = "") -> None:
        print(line, file=out, flush=True)

    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    try:
        game = new_game(rules_id or DEFAULT_RULES, options=options, seed=seed)
    except RulesError as err:
        print(f"crowsnest play: {err.message}", file=sys.stderr)
        return 2
    _intro(game, write)
    try:
        _play(game, read, write, random.Random(f"bots/{seed}"))
    except KeyboardInterrupt:
        write("")
        write("You left the table.")
    if save is not None:
        path = Path(save)
        path.write_text(json.dumps(game.record(), indent=1) + "\n", encoding="utf-8")
        write(f"Game record saved to {path}")
    return 0


def _intro(game: AnyGame, write: Writer) -> None:
    rules = game.rules
    write(f"{rules.name} ({rules.id}), seed {game.seed}")
    if rules.family == "hearts":
        write("You play against West, North and East.")
        write(f"The game ends when someone reaches {rules.target}; the lowest total wins.")
    else:
        write("North is your partner (We) against West and East (They).")
        write(f"The game ends when a team reaches {rules.target}.")
    write("Answer with a number from the list or type the action; ? for help, q to quit.")
    view = game.view(0)
    if isinstance(view, HeartsView):
        first = Event("deal", {"hand_number": 0, "pass_direction": view.pass_direction})
    else:
        first = Event("deal", {"hand_number": 0, "dealer": view.dealer})
    _show(first, game, write)


def _play(game: AnyGame, read: Reader, write: Writer, rng: random.Random) -> None:
    bots: dict[int, Bot] = {seat: RandomBot() for seat in (1, 2, 3)}
    while not game.is_over:
        actors = game.actors
        seat = 0 if 0 in actors else min(actors)
        legal = game.legal_actions(seat)
        if seat == 0:
            _show_table(game, write)
            action = read_action(game, legal, read, write)
            if action is None:
                names = NAMES if game.rules.family == "hearts" else TEAMS
                write(f"You left the table. Totals: {seq(game.scores, names)}")
                return
        else:
            action = bots[seat].choose(game.view(seat), legal, rng)
        for event in game.apply(seat, action):
            _show(event, game, write)


def _show(event: Event, game: AnyGame, write: Writer) -> None:
    for line in event_lines(event, game.view(0), game.rules):
        write(line)


def _show_table(game: AnyGame, write: Writer) -> None:
    view = game.view(0)
    legal = game.legal_actions(0)
    write("")
    for line in status_lines(view, game.rules) + hand_lines(view, game.rules):
        write(line)
    choice = next((a for a in legal if isinstance(a, Choose)), None)
    if choice is not None:
        lines = choose_lines(choice, view)
    else:
        lines = ["Your turn:", *legal_lines(legal, game.rules.family)]
    for line in lines:
        write(line)
