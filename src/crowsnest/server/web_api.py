"""HTTP endpoints that serve the browser client's Info and History tabs."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
