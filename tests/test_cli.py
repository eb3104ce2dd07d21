import json
from pathlib import Path

import pytest

from crowsnest import __version__
from crowsnest.cli import main


def test_help_exits_zero_and_lists_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "play" in out
    assert "serve" in out
    assert "bench-server" not in out  # the load test is bench/'s, not the package's


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_missing_subcommand_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2


def test_schema_lists_the_formats(capsys: pytest.CaptureFixture[str]) -> None:
    from crowsnest.formats import FORMATS

    assert main(["schema"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == list(FORMATS)


def test_schema_prints_and_writes_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from crowsnest.formats import schema

    assert main(["schema", "record"]) == 0
    assert json.loads(capsys.readouterr().out) == schema("record")
    assert main(["schema", "view", "--out", str(tmp_path / "out")]) == 0
    assert json.loads((tmp_path / "out" / "view.json").read_text()) == schema("view")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["view.json"]


def test_schema_prints_a_docs_table_and_updates_docs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from crowsnest.formats import markdown

    assert main(["schema", "--markdown", "deal"]) == 0
    assert capsys.readouterr().out == markdown("deal") + "\n"
    page = tmp_path / "page.md"
    page.write_text("<!-- schema: choose -->\n|old|\n<!-- /schema -->\n")
    assert main(["schema", "--docs", str(tmp_path)]) == 0
    assert markdown("choose") in page.read_text() and "updated" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["schema", "nope"], ["schema", "--markdown", "nope"]])
def test_schema_refuses_an_unknown_name(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert "nope" in capsys.readouterr().err
