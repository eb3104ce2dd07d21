"""The server's faces: the HTTP and websocket routers, the session cookie and the
checks of invite codes and seat tokens."""
