"""Shared test helpers: run the CLI in-process exactly as the console script does."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, settings

from cli.main import main

# Property-based tests (tests/fuzz): a fixed-seed bounded profile for `make test`, a long
# one for `make fuzz` (`--hypothesis-profile fuzz`). Both derandomized, so a failure
# reproduces by rerunning; no example database is written.
_SLOW_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                HealthCheck.large_base_example]
settings.register_profile("bounded", derandomize=True, database=None, deadline=None,
                          max_examples=20, suppress_health_check=_SLOW_CHECKS, print_blob=True)
settings.register_profile("fuzz", settings.get_profile("bounded"), max_examples=1000)
settings.load_profile("bounded")


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(monkeypatch):
    """``run_cli(*args, stdin="")`` -> CliResult(code, out, err) through ``cli.main.main``."""

    # (the text answers fold to COLUMNS through a pipe: the shell's must not decide a test)
    monkeypatch.delenv("COLUMNS", raising=False)

    def run(*args: str, stdin: str = "") -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        code = main(list(args))
        return CliResult(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def unfolded(monkeypatch, run_cli):
    """The text answers on lines of any length (``COLUMNS`` wide): for the tests that read
    what a line says, not how it is folded to the 80 columns of a pipe
    (tests/cli/test_pipe_width_cli.py holds the folding)."""
    monkeypatch.setenv("COLUMNS", "10000")
