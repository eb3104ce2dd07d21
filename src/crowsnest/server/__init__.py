"""The game server: tables over HTTP and websockets (see ``docs/protocol.md``).

``crowsnest serve`` runs :func:`crowsnest.server.app.create_app` on uvicorn.
"""
