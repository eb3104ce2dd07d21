"""``crowsnest serve``: the application on uvicorn, with JSON logs."""

from __future__ import annotations

import gc
import sys

from crowsnest import native
from crowsnest.server.ops.settings import Settings


def run(settings: Settings) -> int:
    from crowsnest.server.ops.single import AlreadyServing, DatabaseLock

    url = settings.resolved_database_url()
    if settings.redis_url and not url.startswith("postgresql"):
        print(
            "crowsnest serve: several nodes (CROWSNEST_REDIS_URL) share one PostgreSQL "
            "database: set CROWSNEST_DATABASE_URL=postgresql+psycopg://...",
            file=sys.stderr,
            flush=True,
        )
        return 1
    try:
        with DatabaseLock(url, shared=bool(settings.redis_url)):
            return _serve(settings)
    except AlreadyServing as err:
        print(f"crowsnest serve: {err}", file=sys.stderr, flush=True)
        return 1


def _serve(settings: Settings) -> int:
    import uvicorn

    from crowsnest.server.app import create_app
    from crowsnest.server.ops.guard import Guard, guarded_protocol
    from crowsnest.server.ops.logs import configure

    configure(settings.log_level)
    _raise_file_limit()
    proxies = settings.proxies()
    guard = Guard(settings.max_connections_per_client, settings.header_timeout, proxies)
    config = uvicorn.Config(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        http=guarded_protocol(guard),
        timeout_keep_alive=5,
        log_config=None,
        access_log=False,
        # X-Forwarded-For and -Proto are believed from the configured proxies only
        # (uvicorn's default believes any local process).
        proxy_headers=bool(proxies),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=False,  # messages are small; compressing costs more than it saves
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    # Tail latency: the cyclic collector walks every live table. Move what start-up
    # made out of its way and collect the young generation less often.
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    print(f"CrowsNest server: open {settings.url} (API: {settings.url}docs)", flush=True)
    print(f"CrowsNest engine and bots: {native.status()}", flush=True)
    server.run()
    return 0 if server.started else 1


def _raise_file_limit() -> None:
    """Open files up to the hard limit: every connection is one."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(Settings()))
