"""Arena smoke runs: duplicate rotation, reproducibility across workers, reports."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from crowsnest.ai import Bot, RandomBot
from crowsnest.ai.external import ExternalBot
from crowsnest.ai.hearts.ducker import Ducker
from crowsnest.arena import (
    ArenaError,
    DealLogError,
    HeartsResult,
    RookResult,
    format_result,
    hearts_arena,
    hearts_table,
    merged,
    paired,
    result_json,
    rook_arena,
)
from crowsnest.arena.hand import HeartsHand, Job, play_hand
from crowsnest.arena.hearts import seatings
from crowsnest.arena.players import ANSWER_TIMEOUT, UNTIMED_ANSWER_TIMEOUT, Seating
from crowsnest.arena.progress import Progress
from crowsnest.arena.runner import play_deal
from crowsnest.arena.seeding import game_seed, seat_seed
from crowsnest.engine import Action, HeartsGame, LegalAction, Play, PlayerView, new_game

EXTERNAL_DUCKER = f"cmd:{sys.executable} -m crowsnest.cli bot --game hearts --level ducker"


def outcome(result: HeartsResult) -> tuple[object, ...]:
    """Everything but the clock."""
    return (result.per_deal, result.points, result.moons_shot, result.moons_suffered)


def test_ducker_against_duckers_scores_exactly_zero() -> None:
    result = hearts_arena("ducker", "ducker", deals=4, workers=1)
    assert result.score.mean == 0.0 and result.score.half == 0.0
    assert result.per_deal == (0.0, 0.0, 0.0, 0.0)
    assert result.run.hands == 16 and result.moons_shot == 0


def test_the_candidate_plays_every_seat_of_every_deal() -> None:
    job = Job("hearts", "hearts", ("random", "ducker", "ducker", "ducker"), seed=3)
    deal = play_deal(job, 2, Seating("hearts"))
    assert len(deal.hands) == 4
    for k, hand in enumerate(deal.hands):  # replay seating k by hand: random in seat k
        game = new_game("hearts", seed=game_seed(3, 2), start_hand=2)
        assert isinstance(game, HeartsGame) and game.direction == "across"
        bots: list[Bot] = [RandomBot() if seat == k else Ducker() for seat in range(4)]
        rngs = [random.Random(seat_seed(3, 2, seat)) for seat in range(4)]
        play_hand(game, bots, rngs, [[] for _ in range(4)], ["?"] * 4)
        points = game.results[0].points
        others = [points[(k + j) % 4] for j in (1, 2, 3)]
        assert isinstance(hand, HeartsHand)
        assert hand.points == (points[k], *others)
    decisions = [len(t) for t in deal.times]
    assert decisions[0] == 4 * 14 and sum(decisions) == 4 * 4 * 14


def test_one_worker_and_two_give_the_same_results() -> None:
    one = hearts_arena("ducker", "random", deals=6, seed=5, workers=1)
    two = hearts_arena("ducker", "random", deals=6, seed=5, workers=2)
    assert outcome(one) == outcome(two)
    assert one.score != hearts_arena("ducker", "random", deals=6, seed=6, workers=1).score
    assert two.run.workers == 2 and one.run.workers == 1


def test_a_deal_does_not_depend_on_how_many_are_played() -> None:
    short = hearts_arena("random", "ducker", deals=2, seed=9, workers=1)
    longer = hearts_arena("random", "ducker", deals=3, seed=9, workers=1)
    assert longer.per_deal[:2] == short.per_deal


def test_rook_same_against_same_scores_exactly_zero() -> None:
    for rules_id in ("rook/crowsnest", "rook/partnership"):
        one = rook_arena(rules_id, "random", "random", deals=4, seed=2, workers=1)
        assert one.score.mean == 0.0 and set(one.per_deal) == {0.0}
        assert one.candidate_contracts == one.field_contracts
        two = rook_arena(rules_id, "random", "random", deals=4, seed=2, workers=2)
        assert (two.per_deal, two.candidate_contracts) == (one.per_deal, one.candidate_contracts)


def test_rook_contracts_add_up() -> None:
    result = rook_arena(
        "rook/tournament", "random", "random", options={"target": 500}, deals=3, workers=1
    )
    c, f = result.candidate_contracts, result.field_contracts
    assert c.declared + f.declared == result.run.hands == 6
    assert c.made + c.went_set == c.declared
    assert result.run.options == (("target", 500),)


def test_head_to_head_table_plays_every_distinct_seating() -> None:
    """A,B,A,B has six distinct seatings (the four rotations give only two); a bot
    named twice is one row, and each bot sits in every seat equally often."""
    result = hearts_table(["ducker", "random", "ducker", "random"], deals=3, workers=1)
    assert [b.name for b in result.bots] == ["ducker", "random"]
    assert result.run.hands == 3 * 6
    assert len(result.pairs) == 1 and (result.pairs[0].a, result.pairs[0].b) == (0, 1)
    for per_bot in result.per_deal:  # each hand gives out 26 points, 13 per bot on average
        assert sum(per_bot) * 2 >= 26
    with pytest.raises(ValueError, match="4 bots"):
        hearts_table(["ducker", "random"], deals=1)


def test_four_different_bots_meet_in_all_24_seatings() -> None:
    lineup = ("a", "b", "c", "d")
    found = seatings(lineup)
    assert len(found) == 24 == len(set(found))
    assert found[:4] == seatings(lineup, "cyclic")
    for seat in range(4):  # each bot in each seat 6 times, left of each other bot twice
        assert sorted(s[seat] for s in found) == sorted([0, 1, 2, 3] * 6)
    lefts = [(s[seat], s[(seat + 1) % 4]) for s in found for seat in range(4)]
    assert all(lefts.count((a, b)) == 8 for a in range(4) for b in range(4) if a != b)
    assert seatings(lineup, "rotations") == seatings(lineup, "cyclic")
    with pytest.raises(ValueError, match="distinct, cyclic, rotations"):
        seatings(lineup, "random")  # type: ignore[arg-type]


def test_cyclic_seatings_on_request() -> None:
    result = hearts_table(
        ["ducker", "random", "ducker", "random"], deals=2, workers=1, seatings="cyclic"
    )
    assert result.run.hands == 2 * 4


def test_alternate_seatings_on_request() -> None:
    """A,B,A,B in its distinct rotations: each bot between two of the other, in
    each seat once a deal."""
    result = hearts_table(
        ["ducker", "random", "ducker", "random"], deals=2, workers=1, seatings="rotations"
    )
    assert result.run.hands == 2 * 2
    found = seatings(("a", "b", "a", "b"), "rotations")
    assert [[("a", "b")[s[seat] % 2] for seat in range(4)] for s in found] == [
        ["a", "b", "a", "b"],
        ["b", "a", "b", "a"],
    ]


def test_a_deal_log_is_written_deal_by_deal_and_resumed(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    straight = hearts_arena("random", "ducker", deals=4, workers=1, seed=2)
    first = hearts_arena("random", "ducker", deals=2, workers=1, seed=2, out=out)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 2 and json.loads(lines[0])["kind"] == "crowsnest-arena"
    assert [json.loads(line)["deal"] for line in lines[1:]] == [0, 1]
    assert first.per_deal == straight.per_deal[:2]
    # Cut short while writing deal 2: the partial line is dropped, the run resumes.
    with out.open("a") as handle:
        handle.write('{"deal": 2, "hands": [')
    resumed = hearts_arena("random", "ducker", deals=4, workers=2, seed=2, out=out)
    assert outcome(resumed) == outcome(straight)
    assert resumed.run.hands == 16 and resumed.run.played_hands == 8
    assert [json.loads(line)["deal"] for line in out.read_text().splitlines()[1:]] == [0, 1, 2, 3]
    again = hearts_arena("random", "ducker", deals=4, workers=1, seed=2, out=out)
    assert outcome(again) == outcome(straight) and again.run.played_hands == 0


def test_a_deal_log_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    hearts_arena("random", "ducker", deals=1, workers=1, out=out)
    with pytest.raises(DealLogError, match="holds another run"):
        hearts_arena("random", "ducker", deals=1, workers=1, seed=9, out=out)
    with pytest.raises(DealLogError, match="holds another run"):
        hearts_table(["random", "ducker", "ducker", "ducker"], deals=1, workers=1, out=out)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "something else"}\n')
    with pytest.raises(DealLogError, match="not an arena deal log"):
        hearts_arena("random", "ducker", deals=1, workers=1, out=bad)


def test_deal_logs_of_several_seeds_merge(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    first = rook_arena("rook/crowsnest", "random", "greedy", deals=2, seed=1, workers=1, out=a)
    second = rook_arena("rook/crowsnest", "random", "greedy", deals=3, seed=2, workers=1, out=b)
    both = merged([a, b, a])  # a file named twice counts once
    assert isinstance(both, RookResult)
    assert both.per_deal == first.per_deal + second.per_deal
    assert both.run.seeds == (1, 2) and both.run.deals == 5
    assert "seeds 1, 2" in format_result(both)
    # Nothing was played to merge them: no speed to report (not "inf hands/s").
    assert "speed      not measured: every deal was read from a deal log" in format_result(both)
    assert "hands/s" not in format_result(both)
    rook_arena("rook/tournament", "random", "greedy", deals=1, seed=1, workers=1, out=c)
    with pytest.raises(DealLogError, match="another match"):
        merged([a, c])


def test_a_run_paired_with_another_on_the_same_deals(tmp_path: Path) -> None:
    """``--merge B --against A``: B's score per deal minus A's, on the deals both
    hold; a deal only one holds is left out and counted."""
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    weak = rook_arena("rook/dixie", "random", "greedy", deals=2, seed=5, workers=1, out=a)
    strong = rook_arena("rook/dixie", "greedy", "random", deals=3, seed=5, workers=1, out=b)
    result, pair = paired([b], [a])
    assert result.per_deal == strong.per_deal
    diffs = [y - x for x, y in zip(weak.per_deal, strong.per_deal[:2], strict=False)]
    assert pair.difference.n == 2 and pair.only == 1
    assert pair.difference.mean == pytest.approx(sum(diffs) / 2)
    assert pair.alike == sum(d == 0 for d in diffs)
    same, itself = paired([a], [a])
    assert itself.difference.mean == 0.0 and itself.difference.half == 0.0
    assert itself.alike == 2 and itself.only == 0
    assert "paired" in result_json(same, itself)
    rook_arena("rook/tournament", "random", "greedy", deals=1, seed=5, workers=1, out=c)
    with pytest.raises(DealLogError, match="another measure"):
        paired([c], [a])
    d = tmp_path / "d.jsonl"
    rook_arena(
        "rook/dixie", "random", "greedy", deals=1, seed=5, workers=1, out=d,
        options={"target": 500},
    )  # fmt: skip
    with pytest.raises(DealLogError, match="other options"):
        paired([d], [a])


def test_a_bot_variant_is_named_by_its_options(tmp_path: Path) -> None:
    """``hard:playouts=8``: a variant of a bot measured from the command line alone,
    recorded in the deal log under that name, spelled one way (its options in their
    declared order, each value as its type writes it); a bad option stops the run
    before it plays."""
    out = tmp_path / "variant.jsonl"
    spec, spelled = "hard:shades=[0,0],playouts=8", "hard:playouts=8,shades=[0.0,0.0]"
    result = rook_arena("rook/tournament", spec, "normal", deals=1, untimed=True, out=out)
    assert result.run.hands == 2 and result.run.lineup == (spelled, "normal")
    header = json.loads(out.read_text().splitlines()[0])
    assert header["job"]["lineup"] == [spelled, "normal"]
    assert f"team {spelled} against team normal" in format_result(result)
    with pytest.raises(ValueError, match="rook bot 'hard' has no option 'depth'"):
        rook_arena("rook/tournament", "hard:depth=3", "normal", deals=1, workers=1)


def test_two_spellings_of_a_variant_are_one_match(tmp_path: Path) -> None:
    """A run resumes, and logs merge and pair, whatever the spelling of the bots'
    options, also in a log written before specs were spelled one way; a log naming an
    option this code does not know is another match."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run = functools.partial(rook_arena, "rook/dixie", field="random", untimed=True, workers=1)
    first = run("hard:playouts=4,confidence=0", deals=1, seed=3, out=a)
    resumed = run("hard:confidence=0.0,playouts=4", deals=2, seed=3, out=a)
    assert resumed.run.played_hands == 2 and resumed.per_deal[:1] == first.per_deal
    run("hard:confidence=0,playouts=4", deals=1, seed=4, out=b)
    # As a log written before specs were spelled one way has it:
    lines = b.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["job"]["lineup"] == ["hard:playouts=4,confidence=0.0", "random"]
    header["job"]["lineup"] = ["hard:confidence=0,playouts=4", "random"]
    b.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    both = merged([a, b])
    assert both.run.seeds == (3, 4) and both.run.deals == 3
    _, pair = paired([b, a], [a, b])
    assert pair.difference.n == 3 and pair.difference.mean == 0.0
    header["job"]["lineup"] = ["hard:depth=3", "random"]  # an option no more known
    b.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(DealLogError, match="another match"):
        merged([a, b])


def test_an_external_program_takes_the_candidate_seat() -> None:
    result = hearts_arena(EXTERNAL_DUCKER, "ducker", deals=1, workers=1)
    assert result.score.mean == 0.0 and result.timing is not None
    assert result.timing.count == 4 * 14  # deal 0 passes left


def test_an_untimed_run_waits_longer_for_an_external_program() -> None:
    timed, untimed = Seating("hearts"), Seating("hearts", untimed=True)
    try:
        for seating, limit in ((timed, ANSWER_TIMEOUT), (untimed, UNTIMED_ANSWER_TIMEOUT)):
            bot = seating.bot(EXTERNAL_DUCKER)
            assert isinstance(bot, ExternalBot) and bot.timeout == limit
    finally:
        timed.close()
        untimed.close()
    assert UNTIMED_ANSWER_TIMEOUT > ANSWER_TIMEOUT


def test_the_documented_example_program_plays_both_games() -> None:
    example = Path(__file__).parents[2] / "docs" / "examples" / "first_legal_bot.py"
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(example))}"
    assert hearts_arena(spec, "ducker", deals=1, workers=1).run.hands == 4
    rook = rook_arena("rook/crowsnest", spec, "random", deals=2, workers=1)
    assert rook.run.hands == 4 and rook.candidate_contracts.declared == 0  # it always passes


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hearts_arena("nobody", "ducker", deals=1), "unknown hearts bot"),
        (lambda: hearts_arena("ducker", "cmd:", deals=1), "no command"),
        (lambda: hearts_arena("ducker", "ducker", deals=0), "at least one deal"),
        (lambda: hearts_arena("ducker", "ducker", deals=1, budget=1.0), "takes a budget"),
        (lambda: rook_arena("hearts", "random", "random", deals=1), "not a Rook"),
        (lambda: rook_arena("rook/nope", "random", "random", deals=1), "unknown rule set"),
        (lambda: rook_arena("rook/crowsnest", "random", "random", options={"x": 1}), "no option"),
    ],
)
def test_bad_runs_are_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


class Cheat:
    """Always plays the two of clubs."""

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        return Play(0)


def test_an_illegal_action_stops_the_run_naming_the_bot() -> None:
    game = new_game("hearts", seed=1, start_hand=3)  # no pass: 2C leads at once
    bots = [Cheat(), Cheat(), Cheat(), Cheat()]
    with pytest.raises(ArenaError, match="bot 'cheat' in seat"):
        play_hand(game, bots, [random.Random(0)] * 4, [[] for _ in range(4)], ["cheat"] * 4)


def test_reports_as_text_and_json() -> None:
    hearts = hearts_arena("ducker", "random", deals=2, workers=1)
    text = format_result(hearts)
    assert "candidate ducker against 3 x random" in text and "95% CI" in text
    assert "moons" in text and "hands/s" in text and "median" in text
    data = json.loads(json.dumps(result_json(hearts)))
    assert data["kind"] == "hearts" and data["score"]["n"] == 2
    assert data["run"]["hands"] == 8 and data["score"]["low"] <= data["score"]["mean"]
    table = hearts_table(["ducker", "random", "ducker", "random"], deals=1, workers=1)
    assert "no confidence interval" in format_result(table)
    assert json.loads(json.dumps(result_json(table)))["kind"] == "hearts_table"
    rook = rook_arena("rook/crowsnest", "random", "random", deals=2, workers=1)
    text = format_result(rook)
    assert "contracts" in text and "declared" in text
    assert result_json(rook)["candidate_contracts"] == dataclasses.asdict(rook.candidate_contracts)


def test_progress_line_on_a_terminal() -> None:
    out = io.StringIO()
    bar = Progress(4, "hearts", out, live=True, estimate=lambda: "score -1.00 ± 0.50")
    bar.update(1, 4)
    bar.update(4, 16)
    bar.close()
    text = out.getvalue()
    assert "4/4 deals" in text and "score -1.00 ± 0.50" in text and text.endswith("\n")


def test_progress_lines_in_a_log_every_tenth_of_the_run() -> None:
    out = io.StringIO()
    bar = Progress(100, "hearts", out, live=False, estimate=lambda: "score +0.00")
    for done in range(1, 101):
        bar.update(done, 4 * done)
    bar.close()
    lines = out.getvalue().splitlines()
    assert [line.split()[1] for line in lines] == [f"{10 * k}/100" for k in range(1, 11)]
    assert all("score +0.00" in line for line in lines)


def test_a_run_with_progress_shows_its_running_estimate() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        hearts_arena("random", "ducker", deals=2, workers=1, progress=True)
    assert "2/2 deals" in err.getvalue() and "score +" in err.getvalue()


def test_an_untimed_run_does_its_fixed_work_whatever_the_time_limit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``untimed``: a search bot's result depends on its work and the seed, not on its
    time limit (here one that stops every search after its first world)."""
    import crowsnest.ai.registry as registry
    from crowsnest.ai.hearts.hard import Hard

    def run(limit: float, untimed: bool, out: Path | None = None) -> HeartsResult:
        monkeypatch.setitem(registry.BOTS["hearts"], "hard", lambda: Hard(4, limit))
        return hearts_arena("hard", "ducker", deals=1, seed=3, workers=1, untimed=untimed, out=out)

    untimed = run(0.0, True, tmp_path / "u.jsonl")
    reference = run(1e9, False)  # a limit no decision reaches
    assert untimed.run.untimed and not reference.run.untimed
    assert untimed.per_deal == reference.per_deal
    assert untimed.points.mean == reference.points.mean
    assert ", untimed" in format_result(untimed)
    assert result_json(untimed)["run"]["untimed"] is True
    header = json.loads((tmp_path / "u.jsonl").read_text().splitlines()[0])
    assert header["job"]["untimed"] is True
    with pytest.raises(DealLogError):  # the log is another run's: the time limit on
        run(0.0, False, tmp_path / "u.jsonl")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"untimed": True, "budget": 1.0}, "--budget sets its time"),
        ({"untimed": True}, "has a time limit"),
    ],
)
def test_bad_untimed_runs_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        if "budget" in kwargs:
            hearts_arena("hard", "ducker", deals=1, **kwargs)  # type: ignore[arg-type]
        else:
            hearts_arena("ducker", "random", deals=1, **kwargs)  # type: ignore[arg-type]
