"""The browser client's page and translation catalogs (its modules are mounted at
``/static`` by :func:`~crowsnest.server.app.create_app`)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse

from crowsnest.server.table.parts import TableError
from crowsnest.web import LANGUAGES, RTL, STATIC_DIR, catalog

router = APIRouter()

NO_CACHE = {"Cache-Control": "no-cache"}
"""The page and catalogs always revalidate, so a new version is picked up on reload."""


@router.get("/", include_in_schema=False)
async def home() -> FileResponse:
    return FileResponse(STATIC_DIR / "index.html", headers=NO_CACHE)


@router.get("/i18n/languages.json", tags=["client"])
async def languages() -> JSONResponse:
    """The client's languages, English first, and those written right to left (the one
    list the client and the catalogs share: ``crowsnest.web.LANGUAGES``)."""
    return JSONResponse({"languages": list(LANGUAGES), "rtl": sorted(RTL)}, headers=NO_CACHE)


@router.get("/i18n/{lang}.json", tags=["client"])
async def translations(lang: str) -> JSONResponse:
    """One language's translation catalog (``en``, ``el``, ``he``, ``pl``)."""
    if lang not in LANGUAGES:
        raise TableError("unknown_language", f"no catalog for {lang[:10]!r}: {LANGUAGES}")
    return JSONResponse(catalog(lang), headers=NO_CACHE)
