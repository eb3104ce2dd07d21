"""Structured logs: one JSON object per line on stderr.

Table events go through :func:`table_event` (logger ``crowsnest.table``): one line per
event, with the table id and, where there is one, the sequence number.

>>> import json, logging
>>> record = logging.LogRecord("crowsnest.table", logging.INFO, "", 0, "action", (), None)
>>> record.fields = {"table": "t1", "seq": 3}
>>> line = json.loads(JsonFormatter().format(record))
>>> del line["ts"]
>>> line
{'logger': 'crowsnest.table', 'level': 'info', 'event': 'action', 'table': 't1', 'seq': 3}
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

TABLE_LOG = logging.getLogger("crowsnest.table")
SERVER_LOG = logging.getLogger("crowsnest.server")


class JsonFormatter(logging.Formatter):
    _second = -1
    _stamp = ""

    def format(self, record: logging.LogRecord) -> str:
        second = int(record.created)
        if second != self._second:
            self._second = second
            self._stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        out: dict[str, Any] = {
            "ts": f"{self._stamp}.{int(record.msecs):03d}Z",
            "logger": record.name,
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            out.update(fields)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def configure(level: str = "info") -> None:
    """Send every log record (ours, uvicorn's) to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True


def table_event(
    event: str, table: str, level: int = logging.INFO, exc_info: Any = None, **fields: Any
) -> None:
    """Log one table event: ``{"event": ..., "table": ..., **fields}``."""
    if TABLE_LOG.isEnabledFor(level):
        TABLE_LOG.log(level, event, exc_info=exc_info, extra={"fields": {"table": table, **fields}})


def server_event(
    event: str, level: int = logging.INFO, exc_info: Any = None, **fields: Any
) -> None:
    if SERVER_LOG.isEnabledFor(level):
        SERVER_LOG.log(level, event, exc_info=exc_info, extra={"fields": fields})
