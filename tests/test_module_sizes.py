"""Modules stay small: each holds one thing, named for it, in a few hundred lines
(about 400 at most; the test allows :data:`MOST_LINES`), so a reader finds the room
in one step (``docs/architecture.md``). The server's modules are held to it too.

Generated modules would not be (the package has none in Python); the compiled
build's folder is not read.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "crowsnest"
MOST_LINES = 450
LEFT_OUT = ("_native",)
"""Folders of the package not held to :data:`MOST_LINES`."""
GENERATED: tuple[str, ...] = ()
"""Generated modules (paths from the package), not held to it either."""


def sizes() -> dict[str, int]:
    """Lines of every module held to the limit, by path from the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] in LEFT_OUT or relative.as_posix() in GENERATED:
            continue
        found[relative.as_posix()] = len(path.read_text(encoding="utf-8").splitlines())
    return found


def test_no_module_is_over_the_limit() -> None:
    found = sizes()
    assert len(found) > 100 and "engine/cards.py" in found and "server/table/table.py" in found
    over = {path: n for path, n in found.items() if n > MOST_LINES}
    assert over == {}, f"modules over {MOST_LINES} lines: " + ", ".join(
        f"{path} ({n})" for path, n in sorted(over.items(), key=lambda p: -p[1])
    )
