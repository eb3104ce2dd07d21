"""``python -m tools.bot_digest``: the same deals give the same digest, another deal or
another bot another one, and a rule set it does not know is refused by name."""

from __future__ import annotations

import pytest
from tools.bot_digest import digest, main


def test_a_bot_on_the_same_deal_gives_the_same_digest() -> None:
    sha, count = digest("hearts", "normal", hands=1, seed=1)
    assert (sha, count) == digest("hearts", "normal", hands=1, seed=1)
    assert count == 56  # 4 passes and 52 cards
    assert digest("hearts", "normal", hands=1, seed=2)[0] != sha
    assert digest("hearts", "easy", hands=1, seed=1)[0] != sha


def test_it_prints_one_line_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "rook/crowsnest", "--bots", "easy,normal"]) == 0
    lines = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert [(rules, bot) for rules, bot, *_ in lines] == [
        ("rook/crowsnest", "easy"),
        ("rook/crowsnest", "normal"),
    ]
    assert all(len(sha) == 64 for _, _, sha, *_ in lines)


def test_an_unknown_rule_set_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--rules", "rook/nowhere"])
    assert "unknown rule set 'rook/nowhere'" in capsys.readouterr().err
