"""The analysis board's tests: the API through Starlette's TestClient (no socket, no
browser), and the page in a real headless Chromium (``test_browser.py``).

The browser tests need Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs
them); where either is missing the module is skipped as a whole, so the run's summary
says so in ONE line (and its header too, when not run with ``-q``).
"""

from __future__ import annotations

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (the test extra)"
    if not CHROMIUM or not CHROMEDRIVER:
        return ("no chromium/chromedriver on PATH (Debian: apt-get install chromium "
                "chromium-driver; .ci/run installs them)")
    return None


def pytest_report_header(config) -> str | None:
    reason = browser_missing()
    return f"browser tests (tests/web/test_browser.py): skipped: {reason}" if reason else None


@pytest.fixture
def client():
    """A TestClient of a fresh app, started and stopped (its jobs cancelled) around the
    test; the app's job manager is ``client.app.state.jobs``."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from cli.web.server import make_app

    with TestClient(make_app()) as test_client:
        yield test_client
