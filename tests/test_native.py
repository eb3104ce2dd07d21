"""The compiled core (``crowsnest.native``): when a process loads it, and that it
takes the same decisions as its source."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import native_probe
from crowsnest import native
from crowsnest.ai.hearts import policy
from crowsnest.cli import main

TESTS = Path(__file__).resolve().parent


def test_the_suite_runs_the_source() -> None:
    """coverage.py measures these tests: every compiled module is loaded from its
    source here (``tests/native_mode.py``)."""
    status = native.status()
    assert not status.compiled
    assert native.PURE_ENV in status.reason
    assert policy.__file__ is not None and policy.__file__.endswith(".py")
    assert native.loaded_compiled() == []


def fake_build(root: Path, **changes: object) -> Path:
    """A build folder with a manifest of today's sources and an empty file for every
    compiled module; ``changes`` overrides manifest entries."""
    build = root / "build"
    for module in (*native.MODULES, native.LIBRARY):
        path = native.compiled_file(build, module)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    manifest: dict[str, object] = {
        "interpreter": native.interpreter(),
        "mypyc": "test",
        "sources": native.digests(native.dependencies()),
    }
    manifest.update(changes)
    (build / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return build


def test_a_complete_build_of_todays_sources_is_used(tmp_path: Path) -> None:
    status = native.decide(fake_build(tmp_path), {})
    assert status.compiled, status.reason
    assert str(status).startswith("compiled (mypyc test")
    assert not status.slow


@pytest.mark.parametrize("value", ["1", "yes"])
def test_the_variable_asks_for_the_source(tmp_path: Path, value: str) -> None:
    status = native.decide(fake_build(tmp_path), {native.PURE_ENV: value})
    assert not status.compiled and native.PURE_ENV in status.reason
    assert status.asked and not status.slow  # asked for: nothing to warn of
    assert native.decide(tmp_path / "build", {native.PURE_ENV: "0"}).compiled


def test_no_build(tmp_path: Path) -> None:
    status = native.decide(tmp_path / "nothing", {})
    assert not status.compiled and "make native" in status.reason
    assert str(status).startswith("pure Python (not built")
    assert status.slow


@pytest.mark.parametrize(
    "module",
    [
        "crowsnest.ai.hearts.policy",  # compiled
        "crowsnest.engine.rules.hearts",  # imported by a compiled one: its constants
        "crowsnest.engine.cards_gone",  # a source the build read, since removed
    ],
)
def test_an_edited_source_is_never_hidden_by_its_build(tmp_path: Path, module: str) -> None:
    sources = native.digests(native.dependencies())
    sources[module] = "0" * 64
    status = native.decide(fake_build(tmp_path, sources=sources), {})
    assert not status.compiled and "sources changed" in status.reason
    assert status.slow


def test_a_build_names_every_compiled_module(tmp_path: Path) -> None:
    sources = native.digests(native.dependencies())
    del sources["crowsnest.ai.rook.play"]
    status = native.decide(fake_build(tmp_path, sources=sources), {})
    assert not status.compiled and "sources changed" in status.reason


def test_the_dependencies_are_what_the_compiled_modules_import() -> None:
    """The closure over the package's imports: the compiled modules, the rules they
    read constants from, and nothing of the server or the arena."""
    found = native.dependencies()
    assert set(native.MODULES) <= set(found)
    assert {"crowsnest.engine.rules.hearts", "crowsnest.engine.views"} <= set(found)
    assert not [m for m in found if m.startswith(("crowsnest.server", "crowsnest.arena"))]
    assert native.source("crowsnest.engine").name == "__init__.py"


def test_a_build_for_another_interpreter(tmp_path: Path) -> None:
    status = native.decide(fake_build(tmp_path, interpreter="cpython-312 .so"), {})
    assert not status.compiled and "another interpreter" in status.reason


def test_an_incomplete_build(tmp_path: Path) -> None:
    build = fake_build(tmp_path)
    native.compiled_file(build, "crowsnest.ai.rook.play").unlink()
    status = native.decide(build, {})
    assert not status.compiled and "crowsnest.ai.rook.play" in status.reason


def test_an_unreadable_manifest(tmp_path: Path) -> None:
    build = fake_build(tmp_path)
    (build / native.MANIFEST).write_text("{", encoding="utf-8")
    status = native.decide(build, {})
    assert not status.compiled and "unreadable" in status.reason


def test_the_finder_finds_only_the_compiled_modules(tmp_path: Path) -> None:
    finder = native.CompiledFinder(fake_build(tmp_path))
    spec = finder.find_spec("crowsnest.ai.hearts.policy", None)
    assert spec is not None and spec.origin is not None
    assert spec.origin == str(native.compiled_file(finder.build, "crowsnest.ai.hearts.policy"))
    assert spec.origin.endswith(native.SUFFIX)
    assert finder.find_spec("crowsnest.engine.views", None) is None


@pytest.fixture(scope="module")
def compiled() -> dict[str, object]:
    """``tests/native_probe.py`` in a new process that may load the build: one run
    (seconds) for the tests below, each reading its own part of the report."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(TESTS), env.get("PYTHONPATH"))))
    done = subprocess.run(
        [sys.executable, str(TESTS / "native_probe.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout)
    assert report["compiled"], f"the compiled core was not used: {report['reason']}"
    return report


@pytest.mark.slow
def test_the_compiled_core_decides_as_its_source(compiled: dict[str, object]) -> None:
    """Every action of whole hands of Hearts and of every Rook rule set, the Hearts
    solver's values and the playouts counted: the compiled build (which ``make
    test`` builds first) and the source agree exactly."""
    assert sorted(compiled["loaded"]) == sorted(native.MODULES)  # type: ignore[call-overload]
    assert compiled["decisions"] == json.loads(native_probe.decisions_json())


@pytest.mark.slow
def test_views_reach_a_worker_process_under_the_compiled_core(
    compiled: dict[str, object],
) -> None:
    """A bot in a worker process gets its seat's view and legal actions by pickle:
    under the compiled build, at every step of a hand of every rule set and after it
    (a hand's result is a frozen dataclass of a compiled module), they come back
    equal."""
    pickled = compiled["pickled"]
    assert isinstance(pickled, dict)
    assert pickled["wrong"] == []
    views = native_probe.pickled_views()["views"]
    assert isinstance(views, int) and views > 1000
    assert pickled["views"] == views


def frozen_classes(module: str) -> list[ast.ClassDef]:
    """The classes of ``module``'s source declared ``@dataclass(frozen=True, ...)``."""
    tree = ast.parse(native.source(module).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for deco in node.decorator_list:
            if isinstance(deco, ast.Call) and any(
                k.arg == "frozen" and isinstance(k.value, ast.Constant) and k.value.value
                for k in deco.keywords
            ):
                found.append(node)
    return found


def test_every_frozen_dataclass_of_the_compiled_core_says_how_it_is_pickled() -> None:
    """mypyc's pickling rebuilds an object with ``setattr``, which a frozen dataclass
    refuses: each one of a compiled module defines ``__reduce__``
    (:mod:`crowsnest.engine.frozen`)."""
    missing, seen = [], 0
    for module in native.MODULES:
        for cls in frozen_classes(module):
            seen += 1
            methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
            if "__reduce__" not in methods:
                missing.append(f"{module}.{cls.name}")
    assert seen >= 10
    assert missing == []


def test_the_command_says_what_a_process_would_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``crowsnest native status`` decides as a new process would: here (the suite's
    environment asks for the source) pure Python, and why."""
    assert main(["native", "status"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("crowsnest native core: pure Python (")
    assert native.PURE_ENV in out


def test_a_current_build_is_not_built_again(capsys: pytest.CaptureFixture[str]) -> None:
    """``crowsnest native build`` with a build of today's sources (``make test``
    made it) compiles nothing and says the build would be used."""
    current = native.decide(native.BUILD, {})
    assert current.compiled, f"no current build to test: {current.reason}"
    before = native.compiled_file(native.BUILD, native.LIBRARY).stat().st_mtime_ns
    assert main(["native", "build"]) == 0
    assert capsys.readouterr().out.startswith("crowsnest native core: compiled (mypyc ")
    assert native.compiled_file(native.BUILD, native.LIBRARY).stat().st_mtime_ns == before
