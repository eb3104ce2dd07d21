"""The benchmark (``bench/``, at the top of the repository) is not installed: its
tests import it from the repository root."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
