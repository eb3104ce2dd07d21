"""The compiled core: the engine's games and the searches' hot modules,
compiled by mypyc.

The modules of :data:`MODULES` are compiled from their own source, as it is (its
``mypy --strict`` types are what mypyc compiles), into the folder :data:`BUILD` by
``crowsnest native build`` (``make native``, which ``make play``, ``make
test``, ``make arena`` and ``make bench`` run first; it rebuilds only when a source
changed). Nothing else is restated: there is one source of every rule and policy.

When ``crowsnest`` is imported, :func:`install` decides once for the process: if the
build is there, complete, and was made from these very sources (the compiled modules
and every module of the package they import: :func:`dependencies`, listed with their
SHA-256 in the build's manifest) by this Python, a
finder first on ``sys.meta_path`` loads every module of :data:`MODULES` from it;
otherwise every one of them is loaded from its source, and :func:`status` says why
(no build, a source edited since, another interpreter, or :data:`PURE_ENV` set). All
or none: compiled modules call each other directly, so a mixture is never loaded, and
a stale build never hides an edit.

The test suite runs the source (coverage.py measures it; ``tests/native_mode.py`` sets
:data:`PURE_ENV`), and ``tests/test_native.py`` proves the two agree: the compiled
build, in a process of its own, takes the same decisions from the same seeds.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final

MODULES: Final = (
    "crowsnest.engine.cards",
    "crowsnest.engine.seats",
    "crowsnest.engine.tricks",
    "crowsnest.engine.events",
    "crowsnest.engine.deals",
    "crowsnest.engine.scoring",
    "crowsnest.engine.checks",
    "crowsnest.engine.base",
    "crowsnest.engine.hearts",
    "crowsnest.engine.rook",
    "crowsnest.ai.budget",
    "crowsnest.ai.draw",
    "crowsnest.ai.hearts.common",
    "crowsnest.ai.hearts.situation",
    "crowsnest.ai.hearts.policy",
    "crowsnest.ai.hearts.worlds",
    "crowsnest.ai.hearts.search",
    "crowsnest.ai.hearts.tree",
    "crowsnest.ai.hearts.evidence",
    "crowsnest.ai.hearts.hard",
    "crowsnest.ai.hearts.solver",
    "crowsnest.ai.rook.common",
    "crowsnest.ai.rook.situation",
    "crowsnest.ai.rook.odds",
    "crowsnest.ai.rook.play",
    "crowsnest.ai.rook.hand",
    "crowsnest.ai.rook.worlds",
    "crowsnest.ai.rook.search",
    "crowsnest.ai.rook.exact",
    "crowsnest.ai.rook.margins",
    "crowsnest.ai.rook.candidates",
    "crowsnest.ai.rook.settings",
    "crowsnest.ai.rook.scorer",
    "crowsnest.ai.rook.hard",
)
"""The compiled modules: the engine's games (their moves, checked or not, and every
event), the card and trick helpers every playout calls, the Hearts and Rook policies
the playouts play, and the searches themselves."""

GROUP: Final = "crowsnest.native_core"
"""mypyc's group: one shared library (``crowsnest.native_core__mypyc``) holds the code
of every module; each module is a small shim that loads its part."""
LIBRARY: Final = f"{GROUP}__mypyc"

PACKAGE: Final = Path(__file__).resolve().parent
BUILD: Final = PACKAGE / "_native"
"""Where ``build`` puts the compiled modules and its manifest (not in git)."""
MANIFEST: Final = "manifest.json"
PURE_ENV: Final = "CROWSNEST_PURE_PYTHON"
"""Set (to anything but ``0`` or empty) to load the source even where a build is."""
SUFFIX: Final = str(sysconfig.get_config_var("EXT_SUFFIX"))


@dataclass(frozen=True)
class Status:
    """Whether this process runs the compiled modules, and why (or why not)."""

    compiled: bool
    reason: str
    asked: bool = False
    """The source was asked for (:data:`PURE_ENV`), not fallen back on."""

    @property
    def slow(self) -> bool:
        """It runs the source because the build is missing or stale: the same results,
        several times slower (a long run should say so)."""
        return not self.compiled and not self.asked

    def __str__(self) -> str:
        return f"{'compiled' if self.compiled else 'pure Python'} ({self.reason})"


def source(module: str) -> Path:
    """The source file of a module of the package (a package's ``__init__.py``)."""
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def dependencies(modules: Sequence[str] = MODULES) -> list[str]:
    """``modules`` and every module of the package they import, directly or not: a
    build depends on them all (mypyc compiles in the types and the ``Final``
    constants it reads from the modules a compiled one imports)."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module in seen or not source(module).is_file():
            continue  # seen, or a name imported from a module and not a module
        seen.add(module)
        for node in ast.walk(ast.parse(source(module).read_bytes())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            else:
                continue
            todo.extend(n for n in names if n.split(".")[0] == "crowsnest")
    return sorted(seen)


def compiled_file(build: Path, module: str) -> Path:
    """Where the build holds ``module`` (or the group's library)."""
    return build.joinpath(*module.split(".")).with_name(module.rsplit(".", 1)[-1] + SUFFIX)


def digests(modules: Iterable[str]) -> dict[str, str]:
    """The SHA-256 of each module's source ("" for a source that is gone)."""
    out: dict[str, str] = {}
    for m in modules:
        try:
            out[m] = hashlib.sha256(source(m).read_bytes()).hexdigest()
        except FileNotFoundError:
            out[m] = ""
    return out


def interpreter() -> str:
    """The interpreter a build is made for (its extension modules load in no other)."""
    return f"{sys.implementation.cache_tag} {SUFFIX}"


def decide(build: Path, env: Mapping[str, str]) -> Status:
    """Whether to load the compiled modules from ``build``: only if nothing asks for
    the source and the build is complete and made from today's sources by this
    interpreter."""
    if env.get(PURE_ENV, "") not in ("", "0"):
        return Status(False, f"{PURE_ENV} is set", asked=True)
    try:
        manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Status(False, f"not built: run `make native` ({build})")
    except (OSError, ValueError) as err:
        return Status(False, f"unreadable build manifest: {err}")
    if not isinstance(manifest, dict) or manifest.get("interpreter") != interpreter():
        return Status(False, "built for another interpreter: run `make native`")
    built = manifest.get("sources")
    if not isinstance(built, dict) or built != digests({*MODULES, *built}):
        return Status(False, "the sources changed since the build: run `make native`")
    missing = [m for m in (*MODULES, LIBRARY) if not compiled_file(build, m).is_file()]
    if missing:
        return Status(False, f"the build lacks {', '.join(missing)}: run `make native`")
    return Status(True, f"mypyc {manifest.get('mypyc', '?')}, {build}")


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and their shared library) in a build."""

    def __init__(self, build: Path) -> None:
        self.build = build
        self.names = frozenset((*MODULES, LIBRARY))

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        file = str(compiled_file(self.build, fullname))
        loader = importlib.machinery.ExtensionFileLoader(fullname, file)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_status: Status | None = None


def install(build: Path = BUILD, env: Mapping[str, str] | None = None) -> Status:
    """Decide for this process (once: later calls return the first decision) and, if
    the compiled modules are to be used, put their finder first."""
    global _status
    if _status is None:
        _status = decide(build, os.environ if env is None else env)
        if _status.compiled:
            sys.meta_path.insert(0, CompiledFinder(build))
    return _status


def status() -> Status:
    """What this process runs: the compiled modules or their source, and why."""
    return install()


def loaded_compiled() -> list[str]:
    """The modules of :data:`MODULES` this process has loaded from a build."""
    return [
        m
        for m in MODULES
        if (module := sys.modules.get(m)) is not None
        and str(getattr(module, "__file__", "")).endswith(SUFFIX)
    ]


def build(out: Path = BUILD, *, force: bool = False) -> Status:
    """Compile :data:`MODULES` into ``out`` (replacing what is there) unless ``out``
    already holds a build of today's sources; the decision a new process would take."""
    current = decide(out, {})
    if current.compiled and not force:
        return current
    return _compile(out)


def _compile(out: Path) -> Status:  # pragma: no cover - `make native`, before every test run
    """Compile :data:`MODULES` into ``out``, replacing it. Run by ``make native``
    ahead of the tests, whose ``tests/test_native.py`` checks what it built; not
    again inside the measured suite (a build takes a minute)."""
    from mypy.version import __version__ as mypyc_version
    from mypyc.build import mypycify
    from setuptools import setup

    sources = digests(dependencies())
    with tempfile.TemporaryDirectory(prefix="crowsnest-native-") as tmp:
        work = Path(tmp)
        here = Path.cwd()
        saved = os.environ.get("MYPY_CACHE_DIR")
        os.environ["MYPY_CACHE_DIR"] = str(work / "mypy-cache")
        # mypy names each module by its path from the current folder: src/.
        os.chdir(PACKAGE.parent)
        try:
            paths = [str(source(m).relative_to(PACKAGE.parent)) for m in MODULES]
            extensions = mypycify(
                paths, opt_level="3", group_name=GROUP, target_dir=str(work / "c")
            )
            setup(
                name="crowsnest-native",
                ext_modules=extensions,
                script_args=[
                    "--quiet",
                    "build_ext",
                    "--build-lib",
                    str(work / "lib"),
                    "--build-temp",
                    str(work / "obj"),
                ],
            )
        finally:
            os.chdir(here)
            if saved is None:
                del os.environ["MYPY_CACHE_DIR"]
            else:
                os.environ["MYPY_CACHE_DIR"] = saved
        if digests(sources) != sources:
            raise RuntimeError("a source changed while it was compiled: build again")
        lib = work / "lib"
        manifest = {"interpreter": interpreter(), "mypyc": mypyc_version, "sources": sources}
        (lib / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        staged = out.with_name(out.name + ".new")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(lib, staged)
        shutil.rmtree(out, ignore_errors=True)
        staged.rename(out)
    return decide(out, {})
