"""Worker processes that do not outlive the process that started them.

A :class:`~concurrent.futures.ProcessPoolExecutor` or :class:`multiprocessing.Pool`
worker waits on a queue whose two ends it holds itself, so when the server or the
arena that started it is killed (``kill -9``, the out-of-memory killer, a crash) it
waits for ever; a review worker paused behind a bot decision that will never end
polls for ever. Each pool's initializer calls :func:`exit_with_parent` first.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing.process import BaseProcess


def exit_with_parent() -> None:
    """End this process as soon as the process that started it has ended: a daemon
    thread waits on the parent's sentinel (:func:`multiprocessing.parent_process`).
    Nothing to do in a process :mod:`multiprocessing` did not start."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_after, args=(parent,), name="exit-with-parent", daemon=True
        ).start()


def _exit_after(parent: BaseProcess) -> None:
    parent.join()
    os._exit(0)  # the parent is gone: nobody waits for a result or a clean exit
