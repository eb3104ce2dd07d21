"""Modules stay small: each holds one thing, named for it, in a few hundred lines
(about 400 at most; the test allows :data:`MOST_LINES`), so a reader finds the room
in one step (``docs/architecture.md``). The server's modules and the browser
client's are held to it too.

Generated modules would not be (the package has none in Python or in the client's
JavaScript: its wire types are a ``.d.ts``); the compiled build's folder and the
offline build's copy of the Python runtime are not read.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "crowsnest"
MOST_LINES = 450
LEFT_OUT = ("_native", "web/static/offline/build")
"""Folders of the package not held to :data:`MOST_LINES` (built, not written)."""
GENERATED: tuple[str, ...] = ()
"""Generated modules (paths from the package), not held to it either."""


def sizes() -> dict[str, int]:
    """Lines of every module held to the limit, by path from the package."""
    found = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js")]):
        relative = path.relative_to(PACKAGE)
        name = relative.as_posix()
        if any(name.startswith(f"{folder}/") for folder in LEFT_OUT) or name in GENERATED:
            continue
        found[relative.as_posix()] = len(path.read_text(encoding="utf-8").splitlines())
    return found


def test_no_module_is_over_the_limit() -> None:
    found = sizes()
    assert len(found) > 100 and "engine/cards.py" in found and "server/table/table.py" in found
    assert "web/static/game.js" in found and "web/static/offline/worker.js" in found
    over = {path: n for path, n in found.items() if n > MOST_LINES}
    assert over == {}, f"modules over {MOST_LINES} lines: " + ", ".join(
        f"{path} ({n})" for path, n in sorted(over.items(), key=lambda p: -p[1])
    )
