"""Ctrl-C for long commands: the first press stops the search, the second quits at once.

:func:`first_press_stops` wraps a command's work. A press of Ctrl-C (SIGINT) then:

* the first time, asks every search to stop (``solvers.interrupt.request``: loops stop at
  their next step, CP-SAT through ``stop_search``) and says so on stderr. With
  ``answer=True`` the command goes on to print the best answer it has, labelled
  interrupted; otherwise (work that has no answer until it is done: a review) the
  command ends at its next progress step with ``error: interrupted`` and exit status 130
  (a benchmark run reports the suites it finished, the one it cut, and exits 130)
  (``solvers.interrupt.Interrupted``, raised where the code is
  between steps, never at an arbitrary instruction as a ``KeyboardInterrupt`` would be:
  one raised inside an import can make Python exit by SIGINT instead);
* the second time, exits with status 130 at once, whatever the process is doing.

With ``resume=True`` (a hint asked at ``play``'s or ``track``'s prompt) the command goes on
after the block: the stop request is cleared (the bots' searches and the next hint run
whole) and Ctrl-C is again what it was before the block (at the prompt: the end of the
game, its record kept).

Why a thread and not a plain handler: Python runs a signal handler only between bytecodes
of the main thread, so a press during a long native call (CP-SAT's ``solve``, which also
released the GIL) would wait for the call to end, and CP-SAT installs its own SIGINT
handler during ``solve`` and leaves SIGINT at the default action afterwards (measured with
OR-Tools 9.15: the first press ended only CP-SAT's phase of ``best-score pyramids``, which
then ran its bound for 72 s more; a press after any solve killed the process outright).
So the solvers turn CP-SAT's own handler off (``catch_sigint_signal``), the handler here
is a no-op, and the C-level handler's wake-up byte (``signal.set_wakeup_fd``) is read by a
watcher thread, which acts at once from any state of the main thread. Processes forked for
batch work ignore SIGINT (``solvers.backends``): the parent stops them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Iterator

from solvers import interrupt

__all__ = ["first_press_stops", "stopped", "EXIT_INTERRUPTED"]

#: The exit status of a command cut by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def _watch(read_fd: int, answer: bool) -> None:
    presses = 0
    while True:
        try:
            data = os.read(read_fd, 64)
        except OSError:
            return
        if not data:
            return  # the command is over: the write end was closed
        for signum in data:
            if signum != signal.SIGINT:
                continue
            presses += 1
            if presses == 1:
                os.write(2, b"\ninterrupted: stopping the search (Ctrl-C again to quit at "
                            b"once)\n" if answer else b"\ninterrupted: stopping (Ctrl-C "
                            b"again to quit at once)\n")
                interrupt.request()
            else:
                os.write(2, b"error: interrupted\n")
                # (a command that started no pool never imported multiprocessing: it is
                # not imported here, in a thread, for children that cannot be there)
                pool = sys.modules.get("multiprocessing")
                for child in pool.active_children() if pool is not None else ():
                    with contextlib.suppress(Exception):
                        child.kill()
                os._exit(EXIT_INTERRUPTED)


def _ignore(signum: int, frame: FrameType | None) -> None:
    """The Python-level handler does nothing: the watcher has acted already."""


@contextlib.contextmanager
def first_press_stops(*, answer: bool = True, resume: bool = False) -> Iterator[None]:
    """Within the block, Ctrl-C works as the module docstring says (in the main thread of
    the main process; elsewhere the block runs as it is); ``resume``: the command goes on
    after it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    try:
        previous_fd = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
        previous = signal.signal(signal.SIGINT, _ignore)
    except (ValueError, OSError):  # not the main interpreter's main thread
        os.close(read_fd)
        os.close(write_fd)
        yield
        return
    interrupt.reset()
    watcher = threading.Thread(target=_watch, args=(read_fd, answer), daemon=True,
                               name="digsite-ctrl-c")
    watcher.start()
    try:
        yield
    finally:
        # once interrupted, the process only prints its answer and exits 130: a late press
        # must not turn that into a death by SIGINT while it winds down
        signal.signal(signal.SIGINT, signal.SIG_IGN if interrupt.requested() and not resume
                      else previous)
        signal.set_wakeup_fd(previous_fd)
        os.close(write_fd)
        watcher.join(timeout=5)
        os.close(read_fd)
        sys.stderr.flush()
        if resume:
            interrupt.reset()


def stopped() -> bool:
    """Whether the first press came during the block just run."""
    return interrupt.requested()
