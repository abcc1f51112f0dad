"""The README's first session works as printed (issue 12 §1.1).

The test reads README.md, so it checks whatever the README says:

* the **set-up**: the README's first code block without its ``make test`` line (``make
  demo``, and any step printed with it, such as one that puts ``digsite`` on PATH);
* the **first session**: the code block under the heading that says "first session".

Every line is a command, run as printed, in order, in one ``bash`` session (so a ``source``
or an ``export`` holds for the lines after it); a ``#`` starts a comment.

``test_first_session_runs_as_printed_in_a_fresh_clone`` (slow) does it for real: a fresh
``git clone`` of the committed HEAD, a clean environment with no ``digsite`` on PATH, the
set-up, then every first-session command, each of which must exit 0. The cheap form in
the default run checks the same text without installing anything: the set-up's steps
other than ``make`` (run against this environment as ``.venv``) must put ``digsite`` on
PATH, and every ``digsite`` command of the session must be accepted by the command-line
parser, reading only files that an earlier command of the session wrote.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest

from cli.main import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: A clean PATH: the system's programs, and no virtual environment.
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def code_blocks(text: str) -> list[tuple[str, str]]:
    """``(heading above it, body)`` of every fenced code block, in order."""
    blocks, heading, inside, body = [], "", False, []
    for line in text.splitlines():
        if line.startswith("```"):
            if inside:
                blocks.append((heading, "\n".join(body)))
                body = []
            inside = not inside
        elif inside:
            body.append(line)
        elif line.startswith("#"):
            heading = line.lstrip("#").strip()
    return blocks


def commands(body: str) -> list[str]:
    """The command lines of a block: comments and blank lines dropped, ``\\`` joined."""
    out, pending = [], ""
    for line in body.splitlines():
        line = pending + line
        if line.rstrip().endswith("\\"):
            pending = line.rstrip()[:-1] + " "
            continue
        pending = ""
        words = shlex.split(line, comments=True)
        if words:
            out.append(line.strip())
    return out


def readme_steps() -> tuple[list[str], list[str]]:
    """``(set-up commands, first-session commands)`` as the README prints them."""
    blocks = code_blocks(README.read_text(encoding="utf-8"))
    assert blocks, "README.md has no code block"
    setup = [c for c in commands(blocks[0][1])
             if shlex.split(c, comments=True)[:2] != ["make", "test"]]
    assert any(shlex.split(c, comments=True)[:2] == ["make", "demo"] for c in setup), setup
    session = [body for heading, body in blocks if "first session" in heading.lower()]
    assert session, "README.md has no code block under a 'first session' heading"
    return setup, commands(session[0])


def _script(lines: list[str]) -> str:
    """Bash that runs ``lines`` in order, stopping at the first failure with its number."""
    out = ["set -o pipefail"]
    for i, line in enumerate(lines):
        out += [f"echo '::step {i}' >&2", line,
                f"rc=$?; if [ $rc -ne 0 ]; then echo \"::failed {i} exit $rc\" >&2; exit 97; fi"]
    return "\n".join(out) + "\n"


def _clean_env(home: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items()
            if k in ("LANG", "LC_ALL", "TERM", "TMPDIR", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL",
                     "PIP_FIND_LINKS", "PIP_CONSTRAINT", "PIP_CERT")}
    return {**keep, "PATH": SYSTEM_PATH, "HOME": str(home)}


# --- the cheap form (default run) -----------------------------------------------------------

def test_the_readme_has_a_setup_and_a_first_session():
    setup, session = readme_steps()
    assert session and any(shlex.split(c, comments=True)[0] == "digsite" for c in session)


def test_the_setup_puts_digsite_on_path(tmp_path):
    """The README's set-up steps other than ``make`` (after ``make demo`` made ``.venv``),
    and the session's lines before its first ``digsite`` command, make ``digsite`` a
    command; here ``.venv`` is this test run's environment."""
    setup, session = readme_steps()
    (tmp_path / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    steps = [c for c in setup if _program(c) != "make"] + session[:_first_digsite(session)]
    result = subprocess.run(["bash", "-c", _script(steps + ["command -v digsite"])],
                            cwd=tmp_path, env=_clean_env(tmp_path), capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, (
        "after `make demo`, the README's steps do not put digsite on PATH (a step such as "
        f"`source .venv/bin/activate` is missing): {result.stderr.strip()[-400:]}")
    found = Path(result.stdout.strip().splitlines()[-1]).resolve()
    assert found.is_relative_to(Path(sys.prefix).resolve()), found


def _program(line: str) -> str:
    return shlex.split(line, comments=True)[0]


def _first_digsite(session: list[str]) -> int:
    for i, line in enumerate(session):
        if _simple_commands(line)[0][0][:1] == ["digsite"]:
            return i
    return len(session)


def _simple_commands(line: str) -> list[tuple[list[str], str | None]]:
    """``(words, file written by > )`` of each command of a line joined by ``&&``/``;``/``|``."""
    out = []
    for part in re.split(r"&&|\|\||;|\|", line.split(" #")[0]):
        words = shlex.split(part, comments=True)
        target = None
        if ">" in words:
            i = words.index(">")
            target, words = words[i + 1], words[:i]
        out.append((words, target))
    return out


def _parse(args: list[str]) -> dict:
    """The parameters click reads from ``digsite ARGS`` (``UsageError`` if it refuses)."""
    command: click.Command = app
    while isinstance(command, click.Group):
        if not args or args[0] not in command.commands:
            raise click.UsageError(f"no such command {args[:1]}")
        command, args = command.commands[args[0]], args[1:]
    with command.make_context(command.name, args) as ctx:
        return ctx.params


def test_every_first_session_command_is_accepted_by_the_parser():
    _, session = readme_steps()
    written: set[str] = set()
    folders: set[str] = set()
    checked = 0
    for line in session:
        for words, target in _simple_commands(line):
            if words[:1] != ["digsite"]:
                continue
            try:
                params = _parse(list(words[1:]))
            except click.ClickException as exc:
                pytest.fail(f"README command {line!r}: {exc.format_message()}")
            for key, value in params.items():
                if isinstance(value, str) and value.endswith((".json", ".toml")) \
                        and key not in ("record_dir", "svg_file", "json_file"):
                    assert value in written or any(
                        value.startswith(folder + "/") for folder in folders), (
                        f"README command {line!r} reads {value}, which no earlier command "
                        "of the session writes")
            if target:
                written.add(target)
            if params.get("record_dir"):  # arena --record DIR writes its records in DIR
                folders.add(params["record_dir"].rstrip("/"))
            checked += 1
    assert checked, "the first session has no digsite command"


# --- the real thing (slow) -----------------------------------------------------------------

@pytest.mark.slow
def test_first_session_runs_as_printed_in_a_fresh_clone(tmp_path):
    setup, session = readme_steps()
    clone = tmp_path / "digsite"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=300)
    env = _clean_env(tmp_path)
    lines = setup + session
    result = subprocess.run(["bash", "-c", _script(lines)], cwd=clone, env=env,
                            capture_output=True, text=True, timeout=3600)
    failed = re.search(r"::failed (\d+) exit (\d+)", result.stderr)
    if failed or result.returncode != 0:
        step = lines[int(failed.group(1))] if failed else "?"
        pytest.fail(f"README command {step!r} failed in a fresh clone "
                    f"({failed.group(2) if failed else result.returncode}): "
                    f"{result.stderr.strip()[-1500:]}")
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                            text=True, check=True)
    assert status.stdout == "", f"the README's session left files in the source tree: " \
                                f"{status.stdout}"


#: The options of a command that name a file or folder it writes, and where a command
#: writes when the option is left out (``digsite demo``'s pictures, ``play``'s record).
_WRITES = ("svg_file", "record_dir", "record_file", "json_file", "pictures_dir")


def _written_paths(session: list[str]) -> list[str]:
    """Every path the session's commands write, relative to the checkout (the session
    starts there; ``cd DIR`` moves it), as the parser reads the commands."""
    cwd = Path(".")
    out = []
    for line in session:
        for words, target in _simple_commands(line):
            if words[:1] == ["cd"]:
                cwd = cwd / words[1]
                continue
            if target:
                out.append(str(cwd / target))
            if words[:1] != ["digsite"]:
                continue
            params = _parse(list(words[1:]))
            for key in _WRITES:
                if params.get(key):
                    out.append(str(cwd / params[key]))
            if words[1] == "play" and not params.get("record_file"):
                out.append(str(cwd / f"{params['game']}-seed{params['seed']}.json"))
    return out


def test_the_first_session_writes_only_files_git_ignores():
    """Issue 20 §1: the README's examples wrote view.json, plan.svg and game records into
    the source tree (records into the ``games/`` package). Every file the set-up and the
    session write must be ignored by git, so ``git status`` stays clean."""
    if subprocess.run(["git", "rev-parse"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout")
    setup, session = readme_steps()
    paths = _written_paths(session) + [".venv/x", "digsite-demo-pictures/x"]
    assert len(paths) > 2, "the session writes nothing: the test proves nothing"
    for path in paths:
        assert not Path(path).parts[:1] == ("games",), path
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", path], cwd=ROOT)
        assert ignored.returncode == 0, f"the README's session writes {path}, which git " \
                                        "does not ignore: run it from a working folder"


def test_the_table_session_runs_as_printed(tmp_path):
    """The README's "at a real table" block (``digsite track``): every line, run as
    printed in one ``bash`` session with this environment's ``digsite``, exits 0."""
    blocks = code_blocks(README.read_text(encoding="utf-8"))
    table = [body for heading, body in blocks if "at a real table" in heading.lower()]
    assert table, "README.md has no code block under an 'At a real table' heading"
    lines = commands(table[0])
    assert any(line.startswith("digsite track") for line in lines)
    env = {**_clean_env(tmp_path), "PATH": f"{Path(sys.prefix) / 'bin'}:{SYSTEM_PATH}"}
    result = subprocess.run(["bash", "-c", _script(lines)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-1000:]
    assert "error:" not in result.stderr.replace("::", "")
    assert "best move" in result.stdout and (tmp_path / "at2.json").exists()
