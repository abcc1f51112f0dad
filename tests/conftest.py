"""Shared test helpers: run the CLI in-process exactly as the console script does."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import pytest

from cli.main import main


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(monkeypatch):
    """``run_cli(*args, stdin="")`` -> CliResult(code, out, err) through ``cli.main.main``."""

    def run(*args: str, stdin: str = "") -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        code = main(list(args))
        return CliResult(code, out.getvalue(), err.getvalue())

    return run
