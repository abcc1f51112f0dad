"""A stop request for long searches: the first Ctrl-C of a command stops its search, which
answers with the best it has, labelled ``"interrupted"``.

The library never installs a signal handler (only the CLI does, ``cli.signals``); it asks
:func:`requested` between the steps of its loops (ISMCTS iterations, the Pyramids bound's
rounds, the Ancients beam's nodes, the arena's games, ...) and registers what stops native
code from outside (CP-SAT's ``stop_search``) with :func:`on_stop` for the length of the
call. A search stopped this way reports the stop reason :data:`INTERRUPTED`; its answer is
a valid one (a replayed plan, a ranked move list), but not reproducible: where the search
stood when the key was pressed is the machine's timing.

The request is process-wide, as a signal is. :func:`reset` clears it (a command that
answered an interrupted search ends there; tests start clean).

>>> reset(); requested()
False
>>> calls = []
>>> with on_stop(lambda: calls.append("stopped")):
...     request()
>>> requested(), calls
(True, ['stopped'])
>>> reset()
"""

from __future__ import annotations

import contextlib
import threading
from typing import Callable, Iterator

__all__ = ["INTERRUPTED", "Interrupted", "requested", "request", "reset", "on_stop"]

#: The stop reason of a search a stop request cut (hints, best scores, matches).
INTERRUPTED = "interrupted"

class Interrupted(Exception):
    """A stop request came before the work had any answer to give (the CLI: ``error:
    interrupted``, exit 130)."""


_event = threading.Event()
_lock = threading.Lock()
_callbacks: list[Callable[[], None]] = []


def requested() -> bool:
    """Whether a stop was requested (cheap: called inside search loops)."""
    return _event.is_set()


def request() -> None:
    """Ask every running search to stop at its next step, and stop native searches now.
    Safe from any thread (the CLI calls it from its signal watcher)."""
    _event.set()
    with _lock:
        callbacks = list(_callbacks)
    for callback in callbacks:
        callback()


def reset() -> None:
    """Clear a stop request."""
    _event.clear()


@contextlib.contextmanager
def on_stop(callback: Callable[[], None]) -> Iterator[None]:
    """Within the block, a stop request also calls ``callback`` (at once if one is pending):
    how native code that does not return to Python is stopped (CP-SAT's
    ``CpSolver.stop_search``)."""
    with _lock:
        _callbacks.append(callback)
    try:
        if _event.is_set():
            callback()
        yield
    finally:
        with _lock:
            _callbacks.remove(callback)
