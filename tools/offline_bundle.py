"""Build what the browser needs to play with no connection (``make offline``).

Into ``src/crowsnest/web/static/offline/build/`` (not committed: built from the
sources on every machine):

- ``pyodide/``: the Pyodide runtime, copied from the npm package that
  ``package.json`` pins (``node_modules/pyodide``): the loader, the WebAssembly
  module and Python's standard library. Nothing is fetched from a CDN.
- ``crowsnest.zip``: the Python source the worker runs, taken from ``src/``: the
  modules :mod:`crowsnest.offline.driver` imports (see :data:`ENTRIES`), followed
  through every import of a CrowsNest module (so the engine and the bots), each
  package's ``__init__`` too.
- ``icon-192.png``, ``icon-512.png``: the manifest's icons (maskable), drawn by
  :func:`crowsnest.web.pwa.png_icon`.
- ``bundle.json``: the files' names, sizes and a digest of them all (the worker and
  the service worker name their caches after it).

Run as ``python tools/offline_bundle.py [--check]``; ``--check`` says whether the
build is current and changes nothing.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
from crowsnest.web.pwa import icons  # noqa: E402  (src/ first, as in a checkout)

SRC = ROOT / "src"
OUT = SRC / "crowsnest" / "web" / "static" / "offline" / "build"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the npm package the runtime needs (its maps and consoles stay out)."""
ENTRIES = ("crowsnest.offline.driver", "crowsnest.ai.hearts.solver")
"""What the worker imports; and the Hearts endgame solver (hand reviews use it, not
play), so that tests/native_probe.py's decisions, its values included, run on the
build as they are (tests/offline/test_pyodide.py)."""
ZIP_TIME = (2020, 1, 1, 0, 0, 0)
"""Every entry's timestamp: the same sources give the same bytes."""


def module_path(name: str) -> Path | None:
    base = SRC.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported(path: Path, name: str) -> set[str]:
    """The CrowsNest modules ``path`` (module ``name``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {n for n in found if n == "crowsnest" or n.startswith("crowsnest.")}


def closure(entries: tuple[str, ...]) -> dict[str, Path]:
    """Every CrowsNest module ``entries`` need, with their parent packages."""
    todo, seen = list(entries), {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_path(name)
        if path is None:
            continue  # ``from package import name`` where name is no module
        seen[name] = path
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        todo.extend(imported(path, name))
    return seen


def source_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted({p for p in closure(ENTRIES).values()}):
            info = zipfile.ZipInfo(path.relative_to(SRC).as_posix(), ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buffer.getvalue()


def planned() -> dict[str, bytes]:
    """Each file of the build (relative to ``OUT``) and its bytes."""
    if not PYODIDE.is_dir():
        sys.exit("error: node_modules/pyodide is missing: run `npm ci` (make lint-js does)")
    files = {f"pyodide/{name}": (PYODIDE / name).read_bytes() for name in RUNTIME}
    files["crowsnest.zip"] = source_zip()
    files.update(icons())
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    version = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    bundle = {
        "digest": digest.hexdigest()[:16],
        "pyodide": version,
        "files": {name: len(data) for name, data in sorted(files.items())},
    }
    files["bundle.json"] = (json.dumps(bundle, indent=2) + "\n").encode()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    files = planned()
    stale = [
        n for n, data in files.items() if not (OUT / n).is_file() or (OUT / n).read_bytes() != data
    ]
    if args.check:
        if stale:
            print(f"offline build is stale: {', '.join(stale)}")
            return 1
        print("offline build is current")
        return 0
    if OUT.exists():
        shutil.rmtree(OUT)
    for name, data in files.items():
        (OUT / name).parent.mkdir(parents=True, exist_ok=True)
        (OUT / name).write_bytes(data)
    total = sum(len(d) for d in files.values())
    print(f"offline build: {len(files)} files, {total / 1e6:.1f} MB in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
