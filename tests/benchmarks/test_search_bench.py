import math
import re

import pytest
from bench.search import main, searcher

from crowsnest.ai.hearts.hard import Hard as HeartsHard
from crowsnest.ai.rook.hard import Hard as RookHard
from crowsnest.ai.rook.odds import TOURNAMENT_STYLE


def test_the_bot_is_a_spec_its_time_limit_off_unless_set() -> None:
    bot = searcher("rook", 'hard:playouts=30,style="tournament"')
    assert isinstance(bot, RookHard)
    assert (bot.playouts, bot.style, bot.time_limit) == (30, TOURNAMENT_STYLE, math.inf)
    timed = searcher("hearts", "hard:worlds=12,time_limit=0.5")
    assert isinstance(timed, HeartsHard)
    assert (timed.worlds, timed.time_limit) == (12, 0.5)


def test_a_line_a_search_with_its_spec_and_what_it_played_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--hands", "1", "--hearts", "hard:worlds=8", "--rook", "hard:playouts=16"]
    assert main([*argv, "--rules", "rook/tournament"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("searches: ")
    assert [line.split()[:2] for line in lines[1:]] == [
        ["hearts", "hard:worlds=8"],
        ["rook/tournament", "hard:playouts=16"],
    ]
    for line in lines[1:]:
        found = re.search(r"(\d+) decisions +(\d+) playouts", line)
        assert found is not None
        decisions, playouts = map(int, found.groups())
        assert decisions > 5
        assert playouts > decisions


def test_a_bad_spec_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--rook", 'hard:style="bold"'])
    assert stopped.value.code == 2
    assert "unknown style 'bold'" in capsys.readouterr().err
