"""The test suite runs the source of the compiled core (a pytest plugin, ``-p
native_mode`` in ``pyproject.toml``, loaded before anything imports ``crowsnest``).

coverage.py measures Python source, not a compiled module, so every test process
(and every server process a test starts, which inherits the environment) loads
:data:`crowsnest.native.MODULES` from their source; ``tests/test_native.py`` runs the
compiled build in a process of its own and checks that it decides the same.
``CROWSNEST_PURE_PYTHON=0 pytest ...`` runs a suite against the build instead.
"""

from __future__ import annotations

import os

os.environ.setdefault("CROWSNEST_PURE_PYTHON", "1")

from crowsnest import native  # after the variable: crowsnest decides at import

assert native.PURE_ENV == "CROWSNEST_PURE_PYTHON"
