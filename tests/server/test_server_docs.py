"""docs/protocol.md lists exactly the error codes the server sends and its settings."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import crowsnest
from crowsnest.server.app import STATUS
from crowsnest.server.ops.settings import Settings

ROOT = Path(crowsnest.__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "protocol.md").read_text()
ERROR_MAKERS = {
    "TableError",
    "ProtocolError",
    "refuse",
    "_refuse",
    "error_response",
    "ErrorMessage",
}
# Engine codes no client can cause through the server (deals, seats, seeds and records
# are never client input).
NOT_REACHABLE = {"bad_deal", "bad_seat", "bad_seed", "bad_start_hand", "bad_rules"}


def table_codes(heading: str) -> set[str]:
    section = PAGE.split("\n" + heading + "\n", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))


def codes_in(folder: Path, makers: set[str]) -> set[str]:
    codes: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in makers:
                continue
            args = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "code")]
            codes |= {
                a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)
            }
    return codes


def engine_codes() -> set[str]:
    codes = codes_in(
        ROOT / "src" / "crowsnest" / "engine", {"InvalidAction", "IllegalAction", "OptionError"}
    )
    return codes | {"not_your_turn"}


def test_every_error_code_is_documented() -> None:
    server = codes_in(ROOT / "src" / "crowsnest" / "server", ERROR_MAKERS) | set(STATUS)
    documented = table_codes("### Websocket errors") | table_codes("### HTTP errors")
    rules = PAGE.split("Actions the rules refuse", 1)[1].split("\n### HTTP errors", 1)[0]
    documented |= set(re.findall(r"^\| `([a-z_]+)` \|", rules, re.MULTILINE))
    assert sorted(documented ^ ((server | engine_codes()) - NOT_REACHABLE)) == []


def test_http_statuses_match_the_table() -> None:
    section = PAGE.split("\n### HTTP errors\n", 1)[1].split("\n#", 1)[0]
    for code, status in re.findall(r"^\| `([a-z_]+)` \| (\d+) \|", section, re.MULTILINE):
        assert STATUS.get(code, 400) == int(status), code


def test_every_setting_is_documented() -> None:
    section = PAGE.split("\n## Running the server\n", 1)[1].split("\n## ", 1)[0]
    assert set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE)) == set(
        Settings.model_fields
    )
